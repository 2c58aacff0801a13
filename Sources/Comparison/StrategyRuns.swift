import TraceModel
import ToolSupport
import TraceCoding
import Replay
import Recorder
import Strategies

/// One scenario recorded under each strategy, seed and network, in memory, and
/// measured: the comparison `reuselab compare SCENARIO --strategies …` prints.
///
/// Each recording is made as `record` makes it (`Recorder.fold`), within the
/// same limits, and its events are folded, batch by batch as the engine hands
/// them off, through `TraceMetrics` — the fold `stats` uses, whose
/// `ReplayState.apply` is the check `record` makes before writing — so a figure
/// here is what `stats` prints for the trace `record` would write, with no JSON
/// written or read, and no recording is ever held whole. A recording `record`
/// would refuse as too large makes the whole comparison that refusal.
/// Recordings run on `jobs` threads; each result is kept in its place, so the
/// output never depends on which finished first.
public struct StrategyRuns: Sendable {
    /// The most recordings one comparison makes (strategies × seeds × networks).
    /// A recording of a bundled scenario takes tens of milliseconds, so this is a
    /// minute or so on two cores in a debug build.
    public static let maximumRuns = 2000

    public var scenario: Scenario
    /// The scenario file, as given, for the heading.
    public var file: String
    public var strategies: [String]
    public var seeds: SeedList
    public var networks: [NetworkCondition]
    /// The profile every recording uses (`--profile`, else the scenario's).
    public var profile: TableProfile
    public var jobs: Int
    /// How much main-thread work varies in every recording (`WorkJitter.choose`).
    public var jitter: WorkJitter
    /// The strategy every other is set against, seed by seed (`--baseline`); nil
    /// for the default, `defaultBaseline`.
    public var baseline: String?
    /// `record`'s limits, which every recording is held to: the engine's
    /// capacity (`Recorder.maximumRecordingSize`) and the most bytes of trace
    /// any reader accepts (`TraceReader.maximumBytes`). Lower only in tests.
    public var capacity: Int
    public var maximumBytes: Int

    public init(scenario: Scenario, file: String, strategies: [String], seeds: SeedList? = nil,
                networks: [NetworkCondition] = [.scenario], profile: TableProfile? = nil, jobs: Int? = nil,
                jitter: Double? = nil, baseline: String? = nil,
                capacity: Int = Recorder.maximumRecordingSize, maximumBytes: Int = TraceReader.maximumBytes) {
        self.scenario = scenario
        self.file = file
        self.strategies = strategies
        self.seeds = seeds ?? SeedList([scenario.seed])
        self.networks = networks
        self.profile = profile ?? scenario.profile
        self.jobs = jobs ?? ParallelMap.defaultJobs
        self.jitter = WorkJitter.choose(option: jitter, scenario: scenario.world.mainThread.jitter, seedCount: self.seeds.seeds.count)
        self.baseline = baseline
        self.capacity = capacity
        self.maximumBytes = maximumBytes
    }

    /// The first strategy named that shows images: a text-only one (`plain`) is
    /// a floor, not a way of loading them. The first named when none does.
    public static func defaultBaseline(_ strategies: [String]) -> String? {
        strategies.first { name in StrategyCatalog.all.first { $0.name == name }?.showsImages ?? true } ?? strategies.first
    }

    /// strategies × seeds × networks, or nil when that product overflows.
    public static func runCount(strategies: Int, seeds: Int, networks: Int) -> Int? {
        let (perNetwork, first) = strategies.multipliedReportingOverflow(by: seeds)
        let (total, second) = perNetwork.multipliedReportingOverflow(by: networks)
        return first || second ? nil : total
    }

