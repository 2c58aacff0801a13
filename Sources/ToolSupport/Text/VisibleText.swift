/// Makes text taken from a file safe to print on a terminal: control characters
/// (escape sequences included), C1 controls, the invisible bidirectional marks
/// and overrides, and the characters that take no room (zero-width spaces and
/// joiners, the soft hyphen, the byte-order mark) become visible escapes such as
/// `\e`, `\u{7}`, `\u{202e}` or `\u{200b}`, so a shared scenario or trace can
/// never drive the reader's terminal, reorder what it shows or hide a character
/// in a name ("row 1\u{200b}2" is not "row 12").
///
/// `escape` is the one function for text from outside the program; `forOutput` is
/// the last guard every byte written to standard output and error passes through.
public enum VisibleText {
    /// A title, a name or a note in text output: escaped, and cut at 200
    /// characters with "…", so that a 64 KB title is a line, not a page.
    public static func title(_ text: String) -> String { shortened(text, limit: 200) }

    /// `escape`, cut to about `limit` characters with "…" so a huge name cannot flood a message.
    public static func shortened(_ text: String, limit: Int = 60) -> String {
        // Fast path for the usual case (every member name of a trace): short printable ASCII.
        if text.utf8.count <= limit, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        if text.unicodeScalars.count <= limit { return escape(text) }
        return escape(String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))) + "…"
    }

    /// True for the characters that must never reach a terminal raw: C0 controls,
    /// DEL, C1 controls, line and paragraph separators, bidirectional marks,
    /// embeddings, overrides and isolates, and the invisible ones: the soft
    /// hyphen, the Mongolian vowel separator, zero-width space, non-joiner and
    /// joiner, the word joiner and invisible operators, and the zero-width
    /// no-break space (byte-order mark).
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069,
             0x00AD, 0x180E, 0x200B...0x200D, 0x2060...0x2064, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// Every unsafe character made visible: `\e`, `\n`, `\r`, `\t`, else `\u{hex}`.
    public static func escape(_ text: String) -> String {
        guard mayContainUnsafe(text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars { append(scalar, to: &out) }
        return out
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
        guard isUnsafe(scalar) else {
            out.unicodeScalars.append(scalar)
            return
        }
        switch scalar.value {
        case 0x1B: out += "\\e"
        case 0x0A: out += "\\n"
        case 0x0D: out += "\\r"
        case 0x09: out += "\\t"
        default: out += "\\u{" + String(scalar.value, radix: 16) + "}"
        }
    }

    /// The last guard on the way out: everything unsafe is escaped except line
    /// breaks and tabs, and — only when `terminalControl` says the program is
    /// driving a terminal — its own colour codes (`ESC [ digits ; … m`) and the
    /// stepper's "erase this line" (`CR ESC [ K`).
    public static func forOutput(_ text: String, terminalControl: Bool) -> String {
        guard mayContainUnsafe(text, allowingLineBreaks: true) else { return text }
        var out = ""
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\n" || scalar == "\t" {
                out.unicodeScalars.append(scalar)
            } else if terminalControl, let end = programSequenceEnd(scalars, at: index) {
                out.unicodeScalars.append(contentsOf: scalars[index..<end])
                index = end
                continue
            } else {
                append(scalar, to: &out)
            }
            index = scalars.index(after: index)
        }
        return out
    }

    /// Where a colour code or erase-line sequence starting at `start` ends, if one does.
    private static func programSequenceEnd(_ scalars: String.UnicodeScalarView, at start: String.Index) -> String.Index? {
        var cursor = start
        func next() -> Unicode.Scalar? {
            guard cursor < scalars.endIndex else { return nil }
            defer { cursor = scalars.index(after: cursor) }
            return scalars[cursor]
        }
        if scalars[start] == "\r" {
            _ = next()
            return next() == "\u{1B}" && next() == "[" && next() == "K" ? cursor : nil
        }
        guard next() == "\u{1B}", next() == "[" else { return nil }
        while let scalar = next() {
            if ("0"..."9").contains(scalar) || scalar == ";" { continue }
            return scalar == "m" ? cursor : nil
        }
        return nil
    }

    /// A quick byte scan: false when no unsafe character can be present (no control
    /// byte, and none of the lead bytes of the unsafe characters above ASCII:
    /// 0xC2, 0xD8, 0xE1, 0xE2, 0xEF).
    static func mayContainUnsafe(_ text: String, allowingLineBreaks: Bool = false) -> Bool {
        // Decided on the UTF-8 bytes: the unsafe characters above U+007F start with
        // C2 (C1 controls, the soft hyphen), D8 (U+061C), E1 A0 (U+180E), E2 80/E2 81
        // (the marks, separators and zero-width characters) or EF BB (U+FEFF); other
        // characters with those lead bytes ("·", "–", "…", "→") are safe.
        if let answer = text.utf8.withContiguousStorageIfAvailable({ mayContainUnsafe(bytes: $0, allowingLineBreaks: allowingLineBreaks) }) {
            return answer
        }
        return Array(text.utf8).withUnsafeBufferPointer { mayContainUnsafe(bytes: $0, allowingLineBreaks: allowingLineBreaks) }
    }

    /// `mayContainUnsafe` on UTF-8 bytes.
    public static func mayContainUnsafe(bytes: UnsafeBufferPointer<UInt8>, allowingLineBreaks: Bool) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let end = bytes.count
        var index = 0
        let space = SIMD16<UInt8>(repeating: 0x20), printable = SIMD16<UInt8>(repeating: 0x5F)
        let lineFeed = SIMD16<UInt8>(repeating: 0x0A), tab = SIMD16<UInt8>(repeating: 0x09)
        while index < end {
            // Sixteen bytes at a time past printable ASCII and (where allowed) line
            // breaks, which is most of a listing; then eight at a time, straight to the
            // first byte that is neither (a line break, a dash's lead byte).
            if index + 16 <= end {
                let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                // 0x20...0x7E, as one unsigned comparison after taking 0x20 away.
                var plain = (block &- space) .< printable
                if allowingLineBreaks { plain = plain .| (block .== lineFeed) .| (block .== tab) }
                if all(plain) {
                    index += 16
                    continue
                }
            }
            if index + 8 <= end {
                let unusual = ByteWord.notPrintableASCII(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                if unusual == 0 {
                    index += 8
                    continue
                }
                index += unusual.trailingZeroBitCount >> 3
            }
            let byte = bytes[index]
            index += 1
            if byte >= 0x20 && byte < 0x7F { continue }
            if byte < 0x20 {
                if !(allowingLineBreaks && (byte == 0x0A || byte == 0x09)) { return true }
                continue
            }
            if byte == 0x7F { return true }
            guard byte == 0xC2 || byte == 0xD8 || byte == 0xE1 || byte == 0xE2 || byte == 0xEF else { continue }
            guard index < end else { return true }
            let second = bytes[index]
            switch byte {
            case 0xC2 where second <= 0x9F || second == 0xAD: return true
            case 0xD8 where second == 0x9C: return true
            case 0xE1 where second == 0xA0, 0xE2 where second == 0x80 || second == 0x81, 0xEF where second == 0xBB:
                guard index + 1 < end else { return true }
                let scalar = (UInt32(byte & 0x0F) << 12) | (UInt32(second & 0x3F) << 6) | UInt32(bytes[index + 1] & 0x3F)
                if let value = Unicode.Scalar(scalar), isUnsafe(value) { return true }
            default: break
            }
        }
        return false
    }
}
