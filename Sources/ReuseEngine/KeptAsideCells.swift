/// Cells the modern profile keeps out of the reuse pool after they scroll off, so
/// that if their row comes back they can be shown again without `cellForRowAt`.
///
/// Seed 004's device log pins the length of "a while": the cell that leaves at one
/// row step is reused two steps later, not at the next. Holding exactly one cell —
/// the one that left last — reproduces that: when the next cell leaves, the one
/// kept before it goes to the pool.
public struct KeptAsideCells {
    public static let capacity = 1

    public private(set) var entries: [(row: Int, cell: TableViewCell)] = []

    public init() {}

    /// Keeps `cell` aside; returns the cells pushed out to make room, oldest first.
    public mutating func keep(_ cell: TableViewCell, row: Int) -> [TableViewCell] {
        entries.append((row, cell))
        var evicted: [TableViewCell] = []
        while entries.count > Self.capacity {
            evicted.append(entries.removeFirst().cell)
        }
        return evicted
    }

    /// Takes back the cell kept for `row`, if any.
    public mutating func take(row: Int) -> TableViewCell? {
        guard let index = entries.firstIndex(where: { $0.row == row }) else { return nil }
        return entries.remove(at: index).cell
    }

    public func has(row: Int) -> Bool { entries.contains { $0.row == row } }

    /// Removes and returns every kept cell, oldest first.
    public mutating func removeAll() -> [TableViewCell] {
        defer { entries = [] }
        return entries.map(\.cell)
    }
}
