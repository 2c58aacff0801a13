import TraceModel
import Replay

/// One column of a comparison: a strategy recorded over seeds, or one trace file.
public struct ComparisonColumn: Sendable, Equatable {
    /// The heading: the strategy's name, or a name for the trace.
    public var name: String
    /// The strategy the recordings (or the trace's header) name, if any.
    public var strategy: String?
    /// The trace file, as given, for a comparison of traces.
    public var file: String?
    /// The trace's title, for a comparison of traces.
    public var title: String?
    public var profile: TableProfile?

    public init(name: String, strategy: String? = nil, file: String? = nil, title: String? = nil, profile: TableProfile? = nil) {
        self.name = name
        self.strategy = strategy
        self.file = file
        self.title = title
        self.profile = profile
    }
}

/// One column's figures on one metric: each recording's value, in seed order,
/// their spread, or why a recording did not measure it.
public struct ComparisonCell: Sendable, Equatable {
    /// One per recording (seed), in the order of the comparison's seeds; nil
    /// where that recording did not measure the metric.
    public var values: [Double?]
    /// The spread of the values there are; nil when no recording measured the metric.
    public var spread: MetricSpread?
    /// Why a recording did not measure it (the first such reason), when one did not.
    public var unavailable: String?

    public init(values: [Double?], unavailable: String? = nil) {
        self.values = values
        self.spread = MetricSpread(values.compactMap { $0 })
        self.unavailable = unavailable
    }

    /// How many recordings the column has (its seeds; 1 for a trace).
    public var runs: Int { values.count }

    /// True when some recordings measured the metric and others did not: the
    /// spread is over those that did.
    public var isPartial: Bool { (spread?.count ?? 0) > 0 && (spread?.count ?? 0) < runs }
}

/// One metric across the columns: the column marked best, if any (`BestMark`),
/// each column against the block's baseline, seed by seed, and the column that
/// is lowest only by paying with a late first screen (`TradeOff`).
public struct ComparisonRow: Sendable, Equatable {
    /// `stats --json`'s key ("staleMs") and label ("stale image time").
    public var key: String
    public var label: String
    public var kind: MetricKind
    public var group: MetricGroup
    /// Nil when no column measured the metric.
    public var unit: MetricUnit?
    /// One per column of the block.
    public var cells: [ComparisonCell]
    public var best: Int?
    /// One per column: its values minus the baseline's, seed by seed; nil for the
    /// baseline itself, for a column or baseline without the metric, and when
    /// the block has no baseline.
    public var differences: [PairedDifference?]
    /// The column that would be best, but is not marked because its first
    /// complete screen comes last (`TradeOff`).
    public var tradeOff: Int?

    /// True when `column` against the baseline here sets a figure a late first
    /// screen bought against one that did not (`TradeOff`): the column or the
    /// baseline is the block's last to its first complete screen, on a metric
    /// that lateness buys. Such a difference is marked ‡, never ✓ or ✗.
    public func isBought(by column: Int, in block: ComparisonBlock) -> Bool {
        guard let last = block.lastToFirstScreen, column != block.baseline,
              TradeOff.boughtByALateFirstScreen.contains(key) else { return false }
        return column == last || block.baseline == last
    }

    /// The scale the row's numbers are shown in (bytes by its largest value).
    public var scale: MetricScale {
        MetricScale(unit: unit ?? .count, largest: cells.compactMap { $0.spread?.max }.max() ?? 0)
    }

    /// True when at least one column measured the metric.
    public var isMeasured: Bool { cells.contains { $0.spread != nil } }
}

/// A column that could not be recorded, and why.
public struct SkippedColumn: Sendable, Equatable {
    public var name: String
    public var reason: String
}

/// The columns compared under one network (a comparison of traces has one block,
/// with no network): a row per metric, grouped as `MetricGroup` orders them.
public struct ComparisonBlock: Sendable, Equatable {
    /// Nil for a comparison of traces.
    public var network: NetworkCondition?
    /// The network the recordings had, for people ("latency 80–200 ms; …").
    public var networkDescription: String?
    public var columns: [ComparisonColumn]
    public var skipped: [SkippedColumn]
    public var rows: [ComparisonRow]
    /// The column every other is set against, seed by seed; nil when there is
    /// none (the baseline could not be recorded on this network).
    public var baseline: Int?
    /// The column whose first complete screen comes clearly last, if any: its
    /// figures on the metrics a late first screen buys are never counted in its
    /// favour (`TradeOff`).
    public var lastToFirstScreen: Int?

