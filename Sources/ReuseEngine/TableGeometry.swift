import TraceFormat

/// Where every row sits in the table's content, and which rows a content offset shows.
///
/// A row is visible when it intersects `[offset, offset + viewportHeight)`. The
/// content offset runs from `-contentInset.top` (the launch position, row 0 just
/// below the status bar) to the bottom edge plus `contentInset.bottom`.
public struct TableGeometry: Sendable {
    public let rowCount: Int
    public let viewportHeight: Double
    public let minimumOffset: Double
    public let maximumOffset: Double
    /// `tops[r]` is the y of row r's top edge; `tops[rowCount]` is the content height.
    private let tops: [Double]

    public init(_ spec: TableSpec) {
        rowCount = spec.rows
        viewportHeight = spec.viewportHeight
        var tops: [Double] = []
        tops.reserveCapacity(spec.rows + 1)
        var y = 0.0
        for row in 0..<spec.rows {
            tops.append(y)
            y += spec.height(ofRow: row)
        }
        tops.append(y)
        self.tops = tops
        minimumOffset = -spec.contentInsetTop
        maximumOffset = max(minimumOffset, y + spec.contentInsetBottom - spec.viewportHeight)
    }

    public var contentHeight: Double { tops[rowCount] }

    public func top(ofRow row: Int) -> Double { tops[row] }
    public func bottom(ofRow row: Int) -> Double { tops[row + 1] }

    public func clamp(_ offset: Double) -> Double {
        min(max(offset, minimumOffset), maximumOffset)
    }

    /// The rows intersecting `[offset, offset + viewportHeight)`, top to bottom.
    public func visibleRows(at offset: Double) -> ClosedRange<Int>? {
        let lowerEdge = offset
        let upperEdge = offset + viewportHeight
        guard rowCount > 0, upperEdge > 0, lowerEdge < contentHeight else { return nil }
        // First row whose bottom is below the top edge; last row whose top is above the bottom edge.
        let first = firstIndex { tops[$0 + 1] > lowerEdge }
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
