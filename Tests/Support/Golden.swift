import Foundation
import XCTest

/// Golden-file assertions shared by the test targets: compares output with a file
/// under `Tests/<suite>/Golden/`, or writes it there when REUSELAB_UPDATE_GOLDEN=1.
public enum Golden {
    /// The package's top folder.
    public static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Compares `actual` with `Tests/<suite>/Golden/<name>`; `filter` is the test
    /// filter named in the regenerate hint.
    public static func assert(_ actual: String, _ name: String, suite: String, filter: String,
                              file: StaticString = #filePath, line: UInt = #line) throws {
        let url = packageRoot.appendingPathComponent("Tests/\(suite)/Golden/\(name)")
        let update = "REUSELAB_UPDATE_GOLDEN=1 swift test --filter \(filter)"
        if ProcessInfo.processInfo.environment["REUSELAB_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url, options: .atomic)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            XCTFail("no golden file \(url.path); create it with \(update) and review it", file: file, line: line)
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
        XCTFail("""
            output differs from \(url.lastPathComponent) at line \(index + 1) \
            (\(expectedLines.count) lines expected, \(actualLines.count) printed):
              expected: \(want)
              printed:  \(got)
            If the change is intended (new wording, a re-recorded trace), regenerate with
              \(update)
            and review the diff of Tests/\(suite)/Golden.
            """, file: file, line: line)
    }
}
