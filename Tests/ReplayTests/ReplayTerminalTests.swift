import Foundation
import XCTest
import ReuseLabTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `replay` on a pseudo-terminal: `--step` in raw mode driven by arrow keys and
/// single letters, the terminal's settings restored at the end, and colour only
/// when NO_COLOR is not set.
final class ReplayTerminalTests: XCTestCase {
    /// The binary on a new 80×24 pseudo-terminal, run from the package folder.
    func session(_ arguments: [String], environment: [String: String]) throws -> PseudoTerminal {
        try PseudoTerminal(try ReplayBinary.require(), arguments, environment: environment, directory: packageRoot)
    }

    /// The environment of this process, with NO_COLOR set or removed as asked.
    func environment(noColor: Bool) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = noColor ? "1" : nil
        environment["TERM"] = "xterm-256color"
        return environment
    }

    func testArrowKeysAndLettersOnATerminal() throws {
        let session = try session(["replay", bundledTrace("images-async-no-reset"), "--step"], environment: environment(noColor: false))
        let canonical = tcflag_t(ICANON | ECHO)
        XCTAssertTrue(session.expect("0/1265"), "the first step and the status line:\n\(session.text)")
        XCTAssertEqual(session.localModes & canonical, 0, "raw mode while stepping")
        session.send("\u{1B}[C")            // →
        XCTAssertTrue(session.expect("cellForRowAt"), session.text)
        XCTAssertTrue(session.expect("1/1265"), session.text)
        session.send("\u{1B}[C")
        XCTAssertTrue(session.expect("2/1265"), session.text)
        session.send("\u{1B}[D")            // ←
        XCTAssertTrue(session.expect("1/1265"), session.text)
        session.send("n")
        XCTAssertTrue(session.expect("2/1265"), session.text)
        session.send("b")
        XCTAssertTrue(session.expect("1/1265"), session.text)
        session.send("g")
        XCTAssertTrue(session.expect("go to step (0–1265): "), session.text)
        session.send("260")
        session.send("\u{7F}")               // Backspace: 26, then 265
        session.send("5\r")
        XCTAssertTrue(session.expect("[STALE]"), session.text)
        XCTAssertTrue(session.expect("265/1265"), session.text)
        session.send("p")
        XCTAssertTrue(session.expect("State after step 265 (1000 ms):"), session.text)
        session.send("k")
        XCTAssertTrue(session.expect("next step of kind or group: "), session.text)
        session.send("prepareForReuse\r")
        XCTAssertTrue(session.expect("282/1265"), session.text)
        session.send("g")
        XCTAssertTrue(session.expect("go to step"), session.text)
        session.send("\u{1B}")               // Esc cancels the prompt
        XCTAssertTrue(session.expect("282/1265"), session.text)
        session.send("g")
        XCTAssertTrue(session.expect("go to step"), session.text)
        session.send(" 300\r")              // "g 300", as the help writes it: the space is no error
        XCTAssertTrue(session.expect("300/1265"), session.text)
        session.send("?")
        XCTAssertTrue(session.expect("Moving through the trace:"), session.text)
        session.send("q")
        XCTAssertEqual(session.finish(), 0, session.text)
        XCTAssertEqual(session.localModes & canonical, canonical, "the terminal's settings are restored")
        // Colour on a terminal without NO_COLOR: the tag in red, the kind dimmed.
        XCTAssertTrue(session.text.contains("\u{1B}[1;31m[STALE]\u{1B}[0m"), session.text)
        XCTAssertTrue(session.text.contains("\u{1B}[2mprepareForReuse\u{1B}[0m"), session.text)
        // Step 265 was reached through g 260⌫5: step 260 never shows.
        XCTAssertFalse(session.text.contains(" 260   983.3 ms"), session.text)
    }

    func testControlDQuitsAndRestoresTheTerminal() throws {
        let session = try session(["replay", bundledTrace("seed004-slow-scroll"), "--step"], environment: environment(noColor: true))
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
        let session = try session(["replay", bundledTrace("seed004-slow-scroll"), "--step"], environment: environment(noColor: true))
        XCTAssertTrue(session.expect("0/307"), session.text)
        XCTAssertEqual(session.localModes & tcflag_t(ICANON), 0)
        session.process.terminate()
        XCTAssertNil(session.finish(), "ended by SIGTERM, not an exit")
        XCTAssertEqual(session.process.terminationReason, .uncaughtSignal)
        XCTAssertEqual(session.localModes & tcflag_t(ICANON | ECHO), tcflag_t(ICANON | ECHO), "restored by the signal handler")
    }

    func testListingOnATerminalIsColouredUnlessNoColor() throws {
        let coloured = try session(["replay", bundledTrace("late-response-async-reset"), "--only", "stale"], environment: environment(noColor: false))
        XCTAssertEqual(coloured.finish(), 0, coloured.text)
        XCTAssertTrue(coloured.text.contains("\u{1B}[1;31m[STALE]\u{1B}[0m"), coloured.text)
        let plain = try session(["replay", bundledTrace("late-response-async-reset"), "--only", "stale"], environment: environment(noColor: true))
        XCTAssertEqual(plain.finish(), 0, plain.text)
        XCTAssertFalse(plain.output.contains(0x1B), plain.text)
        // An empty NO_COLOR does not count (no-color.org: "present and not an empty string").
        var empty = environment(noColor: false)
        empty["NO_COLOR"] = ""
        let emptySet = try session(["replay", bundledTrace("late-response-async-reset"), "--only", "stale"], environment: empty)
        XCTAssertEqual(emptySet.finish(), 0, emptySet.text)
        XCTAssertTrue(emptySet.text.contains("\u{1B}[1;31m[STALE]\u{1B}[0m"), emptySet.text)
    }
}
