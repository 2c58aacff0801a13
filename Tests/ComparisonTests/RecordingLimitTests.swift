import ReuseLabTestSupport
import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import Recorder
@testable import Comparison

/// Every recording `compare` makes is held to `record`'s limits: the engine's
/// capacity and the 512 MB every reader accepts. A recording `record` refuses
/// as too large makes the comparison that refusal (exit status 67), with
/// `record`'s own message, the scenario file, the step, and which strategy,
/// seed and network it was. The limits are lowered here through
/// `StrategyRuns`' parameters, so that a bundled scenario reaches them at
/// once; `RecordingLimitSecondTierTests` runs the binary at the real limits.
@Suite
final class RecordingLimitTests: ScratchTestCase {
    func loadScenario(_ name: String = "images-plain") throws -> Scenario {
        try Recorder.loadScenario(path: packageRoot.appendingPathComponent(scenario(name)).path)
    }

    /// `base` as compare records it under `strategy` and `seed` on the scenario's own network.
    func variant(_ base: Scenario, _ strategy: String, seed: Int? = nil) -> Scenario {
        var variant = base
        variant.strategy = strategy
        if let seed { variant.seed = seed }
        return variant
    }

    /// What `record SCENARIO -o FILE` says of `scenario` within these limits, or nil when it writes the trace.
    func recordRefusal(_ scenario: Scenario, capacity: Int = Recorder.maximumRecordingSize,
                       maximumBytes: Int = TraceReader.maximumBytes) -> ReuseLabError? {
        do throws(ReuseLabError) {
            try Recorder.record(scenario, to: folder.path("out.trace.json"), permission: .ours,
                                standardOutput: { _ in }, scenarioName: "s.scenario.json", capacity: capacity, maximumBytes: maximumBytes)
            return nil
        } catch {
            return error
        }
    }

    /// What compare says of the whole comparison, or nil when it compares.
    func compareRefusal(_ runs: StrategyRuns) -> ReuseLabError? {
        do throws(ReuseLabError) {
            _ = try runs.compare()
            return nil
        } catch {
            return error
        }
    }

    /// The trace `record` writes of `scenario`, in bytes.
    func traceSize(_ scenario: Scenario) throws -> Int {
        try Recorder.recordText(scenario).utf8.count
    }

    // MARK: End to end

    /// A trace one byte larger than `maximumBytes`: `record` refuses it, and so
    /// does `compare`, with status 67 and `record`'s words; exactly at the limit both go ahead.
    @Test func testARecordingPastTheByteLimitIsRefusedAsRecordRefusesIt() throws {
        let base = try loadScenario()
        let size = try traceSize(variant(base, "async-reset"))
        let recorded = try #require(recordRefusal(variant(base, "async-reset"), maximumBytes: size - 1))
        #expect(recorded.kind == .tooLarge)

        let runs = StrategyRuns(scenario: base, file: "s.scenario.json", strategies: ["async-reset"], maximumBytes: size - 1)
        let refusal = try #require(compareRefusal(runs))
        #expect(refusal.kind == .tooLarge)
        #expect(refusal.kind.exitStatus == 67)
        #expect(refusal.file == "s.scenario.json")
        #expect(refusal.location == recorded.location)
        #expect(refusal.message == "recorded under async-reset with seed 1 on network scenario: " + recorded.message)
        #expect(refusal.description.hasPrefix("s.scenario.json: at script: recorded under async-reset with seed 1 on network scenario: the recording ("),
                Comment(rawValue: refusal.description))
        #expect(refusal.description.contains("would be larger than \(InputFile.describeSize(size - 1))"), Comment(rawValue: refusal.description))

