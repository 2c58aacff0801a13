import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Recorder

/// Teardown as the evidence has it (shared research, "Teardown and memory"): the
/// `disappear` step sends `viewDidDisappear`, then the table view is deallocated
/// with every cell it holds — on screen, kept aside, prepared ahead, pooled — one
/// `deinit` each, and no cell gets `didEndDisplaying`.
@Suite
final class TeardownTests {
    /// The phase of every live cell just before `viewDidDisappear`, and the events from it on.
    private func teardown(of scenario: Scenario, sourceLocation: SourceLocation = #_sourceLocation)
        -> (phases: [Int: CellPhase], disappear: Int, events: [TraceEvent]) {
        let events = record(scenario, sourceLocation: sourceLocation)
        let disappear = events.index(of: .viewDidDisappear) ?? events.count
        let header = TraceHeader(title: scenario.title, profile: scenario.profile, scenario: scenario)
        let state = replay(Array(events[..<disappear]), header: header, sourceLocation: sourceLocation)
        var phases: [Int: CellPhase] = [:]
        for id in 1...max(1, state.cells.count) {
            if let phase = state.cell(id)?.phase, phase != .deallocated { phases[id] = phase }
        }
        // The whole recording folds through the replay state too: the validator accepts it.
        replay(events, header: header, sourceLocation: sourceLocation)
        return (phases, disappear, events)
    }

    @Test func testEveryLiveCellInEveryStateIsDeallocatedOnceWithoutDidEndDisplaying() throws {
        // Modern profile: the drag leaves a prepared cell (the next row's) and a kept-aside
        // one; reloading a visible row puts its old cell in the pool.
        let scenario = Scenario(title: "teardown", profile: .modern, table: seedScreen(),
                                script: [.drag(by: 440, ms: 2500), .reloadRows([10]), .wait(ms: 100), .disappear])
        let (phases, disappear, events) = teardown(of: scenario)
        #expect(phases.values.contains { if case .displayed = $0 { return true } else { return false } }, "a cell on screen")
        #expect(phases.values.contains { if case .keptAside = $0 { return true } else { return false } }, "a cell kept aside")
        #expect(phases.values.contains { if case .configured = $0 { return true } else { return false } }, "a cell prepared ahead")
        #expect(phases.values.contains { $0 == .pooled }, "a cell in the pool")

        let after = Array(events[disappear...])
        #expect(after.first?.kind == .viewDidDisappear, "viewDidDisappear comes first")
        #expect(!(after.contains { $0.kind == .didEndDisplaying }), "no didEndDisplaying at teardown")
        let released = after.compactMap { event -> Int? in
            if case .deinitCell(let cell) = event.body { return cell }
            return nil
        }
        #expect(released == phases.keys.sorted(), "one deinit per live cell, in creation order")
        #expect(after.map(\.kind) == ([.viewDidDisappear] + Array(repeating: .deinitCell, count: released.count) + [.recordingEnded]))
        #expect(!(events[..<disappear].contains { $0.kind == .deinitCell }), "no cell goes before the table view")
    }

    @Test func testClassicProfileTearsDownTheSameWay() {
        // Classic: no prepared or kept-aside cells, but pooled cells and the visible ones.
        let scenario = Scenario(title: "teardown", profile: .classic, table: seedScreen(), script: [.drag(by: 300, ms: 1000), .disappear])
        let (phases, disappear, events) = teardown(of: scenario)
        #expect(phases.values.contains { $0 == .pooled })
        #expect(phases.values.contains { if case .displayed = $0 { return true } else { return false } })
        let after = events[disappear...]
        #expect(!(after.contains { $0.kind == .didEndDisplaying }))
        #expect(after.filter { $0.kind == .deinitCell }.map { $0.body.cellField } == phases.keys.sorted())
    }

    @Test func testTheViewControllersViewDidDisappearRunsBeforeTheCellsGo() throws {
        // Seed 001 cancels every load task in viewDidDisappear: with downloads still in
        // flight, their cancellations come after viewDidDisappear and before any deinit.
        let text = """
        {"title": "leaving while images load", "profile": "modern",
         "table": {"rows": 100, "rowHeight": 44, "viewportHeight": 844, "contentInset": {"top": 47, "bottom": 34}},
         "strategy": "task-identity-cancel", "prefetching": false, "network": {"latency": {"fixed": 2000}},
         "script": [{"wait": {"ms": 100}}, {"disappear": {}}]}
        """
        let scenario = try Recorder.parseScenario(bytes: Array(text.utf8), file: "leave.scenario.json")
        let events = try Recorder.record(scenario).events
        let disappear = try #require(events.index(of: .viewDidDisappear))
        let firstDeinit = try #require(events.index(of: .deinitCell, after: disappear))
        let cancelled = events[disappear..<firstDeinit].filter { $0.kind == .requestCancelled }.count
        #expect(cancelled == 19, "every visible row's download is cancelled by the app, not by didEndDisplaying")
        #expect(!(events[disappear...].contains { $0.kind == .didEndDisplaying }))
        #expect(!(events[firstDeinit...].contains { $0.kind == .requestCancelled }))
        var state = ReplayState(header: TraceHeader(title: "t", profile: .modern, scenario: scenario))
        for event in events { #expect(throws: Never.self) { try state.apply(event) } }
        #expect(state.liveCellCount == 0)
        #expect(state.displayed.isEmpty)
    }
}
