extension TextWrap {
    /// The lines of a plain sentence — printable ASCII only, words one space apart,
    /// no space first or last, no word wider than `width` — as ranges of its bytes,
    /// exactly as `singleSpacedLines` wraps it with `width` for every line. False
    /// for any other text (then `lines` is left empty).
    ///
    /// Four in five steps of a replay are explained in such a sentence. One look at
    /// eight bytes at a time both proves the sentence plain (so there is nothing to
    /// make visible and every byte is a column) and finds it single-spaced; the
    /// breaks are then found by jumping a line ahead and stepping back to a space,
    /// without looking at each byte again.
    public static func plainLines(_ bytes: UnsafeBufferPointer<UInt8>, width: Int, into lines: inout [Range<Int>]) -> Bool {
        lines.removeAll(keepingCapacity: true)
        guard isPlainSingleSpaced(bytes) else { return false }
        let count = bytes.count
        let limit = max(1, width)
        var lineStart = 0
        while count - lineStart > limit {
            // The line holds the words that end by `lineStart + limit`: the last
            // space at or before that point ends it.
            var end = lineStart + limit
            while end > lineStart, bytes[end] != 0x20 { end -= 1 }
            // No space: the line's first word is wider than a line.
            guard end > lineStart else {
                lines.removeAll(keepingCapacity: true)
                return false
            }
            lines.append(lineStart..<end)
            lineStart = end + 1
        }
        lines.append(lineStart..<count)
        return true
    }

    /// True when `bytes` is not empty, all printable ASCII (0x20–0x7E), and has no
    /// space first, last or beside another.
    static func isPlainSingleSpaced(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard let base = bytes.baseAddress, count > 0, bytes[0] != 0x20, bytes[count - 1] != 0x20 else { return false }
        let raw = UnsafeRawPointer(base)
        let spacesWord: UInt64 = 0x2020_2020_2020_2020
        var index = 0
        // 0x80 where the byte before this word's first one is a space.
        var spaceBefore: UInt64 = 0
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            guard ByteWord.isPrintableASCII(word) else { return false }
            let spaces = ByteWord.zeroBytes(word ^ spacesWord)
            // A space whose neighbour below (the byte before it) is a space too.
            if spaces & (spaces << 8 | spaceBefore) != 0 { return false }
            spaceBefore = spaces >> 56
            index += 8
        }
        var previousIsSpace = spaceBefore != 0
        while index < count {
            let byte = bytes[index]
            guard byte >= 0x20, byte < 0x7F else { return false }
            let isSpace = byte == 0x20
            if isSpace && previousIsSpace { return false }
            previousIsSpace = isSpace
            index += 1
        }
        return true
    }
}
