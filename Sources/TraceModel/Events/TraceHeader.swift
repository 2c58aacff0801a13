/// The part of a trace before its events: what format it is in, what it shows,
/// and — for recorded traces — the complete scenario that produced it.
public struct TraceHeader: Sendable, Equatable {
    /// Every trace starts with `"format": "reuselab-trace"`.
    public static let formatName = "reuselab-trace"
    /// The only version this reader knows; a reader refuses any other.
    public static let currentVersion = 1

    public var title: String
    /// The table view's profile; `.modern` for a collection view, which has none.
    public var profile: TableProfile
    /// A table view, or a collection view and its columns: a collection trace says
    /// `"list": "collection", "columns": N` where a table trace says its `profile`.
    public var list: ListStyle
    /// The scenario, defaults filled in. Absent in hand-written or imported traces.
    public var scenario: Scenario?
    /// For a trace imported from a device's log: the log and what was read from it.
    public var source: ImportSource?
    /// The app's source code, when the trace carries it: what its events' lines point into.
    public var code: CarriedCode?

    public init(title: String, profile: TableProfile, list: ListStyle? = nil, scenario: Scenario? = nil, source: ImportSource? = nil,
                code: CarriedCode? = nil) {
        self.title = title
        self.profile = profile
        self.list = list ?? scenario?.list ?? .table
        self.scenario = scenario
        self.source = source
        self.code = code
    }

    /// How many rows the table has, when the trace says.
    public var rowCount: Int? { scenario?.table.rows ?? source?.rows ?? source?.sections.map { $0.reduce(0, +) } }
}

/// A whole trace held in memory.
public struct Trace: Sendable, Equatable {
    public var header: TraceHeader
    public var events: [TraceEvent]

    public init(header: TraceHeader, events: [TraceEvent]) {
        self.header = header
        self.events = events
    }
}
