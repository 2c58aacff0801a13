import Foundation
import Testing

/// What a finished process printed and how it ended.
public struct ProcessOutcome: Sendable {
    public var status: Int32
    public var out: String
    public var err: String
    public var outBytes: [UInt8]
    /// False when a signal ended it.
    public var exited: Bool
    /// True when it ran past its time limit and was killed.
    public var timedOut = false
}

/// The built `reuselab` executable, and a way to run any program as a separate
/// process with its output captured through files (no pipe can fill up and block).
public enum ReuselabExecutable {
    /// Beside the test bundle (SwiftPM builds products and tests into one folder),
    /// else the package's `.build/debug`.
    public static let url: URL? = {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("reuselab"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("reuselab"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("reuselab"))
        candidates.append(Golden.packageRoot.appendingPathComponent(".build/debug/reuselab"))
        return candidates.first { url in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }
    }()

    /// The executable, or a skip when it was not built.
    public static func require() throws -> URL {
        guard let url else { try Test.cancel("the reuselab executable was not found beside the tests or in .build/debug") }
        return url
    }

    /// Runs the built binary from the package's folder, as a user typing there
    /// would: without colour (`NO_COLOR=1`; off a terminal there is none anyway),
    /// `columns` wide (`COLUMNS`; unset, 80), `stdin` fed from a file, and any
    /// `environment` added. A run that ends by a signal or hangs fails the test.
    public static func runFromPackage(_ arguments: [String], stdin: String? = nil, columns: Int? = nil,
                                      environment extra: [String: String] = [:], timeout: TimeInterval = 120,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws -> ProcessOutcome {
        let input = try TemporaryFolder(prefix: "reuselab-input", removeWhenReleased: true)
        let stdinPath = try stdin.map { try input.write("stdin", $0) }
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = columns.map(String.init)
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { $1 }
        let outcome = try run(try require(), arguments, stdinPath: stdinPath, environment: environment,
                              directory: Golden.packageRoot, timeout: timeout)
        #expect(!outcome.timedOut, "reuselab \(arguments.joined(separator: " ")) hung", sourceLocation: sourceLocation)
        #expect(outcome.exited, "reuselab \(arguments.joined(separator: " ")) ended by a signal", sourceLocation: sourceLocation)
        return outcome
    }

    /// Runs `executable arguments` in `directory`, with the file at `stdinPath` (or
    /// /dev/null) as standard input. A run past `timeout` seconds is killed and
    /// reported as `timedOut`, so a hang fails its test instead of the whole suite.
    /// Without `environment` it runs with the tests' own, less `COLUMNS`.
    public static func run(_ executable: URL, _ arguments: [String], stdinPath: String? = nil,
                           environment: [String: String]? = nil, directory: URL,
                           timeout: TimeInterval = 120) throws -> ProcessOutcome {
        let capture = try TemporaryFolder(prefix: "reuselab-output", removeWhenReleased: true)
        let outPath = capture.path("stdout"), errPath = capture.path("stderr")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        // Output goes to a file, 80 columns wide unless a test sets COLUMNS itself: a
        // COLUMNS exported by the shell running the tests would change every listing.
        var inherited = ProcessInfo.processInfo.environment
        inherited["COLUMNS"] = nil
        process.environment = environment ?? inherited
        process.standardOutput = outHandle
        process.standardError = errHandle
        var inHandle: FileHandle?
        if let stdinPath {
            inHandle = try FileHandle(forReadingFrom: URL(fileURLWithPath: stdinPath))
            process.standardInput = inHandle
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        // Told when the process ends, rather than asking now and then.
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        var timedOut = false
        if ended.wait(timeout: .now() + timeout) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            timedOut = true
        }
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        try inHandle?.close()
        let outBytes = try capture.read("stdout")
        let errBytes = try capture.read("stderr")
        return ProcessOutcome(status: process.terminationStatus, out: String(decoding: outBytes, as: UTF8.self),
                              err: String(decoding: errBytes, as: UTF8.self), outBytes: outBytes,
                              exited: process.terminationReason == .exit, timedOut: timedOut)
    }
}
