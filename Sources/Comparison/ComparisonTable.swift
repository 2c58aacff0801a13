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

/// One column's figure on one metric: the spread over its recordings, or why none
/// of them measured it.
public struct ComparisonCell: Sendable, Equatable {
    /// Nil when no recording measured the metric.
    public var spread: MetricSpread?
    /// How many recordings the column has (its seeds; 1 for a trace).
    public var runs: Int
    /// Why a recording did not measure it (the first such reason), when one did not.
    public var unavailable: String?

    /// True when some recordings measured the metric and others did not: the
    /// spread is over those that did.
    public var isPartial: Bool { (spread?.count ?? 0) > 0 && (spread?.count ?? 0) < runs }
}

/// One metric across the columns, and the column marked best, if any (`BestMark`).
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

    /// Builds the rows from each column's recordings: `runs[c]` holds one list of
    /// `MetricsReport.entries` per recording of column `c`. Rows come in
    /// `MetricGroup` order (user-visible cost, work, memory, how it works), and
    /// within a group in the order `stats` prints them.
    public init(network: NetworkCondition?, networkDescription: String?, columns: [ComparisonColumn],
                skipped: [SkippedColumn], runs: [[[MetricEntry]]]) {
        self.network = network
        self.networkDescription = networkDescription
        self.columns = columns
        self.skipped = skipped
        let template = runs.lazy.flatMap { $0 }.first ?? []
        var rows: [ComparisonRow] = []
        for group in MetricGroup.allCases {
            for (index, entry) in template.enumerated() where entry.group == group {
                rows.append(Self.row(entry, at: index, runs: runs))
            }
        }
        self.rows = rows
    }

    /// The row of the metric at `index` of every entries list.
    static func row(_ entry: MetricEntry, at index: Int, runs: [[[MetricEntry]]]) -> ComparisonRow {
        var unit: MetricUnit?
        let cells = runs.map { columnRuns -> ComparisonCell in
            var values: [Double] = []
            var reason: String?
            for entries in columnRuns where index < entries.count {
                switch entries[index].value {
                case .value(let quantity):
                    values.append(quantity.number)
                    if unit == nil { unit = MetricUnit(quantity) }
                case .unavailable(let why):
                    if reason == nil { reason = why }
                }
            }
            return ComparisonCell(spread: MetricSpread(values), runs: columnRuns.count, unavailable: reason)
        }
        // A table's trace and a collection view's word a few labels differently ("cellForItemAt calls").
        let label = MetricEntry.sharedLabel(runs.flatMap { $0.compactMap { index < $0.count ? $0[index].label : nil } })
        return ComparisonRow(key: entry.key, label: label.isEmpty ? entry.label : label, kind: entry.kind, group: entry.group, unit: unit,
                             cells: cells, best: BestMark.best(cells.map(\.spread), kind: entry.kind, partial: cells.map(\.isPartial)))
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

    public init(source: Source, blocks: [ComparisonBlock], notes: [String] = []) {
        self.source = source
        self.blocks = blocks
        self.notes = notes
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
