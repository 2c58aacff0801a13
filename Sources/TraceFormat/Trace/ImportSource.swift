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

    public init(log: String, lines: Int, recognised: Int, skipped: Int, syntheticTimes: Bool, rows: Int? = nil, sections: [Int]? = nil) {
        self.log = log
        self.lines = lines
        self.recognised = recognised
        self.skipped = skipped
        self.syntheticTimes = syntheticTimes
        self.rows = rows
        self.sections = sections
    }

    public var jsonValue: JSONValue {
        var out = JSONObjectBuilder()
        out.add("log", log)
        out.add("lines", lines)
        out.add("recognised", recognised)
        out.add("skipped", skipped)
        out.add("syntheticTimes", syntheticTimes)
        if let rows { out.add("rows", rows) }
        if let sections { out.add("sections", sections) }
        return out.value
    }

    static func decode(_ field: JSONField) throws(ReuseLabError) -> ImportSource {
        let object = try field.object()
        try object.rejectUnknown(allowed: ["log", "lines", "recognised", "skipped", "syntheticTimes", "rows", "sections"])
        var sections: [Int]?
        if let sectionsField = object.optional("sections") {
            var counts: [Int] = []
            for element in try sectionsField.array() { counts.append(try element.nonNegativeInt(max: 1_000_000)) }
            guard !counts.isEmpty else { throw sectionsField.error("\"sections\" is empty; leave it out for a table of one section") }
            sections = counts
        }
        return ImportSource(log: try object.required("log", "the log's file name").string(),
                            lines: try object.required("lines").nonNegativeInt(),
                            recognised: try object.required("recognised").nonNegativeInt(),
                            skipped: try object.required("skipped").nonNegativeInt(),
                            syntheticTimes: try object.optional("syntheticTimes")?.bool() ?? false,
                            rows: try object.optional("rows")?.positiveInt(max: 1_000_000),
                            sections: sections)
    }
}
