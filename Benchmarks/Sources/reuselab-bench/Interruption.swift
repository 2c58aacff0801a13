import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C or a TERM while the benchmark runs: the command running gets the signal,
/// the benchmark stops after it, removes its temporary files (two of about 200 MB at
/// full size) and ends with 128 + the signal, as a shell reports it.
///
/// The signal is handled on a Dispatch queue, not in a C signal handler, so the work
/// it starts is ordinary code; the main thread sees it when its command ends.
enum Interruption {
    /// The signal received, 0 while none was.
    private static let received = Atomic<Int32>(0)
    /// The running command's process, 0 between commands.
    private static let running = Atomic<Int32>(0)

    /// Starts listening for SIGINT and SIGTERM; keep the sources as long as the benchmark runs.
    static func install() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                received.store(number, ordering: .sequentiallyConsistent)
                let child = running.load(ordering: .sequentiallyConsistent)
                if child > 0 { kill(child, number) }
            }
            source.resume()
            return source
        }
    }

    /// Notes the process now running; one started after the signal came is ended at once.
    static func started(_ child: pid_t) {
        running.store(child, ordering: .sequentiallyConsistent)
        let number = received.load(ordering: .sequentiallyConsistent)
        if number != 0 { kill(child, number) }
    }

    static func ended() {
        running.store(0, ordering: .sequentiallyConsistent)
    }

    /// Throws when a signal came: the benchmark stops there.
    static func check() throws(BenchError) {
        let number = received.load(ordering: .sequentiallyConsistent)
        if number != 0 { throw BenchError(.interrupted(number), "interrupted") }
    }
}
