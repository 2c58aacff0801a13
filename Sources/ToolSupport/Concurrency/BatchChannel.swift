import Foundation

/// Batches passed from one thread to another, in order: from the thread that
/// simulates to the one that writes and checks (`record`), from the thread that
/// reads and checks a trace to the one that explains it (`replay`). At most
/// `capacity` batches wait at once: a producer that runs ahead waits for the
/// consumer, so memory stays bounded. A consumer that wants no more (its output
/// failed) cancels: the producer's next `put` says so, and it stops.
public final class BatchChannel<Batch: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var waiting: [Batch] = []
    private var finished = false
    private var cancelled = false
    private let capacity: Int

    public init(capacity: Int = 16) { self.capacity = max(1, capacity) }

    /// Hands on a batch, waiting while `capacity` batches are waiting already;
    /// false (the batch dropped) once the consumer has cancelled.
    @discardableResult
    public func put(_ batch: Batch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= capacity && !cancelled { condition.wait() }
        guard !cancelled else { return false }
        waiting.append(batch)
        condition.broadcast()
        return true
    }

    /// The consumer wants no more batches: those waiting are dropped, and every
    /// `put` from now on returns false at once.
    public func cancel() {
        condition.lock()
        cancelled = true
        waiting.removeAll()
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
