import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import Recorder
@testable import Comparison

/// A scenario compared over seeds: each seed's value is what `stats` measures on
/// the trace `record` writes for that seed (with the comparison's main-thread
/// jitter), each figure their median and range; the same seed gives the same
/// figures every time; and how many threads run the recordings changes nothing.
@Suite
final class SeededComparisonTests {
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
    @Test func testMediansAndRangesAreThoseOfEachSeedsStats() throws {
        try Self.checkMedians(strategies: Array(Self.strategies.prefix(2)), seeds: [3, 1, 4, 15])
    }

    static func checkMedians(strategies: [String], seeds: [Int]) throws {
        let base = try Recorder.loadScenario(path: packageRoot.appendingPathComponent(scenario("images-plain")).path)
        let comparison = try StrategyRuns(scenario: base, file: "images-plain", strategies: strategies,
                                          seeds: SeedList(seeds), networks: [.longTail]).compare()
        let block = try #require(comparison.blocks.first)
        #expect(block.columns.map(\.name) == strategies)
        #expect(block.network == .longTail)
        // Over several seeds with no jitter in the scenario, compare's default.
        #expect(comparison.jitter == WorkJitter(fraction: WorkJitter.compareDefault, source: .compareDefault))
        for (column, strategy) in strategies.enumerated() {
            var perSeed: [[MetricEntry]] = []
            for seed in seeds {
                var scenario = base
                scenario.strategy = strategy
                scenario.seed = seed
                scenario.world.network = NetworkCondition.longTail.applied(to: base.world.network)
                scenario.world.mainThread.jitter = WorkJitter.compareDefault
                perSeed.append(try Self.statsOfWrittenTrace(scenario))
            }
            for row in block.rows {
                let seedValues = perSeed.map { entries in entries.first { $0.key == row.key }?.value.value?.number }
                let values = seedValues.compactMap { $0 }.sorted()
                let cell = row.cells[column]
                #expect(cell.runs == seeds.count)
                #expect(cell.values == seedValues, "\(strategy) \(row.key): each seed's value, in the seeds' order")
                guard !values.isEmpty else {
                    #expect(cell.spread == nil, "\(strategy) \(row.key)")
                    continue
                }
                let spread = try #require(cell.spread, "\(strategy) \(row.key)")
                // The middle one (or the mean of the middle two), by hand.
                let median = values.count % 2 == 1 ? values[values.count / 2]
                    : (values[values.count / 2 - 1] + values[values.count / 2]) / 2
                #expect(spread.median == median, "\(strategy) \(row.key)")
                #expect(spread.min == values.first, "\(strategy) \(row.key)")
                #expect(spread.max == values.last, "\(strategy) \(row.key)")
                #expect(spread.count == values.count, "\(strategy) \(row.key)")
            }
        }
        // The long tail moves the figures: the seeds do not all agree; and so
        // does the jitter, the main thread's.
        let wait = try #require(block.rows.first { $0.key == "imageWaitTotalMs" }?.cells.first?.spread)
        #expect(wait.min < wait.max)
        let blocked = try #require(block.rows.first { $0.key == "mainThreadBlockedMs" }?.cells.first?.spread)
        #expect(blocked.min < blocked.max)
    }

