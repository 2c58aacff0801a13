import Foundation
import TraceFormat

/// The table view's responses to app and system actions.
extension TableView {
    /// `reloadData()`: every cell on screen ends displaying and joins the pool
    /// (kept-aside and prepared cells too, their content is now out of date), then
    /// the visible rows are laid out again, dequeuing those same cells — so each row
    /// gets `prepareForReuse` and `cellForRowAt`, usually with another row's old cell.
    public func reloadData() {
        world.record(.reloadData)
        for row in visibleCells.keys.sorted() {
            if let cell = endDisplaying(row: row) { enqueue(cell) }
        }
        for cell in keptAside.removeAll() { enqueue(cell) }
        for row in preparedCells.keys.sorted() {
            if let cell = preparedCells.removeValue(forKey: row) { enqueue(cell) }
        }
        prefetchWindow.reset()
        refreshRowCount()
        layoutPass()
    }

    /// `reloadRows(at:with:)`: each visible row gets a cell anew through
    /// `cellForRowAt` and is displayed with it before its old cell ends displaying
    /// and joins the pool. Prepared or kept-aside cells of those rows are pooled.
    public func reloadRows(_ rows: [Int]) {
        world.record(.reloadRows(rows: rows))
        screenChanged = true
        for row in rows.sorted() {
            if let old = visibleCells[row] {
                display(requestCell(forRow: row), row: row)
                notifyEndDisplaying(old, row: row)
                enqueue(old)
            } else if let prepared = preparedCells.removeValue(forKey: row) {
                enqueue(prepared)
            } else if let kept = keptAside.take(row: row) {
                enqueue(kept)
            }
        }
    }

    /// A memory warning: the reuse pools are emptied and their cells released.
    /// A cell nothing else holds is deallocated at once; one a pending block still
    /// captures lives on (as under ARC) until that block has run.
    public func didReceiveMemoryWarning() {
        world.record(.didReceiveMemoryWarning)
        for cell in pool.drain() {
            allCells.removeAll { $0 === cell }
            releasing.append(cell)
        }
        releaseUnreferencedCells()
    }

    /// Records `deinit` for each released cell that only this list still holds, in
    /// the order they were released.
    func releaseUnreferencedCells() {
        var index = 0
        while index < releasing.count {
            if isKnownUniquelyReferenced(&releasing[index]) {
                world.record(.deinitCell(cell: releasing[index].id))
                releasing.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    /// The screen goes away: `viewDidDisappear`, the visible cells end displaying,
    /// and the table view is torn down, releasing every cell it holds — the only
    /// time cells are deallocated while the app runs normally.
    public func tearDown() {
        world.record(.viewDidDisappear)
        for row in visibleCells.keys.sorted() {
            _ = endDisplaying(row: row)
        }
        for cell in allCells.sorted(by: { $0.id < $1.id }) {
            world.record(.deinitCell(cell: cell.id))
        }
        allCells = []
        visibleCells = [:]
        preparedCells = [:]
        _ = keptAside.removeAll()
        _ = pool.drain()
        visibleRange = nil
        isTornDown = true
    }
}
