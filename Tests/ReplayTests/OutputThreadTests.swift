import Foundation
import XCTest
import ReuseLabTestSupport
import TraceModel
import ToolSupport
import TraceCoding
@testable import Replay
import Recorder
@testable import ReuseLabCLI

/// The output thread takes steps apart to hand them across (a few numbers, the
/// marks as bits, the text in its batch's buffer) and puts them together again:
/// every step must come out as it went in, in order, with its event.
final class OutputThreadTests: XCTestCase {
    func testEveryMarkHasABitOfItsOwn() {
        XCTAssertLessThanOrEqual(Annotation.Mark.allCases.count, 8, "marks cross the output thread as the bits of a UInt8")
        // Marks are hashed and compared by their place among the cases.
        for (index, mark) in Annotation.Mark.allCases.enumerated() { XCTAssertEqual(mark.ordinal, index, "\(mark)") }
        XCTAssertEqual(Set(Annotation.Mark.allCases).count, Annotation.Mark.allCases.count)
    }

    func testStepsComeOutAsTheyWentIn() throws {
        let trace = try Recorder.simulate(try Recorder.parseScenario(bytes: Array(LongScroll.scenarioJSON(rows: 60, strategy: "async-no-reset").utf8), file: "long.scenario.json"))
        var sent = try Annotator.annotate(trace, file: "t")
        XCTAssertGreaterThan(sent.count, 1_000, "several batches")
        // Every mark and rule somewhere, and text that is not plain ASCII.
        for (index, mark) in Annotation.Mark.allCases.enumerated() { sent[index * 7].marks.insert(mark) }
        sent[3].marks = Set(Annotation.Mark.allCases)
        sent[4].inferred = InferredRule.allCases.first
        sent[5].text = "é ✓ \u{1F600} tab\tend"
        sent[6].text = ""
        XCTAssertTrue(sent.contains { !$0.marks.isEmpty } && sent.contains { $0.marks.isEmpty })

        final class Received: @unchecked Sendable { var steps: [(Annotation, TraceEvent?, Bool)] = [] }
        let received = Received()
        let thread = OutputThread { annotation, event, selected in received.steps.append((annotation, event, selected)) }
        for (annotation, event) in zip(sent, trace.events) {
            let frame = annotation.kind == .frame
            thread.send(annotation, event: frame ? event : nil, selected: annotation.seq % 3 != 0)
        }
        thread.finish()
        thread.finish()

        XCTAssertEqual(received.steps.count, sent.count)
        for ((annotation, event, selected), (original, originalEvent)) in zip(received.steps, zip(sent, trace.events)) {
            guard annotation == original else {
                XCTFail("step \(original.seq) came out as \(annotation), not \(original)")
                return
            }
            XCTAssertEqual(event, original.kind == .frame ? originalEvent : nil)
            XCTAssertEqual(selected, original.seq % 3 != 0)
        }
    }
}
