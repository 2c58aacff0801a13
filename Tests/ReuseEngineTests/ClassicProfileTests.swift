import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding

/// The classic profile (table views built before the iOS 15 SDK), in the order of
/// the decompiled iOS 12-era `_updateVisibleCellsNow:`: no cell prepared ahead;
/// `didEndDisplaying` for the leaving row, whose cell joins the pool at once; then
/// for each entering row `cellForRowAt N → willDisplay N`, reusing that cell; then
/// the prefetch call.
@Suite
final class ClassicProfileTests {
    // 301 pt over 3 s on a screen exactly 19 rows tall: no frame lands exactly on a
    // multiple of 44 pt, so from row 20 on each row enters in the same pass as the
    // one 20 rows above leaves.
    static let scenario = Scenario(title: "classic", profile: .classic, table: exactScreen(), prefetching: true,
                                   script: [.drag(by: 301, ms: 3000)])
    lazy var events = record(Self.scenario)

    @Test func testFirstPrefetchBatchArrivesRightAfterTheFirstLayoutBeforeAnyTouch() {
        let touch = events.index(of: .scrollViewWillBeginDragging) ?? events.count
        let launch = events[..<touch].filter { $0.kind.isLifecycle }
        #expect(launch.count == (19 * 3 + 1))
        #expect(launch.last?.body == .prefetchRowsAt(rows: Array(19...28)))
        for row in 0...18 {
            #expect(launch[row * 3].body == .initCell(cell: row + 1, identifier: "MyCell"))
            #expect(launch[row * 3 + 1].body == .cellForRowAt(row: row, cell: row + 1))
            #expect(launch[row * 3 + 2].body == .willDisplay(row: row, cell: row + 1))
        }
    }

    @Test func testTheLeavingRowIsReleasedBeforeTheEnteringRowAsksForACell() {
        // Every cellForRowAt is followed at once by willDisplay of the same row and cell: nothing is prepared ahead.
        for (index, event) in events.enumerated() {
            guard case .cellForRowAt(let row, let cell) = event.body else { continue }
            #expect(events[index + 1].body == .willDisplay(row: row, cell: cell), "event \(index)")
        }
        // In the pass where row 0 leaves and row 20 enters: didEndDisplaying 0 → its cell reused → cellForRowAt 20 → willDisplay 20 → prefetch.
        let lines = seedLogLines(events)
        guard let enter = lines.firstIndex(of: "cellForRowAt: 20") else { Issue.record("row 20 never entered"); return }
        #expect(Array(lines[(enter - 2)...(enter + 2)]) == ["didEndDisplaying: 0", "prepareForReuse, row:0", "cellForRowAt: 20", "willDisplay: 20", "prefetchRowsAt: [[0, 30]]"], "row 20 reuses row 0's cell, released earlier in the same pass")
    }

    @Test func testLeavingCellJoinsThePoolAtOnceAndTheVeryNextEnteringRowReusesIt() {
        var checked = 0
        for (index, event) in events.enumerated() {
            guard case .didEndDisplaying(_, let cell) = event.body else { continue }
            #expect(events[index + 1].body == .enqueue(cell: cell, identifier: "MyCell"), "pooled at once, never kept aside")
            if let next = events[(index + 1)...].first(where: { $0.kind == .prepareForReuse || $0.kind == .initCell }) {
                #expect(next.body.kind == .prepareForReuse)
                if case .prepareForReuse(let reused, _, _) = next.body { #expect(reused == cell) }
                checked += 1
            }
        }
        #expect(checked >= 5)
        #expect(!(events.contains { $0.kind == .keepAside }))
    }

    @Test func testAsManyCellsAsTheMostRowsOnScreen() {
        let created = events.filter { $0.kind == .initCell }.count
        let mostOnScreen = events.compactMap { event -> Int? in
            if case .frame(let frame) = event.body { return frame.cells.count }
            return nil
        }.max() ?? 0
        #expect(mostOnScreen == 20)
        #expect(created == mostOnScreen, "a leaving cell is free before the entering row asks, so no spare cell is made")
        replay(events, header: TraceHeader(title: "classic", profile: .classic, scenario: Self.scenario))
    }
}
