import Foundation
import TraceFormat

/// Batches of events passed from the thread that simulates to the thread that
/// writes and checks, in order. At most `capacity` batches wait at once: a
/// simulation that runs ahead waits for the writer, so memory stays bounded.
final class EventChannel: @unchecked Sendable {
    private let condition = NSCondition()
    /// Guarded by `condition`.
    private var waiting: [[TraceEvent]] = []
    private var finished = false
    private let capacity: Int

    init(capacity: Int = 16) { self.capacity = max(1, capacity) }

    /// Hands on a batch, waiting while `capacity` batches are waiting already.
    func put(_ batch: [TraceEvent]) {
        guard !batch.isEmpty else { return }
        condition.lock()
        while waiting.count >= capacity { condition.wait() }
        waiting.append(batch)
        condition.broadcast()
        condition.unlock()
    }

    /// No more batches will come.
    func finish() {
        condition.lock()
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next batch, waiting for it; nil once the channel is finished and empty.
    func next() -> [TraceEvent]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !finished { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        condition.broadcast()
        return waiting.removeFirst()
    }
}
