import Foundation
import XCTest
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
final class LineEditorTerminalTests: FolderTestCase {
    /// The binary on the slave side of a new 80×24 pseudo-terminal; the test
    /// types on the master side and reads what the binary draws.
    final class PseudoTerminal {
        let process = Process()
        private let master: Int32
        private let slave: Int32
        private(set) var output: [UInt8] = []
        /// Where the next `expect` starts looking.
        private var mark = 0

        init(_ arguments: [String], environment: [String: String]) throws {
            var master: Int32 = -1, slave: Int32 = -1
            var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
            guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw XCTSkip("openpty is not available here") }
            self.master = master
            self.slave = slave
            let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
            process.executableURL = try Executable.require()
            process.arguments = arguments
            process.currentDirectoryURL = Golden.packageRoot
            process.environment = environment
            process.standardInput = terminal
            process.standardOutput = terminal
            process.standardError = terminal
            try process.run()
        }

        deinit {
            if process.isRunning { process.terminate() }
            close(master)
            close(slave)
        }

        var text: String { String(decoding: output, as: UTF8.self) }
        /// The end of the output, for failure messages.
        var tail: String { String(text.suffix(1500)) }

        func send(_ keys: String) {
            let bytes = Array(keys.utf8)
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }

        /// Reads until `needle` appears after what earlier expectations matched, or
        /// `seconds` pass; true if it appeared.
        @discardableResult
        func expect(_ needle: String, seconds: Double = 20) -> Bool {
            let target = Array(needle.utf8)
            let deadline = Date().addingTimeInterval(seconds)
            while true {
                if let found = find(target) {
                    mark = found + target.count
                    return true
                }
                guard Date() < deadline, readAvailable(waitingMs: 50) || process.isRunning else { return false }
            }
        }

        /// Reads until the process has ended; its exit status (nil if a signal ended it).
        func finish(seconds: Double = 20) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while process.isRunning && Date() < deadline { _ = readAvailable(waitingMs: 50) }
            guard !process.isRunning else { return nil }
            while readAvailable(waitingMs: 50) {}
            process.waitUntilExit()
            return process.terminationReason == .exit ? process.terminationStatus : nil
        }

        /// The terminal's local modes now (ICANON, ECHO, …).
        var localModes: tcflag_t {
            var settings = termios()
            _ = tcgetattr(slave, &settings)
            return settings.c_lflag
        }

        private func readAvailable(waitingMs: Int32) -> Bool {
            var request = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, waitingMs) > 0 else { return false }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            output += buffer[0..<count]
            return true
        }

        private func find(_ target: [UInt8]) -> Int? {
            guard !target.isEmpty, output.count >= target.count, mark <= output.count - target.count else { return nil }
            for start in mark...(output.count - target.count) where output[start] == target[0] {
                if Array(output[start..<(start + target.count)]) == target { return start }
            }
            return nil
        }
    }

    struct MissingOutput: Error {}

    /// Fails and ends the test unless `found`: each step waits for the one before,
    /// so after a miss the rest would only wait out their time.
    func require(_ found: Bool, _ message: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard found else {
            XCTFail(message(), file: file, line: line)
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

    /// The prompt as the editor first draws it, empty.
    let emptyPrompt = "\r> \u{1B}[K"

    func testAnsweringWithLineEditing() throws {
        let session = try PseudoTerminal(["lesson", "1"], environment: environment)
        let canonical = tcflag_t(ICANON | ECHO)

        // Question 1 (the answer is 19): a wrong answer first, so there are two to recall later.
        try require(session.expect("Question 1 of 4"), session.tail)
        try require(session.expect(emptyPrompt), session.tail)
        XCTAssertEqual(session.localModes & canonical, 0, "raw mode while the answer is typed")
        session.send("20\r")
        try require(session.expect(emptyPrompt), "asked again: \(session.tail)")
        // 9x, ← (between 9 and x), Delete (the x), Home, 1, End (ESC O F), Enter: "19".
        // Escapes ignored would give "9x1"; escapes inserted, worse.
        session.send("9x\u{1B}[D\u{1B}[3~\u{1B}[H1\u{1B}OF\r")
        try require(session.expect("\r> 19\u{1B}[K\r\n"), session.tail)
        try require(session.expect("Right"), session.tail)

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
        XCTAssertEqual(session.finish(), 130, session.tail)
        XCTAssertEqual(session.localModes & canonical, canonical, "the terminal's settings are restored")
        let saved = try JSONSerialization.jsonObject(with: Data(folder.read("progress/01-first-screen.json"))) as? [String: Any]
        XCTAssertEqual(saved?["nextStep"] as? Int, 2, "two questions answered and saved")
        // No escape sequence was ever echoed as text.
        XCTAssertFalse(session.text.contains("[D"), session.tail)
        XCTAssertFalse(session.text.contains("\\e"), session.tail)
    }

    func testControlDOnAnEmptyLineEndsTheLesson() throws {
        let session = try PseudoTerminal(["lesson", "1"], environment: environment)
        try require(session.expect(emptyPrompt), session.tail)
        // Ctrl-D on a line with text deletes (here: the "x" under the cursor), it does not end.
        session.send("1x9\u{1B}[D\u{1B}[D\u{4}\r")
        try require(session.expect("Right"), session.tail)
        try require(session.expect(emptyPrompt), session.tail)
        session.send("\u{4}")
        try require(session.expect("Stopped at question 2 of 4"), session.tail)
        XCTAssertEqual(session.finish(), 0, session.tail)
        XCTAssertEqual(session.localModes & tcflag_t(ICANON | ECHO), tcflag_t(ICANON | ECHO))
    }

    func testASignalWhileTypingStopsTheLessonInGoodOrder() throws {
        let session = try PseudoTerminal(["lesson", "1"], environment: environment)
        try require(session.expect(emptyPrompt), session.tail)
        session.send("1")
        try require(session.expect("\r> 1\u{1B}[K"), session.tail)
        XCTAssertEqual(session.localModes & tcflag_t(ICANON), 0)
        kill(session.process.processIdentifier, SIGINT)
        try require(session.expect("Stopped at question 1 of 4"), session.tail)
        XCTAssertEqual(session.finish(), 130, "caught, not fatal: \(session.tail)")
        XCTAssertEqual(session.localModes & tcflag_t(ICANON | ECHO), tcflag_t(ICANON | ECHO))
    }
}
