import ReuseLabTestSupport
import Foundation
import XCTest
import ReuseLabCLI

// Helpers for the `compare` command's tests: running it in-process from the
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

/// Runs `reuselab ARGUMENTS` in-process from the package's folder, so relative
/// paths read as a user typing them there would see them, with `NO_COLOR` set and
/// text wrapped to `width` columns.
func reuselab(_ arguments: [String], width: Int = 80) -> CompareRun {
    let previous = getenv("NO_COLOR").map { String(cString: $0) }
    setenv("NO_COLOR", "1", 1)
    let folder = FileManager.default.currentDirectoryPath
    FileManager.default.changeCurrentDirectoryPath(packageRoot.path)
    defer {
        if let previous { setenv("NO_COLOR", previous, 1) } else { unsetenv("NO_COLOR") }
        FileManager.default.changeCurrentDirectoryPath(folder)
    }
    final class Captured: @unchecked Sendable { var out = ""; var err = "" }
    let captured = Captured()
    let status = ReuseLab.run(arguments, io: CommandIO(out: { captured.out += $0 }, err: { captured.err += $0 }, width: width))
    return CompareRun(status: status, out: captured.out, err: captured.err)
}

/// Compares with `Tests/ComparisonTests/Golden/NAME`; REUSELAB_UPDATE_GOLDEN=1 rewrites it.
func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    try Golden.assert(actual, name, suite: "ComparisonTests", filter: "ComparisonTests", file: file, line: line)
}

/// Checks a failed run the way a user reads it: the status, one `reuselab:
/// error:` line naming what is wrong, nothing on standard output.
func assertFailure(_ run: CompareRun, status: Int32, _ parts: [String], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(run.status, status, "exit status; stderr: \(run.err)", file: file, line: line)
    XCTAssertTrue(run.err.hasPrefix("reuselab: error: "), "stderr: \(run.err)", file: file, line: line)
    XCTAssertEqual(run.err.filter { $0 == "\n" }.count, 1, "one error line: \(run.err)", file: file, line: line)
    XCTAssertEqual(run.out, "", "nothing on stdout for a failure", file: file, line: line)
    for part in parts {
        XCTAssertTrue(run.err.contains(part), "expected \"\(part)\" in: \(run.err)", file: file, line: line)
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
class ScratchTestCase: XCTestCase {
    var folder: TemporaryFolder!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = try TemporaryFolder(prefix: "reuselab-compare-tests")
    }

    override func tearDown() {
        folder?.remove()
        super.tearDown()
    }
}
