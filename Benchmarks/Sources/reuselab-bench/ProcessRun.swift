#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One program run as a whole process, as a user runs it from a shell: the wall time
/// from starting it to its exit, and the peak resident memory `wait4` reports for it.
///
/// About that peak: on Linux a child started with `posix_spawn` begins in this
/// process's memory, and the kernel keeps the larger of the two high-water marks
/// across `exec`, so no child is reported below this benchmark's own peak. The
/// benchmark keeps itself small (it never reads a trace) and measures that floor
/// once by running `true`; a figure at the floor means "at most this much".
struct ProcessRun {
    var seconds: Double
    /// Peak resident set in bytes; nil where the system does not say.
    var peakBytes: Int?
    /// The exit status, or 128 + the signal that ended it.
    var status: Int32

    /// Runs `arguments` (the first a path, or a name looked up on the PATH) with
    /// standard input from `input` and standard output to `output`, standard error
    /// to /dev/null, and waits for it.
    static func run(_ arguments: [String], input: String = "/dev/null", output: String = "/dev/null") throws(BenchError) -> ProcessRun {
        guard let program = arguments.first else { throw BenchError(.failed, "nothing to run") }
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The benchmark ignores Ctrl-C and TERM to clean up after them (`Interruption`);
        // the command gets them as usual.
        #if canImport(Glibc)
        var attributes = posix_spawnattr_t()
        #else
        var attributes: posix_spawnattr_t? = nil
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }

        var pid: pid_t = 0
        let start = Clock.now()
        let spawned = program.contains("/")
            ? posix_spawn(&pid, program, &actions, &attributes, argv, environ)
            : posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            throw BenchError(.failed, "cannot run \(program): \(String(cString: strerror(spawned)))")
        }
        Interruption.started(pid)
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError(.failed, "lost \(program) (pid \(pid)): \(String(cString: strerror(errno)))") }
        }
        let seconds = Clock.seconds(since: start)
        Interruption.ended()
        try Interruption.check()
        // Exited normally: the low seven bits are zero and the status is the next byte.
        let exited = status & 0x7F == 0
        return ProcessRun(seconds: seconds, peakBytes: peakBytes(usage),
                          status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
    }

    /// `ru_maxrss` in bytes: Linux counts it in kilobytes, macOS in bytes.
    private static func peakBytes(_ usage: rusage) -> Int? {
        let peak = Int(usage.ru_maxrss)
        guard peak > 0 else { return nil }
        #if os(Linux)
        return peak * 1024
        #else
        return peak
        #endif
    }

    /// The program's path on the PATH, or nil when it is not there.
    static func find(_ name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = String(folder) + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}

/// A monotonic clock in seconds.
enum Clock {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func seconds(since start: Double) -> Double { now() - start }
}
