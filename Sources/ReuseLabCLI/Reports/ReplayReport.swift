import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// The machine and summary forms of `replay`: `--json` (one object per step, per
/// line) and `--summary` (what the trace teaches, then its metrics).
enum ReplayReport {
    /// `{"seq","t","kind","frame","text","marks":[…]}` on one line, with
    /// `"inferred"` (an `InferredRule` name) when the explanation rests on a rule
    /// Apple does not document, and `"inside"` (the `seq` of the `cellForRowAt` an
    /// `init` or `prepareForReuse` runs inside). `kind` is named as the trace's
    /// `list` names it (`cellForItemAt` in a collection view's trace).
    /// `"code"` has `"function"`, the Swift name of the function its line is in, when given.
    static func jsonLine(_ annotation: Annotation, list: ListStyle = .table, function: String? = nil) -> String {
        var out = ByteBuffer(capacity: 256)
        out.append("{\"seq\":")
        out.appendInteger(annotation.seq)
        out.append(",\"t\":")
        out.appendNumber(annotation.time.milliseconds)
        out.append(",\"kind\":")
        out.appendString(list.name(of: annotation.kind))
        out.append(",\"frame\":")
        out.appendInteger(annotation.frame)
        out.append(",\"text\":")
        out.appendString(VisibleText.escape(annotation.text))
        out.append(",\"marks\":[")
        for (index, mark) in annotation.marks.sorted().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.appendString(mark.rawValue)
        }
        out.append(UInt8(ascii: "]"))
        if let rule = annotation.inferred {
            out.append(",\"inferred\":")
            out.appendString(rule.rawValue)
        }
        if let inside = annotation.inside {
            out.append(",\"inside\":")
            out.appendInteger(inside)
        }
        func append(_ code: Annotation.CodePlace, function: String? = nil) {
            out.append("{\"file\":")
            out.appendString(VisibleText.escape(code.file))
            out.append(",\"line\":")
            out.appendInteger(code.line)
            out.append(",\"text\":")
            out.appendString(VisibleText.escape(code.text))
            if let function {
                out.append(",\"function\":")
                out.appendString(VisibleText.escape(function))
            }
            out.append(UInt8(ascii: "}"))
        }
        if let code = annotation.code {
            out.append(",\"code\":")
            append(code, function: function)
        }
        if !annotation.relatedCode.isEmpty {
            out.append(",\"relatedCode\":[")
            for (index, code) in annotation.relatedCode.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                append(code)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append("}\n")
        return out.string
    }

    /// The title, the narrative as bullets, then the metrics as `stats` prints them,
    /// all wrapped to `width`.
    static func summaryText(_ summary: ReplaySummary, report: MetricsReport, style: TerminalStyle, width: Int) -> String {
        var out = TextWrap.lines(VisibleText.title(summary.title), firstWidth: width, width: width).map { style.bold($0) + "\n" }.joined()
            + TextWrap.paragraph(summary.details, width: width)
        if !summary.notes.isEmpty {
            out += "\n" + style.bold("Notes") + "\n"
            for note in summary.notes { out += bullet(note, width: width) }
        }
        out += "\n" + style.bold("What happens") + "\n"
        for point in summary.points { out += bullet(point, width: width) }
        out += "\n" + style.bold("Metrics") + "\n" + StatsCommand.metricLines(report, width: width)
        return out
    }

    /// One JSON object: the summary's parts and `stats --json`'s object under "stats".
    static func summaryJSON(_ summary: ReplaySummary, report: MetricsReport, file: String) -> String {
        var out = JSONObjectBuilder()
        out.add("title", summary.title)
        out.add("details", summary.details)
        out.add("notes", .list(summary.notes.map { .string($0) }))
        out.add("points", .list(summary.points.map { .string($0) }))
        out.add("stats", StatsCommand.json(report, file: file))
        return JSONWriter.compact(out.value) + "\n"
    }

    /// "- text", wrapped to `width` with the text's lines under each other.
    static func bullet(_ text: String, width: Int) -> String {
        TextWrap.lines(text, firstWidth: width - 4, width: width - 4)
            .enumerated().map { ($0.offset == 0 ? "  - " : "    ") + $0.element + "\n" }.joined()
    }
}
