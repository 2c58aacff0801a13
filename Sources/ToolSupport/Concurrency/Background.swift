import Dispatch

/// Work started on another thread as soon as it is made, whose outcome is
/// collected later with `wait`: the recorder runs the engine on one core while it
/// checks and writes the events on the other; a replay reads and checks the trace
/// on one while it explains it on the other.
public final class Background<Value: Sendable>: @unchecked Sendable {
    private let work: @Sendable () throws(ReuseLabError) -> Value
    /// Written once by the worker thread, read only after `done` has been signalled.
    private var result: Result<Value, ReuseLabError>?
    private let done = DispatchSemaphore(value: 0)

    public init(_ work: @escaping @Sendable () throws(ReuseLabError) -> Value) {
        self.work = work
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            do throws(ReuseLabError) {
                result = .success(try work())
            } catch {
                result = .failure(error)
            }
            done.signal()
        }
    }

    /// Waits for the work to finish and returns its value or throws its error.
    public func wait() throws(ReuseLabError) -> Value {
        done.wait()
        guard let result else { return try work() }
        return try result.get()
    }
}
