import TraceFormat
import Lessons

/// The keyboard and screen.
final class TerminalConsole: LessonConsole {
    let io: CommandIO
    let lines = LineReader()
    init(io: CommandIO) { self.io = io }
    var isScripted: Bool { false }
    func say(_ text: String) { io.out(text) }
    func ask(_ prompt: String) -> String? {
        io.out(prompt)
        return lines.next()
    }
}

/// Answers read from a file, one per question.
final class ScriptedConsole: LessonConsole {
    var answers: [String]
    let io: CommandIO
    let quiet: Bool
    init(answers: [String], io: CommandIO, quiet: Bool) {
        self.answers = answers
        self.io = io
        self.quiet = quiet
    }
    var isScripted: Bool { true }
    func say(_ text: String) { if !quiet { io.out(text) } }
    func ask(_ prompt: String) -> String? {
        guard !answers.isEmpty else { return nil }
        let answer = answers.removeFirst()
        if !quiet { io.out("> " + VisibleText.escape(answer) + "\n") }
        return answer
    }
}
