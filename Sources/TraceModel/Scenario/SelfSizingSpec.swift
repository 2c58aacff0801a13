/// A table of self-sizing rows (`tableView.rowHeight = UITableView.automaticDimension`,
/// the default since iOS 11): the table lays rows out at `estimatedRowHeight` until
/// it has a row's cell and measures it, and only then learns the row's real height.
///
/// The real heights stand for what Auto Layout would make of each cell's content —
/// text of varying length, say: `heights` repeats down the table, so row r is
/// `heights[r % heights.count]` tall (list every row's height for a table without
/// a pattern). A fixed-height table (`rowHeight` or `rowHeights`, the way
/// `tableView(_:heightForRowAt:)` gives them) has no `selfSizing`.
public struct SelfSizingSpec: Sendable, Equatable {
    /// `estimatedRowHeight` in points; nil for UIKit's default, `automaticDimension`,
    /// with which "the table view selects an estimated height" itself (Apple): the
    /// engine takes that to be `automaticEstimate`.
    public var estimatedRowHeight: Double?
    /// The real heights in points, repeating down the table.
    public var heights: [Double]

    public init(estimatedRowHeight: Double? = nil, heights: [Double]) {
        self.estimatedRowHeight = estimatedRowHeight
        self.heights = heights
    }

    /// The estimate UIKit uses for `automaticDimension`: 44 pt, the standard row's
    /// height (inferred: Apple says only that the table view selects one; see
    /// docs/engine.md, "Self-sizing rows").
    public static let automaticEstimate = 44.0
    /// The longest `heights` a scenario may give.
    public static let maximumHeights = 10_000
    /// The most rows a self-sizing table may have: each correction lays the table out
    /// again, row by row, so a larger one would make recording slow.
    public static let maximumRows = 10_000

    /// The height every row is laid out at until it is measured.
    public var estimate: Double { estimatedRowHeight ?? Self.automaticEstimate }

    /// The height `row`'s cell measures when the table asks it.
    public func height(ofRow row: Int) -> Double {
        heights.isEmpty ? estimate : heights[row % heights.count]
    }
}
