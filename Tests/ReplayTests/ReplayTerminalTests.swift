import Foundation
import Testing
import ReuseLabTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `replay` on a pseudo-terminal: `--step` in raw mode driven by arrow keys and
/// single letters, the terminal's settings restored at the end, and colour only
/// when NO_COLOR is not set.
@Suite
final class ReplayTerminalTests {
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

    @Test func testArrowKeysAndLettersOnATerminal() throws {
        let session = try session(["replay", bundledTrace("images-async-no-reset"), "--step"], environment: environment(noColor: false))
        let last = try BundledFiles.lastStep(of: "images-async-no-reset")
        let canonical = tcflag_t(ICANON | ECHO)
        #expect(session.expect("0/\(last)"), "the first step and the status line:\n\(session.text)")
        #expect(session.localModes & canonical == 0, "raw mode while stepping")
        session.send("\u{1B}[C")            // →
        #expect(session.expect("cellForRowAt"), Comment(rawValue: session.text))
        #expect(session.expect("1/\(last)"), Comment(rawValue: session.text))
        session.send("\u{1B}[C")
        #expect(session.expect("2/\(last)"), Comment(rawValue: session.text))
        session.send("\u{1B}[D")            // ←
        #expect(session.expect("1/\(last)"), Comment(rawValue: session.text))
        session.send("n")
        #expect(session.expect("2/\(last)"), Comment(rawValue: session.text))
        session.send("b")
        #expect(session.expect("1/\(last)"), Comment(rawValue: session.text))
        session.send("g")
        #expect(session.expect("go to step (0–\(last)): "), Comment(rawValue: session.text))
        session.send("260")
        session.send("\u{7F}")               // Backspace: 26, then 265
        session.send("5\r")
        #expect(session.expect("[STALE]"), Comment(rawValue: session.text))
        #expect(session.expect("265/\(last)"), Comment(rawValue: session.text))
        session.send("p")
        #expect(session.expect("State after step 265 (1000 ms):"), Comment(rawValue: session.text))
        session.send("k")
        #expect(session.expect("next step of kind or group: "), Comment(rawValue: session.text))
        session.send("prepareForReuse\r")
        #expect(session.expect("283/\(last)"), Comment(rawValue: session.text))
        session.send("g")
        #expect(session.expect("go to step"), Comment(rawValue: session.text))
        session.send("\u{1B}")               // Esc cancels the prompt
        #expect(session.expect("283/\(last)"), Comment(rawValue: session.text))
        session.send("g")
        #expect(session.expect("go to step"), Comment(rawValue: session.text))
        session.send(" 300\r")              // "g 300", as the help writes it: the space is no error
        #expect(session.expect("300/\(last)"), Comment(rawValue: session.text))
        session.send("?")
        #expect(session.expect("Moving through the trace:"), Comment(rawValue: session.text))
        session.send("q")
        #expect(session.finish() == 0, Comment(rawValue: session.text))
        #expect(session.localModes & canonical == canonical, "the terminal's settings are restored")
        // Colour on a terminal without NO_COLOR: the tag in red, the kind dimmed.
        #expect(session.text.contains("\u{1B}[1;31m[STALE]\u{1B}[0m"), Comment(rawValue: session.text))
        #expect(session.text.contains("\u{1B}[2mprepareForReuse\u{1B}[0m"), Comment(rawValue: session.text))
        // Step 265 was reached through g 260⌫5: step 260 never shows.
        #expect(!(session.text.contains(" 260   983.3 ms")), Comment(rawValue: session.text))
    }

    @Test func testControlDQuitsAndRestoresTheTerminal() throws {
        let session = try session(["replay", bundledTrace("seed004-slow-scroll"), "--step"], environment: environment(noColor: true))
        #expect(session.expect("0/307"), Comment(rawValue: session.text))
        session.send("s")
        #expect(session.expect("(no STALE or LATE step after step 0)"), Comment(rawValue: session.text))
        session.send("\u{04}")
        #expect(session.finish() == 0, Comment(rawValue: session.text))
        #expect(session.localModes & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO))
        // NO_COLOR: no colour, only the status line's erasing (ESC [K).
        #expect(!(session.text.contains("\u{1B}[1")), Comment(rawValue: session.text))
        #expect(!(session.text.contains("\u{1B}[2m")), Comment(rawValue: session.text))
    }

    @Test func testTerminalRestoredWhenKilled() throws {
        let session = try session(["replay", bundledTrace("seed004-slow-scroll"), "--step"], environment: environment(noColor: true))
        #expect(session.expect("0/307"), Comment(rawValue: session.text))
        #expect(session.localModes & tcflag_t(ICANON) == 0)
        session.process.terminate()
        #expect(session.finish() == nil, "ended by SIGTERM, not an exit")
        #expect(session.ending == .uncaughtSignal, "the process ended (by a signal)")
        #expect(session.localModes & tcflag_t(ICANON | ECHO) == tcflag_t(ICANON | ECHO), "restored by the signal handler")
    }

    @Test func testListingOnATerminalIsColouredUnlessNoColor() throws {
        let coloured = try session(["replay", bundledTrace("late-response-async-reset"), "--only", "stale"], environment: environment(noColor: false))
        #expect(coloured.finish() == 0, Comment(rawValue: coloured.text))
        #expect(coloured.text.contains("\u{1B}[1;31m[STALE]\u{1B}[0m"), Comment(rawValue: coloured.text))
        let plain = try session(["replay", bundledTrace("late-response-async-reset"), "--only", "stale"], environment: environment(noColor: true))
        #expect(plain.finish() == 0, Comment(rawValue: plain.text))
        #expect(!plain.output.contains(0x1B), Comment(rawValue: plain.text))
        // An empty NO_COLOR does not count (no-color.org: "present and not an empty string").
        var empty = environment(noColor: false)
        empty["NO_COLOR"] = ""
        let emptySet = try session(["replay", bundledTrace("late-response-async-reset"), "--only", "stale"], environment: empty)
        #expect(emptySet.finish() == 0, Comment(rawValue: emptySet.text))
        #expect(emptySet.text.contains("\u{1B}[1;31m[STALE]\u{1B}[0m"), Comment(rawValue: emptySet.text))
    }
}
