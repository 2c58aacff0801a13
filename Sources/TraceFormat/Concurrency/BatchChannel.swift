import Foundation

/// Batches passed from one thread to another, in order: from the thread that
/// simulates to the one that writes and checks (`record`), from the thread that
/// reads and checks a trace to the one that explains it (`replay`). At most
/// `capacity` batches wait at once: a producer that runs ahead waits for the
/// consumer, so memory stays bounded.
public final class BatchChannel<Batch: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var waiting: [Batch] = []
    private var finished = false
    private let capacity: Int

    public init(capacity: Int = 16) { self.capacity = max(1, capacity) }

    /// Hands on a batch, waiting while `capacity` batches are waiting already.
    public func put(_ batch: Batch) {
        condition.lock()
        while waiting.count >= capacity { condition.wait() }
        waiting.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// No more batches will come.
    public func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting for it; nil once the channel is finished and empty.
    public func next() -> Batch? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !finished { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        condition.broadcast()
        return waiting.removeFirst()
    }
}
