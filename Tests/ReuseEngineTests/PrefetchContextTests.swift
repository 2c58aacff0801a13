import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseEngine

/// The prefetch rules of UIKit's `_UITableViewPrefetchContext`, one per test.
@Suite
final class PrefetchWindowTests {
    @Test func testFirstBatchIsTenRowsPastTheEdgeThenOneRowPerRowScrolled() {
        var window = PrefetchWindow()
        #expect(window.update(visible: 0...18, offset: 0, rowCount: 100) == .init(cancel: [], prefetch: Array(19...28)))
        #expect(window.update(visible: 0...19, offset: 20, rowCount: 100).prefetch == [29], "forward while the range starts at row 0")
        #expect(window.update(visible: 1...19, offset: 50, rowCount: 100).prefetch == [], "nothing new when the end did not move")
        #expect(window.update(visible: 4...22, offset: 180, rowCount: 100).prefetch == [30, 31, 32], "a fast frame asks for every row that entered the window at once")
    }

    @Test func testNeverPrefetchesVisibleRowsOrRowsPastTheEnd() {
        var window = PrefetchWindow()
        #expect(window.update(visible: 0...96, offset: 0, rowCount: 100).prefetch == [97, 98, 99])
        #expect(window.update(visible: 0...99, offset: 0, rowCount: 100) == .init(), "a list that fits on screen asks for nothing")
    }

    @Test func testAtTheLastRowItLooksUpNearestFirstEvenWhileStillScrollingDown() {
        var window = PrefetchWindow()
        _ = window.update(visible: 70...88, offset: 3080, rowCount: 100)
        let update = window.update(visible: 81...99, offset: 3564, rowCount: 100)
        #expect(update.prefetch == Array((71...80).reversed()), "backward when the range touches the last row")
        #expect(update.cancel.allSatisfy { $0 < 81 - 15 }, "rows below that became visible leave silently; only rows left 15 behind are cancelled: \(update.cancel)")
        #expect(window.pending.allSatisfy { $0 < 81 })
    }

    @Test func testAwayFromTheEdgesItFollowsTheStartOfTheRangeAndLooksBothWaysAtFirst() {
        var window = PrefetchWindow()
        #expect(window.update(visible: 40...58, offset: 1760, rowCount: 100).prefetch == (Array(59...68) + Array((30...39).reversed())), "the first update away from both ends looks both ways")
        #expect(window.update(visible: 39...57, offset: 1716, rowCount: 100).prefetch == [29], "the start moved up: backward")
        #expect(window.update(visible: 39...57, offset: 1716.005, rowCount: 100) == .init(), "an offset change of at most 0.01 pt is no movement")
        #expect(window.update(visible: 39...57, offset: 1730, rowCount: 100).prefetch == [58], "the start stayed and the offset moved down: forward, and only row 58 of 58–67 was not asked for yet")
    }

    @Test func testAChangeOfDirectionCancelsNothing() {
        var window = PrefetchWindow()
        _ = window.update(visible: 0...18, offset: 0, rowCount: 100)
        _ = window.update(visible: 5...23, offset: 220, rowCount: 100)
        let reversed = window.update(visible: 4...22, offset: 176, rowCount: 100)
        #expect(reversed.cancel == [], "rows 24–33 are still within 15 rows of the screen")
        #expect(reversed.prefetch == [3, 2, 1, 0], "the rows above, nearest first")
    }

    @Test func testOutstandingRowsAreCancelledOnlyBeyondFifteenRowsFromTheScreen() {
        var window = PrefetchWindow()
        _ = window.update(visible: 0...18, offset: 0, rowCount: 100)
        _ = window.update(visible: 10...28, offset: 440, rowCount: 100)       // rows 29–38 outstanding
        #expect(window.update(visible: 9...27, offset: 396, rowCount: 100).cancel == [], "38 is 11 rows past the screen")
        #expect(window.update(visible: 5...23, offset: 220, rowCount: 100).cancel == [], "38 is 15 rows past 23: still within")
        #expect(window.update(visible: 3...21, offset: 132, rowCount: 100).cancel == [37, 38], "now 16 and 17 rows away")
    }

    @Test func testEveryOutstandingRowIsCancelledWhenTheRowCountChanges() {
        var window = PrefetchWindow()
        _ = window.update(visible: 0...18, offset: 0, rowCount: 21)
        #expect(window.pending == [19, 20])
        let update = window.update(visible: 0...18, offset: 0, rowCount: 36)
        #expect(update.cancel == [19, 20], "batch paging: the index paths may mean other rows now")
        #expect(update.prefetch == Array(19...28), "then asked for again under the new count")
    }
}

/// Prepared and kept cells are held while their row is within the visible rows ± 1.
@Suite
final class PreparedCellsTests {
    @Test func testCellsOutsideTheVisibleRowsPlusOrMinusOneAreLetGoInTheOrderTheyWereHeld() {
        var prepared = PreparedCells()
        let cells = (1...4).map { TableViewCell(id: $0, reuseIdentifier: "Text") }
        prepared.add(cells[0], row: 3, kind: .kept)
        prepared.add(cells[1], row: 30, kind: .kept)
        prepared.add(cells[2], row: 4, kind: .kept)
        prepared.add(cells[3], row: 25, kind: .ahead)
        #expect(PreparedCells.keptRows(around: 5...24) == 4...25)
        let letGo = prepared.prune(keeping: PreparedCells.keptRows(around: 5...24))
        #expect(letGo.map(\.id) == [1, 2])
        #expect(prepared.take(row: 4) === cells[2])
        #expect(prepared.cell(forRow: 25) === cells[3])
        #expect(prepared.prune(keeping: nil).map(\.id) == [4], "nothing visible: every held cell goes")
    }
}
