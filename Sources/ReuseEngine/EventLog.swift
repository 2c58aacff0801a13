import TraceFormat

/// Collects what the engine does, in order, as trace events stamped with the
/// current virtual time. The recorder turns the log into a trace file.
public final class EventLog {
    public private(set) var events: [TraceEvent] = []
    var now: VirtualTime = .zero
    /// How much the log holds: one per event plus one per cell listed in a frame.
    public private(set) var size = 0
    /// The most the log may hold; past it the simulation stops and reports it.
    public let capacity: Int

    public init(capacity: Int = 20_000_000) {
        self.capacity = capacity
    }

    public var isFull: Bool { size > capacity }

    public func record(_ body: EventBody) {
        size += 1
        if case .frame(let frame) = body { size += frame.cells.count }
        events.append(TraceEvent(seq: events.count, time: now, body: body))
    }
}
