import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ToolSupport

/// One program run as its own process, its output thrown away, timed on the
/// wall clock, with its peak memory — how `bench --tools` puts reuselab beside
/// python3, jq and GNU diff on the same files.
///
/// The peak is the child's own high-water mark (`VmHWM` in /proc), read every few
/// milliseconds while it runs: the `ru_maxrss` that `wait4` reports would start
/// from this process's own peak, which Linux carries into a child over exec.
struct MeasuredRun {
    var seconds: Double
    /// Peak resident memory in bytes; nil where the system does not say.
    var peakBytes: Int?
    var status: Int32

    /// Runs `arguments[0]` (looked up on the PATH unless it has a slash) with
    /// standard input from `input` (or /dev/null) and standard output and error to /dev/null.
    static func run(_ arguments: [String], input: String = "/dev/null") throws(ReuseLabError) -> MeasuredRun {
        guard let program = arguments.first else { throw ReuseLabError(.usage, "bench: nothing to run") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = DispatchTime.now()
        let spawned = program.contains("/")
            ? posix_spawn(&pid, program, &actions, nil, argv, environ)
            : posix_spawnp(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw ReuseLabError(.cannotWrite, "bench: cannot run \(VisibleText.escape(program)): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        var peak: Int?
        while true {
            if let mark = highWaterMark(of: pid) { peak = max(peak ?? 0, mark) }
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid { break }
            if waited < 0 && errno != EINTR { break }
            usleep(3_000)
        }
        let seconds = BenchCommand.seconds(since: start)
        let exited = status & 0x7F == 0
        return MeasuredRun(seconds: seconds, peakBytes: peak, status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
    }

    /// A running process's peak resident memory so far, from /proc (Linux).
    static func highWaterMark(of pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.filter(\.isNumber)).map { $0 * 1024 }
        }
        return nil
    }

    /// The program's full path on the PATH, or nil when it is not there.
    static func find(_ name: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = String(folder) + "/" + name
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    /// This program's own executable.
    static var reuselab: String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return CommandLine.arguments.first ?? "reuselab"
    }
}