    @Test func testTheSameSeedGivesTheSameMetrics() throws {
        let base = try loadScenario()
        let once = try StrategyRuns(scenario: base, file: "s", strategies: Self.strategies, seeds: SeedList([7]), networks: [.lossy]).compare()
        let again = try StrategyRuns(scenario: base, file: "s", strategies: Self.strategies, seeds: SeedList([7]), networks: [.lossy]).compare()
        #expect(once == again)
        // And one seed's figures are that recording's, measured as stats measures it.
        var seven = base
        seven.strategy = "task-identity-cancel"
        seven.seed = 7
        seven.world.network = NetworkCondition.lossy.applied(to: base.world.network)
        let stats = try Self.statsOfWrittenTrace(seven)
        let column = try #require(once.blocks.first?.columns.firstIndex { $0.name == "task-identity-cancel" })
        for row in try #require(once.blocks.first?.rows) {
            let value = stats.first { $0.key == row.key }?.value.value?.number
            #expect(row.cells[column].spread?.median == value, Comment(rawValue: row.key))
            #expect(row.cells[column].spread?.min == value, Comment(rawValue: row.key))
        }
        // Different seeds do differ on a lossy network (else the seeds would prove nothing).
        let other = try StrategyRuns(scenario: base, file: "s", strategies: ["task-identity-cancel"], seeds: SeedList([8]), networks: [.lossy]).compare()
        #expect(once.blocks.first?.rows.first { $0.key == "failed" }?.cells[column] != other.blocks.first?.rows.first { $0.key == "failed" }?.cells[0])
    }

    /// Three strategies over two seeds and two networks; all ten over three seeds
    /// in `SeededComparisonSecondTierTests`.
    @Test func testParallelEqualsSequential() throws {
        try Self.checkParallelEqualsSequential(strategies: Self.strategies, seeds: [1, 2], seedText: "1-2")
    }

    static func checkParallelEqualsSequential(strategies: [String], seeds: [Int], seedText: String) throws {
        let base = try Recorder.loadScenario(path: packageRoot.appendingPathComponent(scenario("images-plain")).path)
        func compare(jobs: Int?) throws -> Comparison {
            try StrategyRuns(scenario: base, file: "s", strategies: strategies, seeds: SeedList(seeds),
                             networks: [.scenario, .threeG], jobs: jobs).compare()
        }
        let sequential = try compare(jobs: 1)
        #expect((try compare(jobs: nil)) == sequential)
        #expect((try compare(jobs: 7)) == sequential)
        // The command's output too, byte for byte.
        let arguments = ["compare", scenario("images-plain"), "--strategies", strategies.joined(separator: ","), "--seeds", seedText, "--json"]
        let one = reuselab(arguments + ["--jobs", "1"])
        #expect(one.status == 0, Comment(rawValue: one.err))
        #expect(reuselab(arguments).out == one.out)
    }

    @Test func testAStrategyThatCannotRunIsSkippedWithTheReason() throws {
        let sections = try Recorder.loadScenario(path: packageRoot.appendingPathComponent(scenario("sections")).path)
        let comparison = try StrategyRuns(scenario: sections, file: "sections", strategies: ["plain", "batch-paging"]).compare()
        let block = try #require(comparison.blocks.first)
        #expect(block.columns.map(\.name) == ["plain"])
        #expect(block.skipped.map(\.name) == ["batch-paging"])
        #expect(block.skipped.first?.reason.contains("the batch-paging strategy pages one list of rows and has no sections") ?? false)
        // With nothing left to compare, that is the error.
        if let error = #expect(throws: (any Error).self, performing: { try StrategyRuns(scenario: sections, file: "sections", strategies: ["batch-paging"]).compare() }) {
            #expect((error as? ReuseLabError)?.kind == .badInput)
            #expect((error as? ReuseLabError)?.description == "sections: batch-paging cannot be recorded on it: at table.sections: the batch-paging strategy pages one list of rows and has no sections; give \"rows\" instead, or another strategy")
        }
    }

    @Test func testTooManyRecordingsAreRefusedBeforeAnyIsMade() throws {
        let base = try loadScenario()
        let runs = StrategyRuns(scenario: base, file: "s", strategies: StrategyRunsTestNames.all,
                                seeds: SeedList(Array(1...100)), networks: [.scenario, .wifi, .lte])
        if let error = #expect(throws: (any Error).self, performing: { try runs.compare() }) {
            let error = error as? ReuseLabError
            #expect(error?.kind == .usage)
            #expect(error?.message.contains("3600 recordings; at most 2000") ?? false, Comment(rawValue: error?.message ?? ""))
        }
        #expect(StrategyRuns.runCount(strategies: Int.max, seeds: 2, networks: 1) == nil)
    }
}

/// The comparison at full size: every strategy, more seeds.
@Suite(SecondTier.enabled("comparisons of every table strategy over many seeds"))
final class SeededComparisonSecondTierTests {

    @Test func testParallelEqualsSequential() throws {
        try SeededComparisonTests.checkParallelEqualsSequential(strategies: StrategyRunsTestNames.all, seeds: [1, 2, 3], seedText: "1-3")
    }

    @Test func testMediansAndRangesAreThoseOfEachSeedsStats() throws {
        try SeededComparisonTests.checkMedians(strategies: SeededComparisonTests.strategies, seeds: SeededComparisonTests.seeds)
    }

    /// Every table strategy over twenty seeds of the shared scroll finishes in seconds,
    /// even in a debug build on a shared two-core machine (the bound is loose on purpose).
    @Test func testTenStrategiesOverTwentySeedsFinishInSeconds() throws {
        let base = try Recorder.loadScenario(path: packageRoot.appendingPathComponent(scenario("images-plain")).path)
        let start = Date()
        let comparison = try StrategyRuns(scenario: base, file: "s", strategies: StrategyRunsTestNames.all,
                                          seeds: SeedList(Array(1...20)), networks: [.longTail]).compare()
        let seconds = Date().timeIntervalSince(start)
        #expect(comparison.blocks.first?.columns.count == StrategyRunsTestNames.all.count)
        #expect(comparison.blocks.first?.skipped == [])
        #expect(seconds < 60, "\(20 * StrategyRunsTestNames.all.count) recordings took \(seconds) s")
        print("compare: \(StrategyRunsTestNames.all.count) strategies × 20 seeds in \(String(format: "%.2f", seconds)) s")
    }
}

enum StrategyRunsTestNames {
    static let all = ["plain", "sync-download", "eager-preload", "memo-main-async", "async-no-reset", "async-reset",
                      "task-identity-cancel", "prefetch-reload", "batch-paging", "cache-coalesce", "cache-coalesce-prepare", "diffable"]
}
