import ReuseLabTestSupport
import XCTest

/// Two very different strategies (plain against task-identity-cancel differ in 414
/// events, one stretch of over 500 rows) stay readable: the tally by kind first,
/// stretches cut at a screenful unless asked for whole, keys wrapped not cut.
final class BigDiffTests: XCTestCase {
    let plain = "images-plain", cancel = "images-task-identity-cancel"

    func testTheTallyByKindComesFirstAndAddsUpToTheChangedEvents() throws {
        let run = diffBundled(plain, cancel)
        XCTAssertEqual(run.status, 1)
        let tally = run.out.section(from: "What differs, by kind of event:", to: "They part ways")
        XCTAssertTrue(tally.contains("  kind                  only in A  only in B  changed\n"), tally)
        XCTAssertTrue(tally.contains("  imageSet              0          154        0\n"), tally)
        XCTAssertLessThan(try XCTUnwrap(run.out.range(of: "What differs, by kind")).lowerBound,
                          try XCTUnwrap(run.out.range(of: "Side by side")).lowerBound)

        let json = try diffJSON([bundledTrace(plain), bundledTrace(cancel)])
        let byKind = try XCTUnwrap(json["byKind"] as? [[String: Any]])
        let onlyA = byKind.compactMap { $0["onlyA"] as? Int }.reduce(0, +)
        let onlyB = byKind.compactMap { $0["onlyB"] as? Int }.reduce(0, +)
        let changed = byKind.compactMap { $0["changed"] as? Int }.reduce(0, +)
        // Each changed pair stands for one event on each side.
        XCTAssertEqual(onlyA + onlyB + 2 * changed, json["changedEvents"] as? Int)
        XCTAssertEqual(byKind.first?["kind"] as? String, "imageSet")
    }

    func testASmallDiffHasNoTally() {
        let run = diffBundled("seed004-slow-scroll", "seed004-slow-scroll-classic")
        XCTAssertFalse(run.out.contains("What differs, by kind"), run.out)
    }

    func testALongStretchIsCutAtAScreenfulAndAllShowsItWhole() {
        let cut = diffBundled(plain, cancel)
        XCTAssertTrue(cut.out.contains("  ⋯ 514 more rows of this stretch (--all shows them)\n"), cut.out)
        XCTAssertLessThan(cut.out.split(separator: "\n").count, 260)
        let whole = diffBundled(plain, cancel, ["--all"])
        XCTAssertFalse(whole.out.contains("more rows of this stretch"))
        XCTAssertGreaterThan(whole.out.split(separator: "\n").count, 700)
    }

    /// At 40 columns, where most keys wrap; at 80 and 60 in `BigDiffSecondTierTests`.
    func testKeysWrapInsteadOfBeingCut() {
        Self.checkKeysWrap(widths: [40])
    }

    static func checkKeysWrap(widths: [Int]) {
        let plain = "images-plain", cancel = "images-task-identity-cancel"
        for width in widths {
            let run = runReuseLab(["diff", bundledTrace(plain), bundledTrace(cancel), "--all"], width: width)
            XCTAssertFalse(run.out.contains("…\n"), "a key was cut at \(width) columns")
            // Every word of every key is still there, whole.
            XCTAssertTrue(run.out.contains("urlCache.memory"), "\(width)")
            for line in run.out.split(separator: "\n") {
                XCTAssertLessThanOrEqual(line.count, width, String(line))
            }
        }
    }

    func testStretchesAsksForHowManyAndStatPrintsOnlyTheSummary() throws {
        let one = diffBundled("images-async-no-reset", "images-async-reset", ["--stretches", "1"])
        XCTAssertTrue(one.out.contains("Side by side (1 of 41 stretches;"), one.out)
        XCTAssertTrue(one.out.contains("… 40 more stretches (--stretches N or --all shows them)"), one.out)
        let none = diffBundled("images-async-no-reset", "images-async-reset", ["--stretches", "0"])
        XCTAssertFalse(none.out.contains("Side by side"), none.out)
        XCTAssertTrue(none.out.contains("What each costs:"))

        let stat = diffBundled(plain, cancel, ["--stat"])
        XCTAssertEqual(stat.status, 1)
        XCTAssertTrue(stat.out.contains("What differs, by kind of event:"))
        XCTAssertFalse(stat.out.contains("Side by side"))
        XCTAssertFalse(stat.out.contains("They part ways"))
        XCTAssertFalse(stat.out.contains("What each costs"))
        // Even a small diff gets its tally with --stat.
        XCTAssertTrue(diffBundled("seed004-slow-scroll", "seed004-slow-scroll-classic", ["--stat"]).out.contains("What differs, by kind"))

        let both = diffBundled(plain, cancel, ["--stat", "--json"])
        XCTAssertEqual(both.status, 64)
        XCTAssertTrue(both.err.contains("--stat and --json cannot be used together"), both.err)
        let bad = diffBundled(plain, cancel, ["--stretches", "-1"])
        XCTAssertEqual(bad.status, 64)
    }
}

/// `BigDiffTests`' wrapped keys at the wider widths.
final class BigDiffSecondTierTests: SecondTierTestCase {
    override class var secondTierWork: String { "the big diff at 80 and 60 columns" }

    func testKeysWrapInsteadOfBeingCut() {
        BigDiffTests.checkKeysWrap(widths: [80, 60])
    }
}
