import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding

// Helpers for the `replay` command's tests: running the real binary (with its
// output captured, piped input, or on a pseudo-terminal), bundled traces, golden files.

/// What one run of `reuselab` printed and returned.
struct ReplayRun {
    var status: Int32
    var out: String
    var err: String
    var outBytes: [UInt8]
}

/// Runs `reuselab ARGUMENTS`, the built binary, from the package's folder with
/// its output captured (see `ReuselabExecutable.runFromPackage`).
func replayCommand(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> ReplayRun {
    do {
        let outcome = try ReuselabExecutable.runFromPackage(arguments, sourceLocation: sourceLocation)
        return ReplayRun(status: outcome.status, out: outcome.out, err: outcome.err, outBytes: outcome.outBytes)
    } catch {
        Issue.record("reuselab \(arguments.joined(separator: " ")) could not run: \(error)", sourceLocation: sourceLocation)
        return ReplayRun(status: -1, out: "", err: "\(error)", outBytes: [])
    }
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

/// Every bundled trace, by file name and path, in name order (there are over 30).
func bundledTraceFiles() throws -> [(name: String, path: String)] {
    let folder = packageRoot.appendingPathComponent("traces")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".trace.json") }.sorted()
    #expect(names.count > 20, "the bundled traces are found")
    return names.map { ($0, folder.appendingPathComponent($0).path) }
}

/// The sample traces (`BundledFiles.sampleTraces`), by file name and path.
func sampleTraceFiles() -> [(name: String, path: String)] {
    BundledFiles.sampleTraces.map { ("\($0).trace.json", BundledFiles.tracePath($0)) }
}

/// A temporary folder for one test's files, deleted when released.
final class ScratchFolder: TemporaryFolder {
    init() throws { try super.init(prefix: "reuselab-replay", removeWhenReleased: true) }
}

/// The built `reuselab` executable, run as a separate process.
enum ReplayBinary {
    static var url: URL? { ReuselabExecutable.url }

    static func require() throws -> URL { try ReuselabExecutable.require() }

    /// Runs the binary from the package folder with `stdin` as its standard input
    /// (text, written to a file first; nil for /dev/null).
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil) throws -> ReplayRun {
        let folder = try ScratchFolder()
        let inPath = try stdin.map { try folder.write("stdin", $0) }
        let outcome = try ReuselabExecutable.run(try require(), arguments, stdinPath: inPath, environment: environment, directory: packageRoot)
        #expect(outcome.exited, "reuselab \(arguments) ended by a signal")
        return ReplayRun(status: outcome.status, out: outcome.out, err: outcome.err, outBytes: outcome.outBytes)
    }
}

/// Compares an excerpt with `Tests/ReplayTests/Golden/NAME`, headed by what it
/// `shows` (see `Golden.assertExcerpt`).
func assertGolden(_ excerpt: String, _ name: String, shows: String, filter: String = "ReplayGoldenTests",
                  sourceLocation: SourceLocation = #_sourceLocation) throws {
    try Golden.assertExcerpt(excerpt, name, shows: shows, suite: "ReplayTests", filter: filter, sourceLocation: sourceLocation)
}
