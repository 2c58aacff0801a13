import ReuseLabTestSupport
import XCTest
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import Recorder
@testable import Comparison

/// A scenario compared over seeds: each figure is the median and range of what
/// `stats` measures on the trace `record` writes for that seed; the same seed
/// gives the same figures every time; and how many threads run the recordings
/// changes nothing.
final class SeededComparisonTests: XCTestCase {
    static let strategies = ["async-reset", "task-identity-cancel", "prefetch-reload"]
    static let seeds = [3, 1, 4, 15, 9]

    func loadScenario() throws -> Scenario {
        try Recorder.loadScenario(path: packageRoot.appendingPathComponent(scenario("images-plain")).path)
    }

    /// What `stats --json` would print for the trace `record` writes: the
    /// recording checked, written as trace JSON, read back and folded.
    static func statsOfWrittenTrace(_ scenario: Scenario) throws -> [MetricEntry] {
        let bytes = try Recorder.bytes(of: try Recorder.record(scenario))
        return try TraceMetrics.measure(bytes: bytes, file: "recording").entries
    }

    /// Two strategies over four seeds (an even count: the median is the mean of
    /// the middle two); three over five seeds in `SeededComparisonSecondTierTests`.
    func testMediansAndRangesAreThoseOfEachSeedsStats() throws {
        try Self.checkMedians(strategies: Array(Self.strategies.prefix(2)), seeds: [3, 1, 4, 15])
    }

    static func checkMedians(strategies: [String], seeds: [Int]) throws {
        let base = try Recorder.loadScenario(path: packageRoot.appendingPathComponent(scenario("images-plain")).path)
        let comparison = try StrategyRuns(scenario: base, file: "images-plain", strategies: strategies,
                                          seeds: SeedList(seeds), networks: [.longTail]).compare()
        let block = try XCTUnwrap(comparison.blocks.first)
        XCTAssertEqual(block.columns.map(\.name), strategies)
        XCTAssertEqual(block.network, .longTail)
        for (column, strategy) in strategies.enumerated() {
            var perSeed: [[MetricEntry]] = []
            for seed in seeds {
                var scenario = base
                scenario.strategy = strategy
                scenario.seed = seed
                scenario.world.network = NetworkCondition.longTail.applied(to: base.world.network)
                perSeed.append(try Self.statsOfWrittenTrace(scenario))
            }
            for row in block.rows {
                let values = perSeed.compactMap { entries in entries.first { $0.key == row.key }?.value.value?.number }.sorted()
                let cell = row.cells[column]
                XCTAssertEqual(cell.runs, seeds.count)
                guard !values.isEmpty else {
                    XCTAssertNil(cell.spread, "\(strategy) \(row.key)")
                    continue
                }
                let spread = try XCTUnwrap(cell.spread, "\(strategy) \(row.key)")
                // The middle one (or the mean of the middle two), by hand.
                let median = values.count % 2 == 1 ? values[values.count / 2]
                    : (values[values.count / 2 - 1] + values[values.count / 2]) / 2
                XCTAssertEqual(spread.median, median, "\(strategy) \(row.key)")
                XCTAssertEqual(spread.min, values.first, "\(strategy) \(row.key)")
                XCTAssertEqual(spread.max, values.last, "\(strategy) \(row.key)")
                XCTAssertEqual(spread.count, values.count, "\(strategy) \(row.key)")
            }
        }
        // The long tail moves the figures: the seeds do not all agree.
        let wait = try XCTUnwrap(block.rows.first { $0.key == "imageWaitTotalMs" }?.cells.first?.spread)
        XCTAssertLessThan(wait.min, wait.max)
    }

    func testTheSameSeedGivesTheSameMetrics() throws {
        let base = try loadScenario()
        let once = try StrategyRuns(scenario: base, file: "s", strategies: Self.strategies, seeds: SeedList([7]), networks: [.lossy]).compare()
        let again = try StrategyRuns(scenario: base, file: "s", strategies: Self.strategies, seeds: SeedList([7]), networks: [.lossy]).compare()
        XCTAssertEqual(once, again)
        // And one seed's figures are that recording's, measured as stats measures it.
        var seven = base
        seven.strategy = "task-identity-cancel"
        seven.seed = 7
        seven.world.network = NetworkCondition.lossy.applied(to: base.world.network)
        let stats = try Self.statsOfWrittenTrace(seven)
        let column = try XCTUnwrap(once.blocks.first?.columns.firstIndex { $0.name == "task-identity-cancel" })
        for row in try XCTUnwrap(once.blocks.first?.rows) {
            let value = stats.first { $0.key == row.key }?.value.value?.number
            XCTAssertEqual(row.cells[column].spread?.median, value, row.key)
            XCTAssertEqual(row.cells[column].spread?.min, value, row.key)
        }
        // Different seeds do differ on a lossy network (else the seeds would prove nothing).
        let other = try StrategyRuns(scenario: base, file: "s", strategies: ["task-identity-cancel"], seeds: SeedList([8]), networks: [.lossy]).compare()
        XCTAssertNotEqual(once.blocks.first?.rows.first { $0.key == "failed" }?.cells[column],
                          other.blocks.first?.rows.first { $0.key == "failed" }?.cells[0])
    }

