/// A trace event that cannot happen to a real table view in the state the earlier
/// events left it in: the message says what the state was and what was expected.
///
/// The message quotes text from the trace (reuse identifiers) as it was written;
/// whatever shows it makes it visible first (`visibleMessage`, in TraceCoding).
public struct LifecycleViolation: Error, Sendable, Equatable {
    public var unescapedMessage: String
    public init(_ message: String) { self.unescapedMessage = message }
}
