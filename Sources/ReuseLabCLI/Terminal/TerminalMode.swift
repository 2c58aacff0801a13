#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal in raw mode for `replay --step`: keys arrive one at a time,
/// unechoed, Ctrl-C and Ctrl-S as bytes. Output processing stays on, so "\n"
/// still starts a new line.
///
/// The terminal's own settings always come back: `restore()` is called when the
/// session ends however it ends (the caller defers it), again on deinit, and a
/// handler for SIGTERM, SIGHUP, SIGINT and SIGQUIT restores them before the
/// signal takes its usual course.
final class TerminalMode {
    private let fd: Int32
    private var original: termios
    private var active = true

    /// Switches `fd` (standard input) to raw mode; nil if it is not a terminal or
    /// its settings cannot be read or changed.
    static func enterRaw(fd: Int32 = STDIN_FILENO) -> TerminalMode? {
        guard isatty(fd) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(fd, &settings) == 0 else { return nil }
        let original = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        settings.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &settings.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        // Saved for the signal handler before it can run.
        SignalRestore.arm(fd: fd, settings: original)
        // TCSANOW, not TCSAFLUSH: keys typed before the switch are kept.
        guard tcsetattr(fd, TCSANOW, &settings) == 0 else {
            SignalRestore.disarm()
            return nil
        }
        return TerminalMode(fd: fd, original: original)
    }

    private init(fd: Int32, original: termios) {
        self.fd = fd
        self.original = original
    }

    /// Puts the terminal's settings back (once; later calls do nothing).
    func restore() {
        guard active else { return }
        active = false
        _ = tcsetattr(fd, TCSANOW, &original)
        SignalRestore.disarm()
    }

    deinit { restore() }
}

/// What the signal handler needs, kept where a C function can reach it: the
/// terminal's settings before raw mode. Written only while no handler is installed.
private enum SignalRestore {
    nonisolated(unsafe) static var fd: Int32 = -1
    nonisolated(unsafe) static var settings = termios()
    static let signals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

    static func arm(fd: Int32, settings: termios) {
        self.fd = fd
        self.settings = settings
        for number in signals { signal(number, restoreTerminalAndReraise) }
    }

    static func disarm() {
        for number in signals { signal(number, SIG_DFL) }
        fd = -1
    }
}

/// Restores the terminal, then lets the signal do what it would have done.
/// Only async-signal-safe calls: tcsetattr, signal, raise.
private func restoreTerminalAndReraise(_ number: Int32) {
    if SignalRestore.fd >= 0 {
        _ = tcsetattr(SignalRestore.fd, TCSANOW, &SignalRestore.settings)
    }
    signal(number, SIG_DFL)
    raise(number)
}
