/// The table view's reuse queues, one per reuse identifier.
///
/// `dequeueReusableCell(withIdentifier:)` hands out the cell returned most
/// recently (last in, first out), as UIKit does.
public struct ReusePool {
    /// One queue per identifier, in the order identifiers were first used. An app
    /// has one or two identifiers, so finding a queue by comparing beats hashing
    /// the identifier on every dequeue.
    private var queues: [(identifier: String, cells: [TableViewCell])] = []

    public init() {}

    private func index(of identifier: String) -> Int? {
        queues.firstIndex { $0.identifier == identifier }
    }

    public mutating func enqueue(_ cell: TableViewCell) {
        if let index = index(of: cell.reuseIdentifier) {
            queues[index].cells.append(cell)
        } else {
            queues.append((cell.reuseIdentifier, [cell]))
        }
    }

    public mutating func dequeue(identifier: String) -> TableViewCell? {
        guard let index = index(of: identifier) else { return nil }
        return queues[index].cells.popLast()
    }

    public func count(for identifier: String) -> Int {
        index(of: identifier).map { queues[$0].cells.count } ?? 0
    }

    /// Empties every queue (a memory warning), returning the cells in the order they
    /// were queued, identifier by identifier in alphabetical order.
    public mutating func drain() -> [TableViewCell] {
        let cells = queues.sorted { $0.identifier < $1.identifier }.flatMap(\.cells)
        queues = []
        return cells
    }
}
