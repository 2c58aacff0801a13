import ToolSupport

/// `replay --step` on a terminal: keys instead of lines, a status line under the
/// current step, and the terminal's settings restored however the session ends.
enum StepperTerminal {
    /// Erases the line the cursor is on (the status line or a prompt).
    static let eraseLine = "\r\u{1B}[K"

    /// Runs the session with keys from standard input; false if the terminal could
    /// not be put in raw mode (the caller then reads lines instead). An error ends
    /// the session, the terminal restored, before it is thrown.
    static func run(_ stepper: inout ReplayStepper, out: (String) -> Void) throws(ReuseLabError) -> Bool {
        guard let terminal = TerminalMode.enterRaw() else { return false }
        defer { terminal.restore() }
        out(try stepper.opening(keys: true))
        guard stepper.timeline.count > 0 else { return true }
        var keys = TerminalKeys()
        while true {
            out(status(stepper))
            guard let key = keys.next() else { break }
            out(eraseLine)
            guard let command = command(for: key, keys: &keys, stepper: stepper, out: out) else {
                if keys.atEnd { break }
                continue
            }
            let text: String, quit: Bool
            do throws(ReuseLabError) {
                (text, quit) = try stepper.perform(command)
            } catch {
                out(eraseLine)
                throw error
            }
            out(text)
            if quit { break }
        }
        out(eraseLine)
        return true
    }

    /// The command a key means; nil for a key that means nothing (or a cancelled prompt).
    static func command(for key: TerminalKeys.Key, keys: inout TerminalKeys, stepper: ReplayStepper, out: (String) -> Void) -> ReplayStepper.Command? {
        switch key {
        case .right, .enter, .char("n"), .char(" "): return .next
        case .left, .char("b"): return .back
        case .char("s"): return .stale
        case .char("p"): return .picture
        case .char("c"): return .code
        case .char("h"), .char("?"): return .help
        case .char("q"), .interrupt: return .quit
        case .char("g"):
            return prompt("go to step (0–\(stepper.lastSeq)): ", keys: &keys, out: out).map { .go($0) }
        case .char("k"):
            return prompt("next step of kind or group: ", keys: &keys, out: out).map { .kind($0) }
        default: return nil
        }
    }

    /// Reads a line after `text`, echoing it; nil if Esc or Ctrl-C cancels it or the input ends.
    static func prompt(_ text: String, keys: inout TerminalKeys, out: (String) -> Void) -> String? {
        out(text)
        var typed = ""
        while let key = keys.next() {
            switch key {
            case .enter:
                out(eraseLine)
                return typed
            case .escape, .interrupt:
                out(eraseLine)
                return nil
            case .backspace:
                if !typed.isEmpty {
                    typed.removeLast()
                    out(eraseLine + text + VisibleText.escape(typed))
                }
            case .char(let character) where typed.count < 60:
                typed.append(character)
                out(VisibleText.escape(String(character)))
            default:
                continue
            }
        }
        out(eraseLine)
        return nil
    }

    /// "243/1224  n→ next  b← back  …", dimmed; short enough never to wrap (the
    /// hints that do not fit the width are left off, help first and quit last),
    /// so it can be erased.
    static func status(_ stepper: ReplayStepper) -> String {
        let hints = ["n→ next", "b← back", "g go", "k kind", "s stale", "p picture", "c code", "? help", "q quit"]
        let leftOffFirst = ["? help", "c code", "p picture", "k kind", "g go", "s stale", "b← back", "n→ next", "q quit"]
        var shown = hints
        func line() -> String { (["\(stepper.position)/\(stepper.lastSeq)"] + shown).joined(separator: "  ") }
        for hint in leftOffFirst where line().count >= stepper.layout.width {
            shown.removeAll { $0 == hint }
        }
        return stepper.layout.style.dim(line())
    }
}