    /// Builds the rows from each column's recordings: `runs[c]` holds one list of
    /// `MetricsReport.entries` per recording of column `c`, in seed order. Rows
    /// come in `MetricGroup` order (user-visible cost, work, memory, how it
    /// works), and within a group in the order `stats` prints them. Then the
    /// marks: first which column's first complete screen comes clearly last,
    /// which takes it out of marking the rows it could buy that way (`TradeOff`).
    public init(network: NetworkCondition?, networkDescription: String?, columns: [ComparisonColumn],
                skipped: [SkippedColumn], runs: [[[MetricEntry]]], baseline: Int? = nil) {
        self.network = network
        self.networkDescription = networkDescription
        self.columns = columns
        self.skipped = skipped
        self.baseline = baseline.flatMap { columns.indices.contains($0) ? $0 : nil }
        let template = runs.lazy.flatMap { $0 }.first ?? []
        var rows: [ComparisonRow] = []
        for group in MetricGroup.allCases {
            for (index, entry) in template.enumerated() where entry.group == group {
                rows.append(Self.row(entry, at: index, runs: runs, baseline: self.baseline))
            }
        }
        let last = TradeOff.lastToFirstScreen(rows)
        lastToFirstScreen = last
        for index in rows.indices {
            let row = rows[index]
            guard let last, TradeOff.boughtByALateFirstScreen.contains(row.key) else {
                rows[index].best = BestMark.best(row.cells, kind: row.kind)
                continue
            }
            rows[index].best = BestMark.best(row.cells, kind: row.kind, excluded: [last])
            if BestMark.best(row.cells, kind: row.kind) == last { rows[index].tradeOff = last }
        }
        self.rows = rows
    }

    /// The row of the metric at `index` of every entries list, unmarked.
    static func row(_ entry: MetricEntry, at index: Int, runs: [[[MetricEntry]]], baseline: Int?) -> ComparisonRow {
        var unit: MetricUnit?
        let cells = runs.map { columnRuns -> ComparisonCell in
            var values: [Double?] = []
            var reason: String?
            for entries in columnRuns {
                switch index < entries.count ? entries[index].value : .unavailable("not reported") {
                case .value(let quantity):
                    values.append(quantity.number)
                    if unit == nil { unit = MetricUnit(quantity) }
                case .unavailable(let why):
                    values.append(nil)
                    if reason == nil { reason = why }
                }
            }
            return ComparisonCell(values: values, unavailable: reason)
        }
        let differences = cells.indices.map { column -> PairedDifference? in
            guard let baseline, column != baseline else { return nil }
            return PairedDifference(cells[column].values, minus: cells[baseline].values)
        }
        // A table's trace and a collection view's word a few labels differently ("cellForItemAt calls").
        let label = MetricEntry.sharedLabel(runs.flatMap { $0.compactMap { index < $0.count ? $0[index].label : nil } })
        return ComparisonRow(key: entry.key, label: label.isEmpty ? entry.label : label, kind: entry.kind, group: entry.group, unit: unit,
                             cells: cells, best: nil, differences: differences, tradeOff: nil)
    }
}

/// What was compared and every block of the result; `ComparisonText`,
/// `ComparisonJSON`, `ComparisonCSV`, `ComparisonMarkdown` and `ComparisonSVG` print it.
public struct Comparison: Sendable, Equatable {
    /// Where the columns came from.
    public enum Source: Sendable, Equatable {
        /// Two or more trace files, one recording each.
        case traces
        /// One scenario recorded under each strategy, seed and network.
        case scenario(file: String, title: String, profile: TableProfile, list: ListStyle, seeds: SeedList)
    }

    /// "modern profile" for a table view, "collection view, 2 columns" for a grid
    /// (in a sentence: "the modern profile", "a collection view of 2 columns").
    public static func setup(profile: TableProfile, list: ListStyle, inSentence: Bool = false) -> String {
        if list.isCollection { return inSentence ? "a collection view of \(list.columns) columns" : "collection view, \(list.columns) columns" }
        return inSentence ? "the \(profile.rawValue) profile" : "\(profile.rawValue) profile"
    }

    public var source: Source
    public var blocks: [ComparisonBlock]
    /// Things a reader should know about the setup ("the scenario has no prefetch
    /// data source: prefetch-reload runs without one").
    public var notes: [String]
    /// The column every other is set against, by name (`ComparisonBlock.baseline`).
    public var baseline: String?
    /// How much main-thread work varied; nil for traces.
    public var jitter: WorkJitter?

    public init(source: Source, blocks: [ComparisonBlock], notes: [String] = [], baseline: String? = nil, jitter: WorkJitter? = nil) {
        self.source = source
        self.blocks = blocks
        self.notes = notes
        self.baseline = baseline
        self.jitter = jitter
    }

    /// The seeds, in the order every cell's values follow; empty for traces.
    public var seeds: [Int] {
        if case .scenario(_, _, _, _, let seeds) = source { return seeds.seeds }
        return []
    }

    /// Recordings per column: the seeds, or 1 for traces.
    public var runsPerColumn: Int {
        if case .scenario(_, _, _, _, let seeds) = source { return seeds.seeds.count }
        return 1
    }

    /// "strategy" or "trace": what a column is, for sentences.
    public var columnNoun: String {
        if case .traces = source { return "trace" }
        return "strategy"
    }
}
