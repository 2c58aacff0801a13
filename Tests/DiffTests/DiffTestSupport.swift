import ReuseLabTestSupport
import Foundation
import XCTest
import ReuseLabCLI

// Helpers for the `diff` command's tests: running it in-process, bundled traces,
// scratch files and golden files.

/// What one run of `reuselab` printed and returned.
struct DiffRun {
    var status: Int32
    var out: String
    var err: String
}

/// The package's top folder (this file is Tests/DiffTests/DiffTestSupport.swift).
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A bundled trace's path, `traces/NAME.trace.json` under the package.
func bundledTrace(_ name: String) -> String {
    packageRoot.appendingPathComponent("traces/\(name).trace.json").path
}

/// Runs `reuselab ARGUMENTS` in-process with captured output. `NO_COLOR` is set
/// while it runs: colour is decided by whether the process's real standard output
/// is a terminal, which it may be when the tests run in one. It runs from the
/// package's folder, with the package's paths made relative to it, so the output
/// reads — and wraps — as if run there (`traces/seed004-slow-scroll.trace.json`)
/// on any machine, wherever the package is checked out.
func runReuseLab(_ arguments: [String], width: Int = 80) -> DiffRun {
    let previous = getenv("NO_COLOR").map { String(cString: $0) }
    setenv("NO_COLOR", "1", 1)
    let root = packageRoot.path + "/"
    let folder = FileManager.default.currentDirectoryPath
    FileManager.default.changeCurrentDirectoryPath(packageRoot.path)
    defer {
        if let previous { setenv("NO_COLOR", previous, 1) } else { unsetenv("NO_COLOR") }
        FileManager.default.changeCurrentDirectoryPath(folder)
    }
    let relative = arguments.map { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0 }
    final class Captured: @unchecked Sendable { var out = ""; var err = "" }
    let captured = Captured()
    let status = ReuseLab.run(relative, io: CommandIO(out: { captured.out += $0 }, err: { captured.err += $0 }, width: width))
    return DiffRun(status: status, out: captured.out.replacingOccurrences(of: root, with: ""),
                   err: captured.err.replacingOccurrences(of: root, with: ""))
}

/// `reuselab diff` of two bundled traces, with more options.
func diffBundled(_ a: String, _ b: String, _ options: [String] = []) -> DiffRun {
    runReuseLab(["diff", bundledTrace(a), bundledTrace(b)] + options)
}

/// `reuselab diff … --json`, parsed.
func diffJSON(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
    let run = runReuseLab(["diff"] + arguments + ["--json"])
    XCTAssertTrue(run.status == 0 || run.status == 1, "exit status \(run.status): \(run.err)", file: file, line: line)
    XCTAssertTrue(run.out.hasSuffix("}\n"), "one JSON object and a line break", file: file, line: line)
    let object = try JSONSerialization.jsonObject(with: Data(run.out.utf8))
    return try XCTUnwrap(object as? [String: Any], "the output is a JSON object", file: file, line: line)
}

extension String {
    /// The text with every run of spaces and line breaks made one space, so that
    /// a phrase wrapped across lines can be searched for.
    var flattened: String {
        split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// The part of the text from the line starting with `start` up to (not
    /// including) the line starting with `end`, or to the end of the text.
    func section(from start: String, to end: String? = nil) -> String {
        guard let from = range(of: "\n" + start) ?? (hasPrefix(start) ? range(of: start) : nil) else { return "" }
        let rest = self[from.lowerBound...]
        guard let end, let to = rest.dropFirst().range(of: "\n" + end) else { return String(rest) }
        return String(rest[..<to.lowerBound])
    }
}

/// A temporary folder for one test's files, deleted when released.
final class ScratchFolder: TemporaryFolder {
    init() throws { try super.init(prefix: "reuselab-diff", removeWhenReleased: true) }
}

/// The text of a bundled trace file.
func bundledTraceText(_ name: String) throws -> String {
    try String(contentsOfFile: bundledTrace(name), encoding: .utf8)
}

/// Compares `actual` with `Tests/DiffTests/Golden/NAME` (see `Golden.assert`).
func assertGolden(_ actual: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    try Golden.assert(actual, name, suite: "DiffTests", filter: "DiffGoldenTests", file: file, line: line)
}
