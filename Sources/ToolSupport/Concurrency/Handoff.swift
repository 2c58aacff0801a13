import Dispatch
import Foundation

/// Work done on a second thread and handed, piece by piece and in order, to the
/// thread that asked for it: the one read-ahead in ReuseLab (a large trace is
/// decoded on one core while the caller folds and explains it on the other).
///
/// At most `capacity` pieces wait, so memory stays bounded however far the
/// producer could run ahead. The caller takes pieces until there are none;
/// `cancel` tells a producer that nothing more is wanted (its next `put`
/// returns false), and `finish` waits until the producer has returned, so
/// nothing it holds — an open file — outlives the reading.
public final class Handoff<Piece: Sendable>: @unchecked Sendable {
    // Every member below is read and written only under `condition`'s lock.
    private let condition = NSCondition()
    /// Never more than `capacity` long, so taking from its front costs little.
    private var waiting: [Piece] = []
    private var produced = false
    private var cancelled = false
    private let capacity: Int
    private let done = DispatchGroup()

    /// Starts `produce` on a thread of its own; it hands on pieces with `put`.
    public init(capacity: Int, produce: @escaping @Sendable (Handoff<Piece>) -> Void) {
        self.capacity = max(1, capacity)
        done.enter()
        DispatchQueue.global().async { [self] in
            produce(self)
            condition.lock()
            produced = true
            condition.broadcast()
            condition.unlock()
            done.leave()
        }
    }

    /// Hands `piece` on, waiting while `capacity` pieces wait already; false,
    /// without waiting, once the caller has cancelled.
    public func put(_ piece: Piece) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !cancelled && waiting.count >= capacity { condition.wait() }
        guard !cancelled else { return false }
        waiting.append(piece)
        condition.broadcast()
        return true
    }

    /// The next piece, waiting for it; nil once the producer has returned and
    /// every piece it handed on has been taken.
    public func take() -> Piece? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !produced { condition.wait() }
        guard !waiting.isEmpty else { return nil }
        condition.broadcast()
        return waiting.removeFirst()
    }

    /// Nothing more is wanted: a waiting producer is released, and pieces not
    /// yet taken are dropped.
    public func cancel() {
        condition.lock()
        cancelled = true
        waiting.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the producer has returned (cancel first to hurry it).
    public func finish() {
        done.wait()
    }
}
