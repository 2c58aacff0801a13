import Dispatch
import Foundation

/// Independent pieces of work on up to `jobs` threads at once, each result kept
/// at its own index, so the outcome never depends on which finished first: the
/// one way ReuseLab runs work side by side (calibration's candidates, compare's
/// runs, a diff's two traces).
///
/// `jobs` workers each take the next piece not yet taken until none is left;
/// with one job everything runs in order on the calling thread.
public enum ParallelMap {
    /// How many threads to use by default: the cores this process may run on.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    public static func map<Value: Sendable>(_ count: Int, jobs: Int = defaultJobs, _ work: @escaping @Sendable (Int) -> Value) -> [Value] {
        guard count > 0 else { return [] }
        let workers = min(max(1, jobs), count)
        if workers == 1 { return (0..<count).map(work) }
        let slots = Slots<Value>(count: count)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = slots.take() {
                slots.store(work(index), at: index)
            }
        }
        return slots.values
    }

    /// The results of `first` and `second`, run side by side. If both fail,
    /// `first`'s error is the one thrown, as it would be if they ran in order.
    public static func both<First: Sendable, Second: Sendable>(
        _ first: @escaping @Sendable () throws(ReuseLabError) -> First,
        _ second: @escaping @Sendable () throws(ReuseLabError) -> Second
    ) throws(ReuseLabError) -> (First, Second) {
        let results = map(2, jobs: 2) { index -> Either<Result<First, ReuseLabError>, Result<Second, ReuseLabError>> in
            index == 0 ? .first(Result(catching: first)) : .second(Result(catching: second))
        }
        guard case .first(let a) = results[0], case .second(let b) = results[1] else { return (try first(), try second()) }
        return (try a.get(), try b.get())
    }
}

/// One of two kinds of result.
private enum Either<First: Sendable, Second: Sendable>: Sendable {
    case first(First)
    case second(Second)
}

/// The results, one slot per piece, and the next piece to hand out; every access
/// is under the lock, and the values are read only after `concurrentPerform` returned.
private final class Slots<Value: Sendable>: @unchecked Sendable {
    private var slots: [Value?]
    private var next = 0
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// The next index to work on, or nil when every piece has been taken.
    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < slots.count else { return nil }
        next += 1
        return next - 1
    }

    func store(_ value: Value, at index: Int) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    /// Every slot is filled once `concurrentPerform` has returned.
    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
