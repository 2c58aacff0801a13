import ToolSupport

/// The latest pieces of a sentence being written, gathered in place (no heap)
/// and moved into its array together.
///
/// A sentence is written a few bytes at a time — "Row ", 12, " appears with
/// cell #", 13 — and an array append costs about a hundred instructions a
/// piece whatever its size (a uniqueness check, a room check, a call to copy).
/// Gathering the usual pieces here makes that one append per sentence.
struct GatheredBytes {
    /// Room for this many bytes; a longer piece goes straight to the array.
    static let room = 128
    private var storage: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                          UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    private(set) var count = 0

    /// Appends `piece` if there is room for it; false (nothing appended) if not.
    @inline(__always)
    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) -> Bool {
        let length = piece.count
        guard length <= Self.room - count else { return false }
        guard let source = piece.baseAddress, length > 0 else { return true }
        let start = count
        withUnsafeMutableBytes(of: &storage) { room in
            guard let base = room.baseAddress else { return }
            (base + start).copyMemory(from: source, byteCount: length)
        }
        count = start + length
        return true
    }

    /// Appends `value` in decimal if there is room for it; false (nothing appended) if not.
    @inline(__always)
    mutating func appendDecimal(_ value: Int) -> Bool {
        let length = DecimalSpelling.length(of: value)
        guard length <= Self.room - count else { return false }
        let start = count
        withUnsafeMutableBytes(of: &storage) { room in
            guard let base = room.baseAddress else { return }
            DecimalSpelling.write(value, length: length, at: base + start)
        }
        count = start + length
        return true
    }

    /// Moves what is gathered to the end of `bytes`.
    mutating func move(into bytes: inout [UInt8]) {
        guard count > 0 else { return }
        let length = count
        withUnsafeBytes(of: &storage) { room in
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: room[0..<length]).assumingMemoryBound(to: UInt8.self))
        }
        count = 0
    }
}
