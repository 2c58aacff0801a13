import Foundation
import ToolSupport
import Lessons
import Replay

/// The keyboard and screen. On a terminal answers are typed with `LineEditor`
/// (arrow keys, history of the answers given); from a pipe they are read line by
/// line and echoed after the prompt, so a transcript reads like a session.
final class TerminalConsole: LessonConsole {
    let io: CommandIO
    private let lines = LineReader()
    private let editor: LineEditor? = LineEditor.isAvailable ? LineEditor() : nil
    private let echoes = isatty(STDIN_FILENO) != 1
    /// True once the learner pressed Ctrl-C at the prompt (in raw mode it arrives
    /// as a key, not a signal).
    private(set) var interrupted = false
    let style = TerminalStyle.detect()
    init(io: CommandIO) { self.io = io }
    var mode: LessonMode { .learner }
    var width: Int { io.width }
    var height: Int { TerminalHeight.current() }
    func say(_ text: String) { io.out(text) }
    /// On a terminal, waits for Enter (q, Ctrl-C or Ctrl-D stop the lesson);
    /// from a pipe it goes straight on, so a file of answers is never eaten.
    /// Text typed here is no answer to anything: it is said so and asked again,
    /// never dropped without a word.
    func waitForEnter(_ prompt: String) -> Bool {
        guard let editor else { return true }
        while true {
            switch editor.read(prompt: style.dim(prompt + " "), history: []) {
            case .line(let text):
                if PromptCommand(text) == .quit { return false }
                if text.allSatisfy(\.isWhitespace) { return true }
                io.out(style.dim("Nothing is asked here, so \"\(VisibleText.shortened(text, limit: 40))\" answers nothing: the next question comes after Enter.") + "\n")
            case .endOfInput:
                return false
            case .interrupted:
                interrupted = true
                return false
            }
        }
    }
    func ask(_ prompt: String, history: [String]) -> String? {
        if let editor {
            switch editor.read(prompt: prompt, history: history) {
            case .line(let text): return text
            case .endOfInput: return nil
            case .interrupted:
                interrupted = true
                return nil
            }
        }
        io.out(prompt)
        let line = lines.next()
        // Echoed as a transcript line: a long one shortened, never flooding the screen.
        if echoes, let line { io.out(VisibleText.shortened(line, limit: 200) + "\n") }
        if lines.lastLineWasCut {
            io.err("reuselab: that line was longer than \(LineReader.limit) bytes; only its start was read\n")
        }
        return line
    }
}

/// Answers read from a file, one per question.
final class ScriptedConsole: LessonConsole {
    var answers: [String]
    let io: CommandIO
    let quiet: Bool
    var width: Int { io.width }
    init(answers: [String], io: CommandIO, quiet: Bool) {
        self.answers = answers
        self.io = io
        self.quiet = quiet
    }
    var mode: LessonMode { .scripted }
    func say(_ text: String) { if !quiet { io.out(text) } }
    func ask(_ prompt: String, history: [String]) -> String? {
        guard !answers.isEmpty else { return nil }
        let answer = answers.removeFirst()
        if !quiet { io.out("> " + VisibleText.escape(answer) + "\n") }
        return answer
    }
}

/// An instructor's preview: every pause as a learner sees it, with its answers;
/// nothing is asked.
final class PreviewConsole: LessonConsole {
    let io: CommandIO
    var width: Int { io.width }
    init(io: CommandIO) { self.io = io }
    var mode: LessonMode { .preview }
    func say(_ text: String) { io.out(text) }
    func ask(_ prompt: String, history: [String]) -> String? { nil }
}
