/// Eight bytes of text looked at as one 64-bit word: whether all of them are
/// plain, in a few instructions instead of eight comparisons. The scans that
/// guard output (`VisibleText`) and the JSON writer (`ByteBuffer.appendString`)
/// pass most text this way and look at a byte at a time only around the rest.
package enum ByteWord {
    /// Whether all eight bytes of `word` go into a JSON string as they are:
    /// printable ASCII, and neither the quote nor the backslash.
    @inline(__always)
    package static func isPlainInJSON(_ word: UInt64) -> Bool {
        isPrintableASCII(word) && zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C) == 0
    }

    /// 0x80 in each byte of `word` that is zero, exactly (no borrow reaches a neighbour).
    @inline(__always)
    static func zeroBytes(_ word: UInt64) -> UInt64 {
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return ~(((word & lows) &+ lows) | word) & ~lows
    }

    /// 0x80 in the byte of `word` that comes first in memory (the lowest, as words
    /// are loaded little-endian) among those outside 0x20...0x7E, and maybe in later
    /// ones; zero when all eight lie in it. Only the lowest mark is exact.
    @inline(__always)
    static func notPrintableASCII(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // As in `isPrintableASCII`: a borrow only reaches bytes after a true mark.
        let below = (word &- ones &* 0x20) & ~word & highs
        let above = (((word & ~highs) &+ ones) | word) & highs
        return below | above
    }

    /// Whether all eight bytes of `word` lie in 0x20...0x7E.
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // A byte below 0x20 borrows when 0x20 is taken from it; one of 0x7F or more
        // carries into its high bit when 0x01 is added (or has it set already).
        let below = (word &- ones &* 0x20) & ~word & highs
        let above = ((word & ~highs) &+ ones) | word
        return below == 0 && above & highs == 0
    }
}
