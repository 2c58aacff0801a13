/// Word wrapping for a terminal of fixed width, measuring text in columns: wide
/// characters (Hangul, CJK, full-width forms, most emoji) take two, combining
/// marks none.
public enum TextWrap {
    /// Splits `text` into lines of at most `firstWidth` columns for the first line and
    /// `width` for the others, breaking at spaces; a word longer than a line is cut.
    /// Linear in the length of the text, however long its words.
    public static func lines(_ text: String, firstWidth: Int, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        func limit() -> Int { max(1, lines.isEmpty ? firstWidth : width) }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = columns(word)
            if currentWidth > 0 && currentWidth + 1 + wordWidth <= limit() {
                current += " " + word
                currentWidth += 1 + wordWidth
                continue
            }
            if currentWidth > 0 {
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
                if currentWidth > 0 && currentWidth + next > limit() {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                current.append(character)
                currentWidth += next
            }
        }
        if currentWidth > 0 || lines.isEmpty { lines.append(current) }
        return lines
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
