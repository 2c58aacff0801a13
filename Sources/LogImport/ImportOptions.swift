import TraceModel

/// What the instructor tells `reuselab import` about a log: its name, the
/// table view it came from (profile and row count, when known) or the collection
/// view's columns, a title, and patterns for lines the recogniser does not know.
public struct ImportOptions: Sendable {
    public var logName: String
    /// The profile the instructor gave (`--profile`); nil to read it from the log (`ProfileEvidence`).
    public var profile: TableProfile?
    public var rows: Int?
    public var title: String?
    public var patterns: [CustomPattern]
    /// The grid's columns for a collection view's log (`--columns`); nil to read
    /// them from the log (`GridColumns`), else 1. Refused for a table view's log.
    public var columns: Int?

    public init(logName: String, profile: TableProfile? = nil, rows: Int? = nil, title: String? = nil, patterns: [CustomPattern] = [],
                columns: Int? = nil) {
        self.columns = columns
        self.logName = logName
        self.profile = profile
        self.rows = rows
        self.title = title
        self.patterns = patterns
    }
}

/// What an import produced: the trace, and the counts `import` reports.
public struct ImportReport: Sendable {
    /// The trace: its header, and its events when they were collected
    /// (`LogImporter.importLog`); empty when they were written as they came
    /// (`ScannedLog.write`). `eventCount` counts them either way.
    public var trace: Trace
    public var eventCount = 0
    public var lines: Int
    public var recognised: Int
    public var skipped: Int
    public var gaps: Int
    /// Events the importer reconstructed (a cell the log does not name, a call it does not print).
    public var inferred: Int
    /// Lines whose calls could not be placed at all (counted, and marked by a gap).
    public var unplaced: Int
    public var syntheticTimes: Bool
    /// Lifecycle lines that are not in the trace, each with why: none is dropped unsaid.
    public var leftOut: [LeftOutLine] = []
    /// Empty lines (or only spaces): neither calls nor skipped.
    public var blank = 0
    /// Whether the app prints `cellForRowAt` before or after it dequeues, and why
    /// (`PrintOrder`), as a sentence.
    public var printOrder = ""
    /// Which profile the trace has, and why (`ProfileEvidence`), as a sentence.
    public var profile = ""
    /// For a collection view's log: how many columns the grid was given, and why
    /// (`GridColumns`), as a sentence; empty for a table view's.
    public var columns = ""
    /// Lines that are no call but say whether a cell is new or reused
    /// (`oldIndexPath: nil`), given to their `cellForRowAt`: neither calls nor skipped.
    public var statements = 0
    /// What the import did with them (`CellOriginBinding`), as a sentence; empty without.
    public var origins = ""
    /// Where what the log states (a cell's previous row, new or reused)
    /// contradicts what the import had inferred before: each line, and how.
    public var contradictions: [LeftOutLine] = []
    /// Skipped lines that name a cell's previous row or origin in a form the
    /// import cannot read: how many, and the first (for the `--pattern` advice).
    public var unreadableOrigins = 0
    public var firstUnreadableOrigin: (line: Int, text: String)?
}

/// A line the importer recognised as a lifecycle call but did not put in the
/// trace: its number in the log and the reason.
public struct LeftOutLine: Sendable, Equatable {
    public var line: Int
    public var reason: String
}
