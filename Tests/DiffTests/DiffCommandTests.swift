import ReuseLabTestSupport
import Foundation
import XCTest

/// `reuselab diff` as a command: equivalence, scenario warnings, the JSON form,
/// its options and its errors.
final class DiffCommandTests: XCTestCase {
    // MARK: Equivalent traces

    func testATraceAgainstItselfIsEquivalent() throws {
        let run = diffBundled("images-async-no-reset", "images-async-no-reset")
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.err, "")
        XCTAssertTrue(run.out.contains("Same scenario, same setup.\n"), run.out)
        // Sentences wrap to the width: they are looked for with the line breaks made spaces.
        XCTAssertTrue(run.out.flattened.contains("Equivalent: the traces do the same things in the same order (686 compared events)."), run.out)
        XCTAssertTrue(run.out.hasSuffix("What each costs:\n  All 31 metrics are the same on both sides.\n"), run.out)
        XCTAssertFalse(run.out.contains("Side by side"))
    }

    /// The sample traces are each equivalent to themselves, in JSON too; every
    /// bundled trace in `DiffCommandSecondTierTests`.
    func testEverySampleTraceIsEquivalentToItself() throws {
        try Self.checkEquivalentToItself(BundledFiles.sampleTraces)
    }

    static func checkEquivalentToItself(_ names: [String]) throws {
        for name in names {
            let json = try diffJSON([bundledTrace(name), bundledTrace(name)])
            XCTAssertEqual(json["equivalent"] as? Bool, true, name)
            XCTAssertEqual(json["sameScenario"] as? Bool, true, name)
            XCTAssertEqual(json["changedEvents"] as? Int, 0, name)
            XCTAssertTrue(json["firstDivergence"] is NSNull, name)
            XCTAssertEqual((json["hunks"] as? [Any])?.count, 0, name)
        }
    }

    // MARK: Different scenarios

    func testDifferentScriptsAreFlagged() throws {
        let run = diffBundled("seed004-slow-scroll", "fast-fling")
        XCTAssertEqual(run.status, 1, run.err)
        XCTAssertTrue(run.out.contains("\nDifferent scenarios: "), run.out)
        XCTAssertTrue(run.out.flattened.contains("Different scenarios: the scripts differ (different gestures or timing). "
                                                 + "A difference below may come from the scenario, not from the strategy."), run.out)
        XCTAssertFalse(run.out.contains("Compared:"), "same strategy, profile and prefetching")
        let json = try diffJSON([bundledTrace("seed004-slow-scroll"), bundledTrace("fast-fling")])
        XCTAssertEqual(json["sameScenario"] as? Bool, false)
        XCTAssertEqual(json["scenarioDifferences"] as? [String], ["the scripts differ (different gestures or timing)"])
    }

    /// Only the network's latency differs: the events are the same, but the warning stays.
    func testDifferentNetworksAreFlagged() throws {
        let folder = try ScratchFolder()
        let text = try bundledTraceText("images-async-reset")
        XCTAssertTrue(text.contains("\"latency\":{\"uniform\":[80,250]}"))
        let changed = try folder.write("slower.trace.json", text.replacingOccurrences(of: "\"latency\":{\"uniform\":[80,250]}",
                                                                                      with: "\"latency\":{\"uniform\":[90,250]}"))
        let run = runReuseLab(["diff", bundledTrace("images-async-reset"), changed])
        XCTAssertEqual(run.status, 0, "the events are the same: \(run.err)")
        XCTAssertTrue(run.out.contains("\nDifferent scenarios: "), run.out)
        XCTAssertTrue(run.out.flattened.contains("Different scenarios: the networks differ (latency, bandwidth, failures or slow rows)."), run.out)
        XCTAssertTrue(run.out.contains("\nEquivalent: "), run.out)
        let json = try diffJSON([bundledTrace("images-async-reset"), changed])
        XCTAssertEqual(json["sameScenario"] as? Bool, false)
        XCTAssertEqual(json["equivalent"] as? Bool, true)
    }

    func testSetupDifferencesAreNotScenarioDifferences() throws {
        let json = try diffJSON([bundledTrace("prefetch-off"), bundledTrace("prefetch-on")])
        XCTAssertEqual(json["sameScenario"] as? Bool, true)
        XCTAssertEqual(json["compared"] as? [String], ["prefetching off → on"])
        let profiles = try diffJSON([bundledTrace("seed004-slow-scroll"), bundledTrace("seed004-slow-scroll-classic")])
        XCTAssertEqual(profiles["compared"] as? [String], ["modern → classic profile"])
        let enabled = try diffJSON([bundledTrace("seed004-slow-scroll"), bundledTrace("prefetching-disabled")])
        XCTAssertEqual(enabled["compared"] as? [String], ["isPrefetchingEnabled true → false"])
        XCTAssertEqual(enabled["sameScenario"] as? Bool, true, "only the table view's isPrefetchingEnabled (and a note) differ")
    }

    // MARK: JSON

    func testJSONHasTheDocumentedMembers() throws {
        let json = try diffJSON([bundledTrace("images-async-no-reset"), bundledTrace("images-async-reset")])
        for member in ["a", "b", "equivalent", "sameScenario", "scenarioDifferences", "compared", "changedEvents",
                       "truncated", "firstDivergence", "hunkCount", "hunks", "metrics"] {
            XCTAssertNotNil(json[member], "missing \(member)")
        }
        let a = try XCTUnwrap(json["a"] as? [String: Any])
        XCTAssertEqual(a["file"] as? String, "traces/images-async-no-reset.trace.json")
        XCTAssertEqual(a["strategy"] as? String, "async-no-reset")
        XCTAssertEqual(a["profile"] as? String, "modern")
        XCTAssertEqual(a["comparedEvents"] as? Int, 686)
        XCTAssertEqual((json["b"] as? [String: Any])?["comparedEvents"] as? Int, 740)
        XCTAssertEqual(json["equivalent"] as? Bool, false)
        XCTAssertEqual(json["truncated"] as? Bool, false)
        XCTAssertEqual(json["changedEvents"] as? Int, 54)
        XCTAssertEqual(json["compared"] as? [String], ["strategy async-no-reset → async-reset"])

        let first = try XCTUnwrap(json["firstDivergence"] as? [String: Any])
        XCTAssertTrue(first["aEvent"] is NSNull, "A does nothing new where they part")
        XCTAssertEqual(first["bEvent"] as? Int, 250)
        XCTAssertEqual(first["t"] as? Double, 900)
        XCTAssertTrue((first["a"] as? [String])?.last?.contains("STALE") == true)
        XCTAssertTrue((first["b"] as? [String])?.first?.hasPrefix("prepareForReuse clears cell #1's image view") == true)

        // --json gathers every stretch (up to 200), not just the first 3.
        let hunks = try XCTUnwrap(json["hunks"] as? [[[String: Any]]])
        XCTAssertEqual(hunks.count, json["hunkCount"] as? Int)
        XCTAssertEqual(hunks.count, 41)
        let added = try XCTUnwrap(hunks[0].first { $0["change"] as? String == "onlyB" })
        XCTAssertTrue(added["a"] is NSNull)
        XCTAssertEqual((added["b"] as? [String: Any])?["seq"] as? Int, 250)
        XCTAssertEqual((added["b"] as? [String: Any])?["event"] as? String, "imageSet row 0: nothing")

        let metrics = try XCTUnwrap(json["metrics"] as? [[String: Any]])
        let stale = try XCTUnwrap(metrics.first { $0["metric"] as? String == "staleMs" })
        XCTAssertEqual(stale["better"] as? String, "B")
        XCTAssertEqual(stale["kind"] as? String, "cost")
        XCTAssertEqual(stale["b"] as? Double, 0)
        let reuses = try XCTUnwrap(metrics.first { $0["metric"] as? String == "reuses" })
        XCTAssertEqual(reuses["kind"] as? String, "descriptive")
        XCTAssertTrue(reuses["better"] is NSNull)
    }

    // MARK: Options

    func testOnlyRestrictsTheComparedKinds() throws {
        let reuseKinds: Set<String> = ["init", "prepareForReuse", "enqueue", "keepAside", "deinit"]
        let text = try bundledTraceText("seed004-slow-scroll")
        let expected = reuseKinds.map { text.components(separatedBy: "\"kind\":\"\($0)\"").count - 1 }.reduce(0, +)
        let json = try diffJSON([bundledTrace("seed004-slow-scroll"), bundledTrace("seed004-slow-scroll-classic"), "--only", "reuse"])
        XCTAssertEqual((json["a"] as? [String: Any])?["comparedEvents"] as? Int, expected)
        let rows = try XCTUnwrap(json["hunks"] as? [[[String: Any]]]).flatMap { $0 }
        XCTAssertFalse(rows.isEmpty)
        for row in rows {
            for side in ["a", "b"] {
                guard let line = row[side] as? [String: Any], let event = line["event"] as? String else { continue }
                let kind = String(event.prefix { $0 != " " })
                XCTAssertTrue(reuseKinds.contains(kind), "\(event) is not a reuse event")
            }
        }
        // A kind by name works too, and narrows further.
        let inits = try diffJSON([bundledTrace("seed004-slow-scroll"), bundledTrace("seed004-slow-scroll-classic"), "--only", "init"])
        XCTAssertEqual((inits["a"] as? [String: Any])?["comparedEvents"] as? Int, 23)
        XCTAssertEqual((inits["b"] as? [String: Any])?["comparedEvents"] as? Int, 21)
    }

    func testContextZeroShowsOnlyChangedRows() throws {
        let arguments = [bundledTrace("images-async-no-reset"), bundledTrace("images-async-reset")]
        let rows = try XCTUnwrap(diffJSON(arguments + ["--context", "0"])["hunks"] as? [[[String: Any]]]).flatMap { $0 }
        XCTAssertEqual(rows.count, 54)
        XCTAssertTrue(rows.allSatisfy { $0["change"] as? String != "same" })
        let withContext = try XCTUnwrap(diffJSON(arguments)["hunks"] as? [[[String: Any]]]).flatMap { $0 }
        XCTAssertTrue(withContext.contains { $0["change"] as? String == "same" })

        let text = runReuseLab(["diff"] + arguments + ["--context", "0"]).out
        let shown = text.section(from: "Side by side", to: "  … ").split(separator: "\n").dropFirst()
        XCTAssertEqual(Array(shown), ["                                       > 250 imageSet row 0: nothing", "  ⋯",
                                      "                                       > 267 imageSet row 1: nothing", "  ⋯",
                                      "                                       > 288 imageSet row 2: nothing"])
    }

    func testAllShowsEveryStretch() throws {
        let run = diffBundled("images-async-no-reset", "images-async-reset", ["--all"])
        XCTAssertTrue(run.out.contains("Side by side (41 stretches;"))
        XCTAssertFalse(run.out.contains("more stretches"))
        XCTAssertEqual(run.out.components(separatedBy: "\n  ⋯\n").count, 41)
    }

    // MARK: Errors

    func testUsageErrors() {
        let one = runReuseLab(["diff", bundledTrace("seed004-slow-scroll")])
        XCTAssertEqual(one.status, 64)
        XCTAssertEqual(one.out, "")
        XCTAssertTrue(one.err.contains("diff: expected B (the second trace); see 'reuselab diff --help'"), one.err)

        let three = runReuseLab(["diff", bundledTrace("seed004-slow-scroll"), bundledTrace("fast-fling"), bundledTrace("fast-fling")])
        XCTAssertEqual(three.status, 64)

        let unknown = diffBundled("seed004-slow-scroll", "fast-fling", ["--only", "reus"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.err.contains("diff: --only: no event kind or group is called reus (did you mean reuse?)"), unknown.err)

        let context = diffBundled("seed004-slow-scroll", "fast-fling", ["--context", "many"])
        XCTAssertEqual(context.status, 64)
        XCTAssertTrue(context.err.contains("--context takes a whole number"), context.err)

        let help = runReuseLab(["diff", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.hasPrefix("Usage: reuselab diff A B"))
    }

    func testAMissingFileExits66() throws {
        let folder = try ScratchFolder()
        for arguments in [[folder.path("absent.trace.json"), bundledTrace("fast-fling")],
                          [bundledTrace("fast-fling"), folder.path("absent.trace.json")]] {
            let run = runReuseLab(["diff"] + arguments)
            XCTAssertEqual(run.status, 66, run.err)
            XCTAssertEqual(run.out, "")
            XCTAssertTrue(run.err.contains("absent.trace.json: no such file"), run.err)
        }
    }

    /// A trace that breaks the lifecycle is refused with the validator's own message,
    /// whichever side it is on.
    func testABrokenTraceExits65WithTheValidatorsMessage() throws {
        let folder = try ScratchFolder()
        let original = "{\"seq\":151,\"t\":1166.666,\"kind\":\"prepareForReuse\",\"cell\":1,"
        let text = try bundledTraceText("seed004-slow-scroll")
        XCTAssertTrue(text.contains(original))
        // Cell #5 is on screen in row 4: it cannot be reused.
        let broken = try folder.write("broken.trace.json", text.replacingOccurrences(of: original, with: original.replacingOccurrences(of: "\"cell\":1,", with: "\"cell\":5,")))
        let validate = runReuseLab(["validate", broken])
        XCTAssertEqual(validate.status, 65)
        XCTAssertTrue(validate.err.contains("prepareForReuse of cell #5, which was never released"), validate.err)
        for arguments in [[broken, bundledTrace("seed004-slow-scroll")], [bundledTrace("seed004-slow-scroll"), broken]] {
            let run = runReuseLab(["diff"] + arguments)
            XCTAssertEqual(run.status, 65)
            XCTAssertEqual(run.out, "")
            XCTAssertEqual(run.err, validate.err)
        }

        let truncated = try folder.write("truncated.trace.json", String(text.prefix(2_000)))
        let cut = runReuseLab(["diff", bundledTrace("seed004-slow-scroll"), truncated])
        XCTAssertEqual(cut.status, 65)
        XCTAssertEqual(cut.err, runReuseLab(["validate", truncated]).err)
    }

    /// When both files are wrong, A's problem is the one reported, as if A were read first.
    func testAsProblemComesFirst() throws {
        let folder = try ScratchFolder()
        let empty = try folder.write("empty.trace.json", "")
        let run = runReuseLab(["diff", empty, folder.path("absent.trace.json")])
        XCTAssertEqual(run.status, 65)
        XCTAssertTrue(run.err.contains("empty.trace.json"), run.err)
        let other = runReuseLab(["diff", folder.path("absent.trace.json"), empty])
        XCTAssertEqual(other.status, 66)
    }
}

/// `DiffCommandTests` over every bundled trace.
final class DiffCommandSecondTierTests: SecondTierTestCase {
    override class var secondTierWork: String { "the diff of every bundled trace with itself" }

    func testEveryBundledTraceIsEquivalentToItself() throws {
        try DiffCommandTests.checkEquivalentToItself(try BundledFiles.allTraces())
    }
}
