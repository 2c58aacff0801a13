import Foundation
import Testing

/// Golden-file assertions shared by the test targets: compares output with a file
/// under `Tests/<suite>/Golden/`, or writes it there when REUSELAB_UPDATE_GOLDEN=1.
///
/// A golden file is an excerpt a reviewer can read: a few dozen lines that show
/// the rule under test (a command run on a few steps with `--from`/`--to`, or the
/// section of its output that matters), headed by `# ` lines saying what they show.
public enum Golden {
    /// The package's top folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The most lines an excerpt may have; more is a listing nobody reviews.
    public static let maximumExcerptLines = 60

    /// Compares `excerpt` with `Tests/<suite>/Golden/<name>`, whose first lines are
    /// `shows` as `# ` comments: what the excerpt shows, for the reviewer of the
    /// file and of its diff. Fails when the excerpt is longer than a few dozen lines.
    public static func assertExcerpt(_ excerpt: String, _ name: String, shows: String, suite: String, filter: String,
                                     sourceLocation: SourceLocation = #_sourceLocation) throws {
        let count = excerpt.split(separator: "\n", omittingEmptySubsequences: false).count - (excerpt.hasSuffix("\n") ? 1 : 0)
        #expect(count <= maximumExcerptLines, "\(name): an excerpt of \(count) lines; cut it to the lines that show the rule", sourceLocation: sourceLocation)
        let heading = shows.split(separator: "\n").map { "# " + $0 }.joined(separator: "\n")
        try assert(heading + "\n" + excerpt, name, suite: suite, filter: filter, sourceLocation: sourceLocation)
    }

    /// The lines of `text` from the first line starting with `start` (the first
    /// line when nil) through `count` lines, or up to (not including) the next line
    /// starting with `end`; "" when `start` is not found, so the comparison fails
    /// and shows what was printed.
    public static func lines(of text: String, from start: String? = nil, to end: String? = nil, count: Int? = nil) -> String {
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = start.map({ start in all.firstIndex { $0.hasPrefix(start) } }) ?? all.indices.first else { return "" }
        var last = all.endIndex
        if let end, let stop = all[(first + 1)...].firstIndex(where: { $0.hasPrefix(end) }) { last = stop }
        if let count { last = min(last, first + count) }
        let excerpt = all[first..<last].joined(separator: "\n")
        return excerpt.hasSuffix("\n") || excerpt.isEmpty ? excerpt : excerpt + "\n"
    }

    /// Compares `actual` with `Tests/<suite>/Golden/<name>` whole; `filter` is the
    /// test filter named in the regenerate hint. Golden tests call `assertExcerpt`.
    public static func assert(_ actual: String, _ name: String, suite: String, filter: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = packageRoot.appendingPathComponent("Tests/\(suite)/Golden/\(name)")
        let update = "REUSELAB_UPDATE_GOLDEN=1 swift test --filter \(filter)"
        if ProcessInfo.processInfo.environment["REUSELAB_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url, options: .atomic)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("no golden file \(url.path); create it with \(update) and review it", sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != actual else { return }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let index = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(expectedLines.count, actualLines.count)
        let want = index < expectedLines.count ? String(expectedLines[index]) : "(end of file)"
        let got = index < actualLines.count ? String(actualLines[index]) : "(end of output)"
        Issue.record("""
            output differs from \(url.lastPathComponent) at line \(index + 1) \
            (\(expectedLines.count) lines expected, \(actualLines.count) printed):
              expected: \(want)
              printed:  \(got)
            If the change is intended (new wording, a re-recorded trace), regenerate with
              \(update)
            and review the diff of Tests/\(suite)/Golden.
            """, sourceLocation: sourceLocation)
    }
}
