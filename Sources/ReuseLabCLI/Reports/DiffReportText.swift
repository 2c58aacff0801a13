import TraceModel
import ToolSupport
import TraceCoding
import Replay
import Diff

/// A diff as text for people: which traces, whether the scenarios match, where they
/// first part ways and why, the changed stretches side by side, and what each costs;
/// every line wrapped to the output's width.
enum DiffReportText {
    /// What of a diff to print: how many changed stretches, how many rows of each,
    /// or only the summary.
    struct Shown {
        /// Rows of one stretch shown before the rest is counted; nil for all.
        var rowsPerStretch: Int? = DiffReportText.screenful
        /// Only the overview and the tally by kind (`--stat`).
        var summaryOnly = false
    }

    /// Lines of a terminal's screen: a diff that changes more events than this
    /// starts with the tally by kind, and a stretch longer than this is cut short.
    static let screenful = 40

    /// Writes the diff to `output`, a stretch's rows as they are made: with `--all`
    /// one stretch may have a million rows.
    static func write(_ diff: TraceDiff, style: TerminalStyle, width: Int, shown: Shown = Shown(), to output: BufferedOutput) {
        func paragraph(_ text: String) -> String { TextWrap.paragraph(text, width: width) }
        var out = ""
        defer { output.write(out) }
        out += side("A", file: diff.a.file, header: diff.a.header, width: width)
        out += side("B", file: diff.b.file, header: diff.b.header, width: width)
        let (about, outcome) = diff.overview
        for sentence in about { out += paragraph(VisibleText.escape(sentence)) }
        out += "\n"
        out += paragraph(outcome)
        if diff.equivalent {
            if !shown.summaryOnly { out += "\nWhat each costs:\n" + metricTable(diff.metrics, width: width) }
            return
        }
        if diff.truncated {
            out += paragraph("(They differ so much that some stretches could not be aligned event by event: each is shown as one changed block.)")
        }
        if shown.summaryOnly || diff.changedEvents > screenful { out += "\n" + kindTable(diff.byKind, width: width, name: diff.kindName) }
        if shown.summaryOnly { return }
        if let first = diff.firstDivergence { out += "\n" + divergence(first, width: width) }
        if !diff.hunks.isEmpty {
            let count = diff.hunks.count == diff.hunkCount
                ? "\(diff.hunkCount) stretch\(diff.hunkCount == 1 ? "" : "es")" : "\(diff.hunks.count) of \(diff.hunkCount) stretches"
            out += "\n" + paragraph(stacked(width)
                ? "One under the other (\(count); '<' A's event, '>' B's, unmarked both, numbered A/B):"
                : "Side by side (\(count); '<' only in A, '>' only in B, '|' changed):")
        }
        for (index, hunk) in diff.hunks.enumerated() {
            if output.failed { return }
            if index > 0 { out += String(repeating: " ", count: 2) + "⋯\n" }
            let limit = shown.rowsPerStretch ?? hunk.rowCount
            for row in hunk.rows.prefix(limit) {
                output.write(out)
                out = sideBySide(row, style: style, width: width)
            }
            if hunk.rowCount > limit {
                out += TextWrap.paragraph("⋯ \(hunk.rowCount - limit) more rows of this stretch (--all shows them)", width: width, indent: 2)
            }
        }
        if diff.hunkCount > diff.hunks.count {
            out += TextWrap.paragraph("… \(diff.hunkCount - diff.hunks.count) more stretches (--stretches N or --all shows them)", width: width, indent: 2)
        }
        out += "\nWhat each costs:\n" + metricTable(diff.metrics, width: width)
    }

