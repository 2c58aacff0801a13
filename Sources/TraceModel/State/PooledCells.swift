/// One reuse pool as replay sees it: the cells waiting, in the order they joined,
/// with any of them taken out in constant time — so a trace that pools and then
/// deallocates tens of thousands of cells is still read in linear time.
public struct PooledCells: Sendable {
    /// Cells in joining order; a taken cell leaves a hole until the next compaction.
    private var slots: [Int?] = []
    private var slotOf: [Int: Int] = [:]

    public init() {}

    /// How many cells wait.
    public var count: Int { slotOf.count }

    /// The waiting cells, first joined first.
    public var cells: [Int] { slots.compactMap { $0 } }

    public func contains(_ id: Int) -> Bool { slotOf[id] != nil }

    mutating func append(_ id: Int) {
        slotOf[id] = slots.count
        slots.append(id)
    }

    mutating func remove(_ id: Int) {
        guard let slot = slotOf.removeValue(forKey: id) else { return }
        slots[slot] = nil
        // Holes are squeezed out once they outnumber the cells: amortised constant time.
        if slots.count > 32 && slotOf.count * 2 < slots.count {
            slots = slots.filter { $0 != nil }
            slotOf = [:]
            for (slot, id) in slots.enumerated() { if let id { slotOf[id] = slot } }
        }
    }
}
