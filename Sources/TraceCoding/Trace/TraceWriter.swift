import TraceModel
import ToolSupport

/// Writes a trace as one JSON document: header members first, then the `events`
/// array with one event per line, so `git diff` of two traces shows event-level
/// changes and the same trace always has the same bytes.
///
/// There is one way to write a trace: `stream`, which hands the bytes on in chunks
/// (a file is never held whole in memory as text); `bytes` and `text` collect them.
public enum TraceWriter {
    /// How many bytes `stream` gathers before handing them on: large enough that
    /// writing costs little per byte, small enough to stay in the caches' reach.
    public static let chunkSize = 1 << 20

    public static func headerText(_ header: TraceHeader) -> String {
        var out = "{\n"
        out += "  \"format\": \"\(TraceHeader.formatName)\",\n"
        out += "  \"version\": \(TraceHeader.currentVersion),\n"
        out += "  \"title\": "
        JSONWriter.writeString(header.title, into: &out)
        if case .collection(let columns) = header.list {
            out += ",\n  \"list\": \"collection\",\n  \"columns\": \(columns),\n"
        } else {
            out += ",\n  \"profile\": \"\(header.profile.rawValue)\",\n"
        }
        if let scenario = header.scenario {
            out += "  \"scenario\": " + JSONWriter.compact(scenario.jsonValue) + ",\n"
        }
        if let source = header.source {
            out += "  \"import\": " + JSONWriter.compact(source.jsonValue) + ",\n"
        }
        if let code = header.code { out += code.headerText }
        return out
    }

    /// The whole trace as text.
    public static func text(_ trace: Trace) -> String {
        text(trace, upTo: .max) ?? ""
    }

    /// The whole trace as text, or nil as soon as it grows past `limit` bytes
    /// (so a recording no reader would accept is never built in full).
    public static func text(_ trace: Trace, upTo limit: Int) -> String? {
        bytes(trace, upTo: limit).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The whole trace's bytes, or nil as soon as they pass `limit`.
    public static func bytes(_ trace: Trace, upTo limit: Int = .max) -> [UInt8]? {
        var bytes: [UInt8] = []
        let fits = stream(trace, upTo: limit) { (chunk: UnsafeRawBufferPointer) in bytes.append(contentsOf: chunk) }
        return fits ? bytes : nil
    }

    /// Writes the trace to `sink` in chunks of about `chunkSize` bytes (see
    /// `TraceStream`). Returns false, having stopped, as soon as more than `limit`
    /// bytes have been written: the caller must then discard what it was given.
    @discardableResult
    public static func stream<E: Error>(_ trace: Trace, upTo limit: Int = .max, chunkSize: Int = chunkSize,
                                        to sink: (UnsafeRawBufferPointer) throws(E) -> Void) throws(E) -> Bool {
        var stream = TraceStream(header: trace.header, upTo: limit, chunkSize: chunkSize)
        for event in trace.events {
            guard try stream.append(event, to: sink) else { return false }
        }
        return try stream.finish(to: sink)
    }
}
