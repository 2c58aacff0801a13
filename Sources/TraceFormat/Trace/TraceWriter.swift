/// Writes a trace as one JSON document: header members first, then the `events`
/// array with one event per line, so `git diff` of two traces shows event-level
/// changes and the same trace always has the same bytes.
public enum TraceWriter {
    public static func headerText(_ header: TraceHeader) -> String {
        var out = "{\n"
        out += "  \"format\": \"\(TraceHeader.formatName)\",\n"
        out += "  \"version\": \(TraceHeader.currentVersion),\n"
        out += "  \"title\": "
        JSONWriter.writeString(header.title, into: &out)
        out += ",\n  \"profile\": \"\(header.profile.rawValue)\",\n"
        if let scenario = header.scenario {
            out += "  \"scenario\": " + JSONWriter.compact(scenario.jsonValue) + ",\n"
        }
        if let source = header.source {
            out += "  \"import\": " + JSONWriter.compact(source.jsonValue) + ",\n"
        }
        return out
    }

    /// The whole trace as text.
    public static func text(_ trace: Trace) -> String {
        text(trace, upTo: .max) ?? ""
    }

    /// The whole trace as text, or nil as soon as it grows past `limit` bytes
    /// (so a recording no reader would accept is never built in full).
    public static func text(_ trace: Trace, upTo limit: Int) -> String? {
        var out = headerText(trace.header)
        if trace.events.isEmpty {
            out += "  \"events\": []\n}\n"
            return out
        }
        out += "  \"events\": [\n"
        let naming = trace.header.rowNaming
        for (index, event) in trace.events.enumerated() {
            out += "    "
            out += event.jsonLine(naming: naming)
            out += index == trace.events.count - 1 ? "\n" : ",\n"
            if out.utf8.count > limit { return nil }
        }
        out += "  ]\n}\n"
        return out.utf8.count > limit ? nil : out
    }
}
