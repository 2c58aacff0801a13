import Dispatch
import Foundation

/// Runs independent pieces of work on every core and keeps each result at its
/// own index, so the outcome never depends on which thread finished first.
enum InParallel {
    static func map<Value: Sendable>(_ count: Int, _ work: @escaping @Sendable (Int) -> Value?) -> [Value?] {
        guard count > 0 else { return [] }
        let results = Results<Value>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.store(work(index), at: index)
        }
        return results.values
    }
}

/// One slot per piece of work; every slot is written once, under the lock, and
/// read only after `concurrentPerform` has returned.
private final class Results<Value: Sendable>: @unchecked Sendable {
    private var slots: [Value?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ value: Value?, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Value?] {
        lock.lock()
        defer { lock.unlock() }
        return slots
    }
}
