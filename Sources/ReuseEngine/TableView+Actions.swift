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

    /// The screen goes away: `viewDidDisappear` is recorded and the view
    /// controller's own `viewDidDisappear` runs (an app cancels its work there),
    /// then the table view is deallocated and every cell it holds with it — on
    /// screen, kept aside, prepared ahead or pooled — one `deinit` each, in creation
    /// order. No cell gets `didEndDisplaying`: no source shows UIKit sending it when a
    /// screen is pushed over, popped or deallocated (see the README, "Teardown").
    /// This and a memory warning are the only times cells are deallocated.
    ///
    /// The recording ends here and pending blocks never run, so this is simplified:
    /// every cell the table view holds is deallocated at once, even one a pending
    /// block still captures (under ARC it would live until the block had run), and a
    /// cell a memory warning released earlier that a block still holds (`releasing`)
    /// gets no `deinit` in the recording.
    public func tearDown(viewDidDisappear: () -> Void = {}) {
        world.record(.viewDidDisappear)
        viewDidDisappear()
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