    /// Records and measures every run and builds one block per network. Refuses
    /// (as a usage error) more than `maximumRuns` recordings, and a profile the
    /// scenario cannot be played with; refuses as too large (as `record` would)
    /// the comparison in which a recording grows past `record`'s limits, naming
    /// the first such recording's strategy, seed and network; a strategy that
    /// cannot run on the scenario is skipped in its block, with the reason (and
    /// when none can, that is the error, as bad input).
    public func compare() throws(ReuseLabError) -> Comparison {
        let count = Self.runCount(strategies: strategies.count, seeds: seeds.seeds.count, networks: networks.count)
        guard let count, count <= Self.maximumRuns else {
            throw ReuseLabError(.usage, "compare: \(strategies.count) strategies × \(seeds.seeds.count) seeds × \(networks.count) networks is \(count.map(String.init) ?? "too many") recordings; at most \(Self.maximumRuns) fit in one comparison (give fewer seeds, strategies or networks)")
        }
        if profile != scenario.profile, case .failure(let error) = ScenarioVariant.checked(withProfile(profile)) {
            throw ReuseLabError(.usage, file: file, "cannot be recorded with --profile \(profile.rawValue): " + ScenarioVariant.reason(error))
        }
        if let baseline, !strategies.contains(baseline) {
            throw ReuseLabError(.usage, "compare: --baseline \(VisibleText.shortened(baseline)) is not one of the strategies compared (\(strategies.joined(separator: ", "))); name one of them")
        }
        let baselineName = baseline ?? Self.defaultBaseline(strategies)
        // Every (network, strategy) variant, checked once.
        let variants = networks.map { network in
            strategies.map { ScenarioVariant.make(scenario, strategy: $0, profile: profile, network: network, jitter: jitter.fraction) }
        }
        // Every recording to make: (network, strategy, seed), in that order.
        var work: [(network: Int, strategy: Int, seed: Int, scenario: Scenario)] = []
        for (n, row) in variants.enumerated() {
            for (s, variant) in row.enumerated() {
                guard case .success(let scenario) = variant else { continue }
                for seed in seeds.seeds {
                    var seeded = scenario
                    seeded.seed = seed
                    work.append((n, s, seed, seeded))
                }
            }
        }
        let scenarios = work.map(\.scenario)
        let (capacity, maximumBytes) = (self.capacity, self.maximumBytes)
        let refused = FirstRefusal()
        let outcomes = ParallelMap.map(scenarios.count, jobs: jobs) { index -> Outcome in
            guard refused.isNeeded(index) else { return .notNeeded }
            let result = Self.measure(scenarios[index], capacity: capacity, maximumBytes: maximumBytes)
            if case .failure(let error) = result, Self.isRefusal(error) { refused.note(index) }
            return .measured(result)
        }
        // record's limits hold for every recording: the first one past them, in
        // order, is the comparison's refusal. Every recording before it ran.
        for (index, outcome) in outcomes.enumerated() {
            guard case .measured(.failure(let error)) = outcome, Self.isRefusal(error) else { continue }
            let item = work[index]
            throw Self.refusal(error, file: file, strategy: strategies[item.strategy], seed: item.seed, network: networks[item.network])
        }
        // So every recording ran: none was skipped for a refusal before it.
        let results = outcomes.map { outcome -> Result<[MetricEntry], ReuseLabError> in
            guard case .measured(let result) = outcome else {
                return .failure(ReuseLabError(.tooLarge, "not recorded: a recording before it was refused as too large"))
            }
            return result
        }

        var blocks: [ComparisonBlock] = []
        for (n, network) in networks.enumerated() {
            var columns: [ComparisonColumn] = []
            var skipped: [SkippedColumn] = []
            var runs: [[[MetricEntry]]] = []
            for (s, strategy) in strategies.enumerated() {
                if case .failure(let error) = variants[n][s] {
                    skipped.append(SkippedColumn(name: strategy, reason: ScenarioVariant.reason(error)))
                    continue
                }
                var entries: [[MetricEntry]] = []
                var failure: String?
                for (index, item) in work.enumerated() where item.network == n && item.strategy == s {
                    switch results[index] {
                    case .success(let report): entries.append(report)
                    case .failure(let error):
                        if failure == nil { failure = "with seed \(item.seed): " + ScenarioVariant.reason(error) }
                    }
                }
                if let failure {
                    skipped.append(SkippedColumn(name: strategy, reason: failure))
                    continue
                }
                columns.append(ComparisonColumn(name: strategy, strategy: strategy, profile: profile))
                runs.append(entries)
            }
            let description = NetworkCondition.describe(network.applied(to: scenario.world.network))
            blocks.append(ComparisonBlock(network: network, networkDescription: description, columns: columns,
                                          skipped: skipped, runs: runs,
                                          baseline: columns.firstIndex { $0.name == baselineName }))
        }
        // Nothing to compare at all is an error, with the first reason.
        if blocks.allSatisfy({ $0.columns.isEmpty }), let first = blocks.first?.skipped.first {
            let more = strategies.count > 1 ? "no strategy could be recorded on it; \(first.name): " : "\(first.name) cannot be recorded on it: "
            throw ReuseLabError(.badInput, file: file, more + first.reason)
        }
        return Comparison(source: .scenario(file: file, title: scenario.title, profile: profile, list: scenario.list, seeds: seeds),
                          blocks: blocks, notes: notes(), baseline: baselineName, jitter: jitter)
    }

