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
        let listing = CodeListing(code: code, width: width)
        let function = code.function(containing: place)
        let low = max(function?.start ?? 1, place.line - Self.contextLines)
        let high = min(function?.end ?? place.line, place.line + Self.contextLines)
        var out = [style.bold(listing.title(file: place.file, function: function))]
        // Indented as in the function, so the window keeps the code's shape.
        let window = listing.rows(file: place.file, lines: (function?.start ?? low)...high, current: place.line).suffix(high - low + 1)
        out += window.map { $0.hasPrefix("│▶") ? style.bold($0) : $0 }
        let related = annotation.relatedCode.prefix(Self.mostRelated)
        if let first = related.first, related.allSatisfy({ $0.at.file == first.at.file }) {
            out.append("│ " + style.dim("and, explaining it:"))
            let lines = related.map(\.at.line)
            if let low = lines.min(), let high = lines.max(), high - low < Self.mostRelated {
                out += listing.rows(file: first.at.file, lines: low...high)
            }
        }
        return out
    }
}