    /// Three strategies over two seeds and two networks; all ten over three seeds
    /// in `SeededComparisonSecondTierTests`.
    func testParallelEqualsSequential() throws {
        try Self.checkParallelEqualsSequential(strategies: Self.strategies, seeds: [1, 2], seedText: "1-2")
    }

    static func checkParallelEqualsSequential(strategies: [String], seeds: [Int], seedText: String) throws {
        let base = try Recorder.loadScenario(path: packageRoot.appendingPathComponent(scenario("images-plain")).path)
        func compare(jobs: Int?) throws -> Comparison {
            try StrategyRuns(scenario: base, file: "s", strategies: strategies, seeds: SeedList(seeds),
                             networks: [.scenario, .threeG], jobs: jobs).compare()
        }
        let sequential = try compare(jobs: 1)
        XCTAssertEqual(try compare(jobs: nil), sequential)
        XCTAssertEqual(try compare(jobs: 7), sequential)
        // The command's output too, byte for byte.
        let arguments = ["compare", scenario("images-plain"), "--strategies", strategies.joined(separator: ","), "--seeds", seedText, "--json"]
        let one = reuselab(arguments + ["--jobs", "1"])
        XCTAssertEqual(one.status, 0, one.err)
        XCTAssertEqual(reuselab(arguments).out, one.out)
    }

    func testAStrategyThatCannotRunIsSkippedWithTheReason() throws {
        let sections = try Recorder.loadScenario(path: packageRoot.appendingPathComponent(scenario("sections")).path)
        let comparison = try StrategyRuns(scenario: sections, file: "sections", strategies: ["plain", "batch-paging"]).compare()
        let block = try XCTUnwrap(comparison.blocks.first)
        XCTAssertEqual(block.columns.map(\.name), ["plain"])
        XCTAssertEqual(block.skipped.map(\.name), ["batch-paging"])
        XCTAssertTrue(block.skipped.first?.reason.contains("the batch-paging strategy pages one list of rows and has no sections") ?? false)
        // With nothing left to compare, that is the error.
        XCTAssertThrowsError(try StrategyRuns(scenario: sections, file: "sections", strategies: ["batch-paging"]).compare()) { error in
            XCTAssertEqual((error as? ReuseLabError)?.kind, .badInput)
            XCTAssertEqual((error as? ReuseLabError)?.description,
                           "sections: batch-paging cannot be recorded on it: at table.sections: the batch-paging strategy pages one list of rows and has no sections; give \"rows\" instead, or another strategy")
        }
    }

    func testTooManyRecordingsAreRefusedBeforeAnyIsMade() throws {
        let base = try loadScenario()
        let runs = StrategyRuns(scenario: base, file: "s", strategies: StrategyRunsTestNames.all,
                                seeds: SeedList(Array(1...100)), networks: [.scenario, .wifi, .lte])
        XCTAssertThrowsError(try runs.compare()) { error in
            let error = error as? ReuseLabError
            XCTAssertEqual(error?.kind, .usage)
            XCTAssertTrue(error?.message.contains("3000 recordings; at most 2000") ?? false, error?.message ?? "")
        }
        XCTAssertNil(StrategyRuns.runCount(strategies: Int.max, seeds: 2, networks: 1))
    }
}

/// The comparison at full size: every strategy, more seeds.
final class SeededComparisonSecondTierTests: SecondTierTestCase {
    override class var secondTierWork: String { "comparisons of all ten strategies over many seeds" }

    func testParallelEqualsSequential() throws {
        try SeededComparisonTests.checkParallelEqualsSequential(strategies: StrategyRunsTestNames.all, seeds: [1, 2, 3], seedText: "1-3")
    }

    func testMediansAndRangesAreThoseOfEachSeedsStats() throws {
        try SeededComparisonTests.checkMedians(strategies: SeededComparisonTests.strategies, seeds: SeededComparisonTests.seeds)
    }

    /// Ten strategies over twenty seeds of the shared scroll finish in seconds,
    /// even in a debug build on a shared two-core machine (the bound is loose on purpose).
    func testTenStrategiesOverTwentySeedsFinishInSeconds() throws {
        let base = try Recorder.loadScenario(path: packageRoot.appendingPathComponent(scenario("images-plain")).path)
        let start = Date()
        let comparison = try StrategyRuns(scenario: base, file: "s", strategies: StrategyRunsTestNames.all,
                                          seeds: SeedList(Array(1...20)), networks: [.longTail]).compare()
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(comparison.blocks.first?.columns.count, 10)
        XCTAssertEqual(comparison.blocks.first?.skipped, [])
        XCTAssertLessThan(seconds, 60, "200 recordings took \(seconds) s")
        print("compare: 10 strategies × 20 seeds in \(String(format: "%.2f", seconds)) s")
    }
}

enum StrategyRunsTestNames {
    static let all = ["plain", "sync-download", "eager-preload", "memo-main-async", "async-no-reset", "async-reset",
                      "task-identity-cancel", "prefetch-reload", "batch-paging", "cache-coalesce"]
}
