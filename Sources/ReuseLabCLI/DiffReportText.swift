import TraceFormat
import Replay
import Diff

/// A diff as text for people: which traces, whether the scenarios match, where they
/// first part ways and why, the changed stretches side by side, and what each costs;
/// every line wrapped to the output's width.
enum DiffReportText {
    static func text(_ diff: TraceDiff, style: TerminalStyle, width: Int) -> String {
        func paragraph(_ text: String) -> String { TextWrap.paragraph(text, width: width) }
        var out = ""
        out += side("A", file: diff.a.file, header: diff.a.header, width: width)
        out += side("B", file: diff.b.file, header: diff.b.header, width: width)
        let (about, outcome) = diff.overview
        for sentence in about { out += paragraph(VisibleText.escape(sentence)) }
        out += "\n"
        out += paragraph(outcome)
        if !diff.equivalent {
            if diff.truncated {
                out += paragraph("(They differ so much that past the first \(Alignment.maximumDistance) changes the rest is shown as one changed block.)")
            }
            if let first = diff.firstDivergence { out += "\n" + divergence(first, width: width) }
            out += "\n" + paragraph("Side by side (\(diff.hunks.count) of \(diff.hunkCount) stretches; '<' only in A, '>' only in B, '|' changed):")
            for (index, hunk) in diff.hunks.enumerated() {
                if index > 0 { out += String(repeating: " ", count: 2) + "⋯\n" }
                for row in hunk.rows { out += sideBySide(row, style: style, width: width) + "\n" }
            }
            if diff.hunkCount > diff.hunks.count {
                out += TextWrap.paragraph("… \(diff.hunkCount - diff.hunks.count) more stretches (--all shows them)", width: width, indent: 2)
            }
        }
        out += "\nWhat each costs:\n" + metricTable(diff.metrics, width: width)
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

    /// One row of the side-by-side view: each side in half the width, cut with "…".
    static func sideBySide(_ row: TraceDiff.Row, style: TerminalStyle, width: Int) -> String {
        let column = max(10, (width - 3) / 2)
        func cell(_ line: TraceDiff.Line?, padded: Bool = true) -> String {
            guard let line else { return String(repeating: " ", count: column) }
            let text = "\(line.seq) " + VisibleText.escape(line.text)
            let cut = TextWrap.columns(text) > column ? cutToColumns(text, column - 1) + "…" : text
            return padded ? TextWrap.pad(cut, column) : cut
        }
        let marker: String
        switch row.change {
        case .same: marker = " "
        case .onlyA: marker = "<"
        case .onlyB: marker = ">"
        case .changed: marker = "|"
        }
        let left = row.change == .same ? cell(row.a) : style.removed(cell(row.a))
        // The right column is not padded: no line ends in spaces.
        guard let line = row.b else { return left + " " + marker }
        let right = cell(line, padded: false)
        return left + " " + marker + " " + (row.change == .same ? right : style.added(right))
    }

    /// The first `columns` columns of `text`, never splitting a character.
    static func cutToColumns(_ text: String, _ columns: Int) -> String {
        var out = ""
        var used = 0
        for character in text {
            let next = TextWrap.columns(String(character))
            if used + next > columns { break }
            out.append(character)
            used += next
        }
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
    static func json(_ diff: TraceDiff) -> JSONValue {
        var out = JSONObjectBuilder()
        func side(_ side: DiffSide) -> JSONValue {
            var entry = JSONObjectBuilder()
            entry.add("file", side.file)
            entry.add("title", side.header.title)
            entry.add("profile", side.header.profile.rawValue)
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
        out.add("hunkCount", diff.hunkCount)
        out.add("hunks", .list(diff.hunks.map { hunk in
            .list(hunk.rows.map { row in
                var entry = JSONObjectBuilder()
                entry.add("change", row.change.rawValue)
                entry.add("a", row.a.map { line -> JSONValue in
                    var value = JSONObjectBuilder(); value.add("seq", line.seq); value.add("event", line.text); return value.value } ?? .null)
                entry.add("b", row.b.map { line -> JSONValue in
                    var value = JSONObjectBuilder(); value.add("seq", line.seq); value.add("event", line.text); return value.value } ?? .null)
                return entry.value
            })
        }))
        out.add("metrics", .list(diff.metrics.map { metric in
            var entry = JSONObjectBuilder()
            entry.add("metric", metric.key)
            entry.add("kind", metric.kind.rawValue)
            entry.add("a", metric.a.value.map { .number($0.number) } ?? .null)
            entry.add("b", metric.b.value.map { .number($0.number) } ?? .null)
            entry.add("better", metric.better == .neither ? .null : .string(metric.better.rawValue))
            return entry.value
        }))
        return out.value
    }
}
