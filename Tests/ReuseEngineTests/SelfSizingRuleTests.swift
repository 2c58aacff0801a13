import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Recorder

/// The engine's self-sizing rules (docs/engine.md, "Self-sizing rows"): rows laid
/// out by the estimate are asked for and measured, the layout and the offset are
/// corrected, and cells of rows that turn out off screen go to the pool.
@Suite
struct SelfSizingRuleTests {
    /// Seed 004's screen with 60 rows of text, 200 pt tall each, under UIKit's 44 pt estimate.
    static func tallRows(_ script: [ScriptStep] = [.wait(ms: 100)], profile: TableProfile = .modern) -> Scenario {
        var table = seedScreen(rows: 60)
        table.selfSizing = SelfSizingSpec(heights: [200])
        return Scenario(title: "tall rows", profile: profile, table: table, script: script)
    }

    static func launch(_ events: [TraceEvent]) -> ArraySlice<TraceEvent> {
        events.prefix { if case .frame = $0.body { return false }; return true }
    }

    @Test(arguments: [TableProfile.modern, .classic])
    func testTheFirstScreenAsksForEveryRowTheEstimatePutsOnScreen(profile: TableProfile) {
        let events = Self.launch(record(Self.tallRows(profile: profile)))
        // 797 pt below the status bar hold 19 rows of 44 pt (rows 0–18).
        #expect(events.filter { $0.kind == .cellForRowAt }.count == 19)
        #expect(events.filter { $0.kind == .rowHeightMeasured }.count == 19)
        #expect(events.filter { $0.kind == .initCell }.count == 19)
        // At 200 pt only rows 0–3 fit: they are displayed with the cells that measured them.
        let shown = events.compactMap { event -> Int? in if case .willDisplay(let row, _) = event.body { return row }; return nil }
        #expect(shown == [0, 1, 2, 3])
    }

    @Test func testEachCellIsMeasuredRightAfterCellForRowAt() {
        let events = Array(Self.launch(record(Self.tallRows())))
        for (index, event) in events.enumerated() {
            guard case .cellForRowAt(let row, let cell) = event.body else { continue }
            #expect(events[index + 1].body == .rowHeightMeasured(row: row, cell: cell, height: 200, estimated: 44))
        }
    }

    @Test func testCellsOfRowsThatTurnOutOffScreenGoToThePoolUnseen() {
        let events = Self.launch(record(Self.tallRows()))
        let pooled = events.compactMap { event -> Int? in if case .enqueue(let cell, _) = event.body { return cell }; return nil }
        // Cells #5–#19 measured rows 4–18, which 200 pt rows push off screen.
        #expect(pooled == Array(5...19))
        #expect(!events.contains { if case .willDisplay(let row, _) = $0.body { return row >= 4 }; return false })
    }

    @Test func testTheFirstCorrectionGrowsTheContentAndLeavesTheOffset() {
        let events = Self.launch(record(Self.tallRows()))
        let corrections = events.filter { $0.kind == .estimatesCorrected }
        let expected = EventBody.estimatesCorrected(contentHeight: 5604, offsetChange: 0) // 19 rows of 200 pt, 41 of 44
        #expect(corrections.map(\.body) == [expected])
    }

    @Test func testScrollingUpIntoUnmeasuredRowsJumpsByTheirDifference() {
        let events = record(Self.tallRows([.scrollTo(row: 40, position: .top, animated: false), .wait(ms: 100), .drag(by: -100, ms: 500)]))
        let jumps = events.compactMap { event -> Double? in
            if case .estimatesCorrected(_, let change) = event.body, change != 0 { return change }
            return nil
        }
        // Each row above row 40 comes in 156 pt taller than its estimate.
        #expect(!jumps.isEmpty)
        #expect(jumps.allSatisfy { $0 == 156 })
    }

    @Test func testARowIsMeasuredOnlyOnce() {
        let events = record(Self.tallRows([.drag(by: 2000, ms: 1000), .drag(by: -2000, ms: 1000)]))
        let rows = events.compactMap { event -> Int? in if case .rowHeightMeasured(let row, _, _, _) = event.body { return row }; return nil }
        #expect(rows.count == Set(rows).count)
    }

    @Test func testAFixedHeightTableMeasuresNothing() {
        let events = record(Scenario(title: "fixed", table: seedScreen(), script: [.drag(by: 400, ms: 500)]))
        #expect(!events.contains { $0.kind == .rowHeightMeasured || $0.kind == .estimatesCorrected })
    }

    @Test func testRecordingIsDeterministic() throws {
        let scenario = Self.tallRows([.scrollTo(row: 30, position: .top, animated: true), .drag(by: -300, ms: 700), .fling(velocity: 2000, deceleration: 0.998)])
        #expect(record(scenario) == record(scenario))
    }
}
