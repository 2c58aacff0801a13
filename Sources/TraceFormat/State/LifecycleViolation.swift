/// A trace event that cannot happen to a real table view in the state the earlier
/// events left it in: the message says what the state was and what was expected.
public struct LifecycleViolation: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

extension LifecycleViolation {
    /// The error every reader gives for this violation at event `index`: the
    /// file, the event's place, its kind and why — in the trace's own words, so a
    /// collection view's trace is told about `cellForItemAt` and items.
    public func error(at event: TraceEvent, index: Int, position: SourcePosition? = nil, file: String,
                      list: ListStyle) -> ReuseLabError {
        ReuseLabError(.badInput, file: file,
                      location: InputLocation(position: position, path: "events[\(index)]", eventIndex: index),
                      list.reword("\(event.kind.rawValue): \(message)"))
    }
}
