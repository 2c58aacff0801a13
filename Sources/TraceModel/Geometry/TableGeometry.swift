
/// Where every row sits in the table's content, and which rows a content offset shows.
///
/// A row is visible when it intersects `[offset, offset + viewportHeight)`. The
/// content offset runs from `-contentInset.top` (the launch position, row 0 just
/// below the status bar) to the bottom edge plus `contentInset.bottom`.
///
/// Rows are global (every section's rows in order). A section's header takes its
/// height above the section's first row; headers are not cells, and a plain
/// table's sticky headers (which float over the rows) change nothing about which
/// rows are visible, so they are not modelled.
///
/// The same type lays out a collection view's grid (`init(collection:)`): there
/// each "row" of the index space is an item, and items stand `columns` to a *row
/// of items* (a flow layout's line), all of whose items share one top and bottom.
/// So the visible items are still one contiguous range of indices — the items of
/// every row of items that intersects the viewport — and a row of items enters and
/// leaves together. `line(ofItem:)` and `items(inLine:)` convert between the two;
/// for a table every row is its own line.
public struct TableGeometry: Sendable {
    /// Rows of a table, or items of a collection view.
    public let rowCount: Int
    public let viewportHeight: Double
    public let minimumOffset: Double
    public let maximumOffset: Double
    /// Items side by side in a row of items: 1 for a table.
    public let columns: Int
    /// `tops[r]` is the y of row r's top edge; `tops[rowCount]` is the content height.
    private let tops: [Double]
    /// `bottoms[r]` is the y of row r's bottom edge (a header may follow before the next row).
    private let bottoms: [Double]
    /// A grid's rows of items: `lineStarts[l]` is the first item of row of items
    /// `l`, and the last entry is `rowCount`. Nil for a table, where line = row.
    private let lineStarts: [Int]?

    public init(_ spec: TableSpec) {
        self.init(spec, heightOfRow: spec.height(ofRow:))
    }

    /// The table laid out with each row `heightOfRow(row)` tall: a self-sizing
    /// table's heights as far as it has measured them (`RowHeightEstimates`).
    public init(_ spec: TableSpec, heightOfRow: (Int) -> Double) {
        rowCount = spec.rows
        viewportHeight = spec.viewportHeight
        var tops: [Double] = []
        var bottoms: [Double] = []
        tops.reserveCapacity(spec.rows + 1)
        bottoms.reserveCapacity(spec.rows)
        var y = 0.0
        // Header heights before each row that starts a section (an empty section's header too).
        var headerBefore = [Double](repeating: 0, count: spec.rows + 1)
        if let sections = spec.sections {
            var first = 0
            for section in sections {
                headerBefore[min(first, spec.rows)] += section.header
                first += section.rows
            }
        }
        for row in 0..<spec.rows {
            y += headerBefore[row]
            tops.append(y)
            y += heightOfRow(row)
            bottoms.append(y)
        }
        y += headerBefore[spec.rows]
        tops.append(y)
        self.tops = tops
        self.bottoms = bottoms
        minimumOffset = -spec.contentInsetTop
        maximumOffset = max(minimumOffset, y + spec.contentInsetBottom - spec.viewportHeight)
        columns = 1
        lineStarts = nil
    }

