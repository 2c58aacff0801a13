/// Word wrapping for a terminal of fixed width, measuring text in columns: wide
/// characters (Hangul, CJK, full-width forms, most emoji) take two, combining
/// marks none.
public enum TextWrap {
    /// Splits `text` into lines of at most `firstWidth` columns for the first line and
    /// `width` for the others, breaking at spaces; a word longer than a line is cut
    /// between characters. Nothing is lost: a word of no width (a zero-width space)
    /// stays with its neighbours. Linear in the length of the text, however long its words.
    ///
    /// The one wrapping: paragraphs, hanging indents, table cells and the replay
    /// listing's rows are all made of these lines. Words are found on the text's
    /// UTF-8 bytes (see `words`), and a line is the stretch of text from its first
    /// word to its last when the words in it are one space apart, as they mostly are.
    public static func lines(_ text: String, firstWidth: Int, width: Int) -> [String] {
        var text = text
        text.makeContiguousUTF8()
        let found = words(text)
        return text.utf8.withContiguousStorageIfAvailable { bytes -> [String] in
            var lines: [String] = []
            // The line being filled: its words (or the last piece of a word cut), as byte ranges.
            var current: [Range<Int>] = []
            var currentWidth = 0
            func limit() -> Int { max(1, lines.isEmpty ? firstWidth : width) }
            func close() {
                lines.append(line(current, in: bytes))
                current.removeAll(keepingCapacity: true)
                currentWidth = 0
            }
            for word in found {
                if !current.isEmpty && currentWidth + 1 + word.columns <= limit() {
                    current.append(word.bytes)
                    currentWidth += 1 + word.columns
                    continue
                }
                if !current.isEmpty { close() }
                if word.columns <= limit() {
                    current.append(word.bytes)
                    currentWidth = word.columns
                    continue
                }
                // A word wider than a whole line is cut, in one pass, into pieces of
                // whole characters that fit; the last piece stays open for the words that follow.
                var start = word.bytes.lowerBound, pieceWidth = 0
                for (offset, columns) in characters(of: word.bytes, in: text) {
                    if start != offset && pieceWidth + columns > limit() {
                        lines.append(line([start..<offset], in: bytes))
                        start = offset
                        pieceWidth = 0
                    }
                    pieceWidth += columns
                }
                current.append(start..<word.bytes.upperBound)
                currentWidth = pieceWidth
            }
            if !current.isEmpty || lines.isEmpty { close() }
            return lines
        } ?? []
    }

    /// A word of a text: where its UTF-8 bytes lie, and how many columns it takes.
    struct Word: Equatable {
        var bytes: Range<Int>
        var columns: Int
    }

    /// The words of `text`: what lies between its spaces, a space being a
    /// character of its own (one that a mark after it, or a prepended character
    /// before it, joins is part of a word) — the words `split(separator: " ")`
    /// finds character by character. Spaces are found by their bytes, and only one
    /// beside a byte above ASCII is asked whether it is a character boundary.
    static func words(_ text: String) -> [Word] {
        var text = text
        text.makeContiguousUTF8()
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        return utf8.withContiguousStorageIfAvailable { bytes -> [Word] in
            var words: [Word] = []
            var start = 0, ascii = true
            func endWord(at end: Int) {
                guard start < end else { return }
                words.append(Word(bytes: start..<end, columns: ascii ? end - start : columns(text[index(start)..<index(end)])))
            }
            for offset in bytes.indices {
                let byte = bytes[offset]
                guard byte == 0x20 else {
                    if byte >= 0x80 { ascii = false }
                    continue
                }
                let before: UInt8 = offset > 0 ? bytes[offset - 1] : 0
                let after: UInt8 = offset + 1 < bytes.count ? bytes[offset + 1] : 0
                guard before < 0x80 && after < 0x80
                        || index(offset).samePosition(in: text) != nil && index(offset + 1).samePosition(in: text) != nil else {
                    continue
                }
                endWord(at: offset)
                start = offset + 1
                ascii = true
            }
            endWord(at: bytes.count)
            return words
        } ?? []
    }

    /// Where each character of the bytes `range` of `text` starts, and its columns.
    private static func characters(of range: Range<Int>, in text: String) -> [(offset: Int, columns: Int)] {
        let utf8 = text.utf8
        let word = text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
        return word.indices.map { (utf8.distance(from: utf8.startIndex, to: $0), columns(word[$0].unicodeScalars)) }
    }

    /// The line of these pieces of `bytes`, one space apart: the stretch from the
    /// first to the last when only single spaces lie between them.
    private static func line(_ pieces: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let first = pieces.first, let last = pieces.last else { return "" }
        if zip(pieces, pieces.dropFirst()).allSatisfy({ $0.upperBound + 1 == $1.lowerBound }) {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[first.lowerBound..<last.upperBound]), as: UTF8.self)
        }
        return pieces.map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }.joined(separator: " ")
    }

    /// The columns `text` takes on a terminal.
    public static func columns<S: StringProtocol>(_ text: S) -> Int {
        // ASCII (the common case) is one column a byte.
        let utf8 = text.utf8
        if !utf8.contains(where: { $0 >= 0x80 }) { return utf8.count }
        return columns(text.unicodeScalars)
    }

    /// The columns of these scalars, added up.
    static func columns<Scalars: Sequence<Unicode.Scalar>>(_ scalars: Scalars) -> Int {
        scalars.reduce(0) { $0 + columns($1) }
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
