import ReuseLabTestSupport
import Foundation
import XCTest

/// Help texts and listings fit an 80-column terminal: a long title or summary
/// wraps under its own column instead of running off the edge.
final class WidthTests: FolderTestCase {
    func testHelpAndListingsFitEightyColumns() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "80"
        environment["NO_COLOR"] = "1"
        environment["REUSELAB_PROGRESS_DIR"] = folder.path("progress")
        var runs: [[String]] = [["--help"], ["list"], ["strategies"], ["lesson"]]
        for command in ["record", "validate", "stats", "replay", "diff", "lesson", "list", "strategies", "bench"] {
            runs.append([command, "--help"])
        }
        for arguments in runs {
            let outcome = try ReuselabExecutable.run(try Executable.require(), arguments, environment: environment,
                                                     directory: Golden.packageRoot, timeout: 60)
            XCTAssertEqual(outcome.status, 0, "\(arguments): \(outcome.err)")
            for line in outcome.out.split(separator: "\n") where line.count > 80 {
                XCTFail("reuselab \(arguments.joined(separator: " ")) prints \(line.count) columns: \(line)")
            }
        }
    }
}
