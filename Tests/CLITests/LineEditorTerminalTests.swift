import Foundation
import Testing
import ReuseLabTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `reuselab lesson` on a pseudo-terminal, answered with line editing: arrow keys,
/// Home, End and Delete in their several forms, ↑ and ↓ through the answers
/// given, wide characters, and Ctrl-C, which stops the lesson with status 130 and
/// leaves the terminal's settings as they were.
@Suite
final class LineEditorTerminalTests: FolderTestCase {
    struct MissingOutput: Error {}

    /// Fails and ends the test unless `found`: each step waits for the one before,
    /// so after a miss the rest would only wait out their time.
    func require(_ found: Bool, _ message: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard found else {
            Issue.record(Comment(rawValue: message()), sourceLocation: sourceLocation)
            throw MissingOutput()
        }
    }

    /// Progress in the test's folder, never the real home folder; the width from the terminal.
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["REUSELAB_PROGRESS_DIR"] = folder.path("progress")
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = "1"
        environment["COLUMNS"] = nil
        return environment
    }

    /// Presses Enter at the introduction's own screen.
    func begin(_ session: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try require(session.expect("Press Enter to begin"), session.tail, sourceLocation: sourceLocation)
        session.send("\r")
    }

    /// Presses Enter under a reveal, which stays on screen until then.
    func goOn(_ session: PseudoTerminal, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try require(session.expect("Press Enter to go on"), session.tail, sourceLocation: sourceLocation)
        session.send("\r")
    }

    /// The prompt as the editor first draws it, empty.
    let emptyPrompt = "\r> \u{1B}[K"

    @Test func testAnsweringWithLineEditing() throws {
        let session = try PseudoTerminal(try Executable.require(), ["lesson", "1"], environment: environment, directory: Golden.packageRoot)
        try begin(session)
        let canonical = tcflag_t(ICANON | ECHO)

        // Question 1 (the answer is 19): a wrong answer first, so there are two to recall later.
        try require(session.expect("Question 1 of 4"), session.tail)
        try require(session.expect(emptyPrompt), session.tail)
        #expect(session.localModes & canonical == 0, "raw mode while the answer is typed")
        session.send("20\r")
        try require(session.expect(emptyPrompt), "asked again: \(session.tail)")
        // 9x, ← (between 9 and x), Delete (the x), Home, 1, End (ESC O F), Enter: "19".
        // Escapes ignored would give "9x1"; escapes inserted, worse.
        session.send("9x\u{1B}[D\u{1B}[3~\u{1B}[H1\u{1B}OF\r")
        try require(session.expect("\r> 19\u{1B}[K\r\n"), session.tail)
        try require(session.expect("Right"), session.tail)
        try goOn(session)

        // Question 2 (init). ↑ ↑ recalls "20", past "19": not an answer here, asked again.
        try require(session.expect("Question 2 of 4"), session.tail)
        try require(session.expect(emptyPrompt), session.tail)
        session.send("\u{1B}[A\u{1B}[A\r")
        try require(session.expect("\r> 20\u{1B}[K\r\n"), "the recalled line, then a new line: \(session.tail)")
        try require(session.expect(emptyPrompt), session.tail)
        // "ini", ↑ ("19"), ↓ (back to "ini", kept), "t": "init".
        session.send("ini\u{1B}[A\u{1B}[Bt\r")
        try require(session.expect("\r> init\u{1B}[K\r\n"), session.tail)
        try require(session.expect("Right"), session.tail)
        try goOn(session)

        // Question 3: wide characters move by whole characters, two columns each.
        try require(session.expect("Question 3 of 4"), session.tail)
        try require(session.expect(emptyPrompt), session.tail)
        session.send("가나다")
        try require(session.expect("\r> 가나다\u{1B}[K"), session.tail)
        session.send("\u{1B}[D\u{7F}")
        try require(session.expect("\r> 가다\u{1B}[K\u{1B}[2D"), "← then Backspace: 가다, the cursor before 다: \(session.tail)")
        session.send("\u{1B}[1~")
        try require(session.expect("\r> 가다\u{1B}[K\u{1B}[4D"), "Home: \(session.tail)")
        session.send("\u{1B}[4~")
        try require(session.expect("\r> 가다\u{1B}[K"), "End: \(session.tail)")
        // Ctrl-C: the lesson stops, keeping the two answers.
        session.send("\u{3}")
        try require(session.expect("^C"), session.tail)
        try require(session.expect("Stopped at question 3 of 4"), session.tail)
        #expect(session.finish() == 130, Comment(rawValue: session.tail))
        #expect(session.localModes & canonical == canonical, "the terminal's settings are restored")
        let saved = try JSONSerialization.jsonObject(with: Data(folder.read("progress/01-first-screen.json"))) as? [String: Any]
        #expect((saved?["nextStep"] as? Int) == 2, "two questions answered and saved")
        // No escape sequence was ever echoed as text.
        #expect(!session.text.contains("[D"), Comment(rawValue: session.tail))
        #expect(!(session.text.contains("\\e")), Comment(rawValue: session.tail))
    }

    @Test func testTextTypedWhereNothingIsAskedIsSaidSoNotDropped() throws {
        let session = try PseudoTerminal(try Executable.require(), ["lesson", "1"], environment: environment, directory: Golden.packageRoot)
        try begin(session)
        try require(session.expect(emptyPrompt), session.tail)
        session.send("19\r")
        try require(session.expect("Right"), session.tail)
        // An answer typed ahead, at "Press Enter to go on": said to answer nothing, and asked again.
        try require(session.expect("Press Enter to go on"), session.tail)
        session.send("init\r")
        try require(session.expect("Nothing is asked here, so \"init\" answers nothing"), session.tail)
        try goOn(session)
        try require(session.expect("Question 2 of 4"), session.tail)
        // Ctrl-D only once the prompt is drawn: before it, the terminal is not yet in raw mode.
        try require(session.expect(emptyPrompt), session.tail)
        session.send("\u{4}")
        try require(session.expect("Stopped at question 2 of 4"), session.tail)
        #expect(session.finish() == 0, Comment(rawValue: session.tail))
    }

    @Test func testControlDOnAnEmptyLineEndsTheLesson() throws {
        let session = try PseudoTerminal(try Executable.require(), ["lesson", "1"], environment: environment, directory: Golden.packageRoot)
        try begin(session)
        try require(session.expect(emptyPrompt), session.tail)
        // Ctrl-D on a line with text deletes (here: the "x" under the cursor), it does not end.
        session.send("1x9\u{1B}[D\u{1B}[D\u{4}\r")
        try require(session.expect("Right"), session.tail)
        try goOn(session)
        try require(session.expect(emptyPrompt), session.tail)
        session.send("\u{4}")
        try require(session.expect("Stopped at question 2 of 4"), session.tail)
        #expect(session.finish() == 0, Comment(rawValue: session.tail))
        #expect(session.localModes & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
    }

    @Test func testASignalWhileTypingStopsTheLessonInGoodOrder() throws {
        let session = try PseudoTerminal(try Executable.require(), ["lesson", "1"], environment: environment, directory: Golden.packageRoot)
        try begin(session)
        try require(session.expect(emptyPrompt), session.tail)
        session.send("1")
        try require(session.expect("\r> 1\u{1B}[K"), session.tail)
        #expect(session.localModes & tcflag_t(ICANON) == 0)
        kill(session.process.processIdentifier, SIGINT)
        try require(session.expect("Stopped at question 1 of 4"), session.tail)
        #expect(session.finish() == 130, "caught, not fatal: \(session.tail)")
        #expect(session.localModes & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
    }
}
