import Foundation
import TraceModel

/// The table view's responses to app and system actions.
extension TableView {
    /// `reloadData()`: every cell on screen ends displaying and joins the pool,
    /// and every prepared cell (ahead or kept aside) joins it too without
    /// `didEndDisplaying` — their content is out of date; then the visible rows are
    /// laid out again, dequeuing those same cells, so each row gets
    /// `prepareForReuse` and `cellForRowAt`, usually with another row's old cell.
    /// Outstanding prefetches stay, unless the number of rows changed: then the
    /// next prefetch update cancels them all (`PrefetchWindow`).
    /// `file` and `line` are the caller's: the app's line, when the app calls it.
    public func reloadData(file: StaticString = #fileID, line: UInt = #line) {
        world.with(site: .call(file: file, line: line)) {
            world.record(.reloadData)
            for row in visibleCells.keys {
                if let cell = endDisplaying(row: row) { enqueue(cell) }
            }
            for cell in prepared.removeAll() { enqueue(cell) }
            refreshRowCount()
            layoutPass()
        }
    }

    /// `reloadRows(at:with:)`: each visible row gets a cell anew through
    /// `cellForRowAt` and is displayed with it before its old cell ends displaying
    /// and joins the pool (an iOS 12.2 log). A prepared cell (ahead or kept aside)
    /// of a named row is discarded to the pool, without `didEndDisplaying`.
    public func reloadRows(_ rows: [Int], file: StaticString = #fileID, line: UInt = #line) {
        world.with(site: .call(file: file, line: line)) {
            world.record(.reloadRows(rows: rows))
            // Inside performBatchUpdates a reload is part of the batch's update.
            if batch != nil {
                batch?.add(RowUpdate(reloaded: rows))
                return
            }
            screenChanged = true
            for row in rows.sorted() {
                if let old = visibleCells[row] {
                    display(requestCell(forRow: row), row: row)
                    notifyEndDisplaying(old, row: row)
                    enqueue(old)
                } else if let held = prepared.take(row: row) {
                    enqueue(held)
                }
            }
        }
    }

    /// `reconfigureRows(at:)` (iOS 15+): for each named row that has a cell — on
    /// screen, or prepared for it off screen — `cellForRowAt` runs again and
    /// dequeuing hands back that same cell: no `init`, no `prepareForReuse` (Apple:
    /// the table view doesn't call it for a reconfigure), no `willDisplay` or
    /// `didEndDisplaying`. A row without a cell is left alone, and prepared cells
    /// are kept (Apple's documentation; a UIKit engineer's public thread).
    public func reconfigureRows(_ rows: [Int], file: StaticString = #fileID, line: UInt = #line) {
        world.with(site: .call(file: file, line: line)) {
            world.record(.reconfigureRows(rows: rows))
            for row in rows.sorted() {
                guard let cell = visibleCells[row] ?? prepared.cell(forRow: row) else { continue }
                if visibleCells[row] != nil { screenChanged = true }
                // Every strategy dequeues in cellForRowAt, so it gets this cell back (UIKit asserts it does).
                reconfiguring = cell
                _ = requestCell(forRow: row)
                reconfiguring = nil
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
    /// screen is pushed over, popped or deallocated (see docs/engine.md, "Teardown").
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
        visibleCells = VisibleCells()
        _ = prepared.removeAll()
        _ = pool.drain()
        visibleRange = nil
        isTornDown = true
    }
}
