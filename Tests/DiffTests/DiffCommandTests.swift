import ReuseLabTestSupport
import Foundation
import Testing

/// `reuselab diff` as a command: equivalence, scenario warnings, the JSON form,
/// its options and its errors.
@Suite
final class DiffCommandTests {
    // MARK: Equivalent traces

    @Test func testATraceAgainstItselfIsEquivalent() throws {
        let run = diffBundled("images-async-no-reset", "images-async-no-reset")
        #expect(run.status == 0, Comment(rawValue: run.err))
        #expect(run.err == "")
        #expect(run.out.contains("Same scenario, same setup.\n"), Comment(rawValue: run.out))
        // Sentences wrap to the width: they are looked for with the line breaks made spaces.
        #expect(run.out.flattened.contains("Equivalent: the traces do the same things in the same order (664 compared events)."), Comment(rawValue: run.out))
        #expect(run.out.hasSuffix("What each costs:\n  All 32 metrics are the same on both sides.\n"), Comment(rawValue: run.out))
        #expect(!(run.out.contains("Side by side")))
    }

    /// The sample traces are each equivalent to themselves, in JSON too; every
    /// bundled trace in `DiffCommandSecondTierTests`.
    @Test func testEverySampleTraceIsEquivalentToItself() throws {
        try Self.checkEquivalentToItself(BundledFiles.sampleTraces)
    }

    static func checkEquivalentToItself(_ names: [String]) throws {
        for name in names {
            let json = try diffJSON([bundledTrace(name), bundledTrace(name)])
            #expect((json["equivalent"] as? Bool) == true, Comment(rawValue: name))
            #expect((json["sameScenario"] as? Bool) == true, Comment(rawValue: name))
            #expect((json["changedEvents"] as? Int) == 0, Comment(rawValue: name))
            #expect(json["firstDivergence"] is NSNull, Comment(rawValue: name))
            #expect((json["hunks"] as? [Any])?.count == 0, Comment(rawValue: name))
        }
    }

    // MARK: Different scenarios

