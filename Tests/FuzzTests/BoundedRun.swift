import Foundation

/// Runs `reuselab` under a memory limit, the way `ulimit -v` sets one: the
/// shell sets the limit on itself and then becomes the program, so a command
/// that tries to take more address space than its bound fails to allocate
/// (and crashes, which the case reports) instead of the machine swapping.
/// Time is bounded by `FuzzRunner`'s kill at the timeout, not measured.
///
/// glibc gives each thread its own 64 MB malloc arena of address space;
/// `MALLOC_ARENA_MAX=2` keeps the address space near what is really used, so
/// the limit measures the program, not the allocator's reservations.
enum BoundedRun {
    struct Limits {
        /// Address space, in MB.
        var memoryMB: Int
        /// Seconds before the run is killed.
        var seconds: Double
    }

    static func run(_ executable: URL, _ arguments: [String], limits: Limits, directory: URL,
                    standardInput: URL? = nil) throws -> FuzzOutcome {
        var script = "ulimit -v \(limits.memoryMB * 1024) || exit 99; "
        script += standardInput == nil ? "exec \"$@\"" : "exec \"$@\" < \"$REUSELAB_BOUNDED_INPUT\""
        var environment = ProcessInfo.processInfo.environment
        environment["MALLOC_ARENA_MAX"] = "2"
        environment["HOME"] = directory.path
        environment["NO_COLOR"] = "1"
        if let standardInput { environment["REUSELAB_BOUNDED_INPUT"] = standardInput.path }
        return try FuzzRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh", executable.path] + arguments,
                                  directory: directory, environment: environment,
                                  captureIn: directory.appendingPathComponent(".capture"), timeout: limits.seconds)
    }
}
