/// Text written into a `ByteBuffer`: what the replay listing lays out, a few
/// hundred bytes a step, each piece copied once with one check for room (an
/// array's append checks its uniqueness and room and calls a copy per piece).
extension ByteBuffer {
    /// `text`'s UTF-8 bytes.
    public mutating func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// The bytes of `bytes`.
    public mutating func append(bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// `count` spaces.
    public mutating func appendSpaces(_ count: Int) {
        guard count > 0 else { return }
        reserve(count)
        for _ in 0..<count { appendReserved(0x20) }
    }

    /// `value` in decimal, right-aligned in `width` columns (no padding when it is wider).
    public mutating func appendDecimal(_ value: Int, width: Int = 0) {
        // The magnitude, so Int.min needs no negation that could trap.
        var rest = value.magnitude
        var digits = 1
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        let length = digits + (value < 0 ? 1 : 0)
        appendSpaces(width - length)
        reserve(length)
        if value < 0 { appendReserved(UInt8(ascii: "-")) }
        rest = value.magnitude
        var index = count + digits - 1
        for _ in 0..<digits {
            set(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10), at: index)
            rest /= 10
            index -= 1
        }
        advance(by: digits)
    }

    /// Forgets what was written after the first `kept` bytes.
    public mutating func removeAll(after kept: Int) {
        truncate(to: kept)
    }
}