    @Test func testDifferentScriptsAreFlagged() throws {
        let run = diffBundled("seed004-slow-scroll", "fast-fling")
        #expect(run.status == 1, Comment(rawValue: run.err))
        #expect(run.out.contains("\nDifferent scenarios: "), Comment(rawValue: run.out))
        #expect(run.out.flattened.contains("Different scenarios: the scripts differ (different gestures or timing). "
                                                 + "A difference below may come from the scenario, not from the strategy."), Comment(rawValue: run.out))
        #expect(!(run.out.contains("Compared:")), "same strategy, profile and prefetching")
        let json = try diffJSON([bundledTrace("seed004-slow-scroll"), bundledTrace("fast-fling")])
        #expect((json["sameScenario"] as? Bool) == false)
        #expect((json["scenarioDifferences"] as? [String]) == ["the scripts differ (different gestures or timing)"])
    }

    /// Only the network's latency differs: the events are the same, but the warning stays.
    @Test func testDifferentNetworksAreFlagged() throws {
        let folder = try ScratchFolder()
        let text = try bundledTraceText("images-async-reset")
        #expect(text.contains("\"latency\":{\"uniform\":[80,250]}"))
        let changed = try folder.write("slower.trace.json", text.replacingOccurrences(of: "\"latency\":{\"uniform\":[80,250]}",
                                                                                      with: "\"latency\":{\"uniform\":[90,250]}"))
        let run = runReuseLab(["diff", bundledTrace("images-async-reset"), changed])
        #expect(run.status == 0, "the events are the same: \(run.err)")
        #expect(run.out.contains("\nDifferent scenarios: "), Comment(rawValue: run.out))
        #expect(run.out.flattened.contains("Different scenarios: the networks differ (latency, bandwidth, failures or slow rows)."), Comment(rawValue: run.out))
        #expect(run.out.contains("\nEquivalent: "), Comment(rawValue: run.out))
        let json = try diffJSON([bundledTrace("images-async-reset"), changed])
        #expect((json["sameScenario"] as? Bool) == false)
        #expect((json["equivalent"] as? Bool) == true)
    }

    @Test func testSetupDifferencesAreNotScenarioDifferences() throws {
        let json = try diffJSON([bundledTrace("prefetch-off"), bundledTrace("prefetch-on")])
        #expect((json["sameScenario"] as? Bool) == true)
        #expect((json["compared"] as? [String]) == ["prefetching off → on"])
        let profiles = try diffJSON([bundledTrace("seed004-slow-scroll"), bundledTrace("seed004-slow-scroll-classic")])
        #expect((profiles["compared"] as? [String]) == ["modern → classic profile"])
        let enabled = try diffJSON([bundledTrace("seed004-slow-scroll"), bundledTrace("prefetching-disabled")])
        #expect((enabled["compared"] as? [String]) == ["isPrefetchingEnabled true → false"])
        #expect((enabled["sameScenario"] as? Bool) == true, "only the table view's isPrefetchingEnabled (and a note) differ")
    }

    // MARK: JSON

    @Test func testJSONHasTheDocumentedMembers() throws {
        let json = try diffJSON([bundledTrace("images-async-no-reset"), bundledTrace("images-async-reset")])
        for member in ["a", "b", "equivalent", "sameScenario", "scenarioDifferences", "compared", "changedEvents",
                       "truncated", "firstDivergence", "hunkCount", "hunks", "metrics"] {
            #expect(json[member] != nil, "missing \(member)")
        }
        let a = try #require(json["a"] as? [String: Any])
        #expect((a["file"] as? String) == "traces/images-async-no-reset.trace.json")
        #expect((a["strategy"] as? String) == "async-no-reset")
        #expect((a["profile"] as? String) == "modern")
        #expect((a["comparedEvents"] as? Int) == 664)
        #expect(((json["b"] as? [String: Any])?["comparedEvents"] as? Int) == 717)
        #expect((json["equivalent"] as? Bool) == false)
        #expect((json["truncated"] as? Bool) == false)
        #expect((json["changedEvents"] as? Int) == 55)
        #expect((json["compared"] as? [String]) == ["strategy async-no-reset → async-reset"])

        let first = try #require(json["firstDivergence"] as? [String: Any])
        #expect(first["aEvent"] is NSNull, "A does nothing new where they part")
        #expect((first["bEvent"] as? Int) == 250)
        #expect((first["t"] as? Double) == 900)
        #expect((first["a"] as? [String])?.last?.contains("STALE") == true)
        #expect((first["b"] as? [String])?.first?.hasPrefix("prepareForReuse clears cell #1's image view") == true)

        // --json gathers every stretch (up to 200), not just the first 3.
        let hunks = try #require(json["hunks"] as? [[[String: Any]]])
        #expect(hunks.count == (json["hunkCount"] as? Int))
        #expect(hunks.count == 41)
        let added = try #require(hunks[0].first { $0["change"] as? String == "onlyB" })
        #expect(added["a"] is NSNull)
        #expect(((added["b"] as? [String: Any])?["seq"] as? Int) == 250)
        #expect(((added["b"] as? [String: Any])?["event"] as? String) == "imageSet row 0: nothing")

        let metrics = try #require(json["metrics"] as? [[String: Any]])
        let stale = try #require(metrics.first { $0["metric"] as? String == "staleMs" })
        #expect((stale["better"] as? String) == "B")
        #expect((stale["kind"] as? String) == "cost")
        #expect((stale["b"] as? Double) == 0)
        let reuses = try #require(metrics.first { $0["metric"] as? String == "reuses" })
        #expect((reuses["kind"] as? String) == "descriptive")
        #expect(reuses["better"] is NSNull)
    }

    // MARK: Options

    @Test func testOnlyRestrictsTheComparedKinds() throws {
        let reuseKinds: Set<String> = ["init", "prepareForReuse", "enqueue", "keepAside", "deinit"]
        let text = try bundledTraceText("seed004-slow-scroll")
        let expected = reuseKinds.map { text.components(separatedBy: "\"kind\":\"\($0)\"").count - 1 }.reduce(0, +)
        let json = try diffJSON([bundledTrace("seed004-slow-scroll"), bundledTrace("seed004-slow-scroll-classic"), "--only", "reuse"])
        #expect(((json["a"] as? [String: Any])?["comparedEvents"] as? Int) == expected)
        let rows = try #require(json["hunks"] as? [[[String: Any]]]).flatMap { $0 }
        #expect(!rows.isEmpty)
        for row in rows {
            for side in ["a", "b"] {
                guard let line = row[side] as? [String: Any], let event = line["event"] as? String else { continue }
                let kind = String(event.prefix { $0 != " " })
                #expect(reuseKinds.contains(kind), "\(event) is not a reuse event")
            }
        }
        // A kind by name works too, and narrows further.
        let inits = try diffJSON([bundledTrace("seed004-slow-scroll"), bundledTrace("seed004-slow-scroll-classic"), "--only", "init"])
        #expect(((inits["a"] as? [String: Any])?["comparedEvents"] as? Int) == 23)
        #expect(((inits["b"] as? [String: Any])?["comparedEvents"] as? Int) == 21)
    }

    @Test func testContextZeroShowsOnlyChangedRows() throws {
        let arguments = [bundledTrace("images-async-no-reset"), bundledTrace("images-async-reset")]
        let rows = try #require(diffJSON(arguments + ["--context", "0"])["hunks"] as? [[[String: Any]]]).flatMap { $0 }
        #expect(rows.count == 55)
        #expect(rows.allSatisfy { $0["change"] as? String != "same" })
        let withContext = try #require(diffJSON(arguments)["hunks"] as? [[[String: Any]]]).flatMap { $0 }
        #expect(withContext.contains { $0["change"] as? String == "same" })

        let text = runReuseLab(["diff"] + arguments + ["--context", "0"]).out
        let shown = text.section(from: "Side by side", to: "  … ").split(separator: "\n").dropFirst()
        #expect(Array(shown) == ["                                       > 250 imageSet row 0: nothing", "  ⋯",
                                      "                                       > 267 imageSet row 1: nothing", "  ⋯",
                                      "                                       > 289 imageSet row 2: nothing"])
    }

    @Test func testAllShowsEveryStretch() throws {
        let run = diffBundled("images-async-no-reset", "images-async-reset", ["--all"])
        #expect(run.out.contains("Side by side (41 stretches;"))
        #expect(!(run.out.contains("more stretches")))
        #expect(run.out.components(separatedBy: "\n  ⋯\n").count == 41)
    }

    // MARK: Errors

    @Test func testUsageErrors() {
        let one = runReuseLab(["diff", bundledTrace("seed004-slow-scroll")])
        #expect(one.status == 64)
        #expect(one.out == "")
        #expect(one.err.contains("diff: expected B (the second trace); see 'reuselab diff --help'"), Comment(rawValue: one.err))

        let three = runReuseLab(["diff", bundledTrace("seed004-slow-scroll"), bundledTrace("fast-fling"), bundledTrace("fast-fling")])
        #expect(three.status == 64)

        let unknown = diffBundled("seed004-slow-scroll", "fast-fling", ["--only", "reus"])
        #expect(unknown.status == 64)
        #expect(unknown.err.contains("diff: --only: no event kind or group is called reus (did you mean reuse?)"), Comment(rawValue: unknown.err))

        let context = diffBundled("seed004-slow-scroll", "fast-fling", ["--context", "many"])
        #expect(context.status == 64)
        #expect(context.err.contains("--context takes a whole number"), Comment(rawValue: context.err))

        let help = runReuseLab(["diff", "--help"])
        #expect(help.status == 0)
        #expect(help.out.hasPrefix("Usage: reuselab diff A B"))
    }

    @Test func testAMissingFileExits66() throws {
        let folder = try ScratchFolder()
        for arguments in [[folder.path("absent.trace.json"), bundledTrace("fast-fling")],
                          [bundledTrace("fast-fling"), folder.path("absent.trace.json")]] {
            let run = runReuseLab(["diff"] + arguments)
            #expect(run.status == 66, Comment(rawValue: run.err))
            #expect(run.out == "")
            #expect(run.err.contains("absent.trace.json: no such file"), Comment(rawValue: run.err))
        }
    }

    /// A trace that breaks the lifecycle is refused with the validator's own message,
    /// whichever side it is on.
    @Test func testABrokenTraceExits65WithTheValidatorsMessage() throws {
        let folder = try ScratchFolder()
        let original = "{\"seq\":151,\"t\":1166.666,\"kind\":\"prepareForReuse\",\"cell\":1,"
        let text = try bundledTraceText("seed004-slow-scroll")
        #expect(text.contains(original))
        // Cell #5 is on screen in row 4: it cannot be reused.
        let broken = try folder.write("broken.trace.json", text.replacingOccurrences(of: original, with: original.replacingOccurrences(of: "\"cell\":1,", with: "\"cell\":5,")))
        let validate = runReuseLab(["validate", broken])
        #expect(validate.status == 65)
        #expect(validate.err.contains("prepareForReuse of cell #5, which was never released"), Comment(rawValue: validate.err))
        for arguments in [[broken, bundledTrace("seed004-slow-scroll")], [bundledTrace("seed004-slow-scroll"), broken]] {
            let run = runReuseLab(["diff"] + arguments)
            #expect(run.status == 65)
            #expect(run.out == "")
            #expect(run.err == validate.err)
        }

        let truncated = try folder.write("truncated.trace.json", String(text.prefix(2_000)))
        let cut = runReuseLab(["diff", bundledTrace("seed004-slow-scroll"), truncated])
        #expect(cut.status == 65)
        #expect(cut.err == runReuseLab(["validate", truncated]).err)
    }

    /// When both files are wrong, A's problem is the one reported, as if A were read first.
    @Test func testAsProblemComesFirst() throws {
        let folder = try ScratchFolder()
        let empty = try folder.write("empty.trace.json", "")
        let run = runReuseLab(["diff", empty, folder.path("absent.trace.json")])
        #expect(run.status == 65)
        #expect(run.err.contains("empty.trace.json"), Comment(rawValue: run.err))
        let other = runReuseLab(["diff", folder.path("absent.trace.json"), empty])
        #expect(other.status == 66)
    }
}

/// `DiffCommandTests` over every bundled trace.
@Suite(SecondTier.enabled("the diff of every bundled trace with itself"))
final class DiffCommandSecondTierTests {

    @Test func testEveryBundledTraceIsEquivalentToItself() throws {
        try DiffCommandTests.checkEquivalentToItself(try BundledFiles.allTraces())
    }
}
