import ReuseLabTestSupport
import Foundation
import Testing

// Helpers for the `diff` command's tests: running the built binary, bundled traces,
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

/// Runs `reuselab ARGUMENTS`, the built binary, from the package's folder with
/// its output captured, `width` columns wide, with the package's paths made
/// relative to it, so the output reads — and wraps — as if run there
/// (`traces/seed004-slow-scroll.trace.json`) on any machine, wherever the package
/// is checked out.
func runReuseLab(_ arguments: [String], width: Int = 80, sourceLocation: SourceLocation = #_sourceLocation) -> DiffRun {
    let root = packageRoot.path + "/"
    let relative = arguments.map { $0.hasPrefix(root) ? String($0.dropFirst(root.count)) : $0 }
    do {
        let outcome = try ReuselabExecutable.runFromPackage(relative, columns: width, sourceLocation: sourceLocation)
        return DiffRun(status: outcome.status, out: outcome.out.replacingOccurrences(of: root, with: ""),
                       err: outcome.err.replacingOccurrences(of: root, with: ""))
    } catch {
        Issue.record("reuselab \(relative.joined(separator: " ")) could not run: \(error)", sourceLocation: sourceLocation)
        return DiffRun(status: -1, out: "", err: "\(error)")
    }
}

/// `reuselab diff` of two bundled traces, with more options.
func diffBundled(_ a: String, _ b: String, _ options: [String] = []) -> DiffRun {
    runReuseLab(["diff", bundledTrace(a), bundledTrace(b)] + options)
}

/// `reuselab diff … --json`, parsed.
func diffJSON(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
    let run = runReuseLab(["diff"] + arguments + ["--json"])
    #expect(run.status == 0 || run.status == 1, "exit status \(run.status): \(run.err)", sourceLocation: sourceLocation)
    #expect(run.out.hasSuffix("}\n"), "one JSON object and a line break", sourceLocation: sourceLocation)
    let object = try JSONSerialization.jsonObject(with: Data(run.out.utf8))
    return try #require(object as? [String: Any], "the output is a JSON object", sourceLocation: sourceLocation)
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

/// Compares an excerpt with `Tests/DiffTests/Golden/NAME`, headed by what it
/// `shows` (see `Golden.assertExcerpt`).
func assertGolden(_ excerpt: String, _ name: String, shows: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    try Golden.assertExcerpt(excerpt, name, shows: shows, suite: "DiffTests", filter: "DiffGoldenTests", sourceLocation: sourceLocation)
}
