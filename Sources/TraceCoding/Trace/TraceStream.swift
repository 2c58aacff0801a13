import TraceModel
import ToolSupport

/// A trace written as its events come: the header, then each event as it is
/// given, gathered in a buffer handed to a sink whenever it holds about
/// `chunkSize` bytes, then the end. The bytes are exactly `TraceWriter`'s: it is
/// how `TraceWriter` writes too.
///
/// Each event's separator (`,` and a line break) is written before the next
/// event, since whether an event is the last is known only at the end.
public struct TraceStream: ~Copyable {
    private var buffer: ByteBuffer
    private let naming: RowNaming
    private let chunkSize: Int
    private let limit: Int
    /// Bytes handed to the sink so far.
    private var handedOn = 0
    private var hasEvents = false

    /// Starts a trace of `header`; more than `limit` bytes in all is refused (see `append`).
    public init(header: TraceHeader, upTo limit: Int = .max, chunkSize: Int = TraceWriter.chunkSize) {
        buffer = ByteBuffer(capacity: chunkSize + chunkSize / 8)
        naming = header.rowNaming
        self.chunkSize = max(1, chunkSize)
        self.limit = limit
        buffer.appendText(TraceWriter.headerText(header))
    }

    /// How many bytes have been written so far, handed on or not.
    public var byteCount: Int { handedOn + buffer.count }

    /// True once the trace has grown past its limit: the whole trace would be
    /// larger still, so whatever was handed on must be discarded.
    public var isPastLimit: Bool { buffer.count > limit - handedOn }

    /// Writes one event (the next in the trace), handing a full buffer to `sink`.
    /// Returns false, writing nothing more, once the trace is past its limit.
    @discardableResult
    public mutating func append<E: Error>(_ event: TraceEvent, to sink: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) -> Bool {
        guard !isPastLimit else { return false }
        buffer.append(hasEvents ? ",\n    " : "  \"events\": [\n    ")
        hasEvents = true
        event.encode(into: &buffer, naming: naming)
        if isPastLimit { return false }
        if buffer.count >= chunkSize { try flush(to: sink) }
        return true
    }

    /// Writes the end of the trace and hands on the rest. Returns false, handing
    /// nothing more on, when the whole trace is larger than its limit.
    public mutating func finish<E: Error>(to sink: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) -> Bool {
        guard !isPastLimit else { return false }
        buffer.append(hasEvents ? "\n  ]\n}\n" : "  \"events\": []\n}\n")
        if isPastLimit { return false }
        try flush(to: sink)
        return true
    }

    private mutating func flush<E: Error>(to sink: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) {
        handedOn += buffer.count
        try buffer.withBytes(sink)
        buffer.removeAll()
    }
}