    /// A collection view's grid, as a vertical `UICollectionViewFlowLayout` with
    /// every item the same size lays it out: items fill rows of items left to right,
    /// `columns` to a row; rows of items are `itemHeight + lineSpacing` apart
    /// (`minimumLineSpacing` only *between* rows, none after a section's last row);
    /// each section starts on a new row of items, below its header's height (its
    /// last row of items may be short). Content insets work as for a table. The
    /// spacing between items of a row (`interitemSpacing`) moves items sideways
    /// only, so it changes nothing here.
    public init(collection spec: CollectionSpec) {
        rowCount = spec.items
        viewportHeight = spec.viewportHeight
        columns = max(1, spec.columns)
        var tops: [Double] = []
        var bottoms: [Double] = []
        var lineStarts: [Int] = []
        tops.reserveCapacity(spec.items + 1)
        bottoms.reserveCapacity(spec.items)
        var y = 0.0
        var item = 0
        for section in spec.sections ?? [SectionSpec(rows: spec.items)] {
            y += section.header
            var remaining = section.rows
            var firstLine = true
            while remaining > 0 {
                if !firstLine { y += spec.lineSpacing }
                let count = min(columns, remaining)
                lineStarts.append(item)
                for _ in 0..<count {
                    tops.append(y)
                    bottoms.append(y + spec.itemHeight)
                }
                y += spec.itemHeight
                item += count
                remaining -= count
                firstLine = false
            }
        }
        tops.append(y)
        lineStarts.append(item)
        self.tops = tops
        self.bottoms = bottoms
        self.lineStarts = lineStarts
        minimumOffset = -spec.contentInsetTop
        maximumOffset = max(minimumOffset, y + spec.contentInsetBottom - spec.viewportHeight)
    }

    // MARK: Rows of items

    /// How many rows of items there are (a table's rows).
    public var lineCount: Int { lineStarts.map { $0.count - 1 } ?? rowCount }

    /// The row of items `item` stands in (0 for the first); a table's row is its own.
    public func line(ofItem item: Int) -> Int {
        guard let lineStarts else { return item }
        // The last line starting at or before `item`.
        var low = 0, high = lineStarts.count - 2
        guard high >= 0 else { return 0 }
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= item { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The items of row of items `line`, left to right; a table's row alone.
    public func items(inLine line: Int) -> ClosedRange<Int> {
        guard let lineStarts else { return line...line }
        return lineStarts[line]...(lineStarts[line + 1] - 1)
    }

    /// The items of the rows of items in `lines`, clamped to the grid (nil when none is in it).
    public func items(inLines lines: ClosedRange<Int>) -> ClosedRange<Int>? {
        let first = max(lines.lowerBound, 0), last = min(lines.upperBound, lineCount - 1)
        guard first <= last else { return nil }
        return items(inLine: first).lowerBound...items(inLine: last).upperBound
    }

    /// The rows of items a range of items spans.
    public func lines(of items: ClosedRange<Int>) -> ClosedRange<Int> {
        line(ofItem: items.lowerBound)...line(ofItem: items.upperBound)
    }

    public var contentHeight: Double { tops[rowCount] }

    public func top(ofRow row: Int) -> Double { tops[row] }
    public func bottom(ofRow row: Int) -> Double { bottoms[row] }

    public func clamp(_ offset: Double) -> Double {
        min(max(offset, minimumOffset), maximumOffset)
    }

    /// The rows intersecting `[offset, offset + viewportHeight)`, top to bottom.
    public func visibleRows(at offset: Double) -> ClosedRange<Int>? {
        let lowerEdge = offset
        let upperEdge = offset + viewportHeight
        guard rowCount > 0, upperEdge > 0, lowerEdge < contentHeight else { return nil }
        // First row whose bottom is below the top edge; last row whose top is above the bottom edge.
        let first = firstIndex { bottoms[$0] > lowerEdge }
        let last = firstIndex { tops[$0] >= upperEdge } - 1
        guard first <= last else { return nil }
        return first...last
    }

    /// Binary search for the first row in 0..<rowCount satisfying a monotone predicate (rowCount if none).
    private func firstIndex(where predicate: (Int) -> Bool) -> Int {
        var low = 0, high = rowCount
        while low < high {
            let mid = (low + high) / 2
            if predicate(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The content offset that puts `row` at the top, middle or bottom of the viewport.
    public func offset(toShow row: Int, at position: ScrollPosition) -> Double {
        let target: Double
        switch position {
        case .top: target = top(ofRow: row)
        case .middle: target = (top(ofRow: row) + bottom(ofRow: row)) / 2 - viewportHeight / 2
        case .bottom: target = bottom(ofRow: row) - viewportHeight
        }
        return clamp(target)
    }
}
