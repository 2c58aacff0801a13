import XCTest
import TraceModel
import ToolSupport
import TraceCoding
@testable import Recorder

/// Teardown as the evidence has it (shared research, "Teardown and memory"): the
/// `disappear` step sends `viewDidDisappear`, then the table view is deallocated
/// with every cell it holds — on screen, kept aside, prepared ahead, pooled — one
/// `deinit` each, and no cell gets `didEndDisplaying`.
final class TeardownTests: XCTestCase {
    /// The phase of every live cell just before `viewDidDisappear`, and the events from it on.
    private func teardown(of scenario: Scenario, file: StaticString = #filePath, line: UInt = #line)
        -> (phases: [Int: CellPhase], disappear: Int, events: [TraceEvent]) {
        let events = record(scenario, file: file, line: line)
        let disappear = events.index(of: .viewDidDisappear) ?? events.count
        let header = TraceHeader(title: scenario.title, profile: scenario.profile, scenario: scenario)
        let state = replay(Array(events[..<disappear]), header: header, file: file, line: line)
        var phases: [Int: CellPhase] = [:]
        for id in 1...max(1, state.cells.count) {
            if let phase = state.cell(id)?.phase, phase != .deallocated { phases[id] = phase }
        }
        // The whole recording folds through the replay state too: the validator accepts it.
        replay(events, header: header, file: file, line: line)
        return (phases, disappear, events)
    }

    func testEveryLiveCellInEveryStateIsDeallocatedOnceWithoutDidEndDisplaying() throws {
        // Modern profile: the drag leaves a prepared cell (the next row's) and a kept-aside
        // one; reloading a visible row puts its old cell in the pool.
        let scenario = Scenario(title: "teardown", profile: .modern, table: seedScreen(),
                                script: [.drag(by: 440, ms: 2500), .reloadRows([10]), .wait(ms: 100), .disappear])
        let (phases, disappear, events) = teardown(of: scenario)
        XCTAssertTrue(phases.values.contains { if case .displayed = $0 { return true } else { return false } }, "a cell on screen")
        XCTAssertTrue(phases.values.contains { if case .keptAside = $0 { return true } else { return false } }, "a cell kept aside")
        XCTAssertTrue(phases.values.contains { if case .configured = $0 { return true } else { return false } }, "a cell prepared ahead")
        XCTAssertTrue(phases.values.contains { $0 == .pooled }, "a cell in the pool")

        let after = Array(events[disappear...])
        XCTAssertEqual(after.first?.kind, .viewDidDisappear, "viewDidDisappear comes first")
        XCTAssertFalse(after.contains { $0.kind == .didEndDisplaying }, "no didEndDisplaying at teardown")
        let released = after.compactMap { event -> Int? in
            if case .deinitCell(let cell) = event.body { return cell }
            return nil
        }
        XCTAssertEqual(released, phases.keys.sorted(), "one deinit per live cell, in creation order")
        XCTAssertEqual(after.map(\.kind), [.viewDidDisappear] + Array(repeating: .deinitCell, count: released.count) + [.recordingEnded])
        XCTAssertFalse(events[..<disappear].contains { $0.kind == .deinitCell }, "no cell goes before the table view")
    }

    func testClassicProfileTearsDownTheSameWay() {
        // Classic: no prepared or kept-aside cells, but pooled cells and the visible ones.
        let scenario = Scenario(title: "teardown", profile: .classic, table: seedScreen(), script: [.drag(by: 300, ms: 1000), .disappear])
        let (phases, disappear, events) = teardown(of: scenario)
        XCTAssertTrue(phases.values.contains { $0 == .pooled })
        XCTAssertTrue(phases.values.contains { if case .displayed = $0 { return true } else { return false } })
        let after = events[disappear...]
        XCTAssertFalse(after.contains { $0.kind == .didEndDisplaying })
        XCTAssertEqual(after.filter { $0.kind == .deinitCell }.map { $0.body.cellField }, phases.keys.sorted())
    }

    func testTheViewControllersViewDidDisappearRunsBeforeTheCellsGo() throws {
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
        let disappear = try XCTUnwrap(events.index(of: .viewDidDisappear))
        let firstDeinit = try XCTUnwrap(events.index(of: .deinitCell, after: disappear))
        let cancelled = events[disappear..<firstDeinit].filter { $0.kind == .requestCancelled }.count
        XCTAssertEqual(cancelled, 19, "every visible row's download is cancelled by the app, not by didEndDisplaying")
        XCTAssertFalse(events[disappear...].contains { $0.kind == .didEndDisplaying })
        XCTAssertFalse(events[firstDeinit...].contains { $0.kind == .requestCancelled })
        var state = ReplayState(header: TraceHeader(title: "t", profile: .modern, scenario: scenario))
        for event in events { XCTAssertNoThrow(try state.apply(event)) }
        XCTAssertEqual(state.liveCellCount, 0)
        XCTAssertTrue(state.displayed.isEmpty)
    }
}
