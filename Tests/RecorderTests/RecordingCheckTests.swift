import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Recorder

/// A recording is checked as the engine hands its events off, before they are
/// written: the events up to the first one no table view could take are
/// written, that one and everything after are not, and the refusal names it.
@Suite
final class RecordingCheckTests {
    /// What a `Writing` wrote, as text.
    final class Written {
        var text = ""
    }

    func writing(into written: Written) -> Recorder.Writing {
        Recorder.Writing(header: TraceHeader(title: "check", profile: .modern), maximumBytes: 1 << 20) { chunk in
            written.text += String(decoding: chunk, as: UTF8.self)
        }
    }

    @Test func testGoodBatchesAreWrittenWhole() {
        let written = Written()
        let writing = writing(into: written)
        writing.take([TraceEvent(seq: 0, time: .zero, body: .initCell(cell: 1, identifier: "Cell")),
                      TraceEvent(seq: 1, time: .zero, body: .cellForRowAt(row: 0, cell: 1))])
        writing.take([])
        writing.take([TraceEvent(seq: 2, time: .zero, body: .willDisplay(row: 0, cell: 1))])
        #expect(writing.finish())
        #expect(writing.violation == nil)
        #expect((written.text.components(separatedBy: "{\"seq\":").count - 1) == 3)
    }

    @Test func testNothingIsWrittenFromTheFirstRefusedEvent() throws {
        let written = Written()
        let writing = writing(into: written)
        // Cell 7 was never made: its willDisplay is refused.
        writing.take([TraceEvent(seq: 0, time: .zero, body: .initCell(cell: 1, identifier: "Cell")),
                      TraceEvent(seq: 1, time: .zero, body: .willDisplay(row: 0, cell: 7)),
                      TraceEvent(seq: 2, time: .zero, body: .cellForRowAt(row: 0, cell: 1))])
        writing.take([TraceEvent(seq: 3, time: .zero, body: .cellForRowAt(row: 1, cell: 1))])
        _ = writing.finish()
        #expect(written.text.contains("{\"seq\":0,"))
        #expect(!(written.text.contains("{\"seq\":1,")), Comment(rawValue: written.text))
        #expect(!(written.text.contains("{\"seq\":3,")), Comment(rawValue: written.text))
        let violation = try #require(writing.violation)
        #expect(violation.kind == .badInput)
        #expect(violation.message.contains("willDisplay"), Comment(rawValue: violation.message))
        #expect(violation.message.contains("ReuseLab bug"), Comment(rawValue: violation.message))
    }
}
