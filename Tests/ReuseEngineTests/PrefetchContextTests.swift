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
        #expect(window.update(visible: 0...18, offset: 0, rowCount: 100, showsLastRowWhole: false) == .init(cancel: [], prefetch: Array(19...28)))
        #expect(window.update(visible: 0...19, offset: 20, rowCount: 100, showsLastRowWhole: false).prefetch == [29], "forward while the range starts at row 0")
        #expect(window.update(visible: 1...19, offset: 50, rowCount: 100, showsLastRowWhole: false).prefetch == [], "nothing new when the end did not move")
        #expect(window.update(visible: 4...22, offset: 180, rowCount: 100, showsLastRowWhole: false).prefetch == [30, 31, 32], "a fast frame asks for every row that entered the window at once")
    }

    @Test func testNeverPrefetchesVisibleRowsOrRowsPastTheEnd() {
        var window = PrefetchWindow()
        #expect(window.update(visible: 0...96, offset: 0, rowCount: 100, showsLastRowWhole: false).prefetch == [97, 98, 99])
        #expect(window.update(visible: 0...99, offset: 0, rowCount: 100, showsLastRowWhole: false) == .init(), "a list that fits on screen asks for nothing")
    }

    @Test func testAtTheLastRowItLooksUpNearestFirstEvenWhileStillScrollingDown() {
        var window = PrefetchWindow()
        _ = window.update(visible: 70...88, offset: 3080, rowCount: 100, showsLastRowWhole: false)
        let update = window.update(visible: 81...99, offset: 3564, rowCount: 100, showsLastRowWhole: true)
        #expect(update.prefetch == Array((71...80).reversed()), "backward once the last row is wholly on screen")
        #expect(update.cancel.allSatisfy { $0 < 81 - 15 }, "rows below that became visible leave silently; only rows left 15 behind are cancelled: \(update.cancel)")
        #expect(window.pending.allSatisfy { $0 < 81 })
    }

    @Test func testAwayFromTheEdgesItFollowsTheStartOfTheRangeAndLooksBothWaysAtFirst() {
        var window = PrefetchWindow()
        #expect(window.update(visible: 40...58, offset: 1760, rowCount: 100, showsLastRowWhole: false).prefetch == [59, 39, 60, 38, 61, 37, 62, 36, 63, 35, 64, 34, 65, 33, 66, 32, 67, 31, 68, 30],
                "the first update away from both ends looks both ways, nearest first, the row below before the row above")
        #expect(window.update(visible: 39...57, offset: 1716, rowCount: 100, showsLastRowWhole: false).prefetch == [29], "the start moved up: backward")
        #expect(window.update(visible: 39...57, offset: 1716.005, rowCount: 100, showsLastRowWhole: false) == .init(), "an offset change of at most 0.01 pt is no movement")
        #expect(window.update(visible: 39...57, offset: 1730, rowCount: 100, showsLastRowWhole: false).prefetch == [58], "the start stayed and the offset moved down: forward, and only row 58 of 58–67 was not asked for yet")
    }

    @Test func testTheLastRowOnlyPartlyOnScreenDoesNotTurnTheWindowBackward() {
        // A 45-row table of 44 pt rows on a 396 pt screen (9 rows): at offset 1541 row
        // 44 shows 1 pt and row 35 is still partly on screen; at 1584 the list ends.
        var window = PrefetchWindow()
        _ = window.update(visible: 0...8, offset: 0, rowCount: 45, showsLastRowWhole: false)
        #expect(window.update(visible: 34...43, offset: 1500, rowCount: 45, showsLastRowWhole: false).prefetch == [44], "scrolling down")
        #expect(window.update(visible: 35...44, offset: 1541, rowCount: 45, showsLastRowWhole: false).prefetch == [],
                "the last row only touches the screen: still forward, and nothing lies below")
        #expect(window.update(visible: 36...44, offset: 1584, rowCount: 45, showsLastRowWhole: true).prefetch == Array((26...35).reversed()),
                "whole: the ten rows above the first row on screen, nearest first")
    }

    @Test func testABothWaysBatchClampedAtOneEndKeepsAlternatingUntilThatSideRunsOut() {
        var window = PrefetchWindow()
        #expect(window.update(visible: 3...21, offset: 132, rowCount: 100, showsLastRowWhole: false).prefetch == [22, 2, 23, 1, 24, 0, 25, 26, 27, 28, 29, 30, 31],
                "three rows above, ten below: alternating while both sides last")
    }

    @Test func testAChangeOfDirectionCancelsNothing() {
        var window = PrefetchWindow()
        _ = window.update(visible: 0...18, offset: 0, rowCount: 100, showsLastRowWhole: false)
        _ = window.update(visible: 5...23, offset: 220, rowCount: 100, showsLastRowWhole: false)
        let reversed = window.update(visible: 4...22, offset: 176, rowCount: 100, showsLastRowWhole: false)
        #expect(reversed.cancel == [], "rows 24–33 are still within 15 rows of the screen")
        #expect(reversed.prefetch == [3, 2, 1, 0], "the rows above, nearest first")
    }

    @Test func testOutstandingRowsAreCancelledOnlyBeyondFifteenRowsFromTheScreen() {
        var window = PrefetchWindow()
        _ = window.update(visible: 0...18, offset: 0, rowCount: 100, showsLastRowWhole: false)
        _ = window.update(visible: 10...28, offset: 440, rowCount: 100, showsLastRowWhole: false)       // rows 29–38 outstanding
        #expect(window.update(visible: 9...27, offset: 396, rowCount: 100, showsLastRowWhole: false).cancel == [], "38 is 11 rows past the screen")
        #expect(window.update(visible: 5...23, offset: 220, rowCount: 100, showsLastRowWhole: false).cancel == [], "38 is 15 rows past 23: still within")
        #expect(window.update(visible: 3...21, offset: 132, rowCount: 100, showsLastRowWhole: false).cancel == [37, 38], "now 16 and 17 rows away")
    }

    @Test func testEveryOutstandingRowIsCancelledWhenTheRowCountChanges() {
        var window = PrefetchWindow()
        _ = window.update(visible: 0...18, offset: 0, rowCount: 21, showsLastRowWhole: false)
        #expect(window.pending == [19, 20])
        let update = window.update(visible: 0...18, offset: 0, rowCount: 36, showsLastRowWhole: false)
        #expect(update.cancel == [19, 20], "batch paging: the index paths may mean other rows now")
        #expect(update.prefetch == Array(19...28), "then asked for again under the new count")
    }
}

