import TraceModel

/// Collects what the engine does, in order, as trace events stamped with the
/// current virtual time. The recorder turns the log into a trace file.
public final class EventLog {
    /// The events recorded and not yet handed on (all of them, without `handOff`).
    public private(set) var events: [TraceEvent] = []
    /// How many events have been recorded: the next one's `seq`.
    public private(set) var recordedCount = 0
    /// When set, every `batchSize` events are handed to it, in order, and dropped
    /// from `events`: a recording streamed to its file is never held whole.
    public var handOff: (([TraceEvent]) -> Void)?
    public static let batchSize = 4096
    var now: VirtualTime = .zero
    /// How much the log holds: one per event plus one per cell listed in a frame.
    public private(set) var size = 0
    /// The most the log may hold; past it the simulation stops and reports it.
    public let capacity: Int

    public init(capacity: Int = 20_000_000) {
        self.capacity = capacity
    }

    public var isFull: Bool { size > capacity }

    public func record(_ body: EventBody, code: CodeLine? = nil) {
        size += 1
        if case .frame(let frame) = body { size += frame.cells.count }
        events.append(TraceEvent(seq: recordedCount, time: now, body: body, code: code))
        recordedCount += 1
        if let handOff, events.count >= Self.batchSize {
            let batch = events
            events = []
            events.reserveCapacity(Self.batchSize)
            handOff(batch)
        }
    }
}
