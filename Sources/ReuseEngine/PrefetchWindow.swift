/// Which rows the table view asks the prefetch data source for, and when it
/// cancels them — UIKit's `_UITableViewPrefetchContext`, as decompiled from
/// iOS 18.2 (see docs/engine.md).
///
/// Each layout pass is one update, given the rows now visible:
/// - **Direction**, from how the visible range changed: forward while it starts at
///   row 0; backward while it touches the last row; otherwise the way its start
///   moved (or, when the start stayed, the way the offset moved); nothing at all
///   when the offset moved by at most 0.01 pt; both ways on the first update when
///   the range touches neither end.
/// - **Requests**: forward, every row of `last+1 … last+10` that is neither visible
///   nor outstanding, ascending; backward, every row of `first-1 … first-10`
///   likewise, nearest first (descending). So a first batch of 10, then one row per
///   row scrolled; clamped at both ends of the list.
/// - Rows that become **visible** leave the outstanding set silently.
/// - **Cancellation is conservative**: only outstanding rows that fall outside
///   `first-15 … last+15` are cancelled — a change of direction alone cancels
///   nothing — and every outstanding row when the number of rows changes.
///
/// Fast flings: we assume UIKit updates the context once per layout pass, as we
/// do, so a frame that moves the range several rows asks for all the rows that
/// entered the window in one call, and cancels in one call the rows the window
/// left behind. The decompiled code also has a "refresh threshold" (it waits until
/// few outstanding rows lie ahead before asking); published logs show one new row
/// per row scrolled, which is what asking for every missing row gives, so we do not
/// model the threshold separately.
///
/// A collection view runs the same context over its *rows of items* (see
/// `TableView.sendPrefetchUpdate`): `PrefetchWindow(depth: 3, cancelDistance: 5)`
/// counts lines, and each line asked for or cancelled stands for all its items.
/// The depth of 3 rows of items is what a published 2-column grid shows right
/// after its first layout; that UICollectionView's context moves like the table's
/// (direction, one new row of items per row scrolled, conservative cancellation at
/// 1.5 × the depth, rounded up) is our assumption — its own context was not
/// decompiled. A fast scroll brings several rows of items into the window in one
/// pass, so faster scrolling asks for more items per call, as that grid's log shows.
public struct PrefetchWindow {
    /// `prefetchItemCount`: UITableView's batches are exactly 10 rows in every published log.
    public static let depth = 10
    /// The cancel threshold: `prefetchItemCount * 1.5` by default in the decompiled code.
    public static let cancelDistance = 15
    /// An offset change at or below this is no movement (decompiled: 0.01 pt).
    public static let stillness = 0.01

    /// A collection view's window, in rows of items: the published 2-column grid
    /// asks for the next three rows of items right after its first layout.
    public static let collectionDepth = 3
    /// 1.5 × `collectionDepth`, rounded up, as the table's threshold is 1.5 × its depth.
    public static let collectionCancelDistance = 5

    /// How many rows (or rows of items) past the visible ones are asked for.
    public let depth: Int
    /// Outstanding rows farther than this from the visible ones are cancelled.
    public let cancelDistance: Int

    /// Rows asked for and neither shown nor cancelled yet, in the order asked.
    public private(set) var pending: [Int] = []
    /// The visible range, offset and row count at the last update; nil before the first.
    private var last: (visible: ClosedRange<Int>, offset: Double, rowCount: Int)?

    /// A table view's window (10 rows, cancelled beyond 15).
    public init() {
        depth = Self.depth
        cancelDistance = Self.cancelDistance
    }

    /// A window of another depth (a collection view's, in rows of items).
    public init(depth: Int, cancelDistance: Int) {
        self.depth = max(1, depth)
        self.cancelDistance = max(self.depth, cancelDistance)
    }

    public struct Update: Equatable {
        public var cancel: [Int] = []
        public var prefetch: [Int] = []
    }

    /// Which ways an update looks for rows to ask for.
    public struct Direction: OptionSet, Equatable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let forward = Direction(rawValue: 1)
        public static let backward = Direction(rawValue: 2)
    }

    /// Computes what to cancel and what to ask for, given the rows now visible, the
    /// content offset and the number of rows.
    public mutating func update(visible: ClosedRange<Int>?, offset: Double, rowCount: Int) -> Update {
        guard let visible, rowCount > 0 else { return Update() }
        var update = Update()
        let previous = last
        last = (visible, offset, rowCount)
        // Batch paging: once the number of rows changes, every outstanding row is cancelled.
        if let previous, previous.rowCount != rowCount, !pending.isEmpty {
            update.cancel = pending
            pending = []
        }
        // Rows that came on screen were needed, not cancelled: they just leave the set.
        pending.removeAll { visible.contains($0) }
        // Outstanding rows far from the screen are cancelled; nearby ones stay, whichever way it now goes.
        let keep = (visible.lowerBound - cancelDistance)...(visible.upperBound + cancelDistance)
        let far = pending.filter { !keep.contains($0) }
        if !far.isEmpty {
            update.cancel += far
            pending.removeAll { !keep.contains($0) }
        }
        // `pending` holds a few dozen rows at most: a linear search beats building a set each pass.
        for row in candidates(direction(from: previous, to: visible, offset: offset, rowCount: rowCount), visible: visible, rowCount: rowCount)
        where !pending.contains(row) {
            update.prefetch.append(row)
        }
        pending.append(contentsOf: update.prefetch)
        return update
    }

    /// The direction of this update (see the type's comment).
    func direction(from previous: (visible: ClosedRange<Int>, offset: Double, rowCount: Int)?,
                   to visible: ClosedRange<Int>, offset: Double, rowCount: Int) -> Direction {
        if visible.lowerBound == 0 { return .forward }
        if visible.upperBound >= rowCount - 1 { return .backward }
        guard let previous else { return [.forward, .backward] }
        if visible.lowerBound != previous.visible.lowerBound {
            return visible.lowerBound > previous.visible.lowerBound ? .forward : .backward
        }
        let moved = offset - previous.offset
        if abs(moved) <= Self.stillness { return [] }
        return moved > 0 ? .forward : .backward
    }

    /// The rows within `depth` of the visible range on the given sides, nearest first.
    func candidates(_ direction: Direction, visible: ClosedRange<Int>, rowCount: Int) -> [Int] {
        var rows: [Int] = []
        if direction.contains(.forward) {
            let end = min(rowCount - 1, visible.upperBound + depth)
            if visible.upperBound + 1 <= end { rows += Array((visible.upperBound + 1)...end) }
        }
        if direction.contains(.backward) {
            let start = max(0, visible.lowerBound - depth)
            if start <= visible.lowerBound - 1 { rows += Array((start...(visible.lowerBound - 1)).reversed()) }
        }
        return rows
    }

    /// Forgets every pending row without cancelling, and starts over as if new
    /// (after `reloadData` with an unchanged row count the context is rebuilt).
    public mutating func reset() {
        pending = []
        last = nil
    }
}
