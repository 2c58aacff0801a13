/// The part of `apply` about row updates: `deleteRows`, `insertRows`, `moveRow`,
/// a `performBatchUpdates` block up to its `endUpdates`, and `reloadSections`.
///
/// An update renumbers rows (`RowUpdate`, `RowItems`): every cell placed in a row
/// that stays follows it to its new number without a callback, a cell on screen
/// in a deleted or reloaded row still has to end displaying — naming the row as
/// it was before the update — and the data source must then report the row count
/// the update implies.
extension ReplayState {
    /// True while a `performBatchUpdates` block is open: its calls wait for its `endUpdates`.
    public var isInBatch: Bool { openBatch != nil }

    mutating func applyUpdateCall(_ body: EventBody) throws(LifecycleViolation) {
        switch body {
        case .performBatchUpdates:
            guard openBatch == nil else {
                throw LifecycleViolation("performBatchUpdates inside another batch's block; nested batches are not modelled")
            }
            try checkNoUpdatePending(before: "performBatchUpdates")
            openBatch = RowUpdate()
        case .endUpdates:
            guard let batch = openBatch else {
                throw LifecycleViolation("endUpdates without a performBatchUpdates before it")
            }
            openBatch = nil
            if !batch.isEmpty { try applyUpdate(batch, named: "the batch") }
        case .deleteRows(let rows):
            guard !rows.isEmpty else { throw LifecycleViolation("deleteRows with no rows") }
            try addToBatch(RowUpdate(deleted: rows))
        case .insertRows(let rows):
            guard !rows.isEmpty else { throw LifecycleViolation("insertRows with no rows") }
            try addToBatch(RowUpdate(inserted: rows))
        case .moveRow(let row, let toRow):
            try addToBatch(RowUpdate(moved: [RowMove(from: row, to: toRow)]))
        case .reloadSections(let sections):
            guard !sections.isEmpty else { throw LifecycleViolation("reloadSections with no sections") }
            let count = header.scenario?.table.sections?.count ?? 1
            for section in sections where section >= count {
                throw LifecycleViolation("section \(section) does not exist; the table has \(count == 1 ? "1 section" : "\(count) sections")")
            }
        default:
            break
        }
    }

    /// A call inside an open batch joins it; outside one it is applied at once, as a batch of its own.
    mutating func addToBatch(_ call: RowUpdate) throws(LifecycleViolation) {
        if openBatch != nil {
            openBatch?.add(call)
            return
        }
        try applyUpdate(call, named: "the update")
    }

    /// Nothing may come between an update and its consequences: the cells leaving
    /// deleted rows end displaying, and the batch closes, before `what` happens.
    func checkNoUpdatePending(before what: String) throws(LifecycleViolation) {
        if openBatch != nil {
            throw LifecycleViolation("\(what) comes inside a performBatchUpdates block; the block's calls are applied together at its endUpdates first")
        }
        if let (cell, row) = departing.min(by: { $0.key < $1.key }) {
            throw LifecycleViolation("\(what) comes while cell #\(cell) still shows row \(row), which an update removed; the cell must end displaying first")
        }
    }

    private mutating func applyUpdate(_ change: RowUpdate, named name: String) throws(LifecycleViolation) {
        guard header.rowCount != nil else {
            throw LifecycleViolation("rows are updated, but this trace does not say how many rows the table has (its header has no scenario); an update renumbers every row")
        }
        if let table = header.scenario?.table, table.rowHeights != nil || table.selfSizing != nil {
            throw LifecycleViolation("rows are updated, but the scenario gives its rows heights of their own (\"rowHeights\" or \"selfSizing\"); updates are modelled for rows of one height")
        }
        try checkNoUpdatePending(before: "another update")
        if let refusal = rowItems.refusal(of: change) {
            throw LifecycleViolation("\(name) cannot happen: UIKit raises NSInternalInconsistencyException: \(refusal)")
        }
        let newRows = rowItems.apply(change)
        countAfterUpdate = rowItems.count
        func moved(_ row: Int) -> Int? { row >= 0 && row < newRows.count ? newRows[row] : nil }
        let reloaded = Set(change.reloaded)

        // Cells on screen: follow their rows, or wait to end displaying.
        var shown: [Int: [Int]] = [:]
        for (row, ids) in displayed {
            if !reloaded.contains(row), let new = moved(row) {
                shown[new] = ids
            } else {
                for id in ids { departing[id] = row }
                countDisplayed(from: ids.count, to: 0)
            }
        }
        displayed = shown
        // Every cell placed in a row follows it (a prepared or kept cell of a removed
        // row keeps its old row: the table view lets it go to the pool next).
        if placedCells == nil {
            placedCells = Set(cells.indices.filter { cells[$0].phase.row != nil }.map { $0 + 1 })
        }
        for id in placedCells ?? [] where departing[id] == nil {
            let record = cells[id - 1]
            guard let row = record.phase.row, !reloaded.contains(row), let new = moved(row) else { continue }
            update(id) { cell in
                cell.phase = cell.phase.moved(to: new)
                if cell.lastRow == row { cell.lastRow = new }
            }
        }
        pendingPrefetchOrder = Dictionary(uniqueKeysWithValues: pendingPrefetchOrder.compactMap { row, order in
            moved(row).map { ($0, order) }
        })
        reloadingRows = Set(reloadingRows.compactMap(moved))
        reconfiguringRows = Set(reconfiguringRows.compactMap(moved))
    }

    /// Cell `id`, on screen in row `shown` when an update removed that row, ends displaying.
    mutating func endDeparting(_ id: Int, row: Int, shown: Int) throws(LifecycleViolation) {
        guard row == shown else {
            throw LifecycleViolation("didEndDisplaying of cell #\(id) in row \(row), but the cell showed row \(shown) before the update removed it; a cell leaving a deleted row ends displaying with the row's index path from before the update")
        }
        departing[id] = nil
        update(id) { $0.phase = .offscreen(row: row) }
    }

    /// The row count after the last update, checked when the data source reports one.
    mutating func checkCountAfterUpdate(_ rows: Int) throws(LifecycleViolation) {
        guard let expected = countAfterUpdate else { return }
        countAfterUpdate = nil
        guard rows == expected else {
            throw LifecycleViolation("the data source reports \(rows) rows after the update, but the update leaves \(expected); UIKit raises NSInternalInconsistencyException (\"Invalid update: invalid number of rows in section 0\")")
        }
    }

    /// True when image `image`, set into row `row`, is the answer to a request made
    /// for that row's index path when another item was there: an update moved the
    /// item away while the request was out, and the answer landed by index path.
    public func landsInAnotherItemsRow(image: Int, row: Int) -> Bool {
        guard rowItems.updateCount > 0, let id = lastRequestForImage[image], let asked = request(id),
              asked.row == row, let item = asked.item else { return false }
        return item != rowItems.item(atRow: row)
    }
}

extension CellPhase {
    /// The same phase in another row.
    func moved(to row: Int) -> CellPhase {
        switch self {
        case .configured: return .configured(row: row)
        case .displayed: return .displayed(row: row)
        case .offscreen: return .offscreen(row: row)
        case .keptAside: return .keptAside(row: row)
        default: return self
        }
    }
}
