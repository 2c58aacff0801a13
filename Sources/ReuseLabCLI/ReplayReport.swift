import TraceFormat
import Replay

/// The machine and summary forms of `replay`: `--json` (one object per step, per
/// line) and `--summary` (what the trace teaches, then its metrics).
enum ReplayReport {
    /// `{"seq","t","kind","frame","text","marks":[…]}` on one line.
    static func jsonLine(_ annotation: Annotation) -> String {
        var out = JSONObjectBuilder()
        out.add("seq", annotation.seq)
        out.add("t", annotation.time.milliseconds)
        out.add("kind", annotation.kind.rawValue)
        out.add("frame", annotation.frame)
        out.add("text", VisibleText.escape(annotation.text))
        out.add("marks", .list(annotation.marks.sorted().map { .string($0.rawValue) }))
        return JSONWriter.compact(out.value) + "\n"
    }

    /// The title, the narrative as bullets wrapped to 80 columns, then the metrics as `stats` prints them.
    static func summaryText(_ summary: ReplaySummary, report: MetricsReport, style: TerminalStyle) -> String {
        var out = style.bold(summary.title) + "\n" + summary.details + "\n"
        if !summary.notes.isEmpty {
            out += "\n" + style.bold("Notes") + "\n"
            for note in summary.notes { out += bullet(note) }
        }
        out += "\n" + style.bold("What happens") + "\n"
        for point in summary.points { out += bullet(point) }
        // `stats`'s text without its first line, the title printed above.
        let metrics = StatsCommand.text(report).split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        out += "\n" + style.bold("Metrics") + "\n" + metrics.joined(separator: "\n")
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

    /// "- text", wrapped with the text's lines under each other.
    static func bullet(_ text: String) -> String {
        TextWrap.lines(text, firstWidth: StepLayout.width - 4, width: StepLayout.width - 4)
            .enumerated().map { ($0.offset == 0 ? "  - " : "    ") + $0.element + "\n" }.joined()
    }
}
