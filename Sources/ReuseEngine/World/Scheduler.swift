import TraceModel

/// Work that happens off the main thread at a given virtual time: a response
/// arriving, a background closure running. Ordered by time, then by the order it
/// was scheduled, so equal times never depend on anything but the scenario.
struct Scheduler {
    struct Item {
        var time: VirtualTime
        var order: Int
        var action: () -> Void
    }

    private var heap: [Item] = []
    private var counter = 0

    var nextTime: VirtualTime? { heap.first?.time }
    var isEmpty: Bool { heap.isEmpty }

    mutating func schedule(at time: VirtualTime, _ action: @escaping () -> Void) {
        counter += 1
        heap.append(Item(time: time, order: counter, action: action))
        siftUp(heap.count - 1)
    }

    /// Removes and returns the earliest item, if it is due by `time`.
    mutating func popDue(by time: VirtualTime) -> Item? {
        guard let first = heap.first, first.time <= time else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            siftDown(0)
        }
        return first
    }

    private func before(_ a: Item, _ b: Item) -> Bool {
        a.time < b.time || (a.time == b.time && a.order < b.order)
    }

    private mutating func siftUp(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard before(heap[child], heap[parent]) else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ index: Int) {
        var parent = index
        while true {
            let left = parent * 2 + 1, right = left + 1
            var smallest = parent
            if left < heap.count && before(heap[left], heap[smallest]) { smallest = left }
            if right < heap.count && before(heap[right], heap[smallest]) { smallest = right }
            if smallest == parent { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
