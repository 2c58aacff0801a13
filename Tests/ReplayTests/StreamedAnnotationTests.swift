import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Replay
import Recorder
import ReuseLabTestSupport

/// Annotating a trace as it is read (the Annotator's window, dropped and
/// compacted as it goes) gives every step the sentence a pass over the whole
/// trace in memory gives — on a trace long enough for the window to be
/// compacted many times over.
@Suite
final class StreamedAnnotationTests {
    @Test func testStreamingAndWholeTraceAnnotationsAgreeOnALongTrace() throws {
        let trace = try Recorder.simulate(try Recorder.parseScenario(bytes: Array(LongScroll.scenarioJSON(rows: 400, strategy: "async-no-reset").utf8), file: "long.scenario.json"))
        // Longer than two windows of 4,096 and the look-ahead: compacted more than once.
        #expect(trace.events.count > (2 * 4096 + Annotator.lookAhead))
        let whole = try Annotator.annotate(trace, file: "long")
        let bytes = Array(TraceWriter.text(trace).utf8)
        var streamed: [Annotation] = []
        var states = 0
        try TraceSource.bytes(bytes, name: "long").annotate { annotation, event, state in
            #expect(event.seq == annotation.seq)
            if state.eventCount == annotation.seq + 1 { states += 1 }
            streamed.append(annotation)
            return true
        }
        #expect(streamed.count == whole.count)
        for (a, b) in zip(streamed, whole) where a != b {
            Issue.record("step \(a.seq): streamed \"\(a.text)\", whole \"\(b.text)\"")
            break
        }
        #expect(states == whole.count, "each step comes with the state after it")
        // Stopping early: steps through 99 only.
        var last = -1
        try TraceSource.bytes(bytes, name: "long").annotate(through: 99) { annotation, _, _ in
            last = annotation.seq
            return true
        }
        #expect(last == 99)

        // Memory: fed event by event, the Annotator never holds more than its
        // look-ahead and the explained events awaiting compaction.
        var annotator = Annotator(header: trace.header)
        var most = 0
        for event in trace.events {
            annotator.feed(event)
            while try annotator.step(file: "long") != nil {}
            most = max(most, annotator.heldEvents)
        }
        #expect(most <= (2 * 4096 + Annotator.lookAhead + 2), "held \(most) of \(trace.events.count) events")
    }
}
