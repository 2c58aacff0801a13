import ReuseLabTestSupport
import Foundation
import XCTest
import ReuseLabCLI
import TraceFormat

// Helpers for the `replay` command's tests: running it in-process and as the real
// binary (with piped input, or on a pseudo-terminal), bundled traces, golden files.

/// What one run of `reuselab` printed and returned.
struct ReplayRun {
    var status: Int32
    var out: String
    var err: String
    var outBytes: [UInt8]
}

/// Runs `reuselab ARGUMENTS` in-process with captured output. `NO_COLOR` is set
/// while it runs: colour is decided by whether the process's real standard output
/// is a terminal, which it may be when the tests run in one.
func replayCommand(_ arguments: [String]) -> ReplayRun {
    let previous = getenv("NO_COLOR").map { String(cString: $0) }
    setenv("NO_COLOR", "1", 1)
    defer {
        if let previous { setenv("NO_COLOR", previous, 1) } else { unsetenv("NO_COLOR") }
    }
    final class Captured: @unchecked Sendable { var out = ""; var err = "" }
    let captured = Captured()
    let status = ReuseLab.run(arguments, io: CommandIO(out: { captured.out += $0 }, err: { captured.err += $0 }))
    return ReplayRun(status: status, out: captured.out, err: captured.err, outBytes: Array(captured.out.utf8))
}

extension String {
    /// The text with every run of spaces and line breaks made one space, so that
    /// a phrase wrapped across lines can be searched for.
    var flattened: String {
        split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }
}

/// A bundled trace's path, `traces/NAME.trace.json` under the package.
func bundledTrace(_ name: String) -> String {
    packageRoot.appendingPathComponent("traces/\(name).trace.json").path
}

/// A temporary folder for one test's files.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("reuselab-replay-" + UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let path = self.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// The built `reuselab` executable, run as a separate process.
enum ReplayBinary {
    /// Beside the test bundle (SwiftPM builds products and tests into one folder),
    /// else the package's `.build/debug`.
    static let url: URL? = {
        var candidates: [URL] = []
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("reuselab"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("reuselab"))
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("reuselab"))
        candidates.append(packageRoot.appendingPathComponent(".build/debug/reuselab"))
        return candidates.first { url in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }
    }()

    static func require() throws -> URL {
        guard let url else { throw XCTSkip("the reuselab executable was not found beside the tests or in .build/debug") }
        return url
    }

    /// Runs the binary with `stdin` as its standard input (text, written to a file
    /// first; nil for /dev/null), standard output and error captured through files.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil) throws -> ReplayRun {
        let executable = try require()
        let folder = try ScratchFolder()
        let outPath = folder.path("stdout"), errPath = folder.path("stderr")
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        if let environment { process.environment = environment }
        process.standardOutput = outHandle
        process.standardError = errHandle
        var inHandle: FileHandle?
        if let stdin {
            let inPath = try folder.write("stdin", stdin)
            inHandle = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
            process.standardInput = inHandle
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        try inHandle?.close()
        let outBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: outPath)))
        let errBytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: errPath)))
        XCTAssertEqual(process.terminationReason, .exit, "reuselab \(arguments) ended by a signal")
        return ReplayRun(status: process.terminationStatus, out: String(decoding: outBytes, as: UTF8.self),
                         err: String(decoding: errBytes, as: UTF8.self), outBytes: outBytes)
    }
}

/// Compares `actual` with `Tests/ReplayTests/Golden/NAME` (see `Golden.assert`).
func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    try Golden.assert(actual, name, suite: "ReplayTests", filter: "ReplayGoldenTests", file: file, line: line)
}
