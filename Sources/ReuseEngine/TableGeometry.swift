import TraceFormat

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
public struct TableGeometry: Sendable {
    public let rowCount: Int
    public let viewportHeight: Double
    public let minimumOffset: Double
    public let maximumOffset: Double
    /// `tops[r]` is the y of row r's top edge; `tops[rowCount]` is the content height.
    private let tops: [Double]
    /// `bottoms[r]` is the y of row r's bottom edge (a header may follow before the next row).
    private let bottoms: [Double]

    public init(_ spec: TableSpec) {
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
            y += spec.height(ofRow: row)
            bottoms.append(y)
        }
        y += headerBefore[spec.rows]
        tops.append(y)
        self.tops = tops
        self.bottoms = bottoms
        minimumOffset = -spec.contentInsetTop
        maximumOffset = max(minimumOffset, y + spec.contentInsetBottom - spec.viewportHeight)
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
