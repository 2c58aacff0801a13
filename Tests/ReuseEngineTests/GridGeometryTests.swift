import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseEngine

/// A collection view's grid: which items a content offset shows, rows of items
/// entering together, sections starting new rows of items, spacing and insets.
@Suite
final class GridGeometryTests {
    /// The issue's grid: 200 items, two columns of 180 pt items, a 736 pt screen.
    let issueGrid = TableGeometry(collection: CollectionSpec(items: 200, columns: 2, itemHeight: 180, viewportHeight: 736))

    @Test func testTheVisibleItemsAreTheItemsOfEveryRowOfItemsThatIntersectsTheViewport() {
        // 736 / 180: rows of items 0–4 (the fifth only partly), items 0–9.
        #expect(issueGrid.visibleRows(at: 0) == 0...9)
        #expect(issueGrid.lineCount == 100)
        #expect(issueGrid.contentHeight == 18_000)
        // At 179.9 the first row of items still shows its last tenth of a point; at 180 it is gone.
        #expect(issueGrid.visibleRows(at: 179.9) == 0...11)
        #expect(issueGrid.visibleRows(at: 180) == 2...11)
        // The bottom edge: row of items 5 (900–1080) enters once the screen's bottom passes 900.
        #expect(issueGrid.visibleRows(at: 164) == 0...9)
        #expect(issueGrid.visibleRows(at: 164.5) == 0...11)
        #expect(issueGrid.maximumOffset == (18_000 - 736))
        #expect(issueGrid.visibleRows(at: issueGrid.maximumOffset) == 190...199)
    }

    @Test func testARowOfItemsEntersAndLeavesTogether() {
        // Three columns, 50 items: every visible range starts and ends on a row of items' edge (the last row has 2 items).
        let grid = TableGeometry(collection: CollectionSpec(items: 50, columns: 3, itemHeight: 90, lineSpacing: 10, viewportHeight: 333))
        var offset = 0.0
        while offset <= grid.maximumOffset {
            guard let range = grid.visibleRows(at: offset) else { Issue.record("nothing visible at \(offset)"); return }
            #expect((range.lowerBound % 3) == 0, "at \(offset): \(range) starts inside a row of items")
            #expect((range.upperBound + 1) % 3 == 0 || range.upperBound == 49, "at \(offset): \(range) ends inside a row of items")
            #expect(grid.line(ofItem: range.lowerBound) == grid.line(ofItem: range.lowerBound + 2))
            offset += 7.3
        }
        #expect(grid.items(inLine: 16) == 48...49, "the last row of items is short")
        #expect(grid.line(ofItem: 49) == 16)
        #expect(grid.lines(of: 3...14) == 1...4)
        #expect(grid.items(inLines: -1...1) == 0...5, "clamped to the grid")
        #expect(grid.items(inLines: 17...18) == nil)
    }

    @Test func testLineSpacingIsBetweenRowsOfItemsAndAGapShowsNoItem() {
        let grid = TableGeometry(collection: CollectionSpec(items: 6, columns: 2, itemHeight: 100, lineSpacing: 20, viewportHeight: 50))
        #expect(grid.top(ofRow: 2) == 120, "the second row of items starts one item and one spacing down")
        #expect(grid.bottom(ofRow: 3) == 220)
        #expect(grid.contentHeight == 340, "three rows of items, two spacings: none after the last")
        #expect(grid.visibleRows(at: 90) == 0...3, "the viewport spans the first gap")
        #expect(grid.visibleRows(at: 100.5) == 2...3, "the first row of items has gone; the gap is not an item")
        let inGap = TableGeometry(collection: CollectionSpec(items: 6, columns: 2, itemHeight: 100, lineSpacing: 200, viewportHeight: 50))
        #expect(inGap.visibleRows(at: 120) == nil, "a viewport inside a gap shows no item")
    }

    @Test func testEachSectionStartsANewRowOfItemsBelowItsHeader() {
        // Section 0: 3 items (a short second row), section 1: 4 items, each with a 30 pt header.
        let spec = CollectionSpec(items: 0, columns: 2, itemHeight: 100, lineSpacing: 10, viewportHeight: 200,
                                  sections: [SectionSpec(rows: 3, header: 30), SectionSpec(rows: 4, header: 30)])
        let grid = TableGeometry(collection: spec)
        #expect(grid.rowCount == 7)
        #expect(grid.lineCount == 4)
        #expect(grid.top(ofRow: 0) == 30, "below section 0's header")
        #expect(grid.top(ofRow: 2) == 140, "spacing between rows of items of a section")
        #expect(grid.line(ofItem: 2) == 1)
        #expect(grid.items(inLine: 1) == 2...2, "section 0's last row of items has one item")
        #expect(grid.top(ofRow: 3) == 270, "section 1 starts a new row of items after its header, with no spacing after section 0's last row")
        #expect(grid.items(inLine: 2) == 3...4)
        #expect(grid.contentHeight == 480)
    }

    @Test func testContentInsetsWorkAsForATable() {
        let grid = TableGeometry(collection: CollectionSpec(items: 40, columns: 2, itemHeight: 100, viewportHeight: 400,
                                                            contentInsetTop: 47, contentInsetBottom: 34))
        #expect(grid.minimumOffset == -47, "at launch the first row of items sits below the status bar")
        #expect(grid.visibleRows(at: -47) == 0...7, "353 pt of items: rows of items 0–3")
        #expect(grid.maximumOffset == (2000 + 34 - 400))
        #expect(grid.clamp(5000) == 1634)
    }

    @Test func testATableIsAGridOfOneColumnLineForLine() {
        let table = TableGeometry(TableSpec(rows: 30, rowHeight: 44, viewportHeight: 400))
        #expect(table.columns == 1)
        #expect(table.lineCount == 30)
        #expect(table.line(ofItem: 17) == 17)
        #expect(table.items(inLine: 17) == 17...17)
        let oneColumn = TableGeometry(collection: CollectionSpec(items: 30, columns: 1, itemHeight: 44, viewportHeight: 400))
        for offset in stride(from: 0.0, through: table.maximumOffset, by: 13.7) {
            #expect(oneColumn.visibleRows(at: offset) == table.visibleRows(at: offset))
        }
    }
}
