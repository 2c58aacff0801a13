import Foundation
import XCTest
import TraceModel
import ToolSupport
import TraceCoding
@testable import Replay
import ReuseLabTestSupport

/// A streamed replay whose output has failed abandons its pass: the reading
/// stops, and nothing it would have found further on is reported, however far
/// it got meanwhile. A pass only told "no more steps" still checks the trace to
/// its end, as `validate` would.
final class AbandonedPassTests: XCTestCase {
    private func brokenAtTheEnd() throws -> (path: String, folder: TemporaryFolder, events: Int) {
        let text = try String(contentsOfFile: bundledTrace("images-async-no-reset"), encoding: .utf8)
        let broken = text.replacingOccurrences(of: "{\"seq\":1260,", with: "{\"seq\" 1260,")
        XCTAssertNotEqual(broken, text)
        let folder = try TemporaryFolder(prefix: "reuselab-abandon", removeWhenReleased: true)
        addTeardownBlock { _ = folder }
        return (try folder.write("broken.trace.json", broken), folder, 1260)
    }

    func testAnAbandonedPassReportsNothingFurtherOn() throws {
        let (path, _, events) = try brokenAtTheEnd()
        for source in [TraceSource.file(path), .bytes(Array(try Data(contentsOf: URL(fileURLWithPath: path))), name: "broken.trace.json")] {
            var handed = 0
            let measure = try source.annotateOnce(foldingWith: StepMeasure.self) { annotation, _, pass in
                handed += 1
                guard annotation.seq < 5 else {
                    pass.abandon()
                    return false
                }
                return true
            }
            XCTAssertEqual(handed, 6, "no step is handed on after the pass is abandoned")
            XCTAssertLessThanOrEqual(measure.stepCount, events, "the fold covers at most what was read")
        }
    }

    func testAPassThatWantsNoMoreStepsStillChecksTheTrace() throws {
        let (path, _, _) = try brokenAtTheEnd()
        var handed = 0
        XCTAssertThrowsError(try TraceSource.file(path).annotateOnce(foldingWith: StepMeasure.self) { annotation, _, _ in
            handed += 1
            return annotation.seq < 5
        }) { error in
            XCTAssertTrue((error as? ReuseLabError)?.description.contains("events[1260]") == true, "\(error)")
        }
        XCTAssertEqual(handed, 6)
    }

    /// With a trace long enough that the reading cannot have finished, it stops
    /// well short of the end: the fold it hands back has not seen most events.
    func testTheReadingStopsSoonAfter() throws {
        let folder = try TemporaryFolder(prefix: "reuselab-abandon-long", removeWhenReleased: true)
        // The same events many times over, renumbered: a long stream for the reading
        // thread, which only measures (the Annotator never gets past the first step).
        let trace = try CheckedTraceReader.read(path: bundledTrace("images-async-no-reset"))
        var events: [TraceEvent] = []
        let rounds = 40
        for round in 0..<rounds {
            for event in trace.events {
                var copy = event
                copy.seq = round * trace.events.count + event.seq
                events.append(copy)
            }
        }
        let path = try folder.write("long.trace.json", TraceWriter.text(Trace(header: trace.header, events: events)))
        let measure = try TraceSource.file(path).annotateOnce(foldingWith: StepMeasure.self) { _, _, pass in
            pass.abandon()
            return false
        }
        XCTAssertLessThan(measure.stepCount, events.count / 2, "the reading stopped soon after the pass was abandoned")
    }
}