    func withProfile(_ profile: TableProfile) -> Scenario {
        var copy = scenario
        copy.profile = profile
        return copy
    }

    /// What a reader should know about how the strategies were run.
    func notes() -> [String] {
        var notes: [String] = []
        if !scenario.prefetching, strategies.contains("prefetch-reload") {
            notes.append("The scenario has no prefetch data source (\"prefetching\": false), so prefetch-reload runs without one, as the scenario says; set \"prefetching\": true to see it prefetch.")
        }
        if !scenario.isPrefetchingEnabled {
            notes.append("The scenario turns the \(scenario.list.viewName)'s isPrefetchingEnabled off: no strategy is asked to prefetch.")
        }
        // A strategy whose cells show no image costs nothing on the image rows: a
        // floor to read the others against, not a way of loading images.
        let textOnly = strategies.filter { name in StrategyCatalog.all.first { $0.name == name }?.showsImages == false }
        if !textOnly.isEmpty, textOnly.count < strategies.count {
            let names = textOnly.joined(separator: " and ")
            notes.append("\(names) \(textOnly.count == 1 ? "shows" : "show") no images: \(textOnly.count == 1 ? "its" : "their") image costs are 0 because there is nothing to load, a floor for the others rather than a way of loading images.")
        }
        return notes
    }

    /// What became of one recording: measured (or refused), or not needed
    /// because one before it was refused as too large.
    enum Outcome: Sendable {
        case measured(Result<[MetricEntry], ReuseLabError>)
        case notNeeded
    }

    /// One recording, measured: made as `record` makes it, within `capacity`
    /// and `maximumBytes`, its events folded through `TraceMetrics` as the
    /// engine hands them off, none kept. A recording `record` refuses (too
    /// large, past its time limit, a step it cannot play, a step no table view
    /// could take) gives `record`'s error, without the file.
    static func measure(_ scenario: Scenario, capacity: Int = Recorder.maximumRecordingSize,
                        maximumBytes: Int = TraceReader.maximumBytes) -> Result<[MetricEntry], ReuseLabError> {
        var metrics = TraceMetrics(header: Recorder.header(of: scenario))
        do throws(ReuseLabError) {
            try Recorder.fold(scenario, capacity: capacity, maximumBytes: maximumBytes) { (event) throws(LifecycleViolation) in
                try metrics.apply(event)
            }
        } catch {
            return .failure(error)
        }
        return .success(metrics.report.entries)
    }

    /// Whether `error` is a refusal of `record`'s size limits, which refuses the
    /// whole comparison; any other failure only skips its strategy's column.
    static func isRefusal(_ error: ReuseLabError) -> Bool {
        error.kind == .tooLarge
    }

    /// `record`'s refusal of one recording, as the comparison's: in the scenario
    /// `file`, at the step it names, saying which recording it was.
    static func refusal(_ error: ReuseLabError, file: String, strategy: String, seed: Int, network: NetworkCondition) -> ReuseLabError {
        var refusal = error.inFile(file)
        refusal.message = "recorded under \(strategy) with seed \(seed) on network \(network.name): " + error.message
        return refusal
    }
}
