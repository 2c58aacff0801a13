import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `replay` on a pseudo-terminal: `--step` in raw mode driven by arrow keys and
/// single letters, the terminal's settings restored at the end, and colour only
/// when NO_COLOR is not set.
final class ReplayTerminalTests: XCTestCase {
    /// The binary running on the slave side of a new pseudo-terminal; the test
    /// types on the master side and reads what the binary prints.
    final class TerminalSession {
        let process = Process()
        private let master: Int32
        private let slave: Int32
        private(set) var output: [UInt8] = []
        /// Where the next `expect` starts looking.
        private var mark = 0

        init(_ arguments: [String], environment: [String: String]) throws {
            var master: Int32 = -1, slave: Int32 = -1
            guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw XCTSkip("openpty is not available here") }
            self.master = master
            self.slave = slave
            let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
            process.executableURL = try ReplayBinary.require()
            process.arguments = arguments
            process.currentDirectoryURL = packageRoot
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

        /// The output so far as text, line ends as "\n" (the terminal writes "\r\n").
        var text: String { String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n") }

        func send(_ keys: String) {
            let bytes = Array(keys.utf8)
            _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }

        /// Reads until `needle` appears after what earlier expectations matched, or
        /// `seconds` pass; true if it appeared.
        @discardableResult
        func expect(_ needle: String, seconds: Double = 10) -> Bool {
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

        /// Reads until the process has ended (and its output is drained); its exit status.
        func finish(seconds: Double = 10) -> Int32? {
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

    /// The environment of this process without NO_COLOR (the in-process tests set it).
    func environment(noColor: Bool) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = noColor ? "1" : nil
        environment["TERM"] = "xterm-256color"
        return environment
    }

    func testArrowKeysAndLettersOnATerminal() throws {
        let session = try TerminalSession(["replay", bundledTrace("images-async-no-reset"), "--step"], environment: environment(noColor: false))
        let canonical = tcflag_t(ICANON | ECHO)
        XCTAssertTrue(session.expect("0/1224"), "the first step and the status line:\n\(session.text)")
        XCTAssertEqual(session.localModes & canonical, 0, "raw mode while stepping")
        session.send("\u{1B}[C")            // →
        XCTAssertTrue(session.expect("cellForRowAt"), session.text)
        XCTAssertTrue(session.expect("1/1224"), session.text)
        session.send("\u{1B}[C")
        XCTAssertTrue(session.expect("2/1224"), session.text)
        session.send("\u{1B}[D")            // ←
        XCTAssertTrue(session.expect("1/1224"), session.text)
        session.send("n")
        XCTAssertTrue(session.expect("2/1224"), session.text)
        session.send("b")
        XCTAssertTrue(session.expect("1/1224"), session.text)
        session.send("g")
        XCTAssertTrue(session.expect("go to step (0–1224): "), session.text)
        session.send("255")
        session.send("\u{7F}")               // Backspace: 25, then 259
        session.send("9\r")
        XCTAssertTrue(session.expect("[STALE]"), session.text)
        XCTAssertTrue(session.expect("259/1224"), session.text)
        session.send("p")
        XCTAssertTrue(session.expect("State after step 259 (1000 ms):"), session.text)
        session.send("k")
        XCTAssertTrue(session.expect("next step of kind or group: "), session.text)
        session.send("prepareForReuse\r")
        XCTAssertTrue(session.expect("275/1224"), session.text)
        session.send("g")
        XCTAssertTrue(session.expect("go to step"), session.text)
        session.send("\u{1B}")               // Esc cancels the prompt
        XCTAssertTrue(session.expect("275/1224"), session.text)
        session.send("?")
        XCTAssertTrue(session.expect("Moving through the trace:"), session.text)
        session.send("q")
        XCTAssertEqual(session.finish(), 0, session.text)
        XCTAssertEqual(session.localModes & canonical, canonical, "the terminal's settings are restored")
        // Colour on a terminal without NO_COLOR: the tag in red, the kind dimmed.
        XCTAssertTrue(session.text.contains("\u{1B}[1;31m[STALE]\u{1B}[0m"), session.text)
        XCTAssertTrue(session.text.contains("\u{1B}[2mprepareForReuse\u{1B}[0m"), session.text)
        // Step 259 was reached through g 255⌫9: step 255 never shows.
        XCTAssertFalse(session.text.contains(" 255   983.3 ms"), session.text)
    }

    func testControlDQuitsAndRestoresTheTerminal() throws {
        let session = try TerminalSession(["replay", bundledTrace("seed004-slow-scroll"), "--step"], environment: environment(noColor: true))
        XCTAssertTrue(session.expect("0/307"), session.text)
        session.send("s")
        XCTAssertTrue(session.expect("(no STALE or LATE step after step 0)"), session.text)
        session.send("\u{04}")
        XCTAssertEqual(session.finish(), 0, session.text)
        XCTAssertEqual(session.localModes & tcflag_t(ICANON | ECHO), tcflag_t(ICANON | ECHO))
        // NO_COLOR: no colour, only the status line's erasing (ESC [K).
        XCTAssertFalse(session.text.contains("\u{1B}[1"), session.text)
        XCTAssertFalse(session.text.contains("\u{1B}[2m"), session.text)
    }

    func testTerminalRestoredWhenKilled() throws {
        let session = try TerminalSession(["replay", bundledTrace("seed004-slow-scroll"), "--step"], environment: environment(noColor: true))
        XCTAssertTrue(session.expect("0/307"), session.text)
        XCTAssertEqual(session.localModes & tcflag_t(ICANON), 0)
        session.process.terminate()
        XCTAssertNil(session.finish(), "ended by SIGTERM, not an exit")
        XCTAssertEqual(session.process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(session.localModes & tcflag_t(ICANON | ECHO), tcflag_t(ICANON | ECHO), "restored by the signal handler")
    }

    func testListingOnATerminalIsColouredUnlessNoColor() throws {
        let coloured = try TerminalSession(["replay", bundledTrace("images-async-no-reset"), "--only", "stale"], environment: environment(noColor: false))
        XCTAssertEqual(coloured.finish(), 0, coloured.text)
        XCTAssertTrue(coloured.text.contains("\u{1B}[1;31m[STALE]\u{1B}[0m"), coloured.text)
        let plain = try TerminalSession(["replay", bundledTrace("images-async-no-reset"), "--only", "stale"], environment: environment(noColor: true))
        XCTAssertEqual(plain.finish(), 0, plain.text)
        XCTAssertFalse(plain.output.contains(0x1B), plain.text)
        // An empty NO_COLOR does not count (no-color.org: "present and not an empty string").
        var empty = environment(noColor: false)
        empty["NO_COLOR"] = ""
        let emptySet = try TerminalSession(["replay", bundledTrace("images-async-no-reset"), "--only", "stale"], environment: empty)
        XCTAssertEqual(emptySet.finish(), 0, emptySet.text)
        XCTAssertTrue(emptySet.text.contains("\u{1B}[1;31m[STALE]\u{1B}[0m"), emptySet.text)
    }
}
