/// A metric's value, or why the trace cannot give it.
///
/// A trace recorded by the engine (its header carries the scenario) records every
/// kind of event the engine can produce, so a zero there is a real zero. A
/// hand-written or imported trace may leave whole kinds of events out; a metric that
/// needs them is then `unavailable`, with a reason a reader can act on, rather than
/// a zero that would be a lie.
public enum Measured<Value: Sendable & Equatable>: Sendable, Equatable {
    case value(Value)
    /// Why the metric could not be computed, in plain words ("the trace has no frame snapshots").
    case unavailable(String)

    /// The value, or nil when unavailable.
    public var value: Value? {
        if case .value(let value) = self { return value }
        return nil
    }

    /// The reason, or nil when the metric has a value.
    public var reason: String? {
        if case .unavailable(let reason) = self { return reason }
        return nil
    }

    /// `value` when `reason` is nil, else unavailable for that reason.
    static func unless(_ reason: String?, _ value: @autoclosure () -> Value) -> Measured<Value> {
        if let reason { return .unavailable(reason) }
        return .value(value())
    }

    /// The same availability with the value transformed.
    func map<Other>(_ transform: (Value) -> Other) -> Measured<Other> {
        switch self {
        case .value(let value): return .value(transform(value))
        case .unavailable(let reason): return .unavailable(reason)
        }
    }
}
