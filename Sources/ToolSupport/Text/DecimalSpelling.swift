/// An `Int` spelled in decimal straight into memory, right to left: the one
/// spelling behind the byte writers that cannot go through `String` for speed
/// (the listing's `ByteBuffer`, a sentence's gathered pieces).
public enum DecimalSpelling {
    /// How many bytes `value` takes, its minus sign included.
    @inline(__always)
    public static func length(of value: Int) -> Int {
        // The magnitude, so Int.min needs no negation that could trap.
        var rest = value.magnitude
        var digits = 1
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return digits + (value < 0 ? 1 : 0)
    }

    /// Writes `value` into the `length(of: value)` bytes at `start`.
    @inline(__always)
    public static func write(_ value: Int, length: Int, at start: UnsafeMutableRawPointer) {
        if value < 0 { start.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self) }
        let digits = length - (value < 0 ? 1 : 0)
        var rest = value.magnitude
        var offset = length - 1
        for _ in 0..<digits {
            start.storeBytes(of: UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10), toByteOffset: offset, as: UInt8.self)
            rest /= 10
            offset -= 1
        }
    }
}