/// A collection view's window: three rows of items, no more than one screen holds.
@Suite
final class CollectionPrefetchDepthTests {
    @Test func testTheDepthIsThreeRowsOfItemsButNoMoreThanAScreenHolds() {
        #expect(PrefetchWindow.depthForCollection(rowsPerScreen: 4) == 3, "the published grid: four rows of items a screen, three asked for")
        #expect(PrefetchWindow.depthForCollection(rowsPerScreen: 1) == 1, "a paged collection view: one page ahead")
        #expect(PrefetchWindow.depthForCollection(rowsPerScreen: 0) == 1, "an item taller than the screen: still one")
        #expect(PrefetchWindow.cancelDistance(forDepth: 3) == 5)
        #expect(PrefetchWindow.cancelDistance(forDepth: 1) == 2)
    }

    @Test func testRowsOfItemsPerScreenCountWholeRowsWithTheirSpacing() {
        #expect(CollectionSpec(items: 200, columns: 2, itemHeight: 180, viewportHeight: 736).rowsOfItemsPerScreen == 3, "four fit; counted up to three")
        #expect(CollectionSpec(items: 10, columns: 1, itemHeight: 844, viewportHeight: 844).rowsOfItemsPerScreen == 1, "full-screen pages")
        #expect(CollectionSpec(items: 10, columns: 1, itemHeight: 844, lineSpacing: 10, viewportHeight: 844).rowsOfItemsPerScreen == 1,
                "pages with a gap between them: the gap after the last row does not count")
        #expect(CollectionSpec(items: 10, columns: 1, itemHeight: 400, lineSpacing: 44, viewportHeight: 844).rowsOfItemsPerScreen == 2,
                "two rows and the gap between them fill 844 pt exactly")
        #expect(CollectionSpec(items: 10, columns: 1, itemHeight: 2000, viewportHeight: 844).rowsOfItemsPerScreen == 1)
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
