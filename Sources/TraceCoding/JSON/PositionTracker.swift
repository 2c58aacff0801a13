import Foundation
import TraceModel
import ToolSupport

/// The line and column of one byte offset, moved forward over the bytes in
/// between as a streaming reader goes, counted exactly as `JSONParser` counts them:
/// a line feed starts a new line, and the column counts characters (UTF-8 bytes
/// other than continuation bytes).
///
/// A reader that keeps byte offsets asks for a position only where it needs one
/// (where an event starts, where an error is), so most bytes are counted once,
/// by this simple loop, and never by a parser.
struct PositionTracker {
    /// The offset counted up to, and its place.
    private(set) var offset: Int
    private(set) var position: SourcePosition

    init(offset: Int, position: SourcePosition) {
        self.offset = offset
        self.position = position
    }

    /// Moves to `target` (not before `offset`), counting the bytes in between;
    /// `bytes` holds the input from offset `base` and must include them.
    mutating func advance(to target: Int, in bytes: UnsafeBufferPointer<UInt8>, base: Int) {
        guard target > offset, let start = bytes.baseAddress else { return }
        let from = offset - base, to = target - base
        // Line feeds are found with memchr (a trace has one a line, and lines are
        // long); only the characters after the last one make the column.
        var feeds = 0, lineStart = -1, at = from
        while at < to, let found = memchr(start + at, 0x0A, to - at) {
            let feed = UnsafeRawPointer(found) - UnsafeRawPointer(start)
            feeds += 1
            lineStart = feed + 1
            at = feed + 1
        }
        if lineStart >= 0 {
            position = SourcePosition(line: position.line &+ feeds, column: 1 &+ Self.characters(bytes, lineStart, to))
        } else {
            position = SourcePosition(line: position.line, column: position.column &+ Self.characters(bytes, from, to))
        }
        offset = target
    }

    /// UTF-8 bytes other than continuation bytes from `from` to `to`.
    private static func characters(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var count = 0
        for index in from..<to { count &+= bytes[index] & 0xC0 != 0x80 ? 1 : 0 }
        return count
    }

    /// Moves to `target`, counting the bytes `window` holds in between.
    mutating func advance(to target: Int, window: InputWindow) {
        let base = window.start
        window.withBytes { bytes in advance(to: target, in: bytes, base: base) }
    }

    /// Takes a place already known (where a parser stopped) without counting.
    mutating func jump(to target: Int, position: SourcePosition) {
        offset = target
        self.position = position
    }
}
