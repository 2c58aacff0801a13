import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process groups of every browser the tests started and have not yet ended.
/// At the test process's exit (even after failures) whatever is left is killed,
/// by its own id: no browser outlives the suite.
final class ProcessReaper: @unchecked Sendable {
    static let shared = ProcessReaper()

    private let lock = NSLock()
    private var running: Set<pid_t> = []
    private var registered = false

    func started(_ pid: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        running.insert(pid)
        if !registered {
            registered = true
            atexit { ProcessReaper.shared.killAll() }
        }
    }

    func ended(_ pid: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        running.remove(pid)
    }

    /// Kills every process group still recorded (each by its leader's id).
    func killAll() {
        lock.lock()
        let left = running
        running = []
        lock.unlock()
        for pid in left {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
        }
    }

    /// Writing to a pipe whose reader died returns EPIPE instead of killing the
    /// test process with SIGPIPE.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }
}