        #expect(recordRefusal(variant(base, "async-reset"), maximumBytes: size) == nil)
        #expect(compareRefusal(StrategyRuns(scenario: base, file: "s.scenario.json", strategies: ["async-reset"], maximumBytes: size)) == nil)
    }

    /// A recording that grows past the engine's capacity: the engine's refusal,
    /// at the step where it stopped, as `record` gives it.
    @Test func testARecordingPastTheCapacityIsRefusedAtItsStep() throws {
        let base = try loadScenario()
        let events = try Recorder.record(variant(base, "task-identity-cancel")).events.count
        let capacity = events / 2
        let recorded = try #require(recordRefusal(variant(base, "task-identity-cancel"), capacity: capacity))
        #expect(recorded.kind == .tooLarge)
        #expect(recorded.message.contains("grew past \(capacity) entries"), Comment(rawValue: recorded.message))

        let runs = StrategyRuns(scenario: base, file: "s.scenario.json", strategies: ["task-identity-cancel"], capacity: capacity)
        let refusal = try #require(compareRefusal(runs))
        #expect(refusal.kind.exitStatus == 67)
        #expect(refusal.file == "s.scenario.json")
        #expect(refusal.location.path == recorded.location.path)
        #expect(refusal.location.path?.hasPrefix("script[") ?? false, "names the step: \(refusal)")
        #expect(refusal.message == "recorded under task-identity-cancel with seed 1 on network scenario: " + recorded.message)
    }

    /// Before, a recording past the capacity only skipped its strategy's column:
    /// now the comparison is refused even when other strategies fit.
    @Test func testOneStrategyPastTheLimitRefusesTheWholeComparison() throws {
        let base = try loadScenario()
        let plain = try traceSize(variant(base, "plain"))
        let reset = try traceSize(variant(base, "async-reset"))
        try #require(plain < reset, "plain (\(plain) bytes) writes less than async-reset (\(reset))")
        let runs = StrategyRuns(scenario: base, file: "s.scenario.json", strategies: ["plain", "async-reset"], maximumBytes: reset - 1)
        let refusal = try #require(compareRefusal(runs))
        #expect(refusal.kind == .tooLarge)
        #expect(refusal.message.hasPrefix("recorded under async-reset with seed 1 on network scenario: "), Comment(rawValue: refusal.message))
    }

    // MARK: One rule each

    /// The refusal is the first recording past the limits in the comparison's
    /// order (network, then strategy, then seed), however many run at once.
    @Test func testTheFirstRecordingPastTheLimitInOrderIsNamedWhateverTheJobs() throws {
        let base = try loadScenario()
        let seeds = [4, 2, 9, 5]
        // async-reset's traces on the long-tailed network, seed by seed: a limit
        // just below the largest refuses only the seeds that give that size.
        var sizes: [(seed: Int, bytes: Int)] = []
        for seed in seeds {
            var scenario = variant(base, "async-reset", seed: seed)
            scenario.world.network = NetworkCondition.longTail.applied(to: base.world.network)
            sizes.append((seed, try traceSize(scenario)))
        }
        let limit = try #require(sizes.map(\.bytes).max()) - 1
        let expected = try #require(sizes.first { $0.bytes > limit }?.seed)
        try #require(Set(sizes.map(\.bytes)).count > 1, "the seeds give traces of different sizes: \(sizes)")
        try #require(try traceSize(variant(base, "plain")) <= limit, "plain fits")
        // plain comes first and fits; the scenario's own network comes after long-tail.
        for jobs in [1, 2, 5] {
            let runs = StrategyRuns(scenario: base, file: "s.scenario.json", strategies: ["plain", "async-reset"], seeds: SeedList(seeds),
                                    networks: [.longTail, .scenario], jobs: jobs, jitter: 0, maximumBytes: limit)
            let refusal = try #require(compareRefusal(runs))
            #expect(refusal.message.hasPrefix("recorded under async-reset with seed \(expected) on network long-tail: "),
                    "jobs \(jobs): \(refusal.message)")
        }
    }

    /// Once a recording is refused, those after it are not started; those before it always run.
    @Test func testRecordingsAfterARefusedOneAreNotNeeded() {
        let refused = FirstRefusal()
        #expect(refused.isNeeded(0) && refused.isNeeded(1_999))
        refused.note(7)
        #expect(refused.isNeeded(6))
        #expect(!refused.isNeeded(8) && !refused.isNeeded(1_999))
        refused.note(12)
        #expect(!refused.isNeeded(8), "a later refusal does not bring back recordings after an earlier one")
        refused.note(3)
        #expect(refused.isNeeded(2) && !refused.isNeeded(4))
    }

    /// Only `record`'s size limits refuse the comparison: a recording that cannot
    /// be played to its end for another reason still skips its strategy's column.
    @Test func testAnImpossibleStepStillSkipsItsColumn() throws {
        // Batch paging has loaded one page when the script asks for row 90.
        let base = try Recorder.parseScenario(bytes: Array("""
            {"title": "far", "table": {"rows": 100, "viewportHeight": 400}, "script": [{"scrollTo": {"row": 90}}]}
            """.utf8), file: "far.scenario.json")
        let comparison = try StrategyRuns(scenario: base, file: "far.scenario.json", strategies: ["plain", "batch-paging"]).compare()
        let block = try #require(comparison.blocks.first)
        #expect(block.columns.map(\.name) == ["plain"])
        #expect(block.skipped.map(\.name) == ["batch-paging"])
        #expect(block.skipped.first?.reason.hasPrefix("with seed 1: at script[0]: scrollTo row 90") ?? false, "\(block.skipped)")
        #expect(StrategyRuns.isRefusal(ReuseLabError(.tooLarge, "x")))
        #expect(!StrategyRuns.isRefusal(ReuseLabError(.badInput, "x")))
    }

    /// A recording is measured as the engine hands its events off, none kept:
    /// `Recorder.fold` hands on every event of the recording once, in order,
    /// and the figures are those of the whole recording.
    @Test func testEachRecordingIsFoldedAsItIsMade() throws {
        let scenario = variant(try loadScenario(), "async-no-reset")
        let whole = try Recorder.record(scenario)
        var seqs: [Int] = []
        let count = try Recorder.fold(scenario) { (event: TraceEvent) throws(LifecycleViolation) in seqs.append(event.seq) }
        #expect(count == whole.events.count)
        #expect(seqs == Array(0..<whole.events.count))
        var metrics = TraceMetrics(header: whole.header)
        for event in whole.events { try metrics.apply(event) }
        #expect(try StrategyRuns.measure(scenario).get() == metrics.report.entries)
    }

    /// A variant equal to the scenario as read back keeps the scenario's own
    /// lists, so many strategies and networks do not multiply a large scenario.
    @Test func testAVariantSharesTheScenariosRowHeights() throws {
        let heights = (0..<500).map { _ in "30" }.joined(separator: ",")
        let base = try Recorder.parseScenario(bytes: Array("""
            {"title": "tall", "table": {"rows": 500, "rowHeights": [\(heights)], "viewportHeight": 400}, "script": [{"drag": {"by": 300, "ms": 500}}]}
            """.utf8), file: "tall.scenario.json")
        let made = try ScenarioVariant.make(base, strategy: "async-reset", profile: .modern, network: .threeG).get()
        #expect(made.strategy == "async-reset")
        #expect(made.table.rowHeights == base.table.rowHeights)
        let address = { (scenario: Scenario) in scenario.table.rowHeights?.withUnsafeBufferPointer { $0.baseAddress.map(UInt.init(bitPattern:)) } }
        #expect(address(made) == address(base), "one list of row heights, not one per variant")
    }
}

