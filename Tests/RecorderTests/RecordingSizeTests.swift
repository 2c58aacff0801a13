import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Recorder

/// What the recorder writes, every reader accepts: a recording larger than the
/// readers' size limit is refused with an error naming that limit, never written.
@Suite
final class RecordingSizeTests {
    func scenario() throws -> Scenario {
        let text = """
        {"title": "limit", "table": {"rows": 200, "rowHeight": 44, "viewportHeight": 844},
         "script": [{"drag": {"by": 2000, "ms": 3000}}]}
        """
        return try Recorder.parseScenario(bytes: Array(text.utf8), file: "limit.scenario.json")
    }

    @Test func testTheRecorderUsesTheReadersLimit() throws {
        // The default is the readers' own limit: the two cannot drift apart.
        let text = try Recorder.recordText(try scenario())
        #expect(text.utf8.count <= TraceReader.maximumBytes)
        #expect(throws: Never.self) { try TraceReader.read(bytes: Array(text.utf8), file: "memory") }
    }

    @Test func testARecordingPastTheLimitIsRefused() throws {
        let full = try Recorder.recordText(try scenario())
        if let error = #expect(throws: (any Error).self, performing: { try Recorder.recordText(try scenario(), maximumBytes: full.utf8.count - 1) }) {
            guard let error = error as? ReuseLabError else { Issue.record("\(error)"); return }
            #expect(error.kind == .tooLarge)
            #expect(error.kind.exitStatus == 67)
            #expect(error.message.contains("the most any reuselab command reads"), Comment(rawValue: error.message))
        }
        #expect((try Recorder.recordText(try scenario(), maximumBytes: full.utf8.count)) == full, "exactly at the limit is fine")
    }
}