    /// The tally by kind, busiest first: "  imageSet   0   152   0"; on a screen
    /// too narrow for the columns, a line per kind in words.
    /// Kinds are named as the traces name them (`name`: `cellForItemAt` for collection views).
    static func kindTable(_ byKind: [KindChanges], width: Int, name: (EventKind) -> String = { $0.rawValue }) -> String {
        var out = TextWrap.paragraph("What differs, by kind of event:", width: width)
        let label = max(22, (byKind.map { name($0.kind).count }.max() ?? 0) + 4)
        let widths = [2, label, 11, 11]
        guard widths.reduce(0, +) + "changed".count <= width else {
            for entry in byKind {
                out += TextWrap.row("  \(name(entry.kind)): ", "\(entry.onlyA) only in A, \(entry.onlyB) only in B, \(entry.changed) changed",
                                    width: width)
            }
            return out
        }
        out += TextWrap.cells(["", "kind", "only in A", "only in B", "changed"], widths: widths, width: width).map { $0 + "\n" }.joined()
        for entry in byKind {
            out += TextWrap.cells(["", name(entry.kind), String(entry.onlyA), String(entry.onlyB), String(entry.changed)],
                                  widths: widths, width: width).map { $0 + "\n" }.joined()
        }
        return out
    }

    /// "A  traces/x.trace.json   strategy plain, modern profile" on one line when it
    /// fits; otherwise the description goes under the file name.
    static func side(_ name: String, file: String, header: TraceHeader, width: Int) -> String {
        let items = [VisibleText.escape(file), VisibleText.escape(ScenarioComparison.describe(header))]
        let prefix = name + "  "
        let lines = TextWrap.pack(items, separator: "   ", width: max(20, width - prefix.count))
        return lines.enumerated().map { ($0.offset == 0 ? prefix : String(repeating: " ", count: prefix.count)) + $0.element + "\n" }.joined()
    }

