import ReuseLabTestSupport
import Foundation
import Testing

/// Two very different strategies (plain against task-identity-cancel differ in 414
/// events, one stretch of over 500 rows) stay readable: the tally by kind first,
/// stretches cut at a screenful unless asked for whole, keys wrapped not cut.
@Suite
final class BigDiffTests {
    let plain = "images-plain", cancel = "images-task-identity-cancel"

    @Test func testTheTallyByKindComesFirstAndAddsUpToTheChangedEvents() throws {
        let run = diffBundled(plain, cancel)
        #expect(run.status == 1)
        let tally = run.out.section(from: "What differs, by kind of event:", to: "They part ways")
        #expect(tally.contains("  kind                  only in A  only in B  changed\n"), Comment(rawValue: tally))
        #expect(tally.contains("  imageSet              0          154        0\n"), Comment(rawValue: tally))
        #expect((try #require(run.out.range(of: "What differs, by kind")).lowerBound) < (try #require(run.out.range(of: "Side by side")).lowerBound))

        let json = try diffJSON([bundledTrace(plain), bundledTrace(cancel)])
        let byKind = try #require(json["byKind"] as? [[String: Any]])
        let onlyA = byKind.compactMap { $0["onlyA"] as? Int }.reduce(0, +)
        let onlyB = byKind.compactMap { $0["onlyB"] as? Int }.reduce(0, +)
        let changed = byKind.compactMap { $0["changed"] as? Int }.reduce(0, +)
        // Each changed pair stands for one event on each side.
        #expect((onlyA + onlyB + 2 * changed) == (json["changedEvents"] as? Int))
        #expect((byKind.first?["kind"] as? String) == "imageSet")
    }

    @Test func testASmallDiffHasNoTally() {
        let run = diffBundled("seed004-slow-scroll", "seed004-slow-scroll-classic")
        #expect(!(run.out.contains("What differs, by kind")), Comment(rawValue: run.out))
    }

    @Test func testALongStretchIsCutAtAScreenfulAndAllShowsItWhole() {
        let cut = diffBundled(plain, cancel)
        #expect(cut.out.contains("  ⋯ 501 more rows of this stretch (--all shows them)\n"), Comment(rawValue: cut.out))
        #expect(cut.out.split(separator: "\n").count < 260)
        let whole = diffBundled(plain, cancel, ["--all"])
        #expect(!(whole.out.contains("more rows of this stretch")))
        #expect(whole.out.split(separator: "\n").count > 700)
    }

    /// At 40 columns, where most keys wrap; at 80 and 60 in `BigDiffSecondTierTests`.
    @Test func testKeysWrapInsteadOfBeingCut() {
        Self.checkKeysWrap(widths: [40])
    }

    static func checkKeysWrap(widths: [Int]) {
        let plain = "images-plain", cancel = "images-task-identity-cancel"
        for width in widths {
            let run = runReuseLab(["diff", bundledTrace(plain), bundledTrace(cancel), "--all"], width: width)
            #expect(!(run.out.contains("…\n")), "a key was cut at \(width) columns")
            // Every word of every key is still there, whole.
            #expect(run.out.contains("urlCache.memory"), "\(width)")
            for line in run.out.split(separator: "\n") {
                #expect(line.count <= width, Comment(rawValue: String(line)))
            }
        }
    }

    @Test func testStretchesAsksForHowManyAndStatPrintsOnlyTheSummary() throws {
        let one = diffBundled("images-async-no-reset", "images-async-reset", ["--stretches", "1"])
        #expect(one.out.contains("Side by side (1 of 41 stretches;"), Comment(rawValue: one.out))
        #expect(one.out.contains("… 40 more stretches (--stretches N or --all shows them)"), Comment(rawValue: one.out))
        let none = diffBundled("images-async-no-reset", "images-async-reset", ["--stretches", "0"])
        #expect(!(none.out.contains("Side by side")), Comment(rawValue: none.out))
        #expect(none.out.contains("What each costs:"))

        let stat = diffBundled(plain, cancel, ["--stat"])
        #expect(stat.status == 1)
        #expect(stat.out.contains("What differs, by kind of event:"))
        #expect(!(stat.out.contains("Side by side")))
        #expect(!(stat.out.contains("They part ways")))
        #expect(!(stat.out.contains("What each costs")))
        // Even a small diff gets its tally with --stat.
        #expect(diffBundled("seed004-slow-scroll", "seed004-slow-scroll-classic", ["--stat"]).out.contains("What differs, by kind"))

        let both = diffBundled(plain, cancel, ["--stat", "--json"])
        #expect(both.status == 64)
        #expect(both.err.contains("--stat and --json cannot be used together"), Comment(rawValue: both.err))
        let bad = diffBundled(plain, cancel, ["--stretches", "-1"])
        #expect(bad.status == 64)
    }
}

/// `BigDiffTests`' wrapped keys at the wider widths.
@Suite(SecondTier.enabled("the big diff at 80 and 60 columns"))
final class BigDiffSecondTierTests {

    @Test func testKeysWrapInsteadOfBeingCut() {
        BigDiffTests.checkKeysWrap(widths: [80, 60])
    }
}
