import Dispatch

/// Two independent pieces of work run at the same time, one per thread: reading
/// trace A and trace B is most of a diff's time (and of a page comparing them),
/// and neither needs the other.
public enum Concurrently {
    /// The results of `first` and `second`, run side by side. If both fail,
    /// `first`'s error is the one thrown, as it would be if they ran in order.
    public static func both<First: Sendable, Second: Sendable>(
        _ first: @escaping @Sendable () throws(ReuseLabError) -> First,
        _ second: @escaping @Sendable () throws(ReuseLabError) -> Second
    ) throws(ReuseLabError) -> (First, Second) {
        let left = Slot<First>(), right = Slot<Second>()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                left.fill(first)
            } else {
                right.fill(second)
            }
        }
        guard let a = left.result, let b = right.result else { return (try first(), try second()) }
        return (try a.get(), try b.get())
    }
}

/// One result, written by the one thread that computes it and read only after
/// `concurrentPerform` has returned (which orders the write before the read).
private final class Slot<Value: Sendable>: @unchecked Sendable {
    var result: Result<Value, ReuseLabError>?

    func fill(_ work: () throws(ReuseLabError) -> Value) {
        do {
            result = .success(try work())
        } catch {
            result = .failure(error)
        }
    }
}
