/// A value handed to another thread by one that no longer touches it (a result
/// handed back when the work is done, a closure the other thread alone calls):
/// what the compiler cannot check, the handing over guarantees.
public final class UncheckedBox<Value>: @unchecked Sendable {
    public let value: Value
    public init(_ value: Value) { self.value = value }
}
