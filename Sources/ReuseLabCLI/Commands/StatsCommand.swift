import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// `reuselab stats TRACE`: the metrics of a trace, measured from the trace alone.
enum StatsCommand: Subcommand {
    enum Options: CommandOptions {
        static let json = FlagOption("--json", meaning: "print one JSON object: \"metrics\" (null where not computed) and \"unavailable\" (metric: reason)")
        static let all: [any OptionKey] = [json]
    }

    static let declaration = CommandDeclaration(
        name: "stats",
        summary: "measure a trace: cells, downloads, stale images, hitches, memory",
        description: """
        Measures a trace: cells created, reuses, cellForRowAt calls, downloads and
        their bytes, pages loaded, cache hits by layer, coalesced, cancelled and
        failed requests, downloads never shown, stale-image time and frames, time to
        the first complete screen, how long rows waited for their images,
        main-thread blocked time, hitches and the hitch time ratio (ms of hitch while
        scrolling per second of scrolling), and peak image memory.

        Everything is computed from the trace's events, never by running the engine,
        so a hand-written or imported trace is measured like a recorded one. A metric
        needing events a hand-written trace does not have is listed under "not
        computed" with the reason. The trace is checked as 'reuselab validate' checks
        it, and an invalid trace is refused with the same error. A collection view's
        trace is labelled in its words (cellForItemAt calls); the keys stay the same.

        Image wait, from the frames alone: a row's wait runs from the first frame
        that shows it to the first frame that shows it with its own image, whichever
        cell shows it (a reload does not end it; a row shown with its image at once
        waited 0 ms). A row that leaves the screen first is "gone before its image",
        not averaged; if it comes back, a new wait starts. A frozen main thread draws
        no frame, so a freeze is counted as hitches, not as waiting.

        Hitch: a frame is late when the main thread's work since the last frame
        began (its layout and commit, and every block after them) exceeds one
        frame (16.7 ms at 60 fps). The frames it kept from being drawn are one
        hitch, caused by the longest piece of that work. A shorter block across a
        vsync is not a hitch. Recount one from the trace: the mainThreadBlocked ms
        from frame (hitch.frame - 1)'s time to the hitch's.
        """,
        positionals: [
            PositionalDeclaration(name: "TRACE", meaning: "the trace to measure", standardInput: true),
        ],
        options: Options.all,
        examples: [
            CommandExample(command: "reuselab stats traces/images-async-no-reset.trace.json",
                           meaning: "one line per metric, then what could not be computed and why"),
        ])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let path = line.positionals[0]
        let report = try TraceMetrics.measure(path: path)
        if line[Options.json] {
            io.out(JSONWriter.compact(json(report, file: InputFile.displayName(path))) + "\n")
        } else {
            io.out(text(report, width: io.width))
        }
        return 0
    }

    // MARK: Text

    /// The title line, then `metricLines`, wrapped to `width`. A collection view's
    /// trace says so with its columns where a table's says its profile.
    static func text(_ report: MetricsReport, width: Int) -> String {
        var details = [ListWords(naming: RowNaming(sectionRowCounts: [], list: report.list)).setup(profile: report.profile)]
        if let strategy = report.strategy { details.append("strategy \(VisibleText.escape(strategy))") }
        return ReplayListing.heading(VisibleText.title(report.title), details: details.joined(separator: ", "), style: .plain, width: width)
            + metricLines(report, width: width)
    }

    /// One line per metric ("  label   value"), then what was not computed, grouped
    /// by reason; long values and lists wrap to `width` under their column.
    static func metricLines(_ report: MetricsReport, width: Int) -> String {
        var out = ""
        let entries = report.entries
        let labelWidth = (entries.map { TextWrap.columns($0.label) }.max() ?? 0) + 2
        var missing: [MetricEntry] = []
        for entry in entries {
            guard let quantity = entry.value.value else { missing.append(entry); continue }
            out += TextWrap.row("  " + TextWrap.pad(entry.label, labelWidth), quantity.text, width: width)
        }
        // Grouped by reason, in the order the metrics come: many share one.
        var reasons: [String] = []
        var labels: [String: [String]] = [:]
        for entry in missing {
            let reason = entry.value.reason ?? ""
            if labels[reason] == nil { reasons.append(reason) }
            labels[reason, default: []].append(entry.label)
        }
        if !reasons.isEmpty {
            out += "not computed:\n"
            for reason in reasons {
                out += TextWrap.paragraph(reason + ":", width: width, indent: 2)
                out += TextWrap.paragraph(labels[reason, default: []].joined(separator: ", "), width: width, indent: 4)
            }
        }
        return out
    }

    /// A quantity with its unit, to at most one decimal (`ReadableNumber`): "19",
    /// "1.2 MB", "1583.3 ms", "15 frames", "12.5 ms per s of scrolling".
    // MARK: JSON

    static func json(_ report: MetricsReport, file: String) -> JSONValue {
        var out = JSONObjectBuilder()
        out.add("file", file)
        out.add("title", report.title)
        // A collection view has no profile: its list and columns instead (a table's object is as it was).
        if report.list.isCollection {
            out.add("profile", .null)
            out.add("list", "collection")
            out.add("columns", report.list.columns)
        } else {
            out.add("profile", report.profile.rawValue)
        }
        out.add("strategy", report.strategy.map(JSONValue.string) ?? .null)
        out.add("recorded", report.recorded)
        out.add("events", report.eventCount)
        out.add("durationMs", report.duration.milliseconds)
        var metrics = JSONObjectBuilder()
        var unavailable = JSONObjectBuilder()
        for entry in report.entries {
            switch entry.value {
            case .value(let quantity):
                metrics.add(entry.key, quantity.number)
            case .unavailable(let reason):
                metrics.add(entry.key, .null)
                unavailable.add(entry.key, reason)
            }
        }
        out.add("metrics", metrics.value)
        out.add("unavailable", unavailable.value)
        return out.value
    }
}