/// A scenario `record` refuses at the real limits (20 million entries: a
/// thousand rows on screen through 200 seconds of dragging), given to the
/// built binary: about half a minute each for `record` and `compare` in a debug build.
@Suite(SecondTier.enabled("compare of a scenario past record's real limits, through the binary"))
final class RecordingLimitSecondTierTests: ScratchTestCase {
    @Test func testCompareRefusesWhatRecordRefuses() throws {
        let drags = (0..<12).map { _ in #"{"drag": {"by": 1000, "ms": 10000}}, {"drag": {"by": -1000, "ms": 10000}}"# }
        let path = try folder.write("wide.scenario.json", """
            {"title": "A thousand rows on screen", "fps": 120, "table": {"rows": 2000, "rowHeight": 1, "viewportHeight": 999},
             "strategy": "plain", "script": [\(drags.joined(separator: ", "))]}
            """)
        let record = reuselab(["record", path, "-o", folder.path("wide.trace.json")])
        assertFailure(record, status: 67, ["wide.scenario.json: at script[", "the recording grew past 20000000 entries"])
        #expect(!FileManager.default.fileExists(atPath: folder.path("wide.trace.json")), "nothing written")

        let compare = reuselab(["compare", path, "--strategies", "plain", "--network", "wifi"])
        assertFailure(compare, status: 67, ["wide.scenario.json: at script[", "recorded under plain with seed 1 on network wifi: ",
                                            "the recording grew past 20000000 entries"])
        // The same place and words as record's, with which recording it was.
        let compared = compare.err.replacingOccurrences(of: "recorded under plain with seed 1 on network wifi: ", with: "")
        #expect(compared == record.err, "record: \(record.err)compare: \(compare.err)")
    }
}
