import TraceModel
import ToolSupport

extension LifecycleViolation {
    /// The message with the trace's own text in it made visible (`VisibleText`):
    /// what every reader shows of a violation.
    public var message: String { VisibleText.escape(unescapedMessage) }

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
