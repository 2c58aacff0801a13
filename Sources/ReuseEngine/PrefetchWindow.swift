/// Which rows the table view asks the prefetch data source for, and when it
/// cancels them — UIKit's `_UITableViewPrefetchContext`, as decompiled from
/// iOS 18.2 (see docs/engine.md).
///
/// Each layout pass is one update, given the rows now visible:
/// - **Direction**, from how the visible range changed: forward while it starts at
///   row 0; backward once the last row is wholly on screen (the list's end has
///   reached the bottom edge); otherwise the way its start moved (or, when the
///   start stayed, the way the offset moved); nothing at all when the offset moved
///   by at most 0.01 pt; both ways on the first update when neither rule above
///   applies. The decompiled context turns backward as soon as the visible range
///   holds the last row; a real 45-row table's log shows its backward batch only
///   once the last row is whole (its ten rows sit above the first row fully on
///   screen), so the engine waits for that (inferred from that log).
/// - **Requests**: forward, every row of `last+1 … last+10` that is neither visible
///   nor outstanding, ascending; backward, every row of `first-1 … first-10`
///   likewise, descending. Both ways, the two lists interleave, nearest first and
///   the row below before the row above at the same distance:
///   `last+1, first-1, last+2, first-2, …` (the decompiled context merges them
///   so; Apple documents the order as nearest first). So a first batch of 10, then
///   one row per row scrolled; clamped at both ends of the list.
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
/// `TableView.sendPrefetchUpdate`): `PrefetchWindow(collectionRowsPerScreen:)`
/// counts lines, and each line asked for or cancelled stands for all its items.
/// Its depth is three rows of items, but never more rows of items than one screen
/// holds: a published 2-column grid asks for the next three rows of items right
/// after its first layout, and a real paged collection view (one full-screen item
/// a page) for one item. That UICollectionView's context moves like the table's
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

    /// The most rows of items a collection view's window reaches: the published
    /// 2-column grid asks for the next three rows of items right after its first layout.
    public static let collectionDepth = 3

    /// A collection view's depth when one screen holds `rowsPerScreen` whole rows of
    /// items: `collectionDepth`, but no more rows than a screen holds, and at least
    /// one — so a paged collection view of full-screen items asks for one item
    /// ahead, as a real one does (inferred from two logs; see docs/engine.md).
    public static func depthForCollection(rowsPerScreen: Int) -> Int {
        min(collectionDepth, max(1, rowsPerScreen))
    }

    /// The cancel distance for a window `depth` deep: 1.5 × the depth, rounded up,
    /// as the table's threshold is 1.5 × its depth (5 rows of items for 3).
    public static func cancelDistance(forDepth depth: Int) -> Int {
        let (half, overflow) = depth.addingReportingOverflow(1)
        return overflow ? depth : depth + half / 2
    }

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

    /// A collection view's window, counted in rows of items, for a grid one screen
    /// of which holds `rowsPerScreen` whole rows of items (`depthForCollection(rowsPerScreen:)`).
    public init(collectionRowsPerScreen rowsPerScreen: Int) {
        let depth = Self.depthForCollection(rowsPerScreen: rowsPerScreen)
        self.init(depth: depth, cancelDistance: Self.cancelDistance(forDepth: depth))
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
    /// content offset, the number of rows, and whether the last row is wholly on
    /// screen (its bottom edge at or above the screen's).
    public mutating func update(visible: ClosedRange<Int>?, offset: Double, rowCount: Int, showsLastRowWhole: Bool) -> Update {
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
        for row in candidates(direction(from: previous, to: visible, offset: offset, rowCount: rowCount, showsLastRowWhole: showsLastRowWhole),
                                  visible: visible, rowCount: rowCount)
        where !pending.contains(row) {
            update.prefetch.append(row)
        }
        pending.append(contentsOf: update.prefetch)
        return update
    }

    /// The direction of this update (see the type's comment).
    func direction(from previous: (visible: ClosedRange<Int>, offset: Double, rowCount: Int)?,
                   to visible: ClosedRange<Int>, offset: Double, rowCount: Int, showsLastRowWhole: Bool) -> Direction {
        if visible.lowerBound == 0 { return .forward }
        if visible.upperBound >= rowCount - 1 && showsLastRowWhole { return .backward }
        guard let previous else { return [.forward, .backward] }
        if visible.lowerBound != previous.visible.lowerBound {
            return visible.lowerBound > previous.visible.lowerBound ? .forward : .backward
        }
        let moved = offset - previous.offset
        if abs(moved) <= Self.stillness { return [] }
        return moved > 0 ? .forward : .backward
    }

    /// The rows within `depth` of the visible range on the given sides, nearest
    /// first; both ways, the rows below and above alternate, the row below first
    /// (`last+1, first-1, last+2, first-2, …`), until one side runs out.
    func candidates(_ direction: Direction, visible: ClosedRange<Int>, rowCount: Int) -> [Int] {
        var below: [Int] = []
        var above: [Int] = []
        if direction.contains(.forward) {
            let end = min(rowCount - 1, visible.upperBound + depth)
            if visible.upperBound + 1 <= end { below = Array((visible.upperBound + 1)...end) }
        }
        if direction.contains(.backward) {
            let start = max(0, visible.lowerBound - depth)
            if start <= visible.lowerBound - 1 { above = Array((start...(visible.lowerBound - 1)).reversed()) }
        }
        guard !below.isEmpty, !above.isEmpty else { return below + above }
        var rows: [Int] = []
        rows.reserveCapacity(below.count + above.count)
        for index in 0..<max(below.count, above.count) {
            if index < below.count { rows.append(below[index]) }
            if index < above.count { rows.append(above[index]) }
        }
        return rows
    }

    /// After a row update: each pending row follows its row; a deleted row is
    /// forgotten without a cancel. The row count last seen stays, so when the update
    /// changed it the next update cancels every pending row (as for batch paging).
    public mutating func renumber(_ newRows: [Int?]) {
        pending = pending.compactMap { $0 >= 0 && $0 < newRows.count ? newRows[$0] : nil }
    }

    /// Forgets every pending row without cancelling, and starts over as if new
    /// (after `reloadData` with an unchanged row count the context is rebuilt).
    public mutating func reset() {
        pending = []
        last = nil
    }
}
