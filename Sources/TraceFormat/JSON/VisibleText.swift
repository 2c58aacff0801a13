/// Makes text taken from a file safe to print on a terminal: control characters
/// (escape sequences included) become visible escapes such as `\e` or `\u{7}`, so a
/// shared scenario or trace can never drive the reader's terminal.
public enum VisibleText {
    /// `escape`, cut to about `limit` characters with "…" so a huge name cannot flood a message.
    public static func shortened(_ text: String, limit: Int = 60) -> String {
        // Fast path for the usual case (every member name of a trace): short printable ASCII.
        if text.utf8.count <= limit, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        if text.unicodeScalars.count <= limit { return escape(text) }
        return escape(String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))) + "…"
    }

    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x1B: out += "\\e"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
