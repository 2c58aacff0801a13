import TraceModel
import ToolSupport

/// Where an event starts in its trace: its byte offset and its number. A reading
/// that notes these (`TraceReader.streamNotingStarts`) lets a reader
/// come back later for a stretch of events (`TraceReader.events(path:from:…)`)
/// without holding the events, or reading those before it, again.
public struct EventStart: Sendable, Equatable {
    /// The offset of the event's first byte (or of the spaces before it).
    public let offset: Int
    /// The event's number: how many events come before it.
    public let index: Int

    public init(offset: Int, index: Int) {
        self.offset = offset
        self.index = index
    }
}

extension TraceReader {
    /// `stream(path:)`, telling `onEvent` where each event starts as well.
    public static func streamNotingStarts(path: String,
                                          onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                                          onEvent: (TraceEvent, SourcePosition, EventStart) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        try stream(try window(path: path), file: InputFile.displayName(path), onHeader: onHeader, onEvent: onEvent)
    }

    /// `stream(bytes:)`, telling `onEvent` where each event starts as well.
    public static func streamNotingStarts(bytes: [UInt8], file: String,
                                          onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                                          onEvent: (TraceEvent, SourcePosition, EventStart) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        try stream(InputWindow(bytes: bytes, name: file), file: file, onHeader: onHeader, onEvent: onEvent)
    }

    private static func stream(_ window: InputWindow, file: String,
                               onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                               onEvent: (TraceEvent, SourcePosition, EventStart) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        let note = EventStartNote()
        var index = 0
        var streamer = TraceStreamer(window: window, file: file)
        streamer.starts = note
        _ = try streamer.run(onHeader: onHeader) { event, position throws(ReuseLabError) in
            try onEvent(event, position, EventStart(offset: note.offset, index: index))
            index += 1
        }
    }

    /// Up to `count` events of the trace at `path` from `start` on, read again
    /// under its `header`: a trace read whole (and checked) once already, which
    /// `start` came from. Fewer come back where the trace ends first.
    public static func events(path: String, header: TraceHeader, from start: EventStart, count: Int) throws(ReuseLabError) -> [TraceEvent] {
        // A stretch is a few hundred kilobytes: a small window reads no more than it needs.
        let window = try InputWindow(path: path, limit: maximumBytes, chunkSize: 1 << 18, capacity: 1 << 19)
        return try events(window, file: InputFile.displayName(path), header: header, from: start, count: count)
    }

    /// `events(path:…)` of a trace held in memory.
    public static func events(bytes: [UInt8], file: String, header: TraceHeader, from start: EventStart, count: Int) throws(ReuseLabError) -> [TraceEvent] {
        try events(InputWindow(bytes: bytes, name: file), file: file, header: header, from: start, count: count)
    }

    private static func events(_ window: InputWindow, file: String, header: TraceHeader, from start: EventStart,
                               count: Int) throws(ReuseLabError) -> [TraceEvent] {
        var events: [TraceEvent] = []
        guard count > 0 else { return events }
        events.reserveCapacity(count)
        let enough = stopReading
        var streamer = TraceStreamer(window: window, file: file)
        do {
            try streamer.resume(at: start, header: header) { event, _ throws(ReuseLabError) in
                events.append(event)
                if events.count == count { throw enough }
            }
        } catch {
            if error != enough { throw error }
        }
        return events
    }
}
