import TraceModel
import ToolSupport

/// Lines of the carried code as a reader prints them in a box of text: a title
/// (`┌ File.swift · tableView(_:cellForRowAt:)`), then each line numbered under
/// a `│`, the current one marked `▶`, all less the function's own indentation
/// and cut to the width. The stepper's code pane and a lesson's pause both print
/// code this way; the page draws the same lines from the data.
public struct CodeListing: Sendable {
    public let code: CarriedCode
    public var width: Int

    public init(code: CarriedCode, width: Int) {
        self.code = code
        self.width = width
    }

    /// "File.swift · name()" for `function`, or the file's name alone.
    public func title(file: Int, function: CodeFunction?) -> String {
        guard code.files.indices.contains(file) else { return "" }
        var title = VisibleText.escape(code.files[file].name)
        if let function { title += " · " + VisibleText.escape(code.name(of: function)) }
        return shortened("┌ " + title)
    }

    /// Lines `lines` of file `file` (those that exist), `current` marked; without
    /// the indentation of the least indented non-blank line among them.
    public func rows(file: Int, lines: ClosedRange<Int>, current: Int? = nil) -> [String] {
        guard code.files.indices.contains(file) else { return [] }
        let source = code.files[file].lines
        let shown = lines.clamped(to: 1...max(1, source.count))
        guard !source.isEmpty else { return [] }
        let dedent = shown.map { source[$0 - 1] }.filter { !CarriedCode.isBlank($0) }.map(CarriedCode.indent(of:)).min() ?? 0
        let numberWidth = String(shown.upperBound).count
        return shown.map { number in
            let text = source[number - 1]
            let digits = String(number)
            let head = (number == current ? "│▶" : "│ ") + String(repeating: " ", count: numberWidth - digits.count) + digits + "  "
            return shortened(head + VisibleText.escape(String(text.dropFirst(min(dedent, CarriedCode.indent(of: text))))))
        }
    }

    /// A whole function, titled, for a reader that shows it at a pause.
    public func function(_ function: CodeFunction) -> [String] {
        [title(file: function.file, function: function)] + rows(file: function.file, lines: function.lines)
    }

    private func shortened(_ text: String) -> String {
        TextWrap.cut(text, to: max(10, width))
    }
}
