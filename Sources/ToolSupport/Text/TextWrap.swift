/// Word wrapping for a terminal of fixed width, measuring text in columns: wide
/// characters (Hangul, CJK, full-width forms, most emoji) take two, combining
/// marks none.
public enum TextWrap {
    /// Splits `text` into lines of at most `firstWidth` columns for the first line and
    /// `width` for the others, breaking at spaces; a word longer than a line is cut.
    /// Nothing is lost: a word of no width (a zero-width space) stays with its neighbours.
    /// Linear in the length of the text, however long its words.
    public static func lines(_ text: String, firstWidth: Int, width: Int) -> [String] {
        if let lines = text.utf8.withContiguousStorageIfAvailable({ byteLines($0, firstWidth: firstWidth, width: width) }),
           let lines {
            return lines
        }
        return unicodeLines(text, firstWidth: firstWidth, width: width)
    }

    /// `lines` for any text, measuring each character.
    static func unicodeLines(_ text: String, firstWidth: Int, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        func limit() -> Int { max(1, lines.isEmpty ? firstWidth : width) }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = columns(word)
            if !current.isEmpty && currentWidth + 1 + wordWidth <= limit() {
                current += " " + word
                currentWidth += 1 + wordWidth
                continue
            }
            if !current.isEmpty {
                lines.append(current)
                current = ""
                currentWidth = 0
            }
            if wordWidth <= limit() {
                current = String(word)
                currentWidth = wordWidth
                continue
            }
            // A word wider than a whole line is cut, in one pass, into pieces that fit;
            // the last piece stays open for the words that follow.
            for character in word {
                let next = character.unicodeScalars.reduce(0) { $0 + columns($1) }
                if !current.isEmpty && currentWidth + next > limit() {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                current.append(character)
                currentWidth += next
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// `lines` done on the UTF-8 bytes, words found between space bytes — the
    /// common case, much faster than splitting into characters. Nil (the caller
    /// then measures character by character) wherever the two could differ: see
    /// `wrapBytes`.
    private static func byteLines(_ bytes: UnsafeBufferPointer<UInt8>, firstWidth: Int, width: Int) -> [String]? {
        var lines: [String] = []
        let done = wrapBytes(bytes, firstWidth: firstWidth, width: width) { line in
            lines.append(String(decoding: line, as: UTF8.self))
        }
        return done ? lines : nil
    }

    /// The wrapping of `lines`, done on UTF-8 bytes: `line` is called with each
    /// line's bytes in turn (valid only during the call). False — the caller then
    /// drops whatever lines it was given and measures character by character —
    /// wherever bytes and characters could differ: a carriage return (CR LF is one
    /// character), a character that joins the space before it (a mark, a joiner, a
    /// Hangul vowel, an emoji modifier) or one that joins the space after it (the
    /// few "prepend" characters, by their lead bytes), or a word wider than a line
    /// that is not plain ASCII.
    public static func wrapBytes(_ bytes: UnsafeBufferPointer<UInt8>, firstWidth: Int, width: Int,
                                 line: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        var ranges: [Range<Int>] = []
        if singleSpacedLines(bytes, firstWidth: firstWidth, width: width, into: &ranges) {
            for range in ranges { line(UnsafeBufferPointer(rebasing: bytes[range])) }
            return true
        }
        var previous: UInt8 = 0
        for byte in bytes where byte >= 0x80 || byte == 0x0D {
            switch byte {
            case 0x0D, 0xD8...0xDD: return false
            case 0xA2 where previous == 0xE0, 0xA3 where previous == 0xE0: return false
            case 0x91 where previous == 0xF0: return false
            default: break
            }
            previous = byte
        }
        var closed = 0
        var current: [UInt8] = []
        var currentWidth = 0
        current.reserveCapacity(4 * max(firstWidth, width) + 4)
        func limit() -> Int { max(1, closed == 0 ? firstWidth : width) }
        func close() {
            current.withUnsafeBufferPointer { line($0) }
            closed += 1
            current.removeAll(keepingCapacity: true)
            currentWidth = 0
        }
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x20 {
                index += 1
                continue
            }
            var end = index
            var ascii = true
            while end < bytes.count && bytes[end] != 0x20 {
                if bytes[end] >= 0x80 { ascii = false }
                end += 1
            }
            let word = UnsafeBufferPointer(rebasing: bytes[index..<end])
            var wordWidth = word.count
            if !ascii {
                let text = String(decoding: word, as: UTF8.self)
                if let first = text.unicodeScalars.first, index > 0, joinsPrevious(first) { return false }
                wordWidth = text.unicodeScalars.reduce(0) { $0 + columns($1) }
            }
            index = end
            if !current.isEmpty && currentWidth + 1 + wordWidth <= limit() {
                current.append(0x20)
                current.append(contentsOf: word)
                currentWidth += 1 + wordWidth
                continue
            }
            if !current.isEmpty { close() }
            if wordWidth <= limit() {
                current.append(contentsOf: word)
                currentWidth = wordWidth
                continue
            }
            guard ascii else { return false }
            // A word wider than a whole line is cut into pieces that fit.
            for byte in word {
                if !current.isEmpty && currentWidth + 1 > limit() { close() }
                current.append(byte)
                currentWidth += 1
            }
        }
        if !current.isEmpty || closed == 0 { close() }
        return true
    }

    /// The lines of the usual sentence — words one space apart, no space first or
    /// last, none wider than a line, ASCII but for a few one-column characters (the
    /// dashes, quotes and ellipsis of U+2010–U+2027, the arrows U+2190–U+2199, the
    /// Latin-1 letters and signs) — as ranges of its bytes, each line a piece of the
    /// text itself: `wrapBytes`'s wrapping, found in one pass and without copying.
    /// False for any other text (then `lines` is left empty and `wrapBytes` decides).
    public static func singleSpacedLines(_ bytes: UnsafeBufferPointer<UInt8>, firstWidth: Int, width: Int,
                                         into lines: inout [Range<Int>]) -> Bool {
        lines.removeAll(keepingCapacity: true)
        let count = bytes.count
        guard count > 0, bytes[0] != 0x20, bytes[count - 1] != 0x20 else { return false }
        let widest = min(max(1, firstWidth), max(1, width))
        var limit = max(1, firstWidth)
        // Offsets in bytes, and the columns before them.
        var lineStart = 0, lineColumn = 0
        var fitEnd = 0
        var wordStart = 0, wordColumn = 0
        var column = 0
        var index = 0
        while index <= count {
            // The end of the text ends the last word as a space would.
            if index < count {
                let byte = bytes[index]
                if byte != 0x20 {
                    if byte > 0x20 && byte < 0x80 {
                        // A run of visible ASCII, a column a byte.
                        let start = index
                        index += 1
                        while index < count, bytes[index] > 0x20, bytes[index] < 0x80 { index += 1 }
                        column += index - start
                        continue
                    } else if byte < 0x80 {
                        if byte == 0x0D { lines.removeAll(keepingCapacity: true); return false }
                        index += 1
                    } else {
                        let length = oneColumnCharacterLength(bytes, at: index)
                        guard length > 0 else { lines.removeAll(keepingCapacity: true); return false }
                        index += length
                    }
                    column += 1
                    continue
                }
            }
            // A word ends at `index`: none (two spaces) or one wider than a line is not for this way.
            guard index > wordStart, column - wordColumn <= widest else { lines.removeAll(keepingCapacity: true); return false }
            if column - lineColumn > limit {
                // It does not fit after the words before it: the line ends before it.
                lines.append(lineStart..<fitEnd)
                lineStart = wordStart
                lineColumn = wordColumn
                limit = max(1, width)
            }
            fitEnd = index
            index += 1
            column += 1
            wordStart = index
            wordColumn = column
        }
        lines.append(lineStart..<fitEnd)
        return true
    }

    /// The length in bytes of the character at `index` if it is one of the
    /// one-column characters `singleSpacedLines` takes, else 0.
    @inline(__always)
    private static func oneColumnCharacterLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let lead = bytes[index]
        guard index + 1 < bytes.count else { return 0 }
        let second = bytes[index + 1]
        switch lead {
        case 0xC3 where second >= 0x80 && second <= 0xBF: return 2
        case 0xC2 where second >= 0xA1 && second <= 0xBF && second != 0xAD: return 2
        case 0xE2:
            guard index + 2 < bytes.count else { return 0 }
            let third = bytes[index + 2]
            if second == 0x80 && third >= 0x90 && third <= 0xA7 { return 3 }
            if second == 0x86 && third >= 0x90 && third <= 0x99 { return 3 }
            return 0
        default: return 0
        }
    }

    /// Whether `scalar` after a space makes one character with it.
    private static func joinsPrevious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: break
        }
        switch scalar.value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xFF9E, 0xFF9F: return true
        default: return scalar.properties.isGraphemeExtend || scalar.properties.isEmojiModifier
        }
    }

    /// The columns `text` takes on a terminal.
    public static func columns<S: StringProtocol>(_ text: S) -> Int {
        // ASCII (the common case) is one column a byte.
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 >= 0x80 }) { return utf8.count }
        return text.unicodeScalars.reduce(0) { $0 + columns($1) }
    }

    public static func columns(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    /// `text` padded with spaces to `width` columns.
    public static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - columns(text)))
    }
}
