import Foundation

/// How wide the text output may be: the `COLUMNS` variable, else the terminal's
/// width, else 80 columns when standard output is not a terminal.
enum TerminalWidth {
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return min(max(columns, 40), 1000) }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return min(max(Int(size.ws_col), 40), 1000)
        }
        return 80
    }
}

extension TextWrap {
    /// One row of a listing: `prefix` (the fixed columns), then `text` wrapped to
    /// `width` with its continuation lines under its first. When the prefix leaves
    /// too little room, the text goes on the lines below, indented by four.
    static func row(_ prefix: String, _ text: String, width: Int) -> String {
        let indent = columns(prefix)
        if width - indent >= 24 {
            let lines = TextWrap.lines(text, firstWidth: width - indent, width: width - indent)
            return prefix + lines.joined(separator: "\n" + String(repeating: " ", count: indent)) + "\n"
        }
        let lines = TextWrap.lines(text, firstWidth: width - 4, width: width - 4)
        return prefix.trimmingCharacters(in: .whitespaces) + "\n" + lines.map { "    " + $0 }.joined(separator: "\n") + "\n"
    }
}