    static func divergence(_ divergence: TraceDiff.Divergence, width: Int) -> String {
        var out = TextWrap.paragraph(divergence.heading, width: width)
        func side(_ name: String, _ texts: [String], _ seq: Int?) -> String {
            if texts.isEmpty {
                return TextWrap.row("  \(name): ", seq == nil ? "nothing here: the other trace does something \(name) never does."
                                                          : "(event \(seq ?? 0); too far into the trace to explain)", width: width)
            }
            var lines: [String] = []
            for (index, text) in texts.enumerated() {
                let wrapped = TextWrap.lines(VisibleText.escape(text), firstWidth: max(20, width - 5), width: max(20, width - 5))
                for (offset, line) in wrapped.enumerated() {
                    lines.append((index == 0 && offset == 0 ? "  \(name): " : "     ") + line)
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }
        out += side("A", divergence.aExplanation, divergence.aSeq)
        out += side("B", divergence.bExplanation, divergence.bSeq)
        return out
    }

    /// Below this width half a line is too narrow for a key's words: the sides
    /// are shown one under the other.
    static func stacked(_ width: Int) -> Bool { width < 51 }

    /// One row of the side-by-side view, each side in half the width: a key too
    /// long for its column wraps at its spaces, under the key, never cut.
    static func sideBySide(_ row: TraceDiff.Row, style: TerminalStyle, width: Int) -> String {
        if stacked(width) { return oneUnderTheOther(row, style: style, width: width) }
        let column = max(10, (width - 3) / 2)
        func cell(_ line: TraceDiff.Line?) -> [String] {
            guard let line else { return [] }
            let number = "\(line.seq) "
            let indent = min(number.count, column / 2)
            let wrapped = TextWrap.lines(number + VisibleText.escape(line.text), firstWidth: column, width: column - indent)
            return wrapped.enumerated().map { $0.offset == 0 ? $0.element : String(repeating: " ", count: indent) + $0.element }
        }
        let marker: String
        switch row.change {
        case .same: marker = " "
        case .onlyA: marker = "<"
        case .onlyB: marker = ">"
        case .changed: marker = "|"
        }
        let left = cell(row.a), right = cell(row.b)
        var out = ""
        for index in 0..<max(left.count, right.count, 1) {
            let leftText = TextWrap.pad(index < left.count ? left[index] : "", column)
            var line = (row.change == .same || index >= left.count ? leftText : style.removed(leftText)) + " " + (index == 0 ? marker : " ")
            if index < right.count {
                line += " " + (row.change == .same ? right[index] : style.added(right[index]))
            }
            // No line ends in spaces.
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    /// One row on a narrow screen: a shared event once ("  12/14 willDisplay row
    /// 3"), A's event marked '<', B's '>', each key wrapped under itself.
    static func oneUnderTheOther(_ row: TraceDiff.Row, style: TerminalStyle, width: Int) -> String {
        func line(_ marker: String, _ number: String, _ text: String, _ paint: (String) -> String) -> String {
            let prefix = marker + " " + number + " "
            return TextWrap.row(prefix, VisibleText.escape(text), width: width)
                .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                .map { paint(String($0)) + "\n" }.joined()
        }
        if row.change == .same, let a = row.a, let b = row.b {
            return line(" ", "\(a.seq)/\(b.seq)", a.text) { $0 }
        }
        var out = ""
        if let a = row.a { out += line("<", "\(a.seq)", a.text) { style.removed($0) } }
        if let b = row.b { out += line(">", "\(b.seq)", b.text) { style.added($0) } }
        return out
    }

    /// The metrics on which the traces differ (the rest are counted, not listed). A
    /// column is 17 wide, or wider when a value needs it ("12.3 ms per s of
    /// scrolling") and the width allows; where it does not, values wrap in their
    /// columns.
    static func metricTable(_ metrics: [MetricDelta], width: Int) -> String {
        let differing = metrics.compactMap { metric -> (label: String, a: String, b: String, better: String)? in
            let a = metric.a.value.map(\.text) ?? "–"
            let b = metric.b.value.map(\.text) ?? "–"
            return a == b ? nil : (metric.label, a, b, metric.better.rawValue)
        }
        let equal = metrics.count - differing.count
        if differing.isEmpty { return TextWrap.paragraph("All \(equal) metrics are the same on both sides.", width: width, indent: 2) }
        let better = "better"
        let fixed = 2 + better.count
        // Narrower than the narrowest columns: a line per metric in words.
        guard fixed + 16 + 12 + 12 <= width else {
            var out = ""
            for row in differing {
                let verdict = row.better == "A" || row.better == "B" ? " (\(row.better) better)" : ""
                out += TextWrap.row("  \(row.label): ", "A \(row.a), B \(row.b)\(verdict)", width: width)
            }
            if equal > 0 { out += TextWrap.paragraph("(\(equal) other metrics are the same on both sides)", width: width, indent: 2) }
            return out
        }
        var label = max(30, (differing.map { TextWrap.columns($0.label) }.max() ?? 0) + 2)
        var widthA = max(17, (differing.map { TextWrap.columns($0.a) }.max() ?? 0) + 2)
        var widthB = max(17, (differing.map { TextWrap.columns($0.b) }.max() ?? 0) + 2)
        // Too wide: the value columns give way first, down to 12 each, then the labels, down to 16.
        if fixed + label + widthA + widthB > width {
            let values = max(24, width - fixed - label)
            widthA = min(widthA, max(12, values / 2))
            widthB = min(widthB, max(12, values - widthA))
            label = max(16, min(label, width - fixed - widthA - widthB))
        }
        let widths = [2, label, widthA, widthB]
        var out = TextWrap.cells(["", "metric", "A", "B", better], widths: widths, width: width).map { $0 + "\n" }.joined()
        for row in differing {
            out += TextWrap.cells(["", row.label, row.a, row.b, row.better], widths: widths, width: width).map { $0 + "\n" }.joined()
        }
        if equal > 0 { out += TextWrap.paragraph("(\(equal) other metrics are the same on both sides)", width: width, indent: 2) }
        return out
    }
}

/// A diff as one JSON object, for other tools.
enum DiffReportJSON {
    /// Writes the object and a line break piece by piece, the stretches row by
    /// row: a diff of a million changed events is never held whole, as values or
    /// as text.
    static func write(_ diff: TraceDiff, to output: BufferedOutput) {
        // The members up to hunkCount without the closing brace: the stretches and the metrics follow.
        output.write(JSONWriter.compact(members(diff)).dropLast() + ",\"hunks\":[")
        for (index, hunk) in diff.hunks.enumerated() {
            if output.failed { return }
            output.write(index == 0 ? "[" : ",[")
            for (offset, row) in hunk.rows.enumerated() {
                output.write((offset == 0 ? "" : ",") + JSONWriter.compact(json(row)))
            }
            output.write("]")
        }
        output.write("],\"metrics\":" + JSONWriter.compact(metrics(diff)) + "}\n")
    }

    /// The object's members before the stretches, up to `hunkCount`.
    static func members(_ diff: TraceDiff) -> JSONValue {
        var out = JSONObjectBuilder()
        func side(_ side: DiffSide) -> JSONValue {
            var entry = JSONObjectBuilder()
            entry.add("file", side.file)
            entry.add("title", side.header.title)
            // A collection view has no profile: its list and columns instead.
            if side.header.list.isCollection {
                entry.add("profile", .null)
                entry.add("list", "collection")
                entry.add("columns", side.header.list.columns)
            } else {
                entry.add("profile", side.header.profile.rawValue)
            }
            entry.add("strategy", side.header.scenario.map { .string($0.strategy) } ?? .null)
            entry.add("events", side.eventCount)
            entry.add("comparedEvents", side.hashes.count)
            return entry.value
        }
        out.add("a", side(diff.a))
        out.add("b", side(diff.b))
        out.add("equivalent", diff.equivalent)
        out.add("sameScenario", diff.scenarioDifferences.isEmpty)
        out.add("scenarioDifferences", .list(diff.scenarioDifferences.map { .string($0) }))
        out.add("compared", .list(diff.setupDifferences.map { .string($0) }))
        out.add("changedEvents", diff.changedEvents)
        out.add("truncated", diff.truncated)
        if let first = diff.firstDivergence {
            var entry = JSONObjectBuilder()
            entry.add("aEvent", first.aSeq.map { .number(Double($0)) } ?? .null)
            entry.add("bEvent", first.bSeq.map { .number(Double($0)) } ?? .null)
            entry.add("t", first.time.map { .number($0.milliseconds) } ?? .null)
            entry.add("a", .list(first.aExplanation.map { .string($0) }))
            entry.add("b", .list(first.bExplanation.map { .string($0) }))
            out.add("firstDivergence", entry.value)
        } else {
            out.add("firstDivergence", .null)
        }
        out.add("byKind", .list(diff.byKind.map { entry in
            var value = JSONObjectBuilder()
            value.add("kind", diff.kindName(entry.kind))
            value.add("onlyA", entry.onlyA)
            value.add("onlyB", entry.onlyB)
            value.add("changed", entry.changed)
            return value.value
        }))
        out.add("hunkCount", diff.hunkCount)
        return out.value
    }

    /// One row of a stretch: `{"change", "a", "b"}`, each side `{"seq", "event"}` or null.
    static func json(_ row: TraceDiff.Row) -> JSONValue {
        var entry = JSONObjectBuilder()
        entry.add("change", row.change.rawValue)
        entry.add("a", row.a.map { line -> JSONValue in
            var value = JSONObjectBuilder(); value.add("seq", line.seq); value.add("event", line.text); return value.value } ?? .null)
        entry.add("b", row.b.map { line -> JSONValue in
            var value = JSONObjectBuilder(); value.add("seq", line.seq); value.add("event", line.text); return value.value } ?? .null)
        return entry.value
    }

    /// The metrics: `{"metric", "kind", "a", "b", "better"}` each.
    static func metrics(_ diff: TraceDiff) -> JSONValue {
        .list(diff.metrics.map { metric in
            var entry = JSONObjectBuilder()
            entry.add("metric", metric.key)
            entry.add("kind", metric.kind.rawValue)
            entry.add("a", metric.a.value.map { .number($0.number) } ?? .null)
            entry.add("b", metric.b.value.map { .number($0.number) } ?? .null)
            entry.add("better", metric.better == .neither ? .null : .string(metric.better.rawValue))
            return entry.value
        })
    }
}
