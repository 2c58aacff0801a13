import TraceFormat

/// Collects what the engine does, in order, as trace events stamped with the
/// current virtual time. The recorder turns the log into a trace file.
public final class EventLog {
    public private(set) var events: [TraceEvent] = []
    var now: VirtualTime = .zero

    public init() {}

    public func record(_ body: EventBody) {
        events.append(TraceEvent(seq: events.count, time: now, body: body))
    }
}
