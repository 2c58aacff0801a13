import ReuseEngine
import TraceModel

// How the view controllers change their data for a scenario's update steps (a
// row deleted, new items arriving, a row moved): the model changes first, then
// the table view is told — inside `performBatchUpdates` for a batch — as Apple
// asks: "update your table's data source to reflect your changes".

/// `RowUpdate` for every strategy file, which imports only the engine.
typealias RowUpdate = TraceModel.RowUpdate

extension Array {
    /// The items after `update`: deleted ones gone, moved ones in their new places,
    /// the rest in order around them, and `newItems` in the inserted rows.
    mutating func apply(_ update: RowUpdate, newItems: [Element]) {
        self = update.applied(to: self, newItems: newItems)
    }
}

extension TableView {
    /// Tells the table view about a change the app made to its data.
    func tell(about update: RowUpdate, batched: Bool) {
        let indexPaths = { (rows: [Int]) in rows.map { IndexPath(row: $0, section: 0) } }
        let calls = {
            if !update.deleted.isEmpty { self.deleteRows(at: indexPaths(update.deleted), with: .automatic) }
            if !update.inserted.isEmpty { self.insertRows(at: indexPaths(update.inserted), with: .automatic) }
            for move in update.moved { self.moveRow(at: IndexPath(row: move.from, section: 0), to: IndexPath(row: move.to, section: 0)) }
            if !update.reloaded.isEmpty { self.reloadRows(at: indexPaths(update.reloaded), with: .automatic) }
        }
        if batched {
            performBatchUpdates(calls)
        } else {
            calls()
        }
    }

    /// `deleteRows(at:with:)`; the animation does not change what is called.
    func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation, file: StaticString = #fileID, line: UInt = #line) {
        deleteRows(indexPaths.map { row(at: $0) }, file: file, line: line)
    }

    /// `insertRows(at:with:)`.
    func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation, file: StaticString = #fileID, line: UInt = #line) {
        insertRows(indexPaths.map { $0.row }, file: file, line: line)
    }

    /// `moveRow(at:to:)`.
    func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath, file: StaticString = #fileID, line: UInt = #line) {
        moveRow(row(at: indexPath), to: newIndexPath.row, file: file, line: line)
    }
}
