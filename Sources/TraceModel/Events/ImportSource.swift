/// Where an imported trace came from: a device's console log, and what
/// `reuselab import` could and could not read from it. Written in the trace's
/// header as `"import"`; absent in recorded traces.
public struct ImportSource: Sendable, Equatable {
    /// The log's file name (or `-` for standard input).
    public var log: String
    /// How many lines the log has, how many were lifecycle callbacks, how many gap markers.
    public var lines: Int
    public var recognised: Int
    public var skipped: Int
    /// True when the log printed no timestamps: events are then spaced 1 ms apart
    /// in log order, and times say nothing about the device.
    public var syntheticTimes: Bool
    /// The table's row count, when the instructor gave it (`--rows`).
    public var rows: Int?
    /// Rows per section, when the log names sections other than 0 (each section's
    /// count is the highest row the log names in it, plus one).
    public var sections: [Int]?
    /// The lifecycle calls the log never prints (of `lifecycleCalls`): what the
    /// trace shows of them is inferred, and explanations say the log is silent
    /// rather than tell a story it cannot know ("this log does not print willDisplay").
    public var unprinted: [EventKind] = []

    /// The calls whose absence from a log `unprinted` records.
    public static let lifecycleCalls: [EventKind] = [.initCell, .prepareForReuse, .cellForRowAt, .willDisplay, .didEndDisplaying]

    public init(log: String, lines: Int, recognised: Int, skipped: Int, syntheticTimes: Bool, rows: Int? = nil, sections: [Int]? = nil,
                unprinted: [EventKind] = []) {
        self.unprinted = unprinted
        self.log = log
        self.lines = lines
        self.recognised = recognised
        self.skipped = skipped
        self.syntheticTimes = syntheticTimes
        self.rows = rows
        self.sections = sections
    }
}
