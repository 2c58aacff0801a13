import Foundation

/// What happens on Ctrl-C (SIGINT), SIGTERM and SIGHUP while ReuseLab runs.
///
/// By default the process ends as the signal asks, but first removes the temporary
/// files of writes still in progress, so an interrupted `record -o` never leaves a
/// hidden file of tens of megabytes beside its target. A command that talks with
/// the user (a lesson) asks instead to be told: the signal then only sets a flag
/// and interrupts the blocking read, and the command stops in good order.
///
/// The handler does only what is safe inside a signal handler: `unlink` on paths
/// kept in a fixed table of C strings, and setting a flag.
public enum Interruption {
    /// How many writes may be in progress at once (one per output file of a command).
    static let slots = 16

    /// Paths of temporary files being written; nil slots are free. Allocated once,
    /// never freed, so the handler never sees memory go away.
    nonisolated(unsafe) private static let pending: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: slots)
        table.initialize(repeating: nil, count: slots)
        return table
    }()

    /// Set by the handler when the process asked to be told (`catchInterrupts`).
    nonisolated(unsafe) private static var caught: sig_atomic_t = 0
    nonisolated(unsafe) private static var catching: sig_atomic_t = 0
    nonisolated(unsafe) private static var installed = false
    private static let lock = NSLock()

    /// The signals handled.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handler once (SA_RESTART left out, so a blocking read returns
    /// with EINTR and the command can see the flag).
    static func install() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        installed = true
        // Touch the table so it is allocated before any signal can arrive.
        _ = pending
        for signal in signals {
            var action = sigaction()
            #if os(Linux)
            action.__sigaction_handler.sa_handler = Interruption.handle
            #else
            action.__sigaction_u.__sa_handler = Interruption.handle
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }

    private static let handle: @convention(c) (Int32) -> Void = { signal in
        if Interruption.catching != 0 && signal == SIGINT {
            Interruption.caught = 1
            return
        }
        for index in 0..<Interruption.slots {
            if let path = Interruption.pending[index] { unlink(path) }
        }
        // End the way the signal asks, so the shell sees "interrupted".
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = SIG_DFL
        #else
        action.__sigaction_u.__sa_handler = SIG_DFL
        #endif
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
        raise(signal)
    }

    /// Registers a temporary file to be removed if a signal ends the process; the
    /// returned token is given back to `finished` once the file is renamed or removed.
    static func removeOnSignal(_ path: String) -> Int? {
        install()
        lock.lock()
        defer { lock.unlock() }
        for index in 0..<slots where pending[index] == nil {
            pending[index] = strdup(path)
            return index
        }
        return nil
    }

    static func finished(_ token: Int?) {
        guard let token else { return }
        lock.lock()
        defer { lock.unlock() }
        let path = pending[token]
        pending[token] = nil
        free(path)
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back; one that arrives
    /// meanwhile is handled as soon as `body` returns.
    static func holdingSignals<T>(_ body: () -> T) -> T {
        install()
        var blocked = sigset_t(), previous = sigset_t()
        sigemptyset(&blocked)
        for signal in signals { sigaddset(&blocked, signal) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }

    /// Lets SIGINT, SIGTERM and SIGHUP reach this thread. A process inherits its
    /// signal mask from the thread that started it, and some (a libdispatch worker,
    /// a test runner's thread) block these: without this, Ctrl-C and `kill` would
    /// be held forever and the program could not be stopped. The entry point calls
    /// it on the main thread before anything else.
    public static func acceptSignals() {
        var accepted = sigset_t()
        sigemptyset(&accepted)
        for signal in signals { sigaddset(&accepted, signal) }
        pthread_sigmask(SIG_UNBLOCK, &accepted, nil)
    }

    /// From now on Ctrl-C interrupts the current blocking read instead of ending the
    /// process; `wasInterrupted` tells whether it happened. SIGTERM and SIGHUP still end it.
    public static func catchInterrupts() {
        install()
        catching = 1
    }

    /// True once Ctrl-C was pressed while `catchInterrupts` was in force.
    public static var wasInterrupted: Bool { caught != 0 }
}
