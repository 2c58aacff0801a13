import TraceModel
import ToolSupport

/// The `"import"` member of an imported trace's header, as written and read.
extension ImportSource {
    public var jsonValue: JSONValue {
        var out = JSONObjectBuilder()
        out.add("log", log)
        out.add("lines", lines)
        out.add("recognised", recognised)
        out.add("skipped", skipped)
        out.add("syntheticTimes", syntheticTimes)
        if let rows { out.add("rows", rows) }
        if let sections { out.add("sections", sections) }
        if !unprinted.isEmpty { out.add("unprinted", .array(unprinted.map { .string($0.rawValue) })) }
        return out.value
    }

    static func decode(_ field: JSONField) throws(ReuseLabError) -> ImportSource {
        let object = try field.object()
        try object.rejectUnknown(allowed: ["log", "lines", "recognised", "skipped", "syntheticTimes", "rows", "sections", "unprinted"])
        var unprinted: [EventKind] = []
        if let unprintedField = object.optional("unprinted") {
            for element in try unprintedField.array() {
                let name = try element.string()
                guard let kind = EventKind(rawValue: name), ImportSource.lifecycleCalls.contains(kind), !unprinted.contains(kind) else {
                    throw element.error("\"unprinted\" lists \"\(VisibleText.shortened(name))\"; expected each of \(ImportSource.lifecycleCalls.map(\.rawValue).joined(separator: ", ")) at most once")
                }
                unprinted.append(kind)
            }
        }
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
                            sections: sections, unprinted: unprinted)
    }
}
