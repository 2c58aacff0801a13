/// The cells a modern table view holds off screen for a row: cells prepared
/// ahead of their row becoming visible, and cells that scrolled off and are kept
/// in case their row comes back. Apple (`cellForRow(at:)`, iOS 15+) calls both
/// "prepared cells"; either kind is shown again with `willDisplay` alone, without
/// `cellForRowAt`.
///
/// How long they are held is a range rule, from the decompiled iOS 18.2
/// `pruneCellsForVisibleIndexRange:`: a prepared cell is kept while its row lies
/// within the visible rows ± 1, and one that falls outside goes to the reuse pool
/// without `didEndDisplaying`. On a slow scroll that is the two-step lag seed
/// 004's log shows — a cell that scrolled off is reused only after the visible
/// range moves one more row; on a fast fling, only the cell of the row just past
/// the top edge is kept.
public struct PreparedCells {
    /// Rows within this distance of the visible rows keep their prepared cells.
    public static let margin = 1

    public enum Kind: Equatable {
        /// Configured by `cellForRowAt` before its row became visible.
        case ahead
        /// Displayed, ended displaying, and kept aside (`keepAside` in a trace).
        case kept
    }

    /// In the order they were prepared or kept.
    public private(set) var entries: [(row: Int, cell: TableViewCell, kind: Kind)] = []

    public init() {}

    /// The range of rows whose prepared cells are kept when `visible` is on screen.
    public static func keptRows(around visible: ClosedRange<Int>) -> ClosedRange<Int> {
        (visible.lowerBound - margin)...(visible.upperBound + margin)
    }

    public mutating func add(_ cell: TableViewCell, row: Int, kind: Kind) {
        entries.append((row, cell, kind))
    }

    /// Takes back the cell held for `row`, if any.
    public mutating func take(row: Int) -> TableViewCell? {
        guard let index = entries.firstIndex(where: { $0.row == row }) else { return nil }
        return entries.remove(at: index).cell
    }

    public func has(row: Int) -> Bool { entries.contains { $0.row == row } }

    /// The cell held for `row`, left where it is.
    public func cell(forRow row: Int) -> TableViewCell? {
        entries.first { $0.row == row }?.cell
    }

    /// After a row update: each held cell follows its row (`newRows[old]`); those
    /// whose rows were deleted or reloaded are let go, returned in the order held.
    public mutating func renumber(_ newRows: [Int?], reloaded: Set<Int>) -> [TableViewCell] {
        var released: [TableViewCell] = []
        entries = entries.compactMap { entry in
            guard !reloaded.contains(entry.row), entry.row >= 0, entry.row < newRows.count, let new = newRows[entry.row] else {
                released.append(entry.cell)
                return nil
            }
            return (new, entry.cell, entry.kind)
        }
        return released
    }

    /// The row `cell` is held for, if it is held.
    public func row(of cell: TableViewCell) -> Int? {
        entries.first { $0.cell === cell }?.row
    }

    /// Lets go of every cell whose row is outside `rows` (or of all of them when
    /// nothing is visible); returns them in the order they were held.
    public mutating func prune(keeping rows: ClosedRange<Int>?) -> [TableViewCell] {
        let outside = { (entry: (row: Int, cell: TableViewCell, kind: Kind)) in rows?.contains(entry.row) != true }
        let dropped = entries.filter(outside).map(\.cell)
        entries.removeAll(where: outside)
        return dropped
    }

    /// A collection view's pruning: a kept cell stays while its item lies in
    /// `kept` (the visible rows of items ± 1), a cell prepared ahead while its item
    /// lies in `ahead` (as far as cell prefetching reaches); the others are let go,
    /// in the order they were held (all of them when nothing is visible).
    public mutating func prune(keeping kept: ClosedRange<Int>?, ahead: ClosedRange<Int>?) -> [TableViewCell] {
        let outside = { (entry: (row: Int, cell: TableViewCell, kind: Kind)) -> Bool in
            let range = entry.kind == .kept ? kept : ahead
            return range?.contains(entry.row) != true
        }
        let dropped = entries.filter(outside).map(\.cell)
        entries.removeAll(where: outside)
        return dropped
    }

    /// Lets go of every cell prepared ahead and never displayed (a collection
    /// view's candidates, dropped when the scroll changes direction); kept cells stay.
    public mutating func dropAhead() -> [TableViewCell] {
        let dropped = entries.filter { $0.kind == .ahead }.map(\.cell)
        entries.removeAll { $0.kind == .ahead }
        return dropped
    }

    /// Whether any cell prepared ahead is held.
    public var hasAhead: Bool { entries.contains { $0.kind == .ahead } }

    /// Removes and returns every held cell, in the order they were held.
    public mutating func removeAll() -> [TableViewCell] {
        defer { entries = [] }
        return entries.map(\.cell)
    }
}
