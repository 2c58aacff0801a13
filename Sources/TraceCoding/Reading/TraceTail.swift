import Foundation
import TraceModel
import ToolSupport

/// The last event of a trace, read from the end of its bytes without reading the
/// rest: what a streamed replay must know before its first line (how many steps
/// the title announces, how wide the step and time columns get) when it reads the
/// trace only once.
///
/// It is a hint, not a check. In a trace that passes validation `seq` counts 0, 1,
/// 2, … and time never goes backwards, so the last event's `seq` + 1 is the number
/// of steps and its time the latest; a trace that fails is refused by the fold
/// that reads it, whatever the hint said. Only the plain layout `reuselab record`
/// writes is looked for — the events array last in the top-level object and its
/// last element decoded by `FastEventDecoder`, ending exactly before `]` — and
/// anything else (a pretty-printed or hand-arranged trace, an escape in the last
/// event, more than `window` bytes in it) gives nil, and the caller reads twice.
public struct TraceTail: Sendable, Equatable {
    public var lastSeq: Int
    public var lastTime: VirtualTime

    /// How many bytes from the end are looked at.
    static let window = 1 << 16

    public init(lastSeq: Int, lastTime: VirtualTime) {
        self.lastSeq = lastSeq
        self.lastTime = lastTime
    }

    /// The hint for the trace file at `path`.
    public static func read(path: String) -> TraceTail? {
        guard let (descriptor, size) = try? InputFile.openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        let wanted = min(size, window)
        var bytes = [UInt8](repeating: 0, count: wanted)
        let got = bytes.withUnsafeMutableBytes { raw in pread(descriptor, raw.baseAddress, wanted, off_t(size - wanted)) }
        guard got == wanted else { return nil }
        return find(in: bytes).flatMap { plausible($0, size: size) }
    }

    /// The hint for a trace held in memory.
    public static func read(bytes: [UInt8]) -> TraceTail? {
        find(in: bytes.count > window ? Array(bytes.suffix(window)) : bytes).flatMap { plausible($0, size: bytes.count) }
    }

    /// No event takes fewer than 20 bytes (`{"seq":0,"t":0,"kind":"gap"}` takes 27):
    /// a last `seq` the file is too small to hold is no hint (nor room to make).
    static func plausible(_ tail: TraceTail, size: Int) -> TraceTail? {
        tail.lastSeq >= 0 && tail.lastSeq < size / 20 ? tail : nil
    }

    /// The last event decoded with a table's member names, else a collection
    /// view's (the header is not read: its list decides only those names).
    static func find(in bytes: [UInt8]) -> TraceTail? {
        find(in: bytes, list: .table) ?? find(in: bytes, list: .collection(columns: 1))
    }

    /// Looks backwards from the end: `}` closing the trace, `]` closing the events,
    /// `}` closing the last event; then tries each `{` before that, nearest first,
    /// until one reads as an event ending at that brace after a `[` or a `,`.
    static func find(in bytes: [UInt8], list: ListStyle) -> TraceTail? {
        var decoder = EventDecoder(naming: RowNaming(sectionRowCounts: [], list: list))
        return bytes.withUnsafeBufferPointer { buffer -> TraceTail? in
            var i = buffer.count - 1
            func skipSpace() { while i >= 0, [0x20, 0x0A, 0x0D, 0x09].contains(buffer[i]) { i -= 1 } }
            skipSpace()
            guard i >= 0, buffer[i] == UInt8(ascii: "}") else { return nil }
            i -= 1
            skipSpace()
            guard i >= 0, buffer[i] == UInt8(ascii: "]") else { return nil }
            i -= 1
            skipSpace()
            guard i >= 0, buffer[i] == UInt8(ascii: "}") else { return nil }
            let close = i
            var start = close - 1
            while start >= 0 {
                if buffer[start] == UInt8(ascii: "{"), precededByListSeparator(buffer, start) {
                    var parser = JSONParser(buffer, at: start, depth: 2)
                    let context = EventContext(text: buffer, start: start, startPosition: .start, index: 0)
                    if let root = try? decoder.read(&parser, context: context), parser.index == close + 1,
                       let event = try? decoder.decode(root, context: context) {
                        return TraceTail(lastSeq: event.seq, lastTime: event.time)
                    }
                }
                start -= 1
            }
            return nil
        }
    }

    private static func precededByListSeparator(_ buffer: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        var j = index - 1
        while j >= 0, [0x20, 0x0A, 0x0D, 0x09].contains(buffer[j]) { j -= 1 }
        return j >= 0 && (buffer[j] == UInt8(ascii: ",") || buffer[j] == UInt8(ascii: "["))
    }
}
