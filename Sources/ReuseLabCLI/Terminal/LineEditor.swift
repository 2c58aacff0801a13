import Foundation
import ToolSupport

/// Line editing at a prompt on a terminal, for the lesson's answers: ← →,
/// Backspace and Delete, Home and End (and Ctrl-A, Ctrl-E), ↑ ↓ through the
/// answers given so far, Ctrl-U, Ctrl-K and Ctrl-W; Ctrl-C interrupts, Ctrl-D on
/// an empty line ends the input.
///
/// The editing is `LineEditorState` and the drawing `LineEditorView`; this class
/// only reads keys and writes. The terminal is raw only while one line is read,
/// and its settings (and the process's signal handlers, see `LineEditorSignals`)
/// are back before `read` returns, so whatever is printed between two prompts
/// prints normally. Keys typed ahead or pasted after a line break stay unread
/// until the next `read`.
///
/// What it writes goes to `write` as it is: the editor needs "\r" and ESC [ n D
/// to place the cursor, which `VisibleText.forOutput` (and so `CommandIO`) would
/// escape. It keeps that guard's promise itself: the prompt passes `forOutput`,
/// and the line holds no unsafe character (none is ever inserted, and each is
/// escaped again when drawn).
final class LineEditor {
    enum Result: Equatable {
        /// Enter: the line, without its line break (the editor has moved to the next line).
        case line(String)
        /// Ctrl-D on an empty line, or the input closed (a line typed before it closed
        /// comes first, as `.line`). The cursor is left after the prompt.
        case endOfInput
        /// Ctrl-C, or a SIGINT caught by `Interruption` while waiting. The editor
        /// writes "^C" after the line, as a terminal does, and no line break.
        case interrupted
    }

    /// True when standard input and output are both terminals that understand
    /// escape sequences (TERM is not "dumb").
    static var isAvailable: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    private let input: Int32
    private let write: (String) -> Void
    private let width: () -> Int
    /// Kept from one read to the next, with any byte it read ahead.
    private var keys: TerminalKeys

    /// - Parameters:
    ///   - input: where keys come from; when it is not a terminal (a test's pipe)
    ///     the keys are read as they come, without raw mode.
    ///   - write: where the prompt and the line are drawn (standard output, unfiltered).
    ///   - width: the terminal's width in columns, asked at every redraw (it may change).
    init(input: Int32 = STDIN_FILENO,
         write: @escaping (String) -> Void = { StandardStream.output.write($0) },
         width: @escaping () -> Int = { LineEditor.terminalColumns() }) {
        self.input = input
        self.write = write
        self.width = width
        self.keys = TerminalKeys(fd: input, controlDInterrupts: false)
    }

    /// Prints `prompt`, lets the user edit one line, returns it. `history` is the
    /// earlier lines, oldest first, that ↑ brings back.
    func read(prompt: String, history: [String]) -> Result {
        let prompt = LineEditorPrompt(prompt)
        let signals = LineEditorSignals.save()
        let terminal: TerminalMode? = LineEditorSignals.holding {
            let terminal = TerminalMode.enterRaw(fd: input)
            if terminal != nil { signals.keepInterruptHandler() }
            return terminal
        }
        defer {
            if let terminal {
                LineEditorSignals.holding {
                    terminal.restore()
                    signals.reinstall()
                }
            }
        }
        return edit(prompt: prompt, history: history)
    }

    private func edit(prompt: LineEditorPrompt, history: [String]) -> Result {
        var state = LineEditorState(history: history)
        var view = LineEditorView()
        write(prompt.above + view.redraw(state, prompt: prompt, width: width()))
        // A change not drawn yet: while more keys are waiting (a paste) the line is drawn once, after the last.
        var undrawn = false
        while true {
            guard let key = keys.next() else {
                // The input closed: a line typed so far still counts, as with LineReader.
                guard !state.characters.isEmpty else { return .endOfInput }
                return finish(&state, &view, prompt: prompt, then: "\n", .line(state.text))
            }
            let before = state
            switch state.apply(key) {
            case .editing:
                undrawn = undrawn || state != before
                if undrawn, !keys.hasWaitingInput() {
                    write(view.redraw(state, prompt: prompt, width: width()))
                    undrawn = false
                }
            case .line(let text):
                return finish(&state, &view, prompt: prompt, then: "\n", .line(text))
            case .endOfInput:
                return .endOfInput
            case .interrupted:
                return finish(&state, &view, prompt: prompt, then: "^C", .interrupted)
            }
        }
    }

    /// Draws the line with the cursor at its end, then `ending`.
    private func finish(_ state: inout LineEditorState, _ view: inout LineEditorView, prompt: LineEditorPrompt,
                        then ending: String, _ result: Result) -> Result {
        state.moveToEnd()
        write(view.redraw(state, prompt: prompt, width: width()) + ending)
        return result
    }

    /// The width of the terminal on standard output (else standard input), else
    /// COLUMNS, else 80. Unlike `TerminalWidth`, never more than the real width:
    /// a line drawn wider would wrap and the redraw would land on the wrong line.
    static func terminalColumns(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        var size = winsize()
        for fd in [STDOUT_FILENO, STDIN_FILENO] where isatty(fd) == 1 {
            if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return min(columns, 1000) }
        return 80
    }
}
