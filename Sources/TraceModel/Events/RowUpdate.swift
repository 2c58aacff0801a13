/// One update of a table's rows as UIKit applies it: the rows deleted, inserted,
/// moved and reloaded by one call (`deleteRows(at:with:)`, `insertRows(at:with:)`,
/// `moveRow(at:to:)`) or by every call inside one `performBatchUpdates` block.
///
/// UIKit reads a batch's index paths in two numberings, and so does this type:
/// deleted, reloaded and moved-from rows name rows as they were *before* the
/// update; inserted and moved-to rows name them as they are *after* it. Apple's
/// documentation of `deleteRows(at:with:)`: inside an update block the table view
/// "defers any insertions of rows or sections until after it has handled the
/// deletions". Rows neither deleted nor moved keep their order and close up
/// around the inserted ones; a reloaded row keeps its item and loses its cell.
///
/// The engine applies an update through this type, and `ReplayState` folds it
/// through the same one, so the two can never disagree about where a row went.
public struct RowUpdate: Sendable, Equatable {
    /// Rows removed, in the numbering before the update.
    public var deleted: [Int] = []
    /// Rows added, in the numbering after the update.
    public var inserted: [Int] = []
    /// Rows moved: `from` before the update, `to` after it.
    public var moved: [RowMove] = []
    /// Rows whose cells are replaced, in the numbering before the update.
    public var reloaded: [Int] = []

    public init(deleted: [Int] = [], inserted: [Int] = [], moved: [RowMove] = [], reloaded: [Int] = []) {
        self.deleted = deleted
        self.inserted = inserted
        self.moved = moved
        self.reloaded = reloaded
    }

    public var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty && moved.isEmpty && reloaded.isEmpty }

    /// Adds another call of the same batch.
    public mutating func add(_ other: RowUpdate) {
        deleted += other.deleted
        inserted += other.inserted
        moved += other.moved
        reloaded += other.reloaded
    }

    /// How many rows there are after the update, for `before` rows before it.
    public func rowCount(after before: Int) -> Int {
        before - deleted.count + inserted.count
    }

    /// Why UIKit would refuse this update of a section of `before` rows (it raises
    /// `NSInternalInconsistencyException`), in words after "UIKit raises …: ";
    /// nil when the update can be applied.
    public func refusal(rowCount before: Int) -> String? {
        let after = rowCount(after: before)
        var seenBefore = Set<Int>(), seenAfter = Set<Int>(), reloadedRows = Set<Int>()
        for row in reloaded {
            if row >= before { return "attempt to reload row \(row) of section 0, which has only \(Self.rows(before)) before the update" }
            if !reloadedRows.insert(row).inserted { return "attempt to reload row \(row) twice" }
        }
        for row in deleted {
            if row >= before { return "attempt to delete row \(row) from section 0, which has only \(Self.rows(before)) before the update" }
            if reloadedRows.contains(row) { return "attempt to delete and reload the same index path (row \(row))" }
            if !seenBefore.insert(row).inserted { return "attempt to delete row \(row) twice" }
        }
        for move in moved {
            if move.from >= before { return "attempt to move row \(move.from), which does not exist: section 0 has only \(Self.rows(before)) before the update" }
            if reloadedRows.contains(move.from) { return "attempt to move and reload the same index path (row \(move.from))" }
            if !seenBefore.insert(move.from).inserted { return "attempt to perform a delete and a move from the same index path (row \(move.from))" }
        }
        for row in inserted {
            if row >= after { return "attempt to insert row \(row) into section 0, which has only \(Self.rows(after)) after the update" }
            if !seenAfter.insert(row).inserted { return "attempt to insert row \(row) twice" }
        }
        for move in moved {
            if move.to >= after { return "attempt to move row \(move.from) to row \(move.to), but section 0 has only \(Self.rows(after)) after the update" }
            if !seenAfter.insert(move.to).inserted { return "attempt to perform an insert and a move to the same index path (row \(move.to))" }
        }
        return nil
    }

    /// UIKit's words for a data source whose row count does not follow the update.
    public func countMismatch(before: Int, reported: Int) -> String? {
        let expected = rowCount(after: before)
        guard reported != expected else { return nil }
        return "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (\(reported)) must be equal to the number of rows contained in that section before the update (\(before)), plus or minus the number of rows inserted or deleted from that section (\(inserted.count) inserted, \(deleted.count) deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)."
    }

    /// Where each row before the update goes: `newRow[r]` is row r's place after
    /// it, or nil when row r was deleted. Call only when `refusal` is nil.
    public func newRows(rowCount before: Int) -> [Int?] {
        let after = rowCount(after: before)
        var newRow = [Int?](repeating: nil, count: before)
        var taken = [Bool](repeating: false, count: after)
        var leaving = [Bool](repeating: false, count: before)
        for row in inserted where row < after { taken[row] = true }
        for row in deleted where row < before { leaving[row] = true }
        for move in moved where move.from < before && move.to < after {
            leaving[move.from] = true
            taken[move.to] = true
            newRow[move.from] = move.to
        }
        // The rows that stay fill the free places in their old order.
        var place = 0
        for row in 0..<before where !leaving[row] {
            while place < after && taken[place] { place += 1 }
            guard place < after else { break }
            newRow[row] = place
            place += 1
        }
        return newRow
    }

    /// A list of items after the update: the items that stay in their new places,
    /// and `newItems` in the inserted rows, in order (as `RowItems` places items).
    /// Call only when `refusal(rowCount: items.count)` is nil.
    public func applied<Item>(to items: [Item], newItems: [Item]) -> [Item] {
        var placed = [Item?](repeating: nil, count: rowCount(after: items.count))
        for (old, new) in newRows(rowCount: items.count).enumerated() {
            if let new, new < placed.count { placed[new] = items[old] }
        }
        var fresh = newItems.makeIterator()
        return placed.compactMap { $0 ?? fresh.next() }
    }

    private static func rows(_ count: Int) -> String { count == 1 ? "1 row" : "\(count) rows" }
}

/// One row moved by an update: `from` in the numbering before it, `to` after it.
public struct RowMove: Sendable, Equatable, Hashable {
    public var from: Int
    public var to: Int

    public init(from: Int, to: Int) {
        self.from = from
        self.to = to
    }
}
