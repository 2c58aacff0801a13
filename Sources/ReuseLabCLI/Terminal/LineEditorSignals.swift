#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's handlers for the signals `TerminalMode` takes over, saved before
/// the line editor goes raw and put back after.
///
/// `TerminalMode` installs its own handler (restore the terminal, then die) and
/// on `restore()` resets the signals to their defaults, which would undo
/// `Interruption`'s handler: Ctrl-C between two questions would then kill the
/// lesson instead of stopping it in good order. While the terminal is raw,
/// SIGINT goes back to the saved handler when there was one, so a SIGINT sent
/// while the user types ends the wait (`Interruption.wasInterrupted`) rather than
/// the process; SIGTERM, SIGHUP and SIGQUIT keep `TerminalMode`'s handler.
struct LineEditorSignals {
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
    private var saved: [(number: Int32, action: sigaction)] = []

    /// The handlers now.
    static func save() -> LineEditorSignals {
        var handlers = LineEditorSignals()
        for number in signals {
            var action = sigaction()
            if sigaction(number, nil, &action) == 0 { handlers.saved.append((number, action)) }
        }
        return handlers
    }

    /// SIGINT back to the saved handler, unless that was the default (then
    /// `TerminalMode`'s, which restores the terminal before the process ends, is better).
    func keepInterruptHandler() {
        guard var action = saved.first(where: { $0.number == SIGINT })?.action, !Self.isDefault(action) else { return }
        sigaction(SIGINT, &action, nil)
    }

    /// Every saved handler back.
    func reinstall() {
        for entry in saved {
            var action = entry.action
            sigaction(entry.number, &action, nil)
        }
    }

    /// Runs `body` with the signals held back; one that comes meanwhile is handled
    /// when `body` returns, by the handlers then installed.
    static func holding<T>(_ body: () -> T) -> T {
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for number in signals { sigaddset(&blocked, number) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    private static func isDefault(_ action: sigaction) -> Bool {
        guard action.sa_flags & Int32(SA_SIGINFO) == 0 else { return false }
        #if os(Linux)
        return action.__sigaction_handler.sa_handler == nil
        #else
        return action.__sigaction_u.__sa_handler == nil
        #endif
    }
}
