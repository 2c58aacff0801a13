import ReuseLabTestSupport
import Foundation
import Testing

// Helpers for the `compare` command's tests: running the built binary from the
// package's folder, bundled files, scratch files and golden files.

/// What one run of `reuselab` printed and returned.
struct CompareRun {
    var status: Int32
    var out: String
    var err: String
}

/// The package's top folder.
let packageRoot = Golden.packageRoot

/// `traces/NAME.trace.json` or `traces/NAME.scenario.json`, relative to the package.
func trace(_ name: String) -> String { "traces/\(name).trace.json" }
func scenario(_ name: String) -> String { "traces/\(name).scenario.json" }

/// Runs `reuselab ARGUMENTS`, the built binary, from the package's folder, so
/// relative paths read as a user typing them there would see them, with its
/// output captured, without colour and wrapped to `width` columns.
func reuselab(_ arguments: [String], width: Int = 80, sourceLocation: SourceLocation = #_sourceLocation) -> CompareRun {
    do {
        let outcome = try ReuselabExecutable.runFromPackage(arguments, columns: width, sourceLocation: sourceLocation)
        return CompareRun(status: outcome.status, out: outcome.out, err: outcome.err)
    } catch {
        Issue.record("reuselab \(arguments.joined(separator: " ")) could not run: \(error)", sourceLocation: sourceLocation)
        return CompareRun(status: -1, out: "", err: "\(error)")
    }
}

/// Compares an excerpt with `Tests/ComparisonTests/Golden/NAME`, headed by what
/// it `shows` (see `Golden.assertExcerpt`); REUSELAB_UPDATE_GOLDEN=1 rewrites it.
func assertGolden(_ excerpt: String, _ name: String, shows: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try Golden.assertExcerpt(excerpt, name, shows: shows, suite: "ComparisonTests", filter: "CompareGoldenTests", sourceLocation: sourceLocation)
}

/// Checks a failed run the way a user reads it: the status, one `reuselab:
/// error:` line naming what is wrong, nothing on standard output.
func assertFailure(_ run: CompareRun, status: Int32, _ parts: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(run.status == status, "exit status; stderr: \(run.err)", sourceLocation: sourceLocation)
    #expect(run.err.hasPrefix("reuselab: error: "), "stderr: \(run.err)", sourceLocation: sourceLocation)
    #expect(run.err.filter { $0 == "\n" }.count == 1, "one error line: \(run.err)", sourceLocation: sourceLocation)
    #expect(run.out == "", "nothing on stdout for a failure", sourceLocation: sourceLocation)
    for part in parts {
        #expect(run.err.contains(part), "expected \"\(part)\" in: \(run.err)", sourceLocation: sourceLocation)
    }
}

extension String {
    /// The text with every run of spaces and line breaks made one space.
    var flattened: String {
        split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// The line of a comparison table whose label is `label` (the first), trimmed.
    func row(_ label: String) -> String? {
        split(separator: "\n").first { $0.hasPrefix("  " + label + "  ") }.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

/// Test cases that get a temporary folder, removed afterwards.
class ScratchTestCase {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "reuselab-compare-tests")
    }

    deinit {
        folder.remove()
    }
}
