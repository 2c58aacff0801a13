import TraceModel
import ToolSupport
import Replay

/// How a lesson's text is laid out for a terminal `width` columns wide: prose
/// wrapped at word boundaries, trace steps as aligned columns (step, time,
/// explanation) with the explanation's continuation lines under its first.
struct LessonText {
    let width: Int
    var style: TerminalStyle = .plain

    /// The widest line of a fix's code that fits an 80-column terminal (indented by 4).
    static let codeWidth = 76

    /// `text` wrapped, every line indented by `indent`.
    func prose(_ text: String, indent: Int = 0) -> String {
        TextWrap.paragraph(VisibleText.escape(text, keepingLineBreaks: true), width: width, indent: indent)
    }

    /// `label` then `text` wrapped beside it ("Hint: …" with the rest under "…").
    func labelled(_ label: String, _ text: String) -> String {
        TextWrap.row(label, VisibleText.escape(text), width: width)
    }

    /// Trace steps, one per annotation, columns aligned within the block. An
    /// undocumented rule's caveat is said once, as a numbered note under the
    /// block, and each step resting on it carries the note's number. With
    /// `oneLine`, each step is cut to one line (for a pause that must fit the screen).
    func steps(_ annotations: [Annotation], oneLine: Bool = false) -> String {
        guard !annotations.isEmpty else { return "" }
        let seqWidth = annotations.map { String($0.seq).count }.max() ?? 1
        let times = annotations.map { ReadableNumber.ms($0.time) }
        let timeWidth = times.map(\.count).max() ?? 1
        var out = ""
        var notes: [InferredRule] = []
        for (annotation, time) in zip(annotations, times) {
            let seq = String(annotation.seq)
            let prefix = "  " + String(repeating: " ", count: seqWidth - seq.count) + seq + "  "
                + String(repeating: " ", count: timeWidth - time.count) + time + "  "
            // A mark is named once: some explanations already start with it ("HITCH: …").
            let marked = annotation.marks.filter { [.stale, .late, .wrongRow, .hitch].contains($0) }.sorted()
            let marks = marked.map(\.rawValue).filter { !annotation.text.hasPrefix($0 + ":") }
            var body = annotation.text
            if let rule = annotation.inferred, body.hasSuffix(" " + rule.note) {
                body.removeLast(rule.note.count + 1)
                if !notes.contains(rule) { notes.append(rule) }
                body += " [\((notes.firstIndex(of: rule) ?? 0) + 1)]"
            }
            let text = VisibleText.escape(body)
            let tags = marks.isEmpty ? "" : marks.joined(separator: " ") + ": "
            let shownTags = marked.isEmpty ? tags : marks.map { style.wrong($0) }.joined(separator: " ") + (marks.isEmpty ? "" : ": ")
            guard oneLine else {
                out += style.enabled && !marks.isEmpty
                    ? colouredRow(prefix, tags, shownTags, text) : TextWrap.row(prefix, tags + text, width: width)
                continue
            }
            let room = max(10, width - TextWrap.columns(prefix) - TextWrap.columns(tags))
            let pieces = TextWrap.lines(text, firstWidth: room - 1, width: room - 1)
            let cut = pieces.count > 1 ? (pieces.first ?? "") + "…" : text
            out += prefix + shownTags + cut + "\n"
        }
        for (number, rule) in notes.enumerated() {
            out += TextWrap.row("  [\(number + 1)] ", rule.sentence, width: width)
        }
        return out
    }

    /// A row whose tags are coloured: wrapped as plain text, then the tags replaced.
    private func colouredRow(_ prefix: String, _ tags: String, _ shownTags: String, _ text: String) -> String {
        let plain = TextWrap.row(prefix, tags + text, width: width)
        guard let range = plain.range(of: tags) else { return plain }
        return plain.replacingCharacters(in: range, with: shownTags)
    }

    /// Lines of code, indented by four. A line too long for the terminal is
    /// soft-wrapped as an editor does it: broken at a space, the rest indented
    /// four more than the line, so the code itself is never changed.
    func code(_ lines: [String]) -> String {
        var out = ""
        let escaped = lines.map { VisibleText.escape($0) }
        // One margin for the whole block, so its indentation stays true.
        let margin = escaped.allSatisfy({ TextWrap.columns($0) + 4 <= width }) ? 4 : 0
        for line in escaped {
            let indent = line.prefix(while: { $0 == " " }).count
            guard TextWrap.columns(line) + margin > width else {
                out += String(repeating: " ", count: margin) + line + "\n"
                continue
            }
            let pieces = TextWrap.lines(String(line.dropFirst(indent)), firstWidth: width - indent, width: max(20, width - indent - 4))
            for (number, piece) in pieces.enumerated() {
                out += String(repeating: " ", count: number == 0 ? indent : indent + 4) + piece + "\n"
            }
        }
        return out
    }

    /// A heading line: "── Step 2 of 4 ─────".
    func heading(_ title: String) -> String {
        let text = "── " + title + " "
        return text + String(repeating: "─", count: max(3, min(width, 80) - TextWrap.columns(text))) + "\n"
    }
}

extension VisibleText {
    /// `text` escaped for the terminal, its line breaks kept as line breaks.
    static func escape(_ text: String, keepingLineBreaks: Bool) -> String {
        guard keepingLineBreaks else { return escape(text) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { escape(String($0)) }.joined(separator: "\n")
    }
}
