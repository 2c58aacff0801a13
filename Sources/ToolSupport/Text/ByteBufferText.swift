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
        let length = DecimalSpelling.length(of: value)
        appendSpaces(width - length)
        reserve(length)
        withEnd { DecimalSpelling.write(value, length: length, at: $0) }
        advance(by: length)
    }
}
