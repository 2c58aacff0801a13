import TraceModel

/// An app whose data a scenario's update steps change while the list is on
/// screen: a row deleted, new items arriving, a row moved. The app changes its
/// data and tells the table view, as its own code would
/// (`deleteRows(at:with:)`, `insertRows(at:with:)`, `moveRow(at:to:)`, inside
/// `performBatchUpdates` when `batched`). `newItems` are the items the inserted
/// rows show, in row order (`RowItems` numbers them), made as `viewDidLoad` made
/// the first ones from `environment`.
public protocol TableViewDataChanging: AnyObject {
    func tableView(_ tableView: TableView, changeData update: RowUpdate, newItems: [Int], environment: AppEnvironment, batched: Bool)
}

/// The table view's side of row updates. UIKit's rules as this engine plays
/// them (see docs/engine.md, "Row updates"):
/// - the update is checked first; what UIKit refuses with an
///   `NSInternalInconsistencyException` stops the recording (`raisedException`);
/// - the table view asks the data source for its row count, which must follow;
/// - rows that stay keep their cells, renumbered, with no callback; cells
///   prepared or kept aside for a deleted or reloaded row go to the pool;
/// - a layout pass then gives every visible row without a cell one
///   (`cellForRowAt`, `willDisplay`) — inserted rows, reloaded rows, rows pulled
///   on screen — and ends the display of rows pushed off it;
/// - last, each cell of a deleted or reloaded row ends displaying with the row's
///   index path from *before* the update, and joins the pool. On a device that
///   cell stays on screen while it animates out; animations are not modelled, so
///   here it goes in the same pass.
extension TableView {
    /// `deleteRows(at:with:)`, with global rows.
    public func deleteRows(_ rows: [Int], file: StaticString = #fileID, line: UInt = #line) {
        call(.deleteRows(rows: rows), RowUpdate(deleted: rows), file: file, line: line)
    }

    /// `insertRows(at:with:)`, with global rows as numbered after the update.
    public func insertRows(_ rows: [Int], file: StaticString = #fileID, line: UInt = #line) {
        call(.insertRows(rows: rows), RowUpdate(inserted: rows), file: file, line: line)
    }

    /// `moveRow(at:to:)`.
    public func moveRow(_ row: Int, to newRow: Int, file: StaticString = #fileID, line: UInt = #line) {
        call(.moveRow(row: row, toRow: newRow), RowUpdate(moved: [RowMove(from: row, to: newRow)]), file: file, line: line)
    }

    /// `performBatchUpdates(_:completion:)`: the calls `updates` makes are applied
    /// together when it returns; `completion` runs then (there is no animation to wait for).
    public func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil,
                                    file: StaticString = #fileID, line: UInt = #line) {
        world.with(site: .call(file: file, line: line)) {
            world.record(.performBatchUpdates)
            batch = RowUpdate()
            updates?()
            let calls = batch ?? RowUpdate()
            batch = nil
            world.record(.endUpdates)
            if !calls.isEmpty { apply(calls) }
        }
        completion?(raisedException == nil)
    }

    /// `reloadSections(_:with:)`: like `reloadData` for the rows of these sections:
    /// their cells on screen end displaying and join the pool, with the cells held
    /// for them off screen, and a layout pass configures every visible row of them
    /// again. The row count stays.
    public func reloadSections(_ sections: [Int], file: StaticString = #fileID, line: UInt = #line) {
        world.with(site: .call(file: file, line: line)) {
            world.record(.reloadSections(sections: sections))
            let inSections = { (row: Int) in sections.contains(self.naming.indexPath(ofRow: row).section) }
            for row in visibleCells.keys where inSections(row) {
                if let cell = endDisplaying(row: row) { enqueue(cell) }
            }
            let held = prepared.entries.filter { inSections($0.row) }.map(\.row)
            for row in held {
                if let cell = prepared.take(row: row) { enqueue(cell) }
            }
            layoutPass()
        }
    }

    /// Records the call; inside a batch it waits for the batch's end.
    private func call(_ event: EventBody, _ update: RowUpdate, file: StaticString, line: UInt) {
        world.with(site: .call(file: file, line: line)) {
            world.record(event)
            if batch != nil {
                batch?.add(update)
            } else {
                apply(update)
            }
        }
    }

    /// Applies one update (see the extension's comment).
    func apply(_ update: RowUpdate) {
        guard raisedException == nil, !isTornDown else { return }
        if let refusal = rowItems.refusal(of: update) {
            raisedException = "UIKit raises NSInternalInconsistencyException: \(refusal)"
            return
        }
        let before = rowItems.count
        let reported = dataSource?.numberOfRows(in: self) ?? update.rowCount(after: before)
        world.record(.numberOfRows(rows: reported))
        if let mismatch = update.countMismatch(before: before, reported: reported) {
            raisedException = "UIKit raises NSInternalInconsistencyException: \(mismatch)"
            return
        }
        let newRows = rowItems.apply(update)
        let reloaded = Set(update.reloaded)
        screenChanged = true

        var leaving: [(row: Int, cell: TableViewCell)] = []
        var staying = VisibleCells()
        for (row, cell) in visibleCells.rowsAndCells {
            if !reloaded.contains(row), row < newRows.count, let new = newRows[row] {
                staying[new] = cell
                if cell.lastRow == row { cell.lastRow = new }
            } else {
                leaving.append((row, cell))
            }
        }
        visibleCells = staying
        for cell in prepared.renumber(newRows, reloaded: reloaded) { enqueue(cell) }
        prefetchWindow.renumber(newRows)
        resizeRows(to: rowItems.count)
        layoutPass()
        for (row, cell) in leaving {
            notifyEndDisplaying(cell, row: row)
            enqueue(cell)
        }
    }

    /// The table's geometry for `count` rows of the scenario's height.
    private func resizeRows(to count: Int) {
        guard var spec = baseSpec else { return }
        spec.rows = count
        baseSpec = spec
        geometry = TableGeometry(spec)
        contentOffset = geometry.clamp(contentOffset)
    }
}
