import TraceModel

/// A collection view's layout pass. Collections have no profile: the engine runs
/// them on the modern table profile's machinery — entering items ask before
/// leaving ones give their cells up, kept and prepared cells, data prefetching —
/// with what the research says is a collection view's own (see docs/engine.md,
/// "Collection views", for the rules and their sources):
///
/// 1. Each entering item gets `willDisplay`, after `cellForItemAt` unless a cell
///    was prepared ahead or kept for it. Rows of items come in the order the
///    scroll brings them, the items of a row left to right (our choice: the
///    research does not say).
/// 2. Each leaving item gets `didEndDisplaying`; its cell is *kept aside* while its
///    row of items lies within the visible rows of items ± 1, else it joins the
///    pool — as for a modern table (decompiled `pruneCellsForVisibleIndexRange:`,
///    here counted in rows of items: inferred).
/// 3. Held cells outside their range go to the pool without `didEndDisplaying`:
///    kept cells beyond ± 1 row of items, cells prepared ahead beyond the rows cell
///    prefetching reaches (`CellPrefetching.fastRowsAhead`).
/// 4. When the scroll changes direction, every cell prepared ahead and not yet
///    displayed is dropped to the pool, without `didEndDisplaying` — UIKit's
///    `_prefetchItemsForVelocity:maxItemsToPrefetch:invalidateCandidatesOnDirectionChanges:`
///    (decompiled; how it lets them go is inferred from the table's pruning).
/// 5. The data prefetch update, over rows of items (`PrefetchWindow`); it starts
///    with the first layout, before any touch (the published 2-column grid).
/// 6. While scrolling (and with `isPrefetchingEnabled`), cell prefetching:
///    `cellForItemAt` for every item of the next row of items past the leading
///    edge — two rows when scrolling fast — ahead of its `willDisplay` (a radar
///    with its sample project, iOS 10; a Stack Overflow answer).
extension TableView {
    /// Items in the order a pass handles them: rows of items in the scroll
    /// direction, each row's items left to right.
    func gridOrder(_ items: [Int]) -> [Int] {
        guard scrollDirection < 0, items.count > 1 else { return items }
        var lines: [[Int]] = []
        var lastLine: Int?
        for item in items {
            let line = geometry.line(ofItem: item)
            if line == lastLine, !lines.isEmpty {
                lines[lines.count - 1].append(item)
            } else {
                lines.append([item])
                lastLine = line
            }
        }
        return lines.reversed().flatMap { $0 }
    }

    func layOutGrid(_ newRange: ClosedRange<Int>?, entering: [Int], leaving: [Int]) {
        cellPrefetching.observe(offset: contentOffset, at: world.now)
        for item in entering {
            display(prepared.take(row: item) ?? requestCell(forRow: item), row: item)
        }
        let visibleLines = newRange.map(geometry.lines(of:))
        let keptItems = visibleLines.flatMap { lines in
            geometry.items(inLines: (lines.lowerBound - PreparedCells.margin)...(lines.upperBound + PreparedCells.margin))
        }
        for item in leaving {
            guard let cell = endDisplaying(row: item) else { continue }
            if keptItems?.contains(item) == true {
                prepared.add(cell, row: item, kind: .kept)
                world.record(.keepAside(cell: cell.id, row: item))
            } else {
                enqueue(cell)
            }
        }
        let reach = CellPrefetching.fastRowsAhead
        let aheadItems = visibleLines.flatMap { lines in
            geometry.items(inLines: (lines.lowerBound - reach)...(lines.upperBound + reach))
        }
        for cell in prepared.prune(keeping: keptItems, ahead: aheadItems) { enqueue(cell) }
        if prepared.hasAhead, cellPrefetching.candidatesDirection != scrollDirection {
            for cell in prepared.dropAhead() { enqueue(cell) }
        }
        sendPrefetchUpdate()
        prefetchCells(after: visibleLines)
    }

    /// Cell prefetching: while scrolling, every item of the next row of items past
    /// the leading edge (two rows when fast) that has no cell gets one through
    /// `cellForItemAt`, held until it is displayed. With `isPrefetchingEnabled`
    /// false there is none ("the collection view requests cells when they need to
    /// display", as Apple says of tables).
    func prefetchCells(after visibleLines: ClosedRange<Int>?) {
        guard isScrolling, isPrefetchingEnabled, let lines = visibleLines else { return }
        cellPrefetching.candidatesDirection = scrollDirection
        for step in 1...CellPrefetching.rowsAhead(atSpeed: cellPrefetching.speed) {
            let line = scrollDirection >= 0 ? lines.upperBound + step : lines.lowerBound - step
            guard line >= 0, line < geometry.lineCount else { return }
            for item in geometry.items(inLine: line) where visibleCells[item] == nil && !prepared.has(row: item) {
                prepared.add(requestCell(forRow: item), row: item, kind: .ahead)
            }
        }
    }
}

/// How far a collection view prefetches cells, from how fast it scrolls.
///
/// UIKit's entry point, `_prefetchItemsForVelocity:maxItemsToPrefetch:invalidateCandidatesOnDirectionChanges:`
/// (decompiled), is velocity-driven and capped, but its numbers are not
/// published. The engine's rule, our choice: the whole next row of items at a
/// time; the next two rows while the content moves faster than `fastSpeed`
/// (1,000 points per second, about a phone screen per second). The speed is the
/// content offset's change since the previous layout pass over the time between
/// them, so a touch-down after a rest is slow.
public struct CellPrefetching: Sendable {
    /// Points per second above which two rows of items are prepared ahead.
    public static let fastSpeed = 1_000.0
    /// Rows of items prepared ahead at normal speed.
    public static let rowsAhead = 1
    /// Rows of items prepared ahead when fast: the farthest cell prefetching reaches.
    public static let fastRowsAhead = 2

    /// The scroll direction the cells prepared ahead were prepared for.
    var candidatesDirection: Int?
    private var last: (offset: Double, time: VirtualTime)?
    /// The content's speed at the last pass, in points per second.
    public private(set) var speed = 0.0

    public init() {}

    /// How many rows of items to prepare ahead at `speed` points per second.
    public static func rowsAhead(atSpeed speed: Double) -> Int {
        speed > fastSpeed ? fastRowsAhead : rowsAhead
    }

    /// Notes the offset of a layout pass at `time`: the speed since the last pass
    /// (kept as it was for a second pass at the same moment).
    mutating func observe(offset: Double, at time: VirtualTime) {
        if let last, time > last.time {
            speed = abs(offset - last.offset) / (Double((time - last.time).microseconds) / 1_000_000)
        } else if last == nil {
            speed = 0
        }
        last = (offset, time)
    }
}

extension CollectionSpec {
    /// How many whole rows of items one screen (`viewportHeight`) holds, counted
    /// up to `PrefetchWindow.collectionDepth` (the most the data prefetch window
    /// reaches) and at least 1: rows of items are `itemHeight + lineSpacing` apart,
    /// so `n` rows take `n × itemHeight + (n − 1) × lineSpacing`. A paged collection
    /// view of full-screen items holds one.
    var rowsOfItemsPerScreen: Int {
        let pitch = itemHeight + lineSpacing
        guard pitch > 0, pitch.isFinite, viewportHeight.isFinite else { return 1 }
        let rows = ((viewportHeight + lineSpacing) / pitch).rounded(.down)
        if rows >= Double(PrefetchWindow.collectionDepth) { return PrefetchWindow.collectionDepth }
        return rows < 1 ? 1 : Int(rows)
    }
}
