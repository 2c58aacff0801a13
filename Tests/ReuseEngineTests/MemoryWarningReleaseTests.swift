import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Recorder

/// A memory warning empties the reuse pool, but under ARC a cell that a pending
/// block still captures lives until that block has run: its `deinit` comes after
/// the block sets its image, never before. And no recording is ever written that
/// `validate` would refuse.
@Suite
final class MemoryWarningReleaseTests {
    @Test func testACellCapturedByAPendingBlockIsDeallocatedAfterTheBlockRuns() throws {
        // Row 0's cell leaves for the pool (reloadRows) while its download is in flight;
        // the memory warning comes before the answer.
        let text = """
        {"title": "memory warning during a download", "table": {"rows": 100, "viewportHeight": 844},
         "strategy": "async-reset", "script": [{"reloadRows": {"rows": [0]}}, {"memoryWarning": {}}, {"wait": {"ms": 1000}}]}
        """
        let scenario = try Recorder.parseScenario(bytes: Array(text.utf8), file: "memory.scenario.json")
        let events = try Recorder.record(scenario).events
        let warning = try #require(events.firstIndex { $0.kind == .didReceiveMemoryWarning })
        let deinitOfCell1 = try #require(events.firstIndex { $0.body == .deinitCell(cell: 1) })
        let lastImageSet = try #require(events.lastIndex { event in
            if case .imageSet(let cell, _) = event.body { return cell == 1 }
            return false
        })
        #expect(deinitOfCell1 > warning)
        #expect(deinitOfCell1 > lastImageSet, "cell #1 is deallocated only after the block that sets its image")
        #expect(events[deinitOfCell1].time > events[warning].time)
        var state = ReplayState(header: TraceHeader(title: "t", profile: .modern, scenario: scenario))
        for event in events { #expect(throws: Never.self) { try state.apply(event) } }
    }

    @Test func testACellNothingHoldsIsDeallocatedAtTheWarning() {
        let events = record(Scenario(title: "plain", table: seedScreen(),
                                     script: [.drag(by: 600, ms: 1000), .memoryWarning, .wait(ms: 100)]))
        let warning = events.firstIndex { $0.kind == .didReceiveMemoryWarning } ?? -1
        #expect(events[warning + 1].kind == .deinitCell, "the pooled cell goes at once")
    }

    @Test func testTheRecorderRefusesToWriteATraceItsReadersWouldRefuse() {
        let header = TraceHeader(title: "impossible", profile: .classic, scenario: nil)
        let trace = Trace(header: header, events: [TraceEvent(seq: 0, time: .zero, body: .willDisplay(row: 0, cell: 1))])
        if let error = #expect(throws: (any Error).self, performing: { try Recorder.checkReadable(trace) }) {
            let message = (error as? ReuseLabError)?.message ?? ""
            #expect(message.contains("this is a ReuseLab bug"), Comment(rawValue: message))
        }
    }
}
