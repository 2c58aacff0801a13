import TraceModel
import ToolSupport
import Replay

/// The stepper's code pane (`c` in `replay --step`): the function a step's line
/// of code is in, only a few lines of it around that line (marked `▶`), then
/// the lines elsewhere that explain the step (the empty `prepareForReuse` at a
/// STALE frame). At most `contextLines` lines either side and eight related
/// lines, so that a step, its pane and the status line fit a 24-line terminal.
struct CodePaneText {
    static let contextLines = 2
    static let mostRelated = 8

    let code: CarriedCode
    var style: TerminalStyle
    var width: Int

    /// The pane's lines (no line breaks), or nil when the step has no line of code.
    func lines(_ annotation: Annotation) -> [String]? {
        guard let place = annotation.code?.at, code.text(at: place) != nil else { return nil }
        let function = code.function(containing: place)
        let file = code.files[place.file]
        let low = max(function?.start ?? 1, place.line - Self.contextLines)
        let high = min(function?.end ?? file.lines.count, place.line + Self.contextLines)
        var title = file.name
        if let function { title += " · " + code.name(of: function) }
        var out = [style.bold(Self.shortened("┌ " + VisibleText.escape(title), to: width))]
        let number = String(high).count
        let dedent = function.map { CarriedCode.indent(of: file.lines[$0.start - 1]) } ?? 0
        for line in low...high {
            out.append(row(file.lines[line - 1], number: line, numberWidth: number, dedent: dedent, current: line == place.line))
        }
        let related = annotation.relatedCode.prefix(Self.mostRelated)
        if !related.isEmpty {
            out.append("│ " + style.dim("and, explaining it:"))
            let relatedWidth = related.map { String($0.line).count }.max() ?? 1
            let relatedDedent = related.map { CarriedCode.isBlank($0.text) ? Int.max : CarriedCode.indent(of: $0.text) }.min() ?? 0
            for place in related {
                out.append(row(place.text, number: place.line, numberWidth: relatedWidth, dedent: relatedDedent == Int.max ? 0 : relatedDedent, current: false))
            }
        }
        return out
    }

    /// "▶ 49  cell.profileImageView.image = …": the marker, the number, the text
    /// less the function's own indentation, cut to the width.
    private func row(_ text: String, number: Int, numberWidth: Int, dedent: Int, current: Bool) -> String {
        let digits = String(number)
        let head = (current ? "│▶" : "│ ") + String(repeating: " ", count: max(0, numberWidth - digits.count)) + digits + "  "
        let spaces = min(dedent, CarriedCode.indent(of: text))
        let body = VisibleText.escape(String(text.dropFirst(spaces)))
        let line = Self.shortened(head + body, to: width)
        return current ? style.bold(line) : line
    }

    static func shortened(_ text: String, to width: Int) -> String {
        StepLayout.shortened(text, to: max(10, width))
    }
}
