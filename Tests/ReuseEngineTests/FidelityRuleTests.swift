import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding

/// Recordings checked against the rules in docs/engine.md: the prefetch
/// context at both ends of a list, the ± 1 range for prepared cells on a fast
/// fling, the order inside one pass on a jump, and reconfigure against reload.
@Suite
final class FidelityRuleTests {
    func scenario(_ script: [ScriptStep], rows: Int = 100, profile: TableProfile = .modern) -> Scenario {
        Scenario(title: "fidelity", profile: profile, table: seedScreen(rows: rows), prefetching: true, script: script)
    }

    /// The visible rows of each frame, in order, with the index of the frame event.
    func frames(_ events: [TraceEvent]) -> [(index: Int, rows: ClosedRange<Int>)] {
        events.enumerated().compactMap { index, event in
            guard case .frame(let snapshot) = event.body, let first = snapshot.cells.first?.row, let last = snapshot.cells.last?.row else { return nil }
            return (index, first...last)
        }
    }

    @Test func testASlowScrollToTheEndOfA45RowListAndBackUpALittle() {
        // 45 rows of 44 pt: the content ends at offset 1170; the drag reaches it, then goes back 200 pt.
        let events = record(scenario([.drag(by: 1300, ms: 8000), .wait(ms: 300), .drag(by: -200, ms: 2000)], rows: 45))
        var state = ReplayState(header: TraceHeader(title: "fidelity", profile: .modern, scenario: scenario([], rows: 45)))
        let reverse = events.lastIndex { $0.kind == .scrollViewWillBeginDragging } ?? 0
        var sawLastRow = false
        var lookedUpAtTheEnd = false
        for (index, event) in events.enumerated() {
            do { try state.apply(event) } catch { Issue.record("\(event.seq): \(error.message)"); return }
            // The rows on screen at this moment of the pass (the frame is recorded after the pass).
            guard case .prefetchRowsAt(let rows) = event.body, let first = state.displayed.keys.min(), let last = state.displayed.keys.max() else { continue }
            #expect(rows.allSatisfy { !(first...last).contains($0) && $0 >= 0 && $0 < 45 }, "event \(index): \(rows) visible or past the ends")
            if last == 44 { sawLastRow = true }
            if !sawLastRow {
                #expect(rows == rows.sorted(), "going down: ascending, event \(index)")
                #expect(rows.allSatisfy { $0 > last }, "going down: below the screen, event \(index)")
            } else {
                #expect(rows == rows.sorted(by: >), "at the end: the rows above, nearest first, event \(index)")
                #expect(rows.allSatisfy { $0 < first }, "above the screen, event \(index)")
                if index < reverse { lookedUpAtTheEnd = true }
            }
        }
        #expect(sawLastRow)
        #expect(lookedUpAtTheEnd, "at the bottom the table asks for the rows above before the finger reverses")
        #expect(!(events.contains { $0.kind == .cancelPrefetchingForRowsAt }), "going back up a few rows cancels nothing")
    }

    @Test func testGoingBackUpFarCancelsOnlyRowsMoreThanFifteenRowsBelowTheScreen() {
        let events = record(scenario([.drag(by: 880, ms: 4000), .drag(by: -880, ms: 4000)]))
        var visible: ClosedRange<Int>?
        var cancels = 0
        for event in events {
            if case .frame(let snapshot) = event.body, let first = snapshot.cells.first?.row, let last = snapshot.cells.last?.row {
                visible = first...last
            }
            guard case .cancelPrefetchingForRowsAt(let rows) = event.body else { continue }
            cancels += 1
            // The pass's own frame comes after the cancel: the screen is at most one row further up than the last frame.
            if let screen = visible {
                #expect(rows.allSatisfy { $0 > screen.upperBound - 1 + 15 }, "\(rows) cancelled while rows \(screen) were on screen")
            }
        }
        #expect(cancels > 0, "rows asked for going down are cancelled once the screen is far enough above them")
    }

