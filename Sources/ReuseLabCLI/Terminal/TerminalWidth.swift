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

/// How many lines a screen of output may take: the `LINES` variable, else the
/// terminal's height, else 24 when standard output is not a terminal.
enum TerminalHeight {
    static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let text = environment["LINES"], let lines = Int(text), lines > 0 { return min(max(lines, 16), 1000) }
        var size = winsize()
        if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 {
            return min(max(Int(size.ws_row), 16), 1000)
        }
        return 24
    }
}
