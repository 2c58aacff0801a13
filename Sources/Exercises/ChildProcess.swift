import Foundation
import ToolSupport

/// A program run to its end (or its time limit), its output captured through
/// files so that no pipe can fill up and stall it.
struct ChildProcess {
    enum Ending: Equatable {
        case exited(Int32)
        case signalled(Int32)
        /// Killed at the time limit.
        case timedOut
    }

    var ending: Ending
    var output: String
    var errors: String

    /// Runs `executable arguments` in `directory`; past `seconds` it is killed.
    static func run(_ executable: String, _ arguments: [String], directory: String? = nil,
                    seconds: Double) throws(ReuseLabError) -> ChildProcess {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("reuselab-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            let out = scratch.appendingPathComponent("out"), err = scratch.appendingPathComponent("err")
            _ = FileManager.default.createFile(atPath: out.path, contents: nil)
            _ = FileManager.default.createFile(atPath: err.path, contents: nil)
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: out)
            process.standardError = try FileHandle(forWritingTo: err)
            let ended = DispatchSemaphore(value: 0)
            process.terminationHandler = { _ in ended.signal() }
            try process.run()
            var ending: Ending
            if ended.wait(timeout: .now() + seconds) == .timedOut {
                process.terminate()
                if ended.wait(timeout: .now() + 2) == .timedOut {
                    kill(process.processIdentifier, SIGKILL)
                    ended.wait()
                }
                ending = .timedOut
            } else {
                ending = process.terminationReason == .exit ? .exited(process.terminationStatus) : .signalled(process.terminationStatus)
            }
            let output = String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self)
            let errors = String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self)
            return ChildProcess(ending: ending, output: output, errors: errors)
        } catch {
            throw ReuseLabError(.missingFile, file: executable, "cannot run it: \(error.localizedDescription)")
        }
    }

    /// The program named `name` on the PATH, if any.
    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
