import XCTest
import TraceModel
import ToolSupport
import TraceCoding
@testable import Recorder

/// A recording is checked beside the engine, batch by batch, before anything is
/// handed to the writing thread: the events up to the first one no table view
/// could take go on, that one and everything after stay back, and the refusal
/// names it.
final class RecordingCheckTests: XCTestCase {
    func header() -> TraceHeader {
        TraceHeader(title: "check", profile: .modern)
    }

    func drained(_ channel: BatchChannel<[TraceEvent]>) -> [[TraceEvent]] {
        channel.finish()
        var batches: [[TraceEvent]] = []
        while let batch = channel.next() { batches.append(batch) }
        return batches
    }

    func testGoodBatchesAreHandedOnWhole() {
        let checking = Recorder.Checking(header: header())
        let channel = BatchChannel<[TraceEvent]>(capacity: 4)
        let first = [TraceEvent(seq: 0, time: .zero, body: .initCell(cell: 1, identifier: "Cell")),
                     TraceEvent(seq: 1, time: .zero, body: .cellForRowAt(row: 0, cell: 1))]
        checking.handOn(first, to: channel)
        checking.handOn([], to: channel)
        checking.handOn([TraceEvent(seq: 2, time: .zero, body: .willDisplay(row: 0, cell: 1))], to: channel)
        XCTAssertNil(checking.violation)
        XCTAssertEqual(drained(channel).map { $0.map(\.seq) }, [[0, 1], [2]])
    }

    func testNothingGoesOnFromTheFirstRefusedEvent() throws {
        let checking = Recorder.Checking(header: header())
        let channel = BatchChannel<[TraceEvent]>(capacity: 4)
        // Cell 7 was never made: its willDisplay is refused.
        checking.handOn([TraceEvent(seq: 0, time: .zero, body: .initCell(cell: 1, identifier: "Cell")),
                         TraceEvent(seq: 1, time: .zero, body: .willDisplay(row: 0, cell: 7)),
                         TraceEvent(seq: 2, time: .zero, body: .cellForRowAt(row: 0, cell: 1))], to: channel)
        checking.handOn([TraceEvent(seq: 3, time: .zero, body: .cellForRowAt(row: 1, cell: 1))], to: channel)
        XCTAssertEqual(drained(channel).map { $0.map(\.seq) }, [[0]])
        let violation = try XCTUnwrap(checking.violation)
        XCTAssertEqual(violation.kind, .badInput)
        XCTAssertTrue(violation.message.contains("willDisplay"), violation.message)
        XCTAssertTrue(violation.message.contains("ReuseLab bug"), violation.message)
    }
}
