import XCTest
@testable import ReuseLabCLI
import Foundation
import ReuseLabTestSupport

/// `bench --tools` says of each target it can measure whether this run met it:
/// a ratio read the right way round, and the memory bound counted too.
final class BenchTargetTests: XCTestCase {
    private func row(_ name: String, seconds: Double, peakMB: Int, against: String? = nil, ratio: Double? = nil) -> ToolBench.Row {
        ToolBench.Row(name: name, run: MeasuredRun(seconds: seconds, peakBytes: peakMB << 20, status: 0), against: against, ratio: ratio)
    }

    func testEachTargetIsJudgedFromItsOwnRow() {
        let table = [
            row("record (async-no-reset)", seconds: 0.9, peakMB: 43),
            row("python3 json.load", seconds: 6.0, peakMB: 1300),
            row("validate", seconds: 1.0, peakMB: 31, against: "python3 json.load", ratio: 6.0),
            row("stats", seconds: 2.5, peakMB: 31, against: "validate", ratio: 0.4),
            row("replay --summary", seconds: 1.9, peakMB: 42, against: "validate", ratio: 1 / 1.9),
            row("replay --json", seconds: 2.5, peakMB: 51, against: "validate", ratio: 1 / 2.5),
            row("replay", seconds: 1.5, peakMB: 200, against: "validate", ratio: 1 / 1.5),
            row("replay --step", seconds: 4.0, peakMB: 74),
            row("GNU diff", seconds: 1.3, peakMB: 557),
            row("diff", seconds: 3.0, peakMB: 195, against: "GNU diff", ratio: 1.3 / 3.0),
        ]
        let targets = ToolBench.Target.all(table, events: 1_000_000)
        let met = Dictionary(uniqueKeysWithValues: targets.map { ($0.command, $0.holds) })
        XCTAssertEqual(met["record"], true, "1.11M events a second")
        XCTAssertEqual(met["validate"], true, "6× python's speed in 31 MB")
        XCTAssertEqual(met["stats"], false, "2.5 s is only 2.4× python's speed")
        XCTAssertEqual(met["replay --summary"], true, "1.9× validate's time")
        XCTAssertEqual(met["replay --json"], false, "2.5× validate's time")
        XCTAssertEqual(met["replay"], false, "fast enough, but 200 MB is over 128 MB")
        XCTAssertEqual(met["diff"], true, "2.3× GNU diff's time")
        XCTAssertEqual(targets.first { $0.command == "replay --json" }?.measured, "2.50×, 51 MB")
        XCTAssertEqual(met["replay --step"], true, "74 MB is under 256 MB, whatever the time")
        XCTAssertEqual(targets.first { $0.command == "replay --step" }?.measured, "74 MB")
        XCTAssertEqual(targets.count, 8)
        let heavy = ToolBench.Target.all([row("replay --step", seconds: 1, peakMB: 300)], events: 1_000_000)
        XCTAssertEqual(heavy.map(\.holds), [false], "300 MB is over 256 MB")
    }
}

/// `bench --tools` as a user runs it, on a tiny scenario: every command it plans
/// runs and succeeds, each row has a time, and each ratio is read against the row
/// it names, as measured in this same run.
final class ToolBenchRunTests: XCTestCase {
    func testEveryCommandRunsAndIsSetAgainstItsOwnRow() throws {
        let executable = try ReuselabExecutable.require()
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let outcome = try ReuselabExecutable.run(executable, ["bench", "--tools", "--rows", "100", "--json"],
                                                 directory: folder.url, timeout: 300)
        XCTAssertEqual(outcome.status, 0, outcome.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(outcome.outBytes)) as? [String: Any])
        let runs = try XCTUnwrap(object["runs"] as? [[String: Any]])
        let names = runs.compactMap { $0["name"] as? String }
        for name in ["record (async-no-reset)", "record (async-reset)", "validate", "stats", "replay --summary",
                     "replay --json", "replay", "replay --step", "diff"] {
            XCTAssertTrue(names.contains(name), "\(name) in \(names)")
        }
        let seconds = Dictionary(uniqueKeysWithValues: runs.compactMap { run in
            (run["name"] as? String).flatMap { name in (run["seconds"] as? Double).map { (name, $0) } }
        })
        XCTAssertTrue(seconds.values.allSatisfy { $0 > 0 }, "\(seconds)")
        for run in runs {
            guard let against = run["against"] as? String, let ratio = run["speedRatio"] as? Double,
                  let name = run["name"] as? String, let mine = seconds[name], let theirs = seconds[against] else { continue }
            XCTAssertEqual(ratio, theirs / mine, accuracy: 1e-9, "\(name) against \(against)")
        }
        XCTAssertEqual((object["events"] as? Int).map { $0 > 100 }, true)
        XCTAssertFalse((object["targets"] as? [Any] ?? []).isEmpty)
    }
}
