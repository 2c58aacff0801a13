/// Text written straight into bytes, for what makes long output (the replay
/// listing, the Annotator's sentences) without making a `String` of each piece.
extension Array where Element == UInt8 {
    /// Appends `text`'s UTF-8 bytes in one copy (appending a `String.UTF8View`
    /// goes byte by byte).
    public mutating func append(utf8 text: String) {
        // Straight from the string's storage, which every native string has.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
        guard done == nil else { return }
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    public mutating func append(utf8 text: Substring) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// `value` in decimal, without making a string of it first.
    public mutating func appendDecimal(_ value: Int) {
        guard value != 0 else { append(UInt8(ascii: "0")); return }
        if value < 0 { append(UInt8(ascii: "-")) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        // The magnitude, so Int.min needs no negation that could trap.
        var rest = value.magnitude
        Swift.withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                count += 1
            }
            // As a buffer of bytes: a slice of raw bytes is appended one at a time.
            append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]).assumingMemoryBound(to: UInt8.self))
        }
    }

    /// `count` spaces.
    public mutating func appendSpaces(_ count: Int) {
        var left = count
        while left > 0 {
            let piece = Swift.min(left, spaceRun.count)
            spaceRun.withUnsafeBufferPointer { append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<piece])) }
            left -= piece
        }
    }
}

/// Spaces copied from whole, not appended one at a time.
private let spaceRun = [UInt8](repeating: 0x20, count: 128)
