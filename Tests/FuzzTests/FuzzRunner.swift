import Foundation

/// How one run of a program ended and what it printed.
struct FuzzOutcome: Sendable {
    var status: Int32
    /// The signal that ended it, if one did (a crash, or the kill after a timeout).
    var signal: Int32?
    var timedOut: Bool
    var stdout: [UInt8]
    var stderr: [UInt8]
    var seconds: Double
}

/// Runs a program as a separate process with a time limit: standard input is
/// /dev/null, output goes to files (no pipe can fill up and block the program), and
/// a program still running at the limit is killed (SIGKILL) and reported as timed out.
///
/// `ReuselabExecutable.run` has no time limit, which a fuzzer needs: an input that
/// makes the program loop forever must fail the case, not hang the test run.
enum FuzzRunner {
    static func run(_ executable: URL, _ arguments: [String], directory: URL, environment: [String: String],
                    captureIn capture: URL, timeout: Double) throws -> FuzzOutcome {
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        let outURL = capture.appendingPathComponent("stdout"), errURL = capture.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        defer {
            try? outHandle.close()
            try? errHandle.close()
        }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = errHandle
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }

        let start = DispatchTime.now()
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            finished.wait()
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let signalled = process.terminationReason == .uncaughtSignal
        return FuzzOutcome(status: process.terminationStatus, signal: signalled ? process.terminationStatus : nil,
                           timedOut: timedOut, stdout: [UInt8]((try? Data(contentsOf: outURL)) ?? Data()),
                           stderr: [UInt8]((try? Data(contentsOf: errURL)) ?? Data()), seconds: seconds)
    }
}
