import TraceFormat
import Lessons

/// The keyboard and screen.
final class TerminalConsole: LessonConsole {
    let io: CommandIO
    let lines = LineReader()
    let width = TerminalWidth.current()
    init(io: CommandIO) { self.io = io }
    var mode: LessonMode { .learner }
    func say(_ text: String) { io.out(text) }
    func ask(_ prompt: String, history: [String]) -> String? {
        io.out(prompt)
        return lines.next()
    }
}

/// Answers read from a file, one per question.
final class ScriptedConsole: LessonConsole {
    var answers: [String]
    let io: CommandIO
    let quiet: Bool
    let width = TerminalWidth.current()
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
    let width = TerminalWidth.current()
    init(io: CommandIO) { self.io = io }
    var mode: LessonMode { .preview }
    func say(_ text: String) { io.out(text) }
    func ask(_ prompt: String, history: [String]) -> String? { nil }
}
