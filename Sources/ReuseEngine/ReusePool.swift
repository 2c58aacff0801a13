/// The table view's reuse queues, one per reuse identifier.
///
/// `dequeueReusableCell(withIdentifier:)` hands out the cell returned most
/// recently (last in, first out), as UIKit does.
public struct ReusePool {
    private var queues: [String: [TableViewCell]] = [:]

    public init() {}

    public mutating func enqueue(_ cell: TableViewCell) {
        queues[cell.reuseIdentifier, default: []].append(cell)
    }

    public mutating func dequeue(identifier: String) -> TableViewCell? {
        queues[identifier]?.popLast()
    }

    public func count(for identifier: String) -> Int {
        queues[identifier]?.count ?? 0
    }

    /// Empties every queue (a memory warning), returning the cells in the order they were queued.
    public mutating func drain() -> [TableViewCell] {
        let cells = queues.keys.sorted().flatMap { queues[$0] ?? [] }
        queues = [:]
        return cells
    }
}
