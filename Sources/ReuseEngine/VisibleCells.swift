/// The cells on screen, by row, kept in row order.
///
/// A table view shows a few dozen rows and looks them up on every layout pass,
/// so a sorted array does better than a dictionary: no hashing, and the rows come
/// out top to bottom without sorting. Visible rows are nearly always consecutive,
/// so a lookup usually lands on its index at once.
struct VisibleCells {
    /// The rows with a cell on screen, ascending.
    private(set) var keys: [Int] = []
    /// `cells[i]` shows `keys[i]`.
    private var cells: [TableViewCell] = []

    var count: Int { keys.count }
    var isEmpty: Bool { keys.isEmpty }

    /// The cell showing `row`; setting nil takes it off.
    subscript(row: Int) -> TableViewCell? {
        get {
            guard case .found(let index) = place(of: row) else { return nil }
            return cells[index]
        }
        set {
            switch (place(of: row), newValue) {
            case (.found(let index), let cell?): cells[index] = cell
            case (.found(let index), nil):
                keys.remove(at: index)
                cells.remove(at: index)
            case (.missing(let index), let cell?):
                keys.insert(row, at: index)
                cells.insert(cell, at: index)
            case (.missing, nil): break
            }
        }
    }

    /// Takes `row`'s cell off, returning it.
    mutating func removeValue(forKey row: Int) -> TableViewCell? {
        guard case .found(let index) = place(of: row) else { return nil }
        keys.remove(at: index)
        return cells.remove(at: index)
    }

    /// The (lowest) row `cell` is showing, if it is on screen.
    func row(of cell: TableViewCell) -> Int? {
        cells.firstIndex { $0 === cell }.map { keys[$0] }
    }

    /// Each row and its cell, top to bottom.
    var rowsAndCells: Zip2Sequence<[Int], [TableViewCell]> { zip(keys, cells) }

    private enum Place {
        case found(Int)
        /// Not there; this is where it would go.
        case missing(Int)
    }

    private func place(of row: Int) -> Place {
        // Consecutive rows: the row's distance from the first is its index.
        if let first = keys.first {
            let (guess, overflow) = row.subtractingReportingOverflow(first)
            if !overflow, guess >= 0, guess < keys.count, keys[guess] == row { return .found(guess) }
        }
        var low = 0, high = keys.count
        while low < high {
            let mid = low + (high - low) / 2
            if keys[mid] < row { low = mid + 1 } else { high = mid }
        }
        return low < keys.count && keys[low] == row ? .found(low) : .missing(low)
    }
}
