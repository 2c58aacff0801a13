/// A trace event that cannot happen to a real table view in the state the earlier
/// events left it in: the message says what the state was and what was expected.
public struct LifecycleViolation: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