    @Test func testAFastFlingKeepsOnlyTheCellsWithinOneRowOfTheScreen() {
        let flung = scenario([.fling(velocity: 15000, deceleration: DecelerationRate.normal)], rows: 300)
        let events = record(flung)
        var state = ReplayState(header: TraceHeader(title: "fidelity", profile: .modern, scenario: flung))
        var checkedFrames = 0, fastFrames = 0
        var lastFirst: Int?
        for event in events {
            do { try state.apply(event) } catch { Issue.record("\(event.seq): \(error.message)"); return }
            guard case .frame(let snapshot) = event.body, let first = snapshot.cells.first?.row, let last = snapshot.cells.last?.row else { continue }
            if let previous = lastFirst, first - previous >= 3 { fastFrames += 1 }
            lastFirst = first
            for cell in state.cells {
                switch cell.phase {
                case .keptAside(let row), .configured(let row):
                    #expect((first - 1)...(last + 1) ~= row, "frame \(snapshot.frame): cell #\(cell.id) held for row \(row) while rows \(first)–\(last) are on screen")
                default: break
                }
            }
            checkedFrames += 1
        }
        #expect(fastFrames > 5, "the fling moves several rows per frame")
        #expect(checkedFrames > 20)
    }

    @Test func testANonAnimatedJumpReusesEveryCellInClassicButCreatesASecondScreenInModern() {
        for profile in [TableProfile.classic, .modern] {
            let events = record(scenario([.scrollTo(row: 60, position: .top, animated: false)], profile: profile))
            let jump = events.index(of: .scrollToRow) ?? 0
            let created = events[jump...].filter { $0.kind == .initCell }.count
            let reused = events[jump...].filter { $0.kind == .prepareForReuse }.count
            let newScreen = frames(Array(events[jump...])).last?.rows.count ?? 0
            switch profile {
            case .classic:
                #expect(reused == 19, "classic: every cell of the old screen is pooled before the new rows ask")
                #expect(created == (newScreen - 19), "new cells only for rows beyond the old screen's count")
            case .modern:
                #expect(created == newScreen, "modern: the new rows ask before the old ones give their cells up: a second screen of cells")
                #expect(reused == 0)
            }
        }
    }

    @Test func testReconfigureRowsConfiguresTheRowsOwnCellAgainAndNothingElse() {
        let events = record(scenario([.reconfigureRows([5, 40])]))
        let start = events.index(of: .reconfigureRows) ?? 0
        let lifecycle = events[start...].filter { $0.kind.isLifecycle || $0.kind == .enqueue || $0.kind == .keepAside }
        #expect(lifecycle.map(\.body) == [.cellForRowAt(row: 5, cell: 6)], "row 5's own cell #6; row 40 has no cell and is left alone")
        replay(events, header: TraceHeader(title: "fidelity", profile: .modern, scenario: scenario([])))
    }

    @Test func testReconfigureKeepsAPreparedCellAndReloadDiscardsIt() {
        // A short drag leaves row 19's cell prepared below the screen (within one row of it).
        let drag = ScriptStep.drag(by: 20, ms: 300)
        let reconfigured = record(scenario([drag, .reconfigureRows([19]), .drag(by: 60, ms: 500)]))
        guard case .cellForRowAt(19, let cell)? = reconfigured.first(where: { if case .cellForRowAt(19, _) = $0.body { return true }; return false })?.body else {
            Issue.record("row 19 was not prepared"); return
        }
        let start = reconfigured.index(of: .reconfigureRows) ?? 0
        #expect(reconfigured[start + 1].body == .cellForRowAt(row: 19, cell: cell), "the prepared cell is configured again where it is")
        #expect(reconfigured[start...].contains { $0.body == .willDisplay(row: 19, cell: cell) }, "and later shown without another cellForRowAt")
        #expect(reconfigured[(start + 2)...].filter { if case .cellForRowAt(19, _) = $0.body { return true }; return false }.count == 0)

        let reloaded = record(scenario([drag, .reloadRows([19]), .drag(by: 60, ms: 500)]))
        let reload = reloaded.index(of: .reloadRows) ?? 0
        #expect(reloaded[reload + 1].body == .enqueue(cell: cell, identifier: "MyCell"), "reloadRows discards the prepared cell to the pool, without didEndDisplaying")
        #expect(!(reloaded.contains { $0.body == .didEndDisplaying(row: 19, cell: cell) }))
        replay(reloaded, header: TraceHeader(title: "fidelity", profile: .modern, scenario: scenario([])))
        replay(reconfigured, header: TraceHeader(title: "fidelity", profile: .modern, scenario: scenario([])))
    }
}
