import XCTest
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Recorder

/// What the recorder writes, every reader accepts: a recording larger than the
/// readers' size limit is refused with an error naming that limit, never written.
final class RecordingSizeTests: XCTestCase {
    func scenario() throws -> Scenario {
        let text = """
        {"title": "limit", "table": {"rows": 200, "rowHeight": 44, "viewportHeight": 844},
         "script": [{"drag": {"by": 2000, "ms": 3000}}]}
        """
        return try Recorder.parseScenario(bytes: Array(text.utf8), file: "limit.scenario.json")
    }

    func testTheRecorderUsesTheReadersLimit() throws {
        // The default is the readers' own limit: the two cannot drift apart.
        let text = try Recorder.recordText(try scenario())
        XCTAssertLessThanOrEqual(text.utf8.count, TraceReader.maximumBytes)
        XCTAssertNoThrow(try TraceReader.read(bytes: Array(text.utf8), file: "memory"))
    }

    func testARecordingPastTheLimitIsRefused() throws {
        let full = try Recorder.recordText(try scenario())
        XCTAssertThrowsError(try Recorder.recordText(try scenario(), maximumBytes: full.utf8.count - 1)) { error in
            guard let error = error as? ReuseLabError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.kind, .tooLarge)
            XCTAssertEqual(error.kind.exitStatus, 67)
            XCTAssertTrue(error.message.contains("the most any reuselab command reads"), error.message)
        }
        XCTAssertEqual(try Recorder.recordText(try scenario(), maximumBytes: full.utf8.count), full, "exactly at the limit is fine")
    }
}
