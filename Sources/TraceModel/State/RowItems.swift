/// Which item of the app's data each row shows, as row updates move them.
///
/// Before any update, row r shows item r — the item the scenario made for that
/// row, whose image is the row's own. An update moves items with their rows:
/// deleting row 2 makes row 3's item row 2's. Each inserted row gets a new item,
/// numbered on from the last (the table's first count, then one more for each
/// insertion, in row order within an update), so the engine and every reader
/// number them alike without the trace saying so.
///
/// Kept as an array only once a row has moved: a table that never updates costs
/// nothing. Updates are bounded (`maximumRows`), so rebuilding the array is too.
public struct RowItems: Sendable, Equatable {
    /// The most rows a table may have for its rows to be updated: an update
    /// renumbers every row, so this bounds what one costs.
    public static let maximumRows = 10_000
    /// The most updates one trace may make, which with `maximumRows` bounds what all cost.
    public static let maximumUpdates = 10_000

    /// `items[r]` is row r's item; nil while every row shows its own.
    private var items: [Int]?
    /// How many rows there are now.
    public private(set) var count: Int
    /// The number the next inserted item gets.
    public private(set) var nextItem: Int
    /// How many updates have been applied.
    public private(set) var updateCount = 0

    public init(rowCount: Int) {
        count = rowCount
        nextItem = rowCount
    }

    /// The item row `row` shows.
    public func item(atRow row: Int) -> Int {
        guard let items else { return row }
        return row >= 0 && row < items.count ? items[row] : row
    }

    /// The row showing `item` now, or nil when it was deleted (a search: for the
    /// rare question of where an item went).
    public func row(ofItem item: Int) -> Int? {
        guard let items else { return item < count ? item : nil }
        return items.firstIndex(of: item)
    }

    /// Why this update cannot be applied to these rows, or nil.
    public func refusal(of update: RowUpdate) -> String? {
        if count > Self.maximumRows {
            return "rows can be updated only in a table of at most \(Self.maximumRows) rows, and this one has \(count)"
        }
        if updateCount >= Self.maximumUpdates {
            return "a recording makes at most \(Self.maximumUpdates) row updates"
        }
        return update.refusal(rowCount: count)
    }

    /// Applies `update` (which `refusal(of:)` accepted) and returns where each old
    /// row went (`RowUpdate.newRows`). Inserted rows get new items, in row order.
    @discardableResult
    public mutating func apply(_ update: RowUpdate) -> [Int?] {
        let newRows = update.newRows(rowCount: count)
        let after = update.rowCount(after: count)
        var next = [Int](repeating: -1, count: after)
        for (old, new) in newRows.enumerated() {
            if let new, new < after { next[new] = item(atRow: old) }
        }
        for row in 0..<after where next[row] < 0 {
            next[row] = nextItem
            nextItem += 1
        }
        items = next
        count = after
        updateCount += 1
        return newRows
    }
}
