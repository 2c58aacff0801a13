import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Replay
import ReuseLabTestSupport

/// A replay whose output has failed stops: the reading ends there, and nothing
/// it would have found further on is reported. A replay that only wants no more
/// steps still checks the trace to its end, as `validate` would.
@Suite
final class StoppedReplayTests {
    /// Folders kept until the test ends (each test has its own instance).
    private var keptAlive: [TemporaryFolder] = []

    private func brokenAtTheEnd() throws -> (path: String, folder: TemporaryFolder, events: Int) {
        let text = try String(contentsOfFile: bundledTrace("images-async-no-reset"), encoding: .utf8)
        let broken = text.replacingOccurrences(of: "{\"seq\":1260,", with: "{\"seq\" 1260,")
        #expect(broken != text)
        let folder = try TemporaryFolder(prefix: "reuselab-stop", removeWhenReleased: true)
        keptAlive.append(folder)
        return (try folder.write("broken.trace.json", broken), folder, 1260)
    }

    @Test func testAStoppedReplayReportsNothingFurtherOn() throws {
        let (path, _, _) = try brokenAtTheEnd()
        for source in [TraceSource.file(path), .bytes(Array(try Data(contentsOf: URL(fileURLWithPath: path))), name: "broken.trace.json")] {
            var handed = 0
            try source.replay { step, _ in
                handed += 1
                return step.annotation.seq < 5
            }
            #expect(handed == 6, "no step is handed on after the replay stops")
        }
    }

    @Test func testAReplayThatWantsNoMoreStepsStillChecksTheTrace() throws {
        let (path, _, _) = try brokenAtTheEnd()
        var wanted = 0
        if let error = #expect(throws: (any Error).self, performing: { try TraceSource.file(path).replay { step, _ in
            if step.annotation.seq <= 5 { wanted += 1 }
            return true
        } }) {
            #expect((error as? ReuseLabError)?.description.contains("events[1260]") == true, "\(error)")
        }
        #expect(wanted == 6)
    }

    /// With a trace long enough, the reading stops well short of the end: it has
    /// read only the events the first steps looked at.
    @Test func testTheReadingStopsThere() throws {
        let folder = try TemporaryFolder(prefix: "reuselab-stop-long", removeWhenReleased: true)
        // The same events many times over, renumbered.
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
        var read = 0
        try TraceSource.file(path).replay(notingStarts: { _ in read += 1 }) { _, _ in false }
        #expect(read <= (Annotator.lookAhead + 2), "the reading stopped at the first step")
    }
}
