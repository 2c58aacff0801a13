/// Text made safe for XML and HTML (the `compare` chart's SVG, the pages'
/// titles and policy), in element content and in attribute values alike.
///
/// `&`, `<`, `>`, `"` and `'` become entity references. Characters XML 1.0 does
/// not allow at all — not even as a character reference — are the C0 controls
/// but tab and line breaks, and U+FFFE and U+FFFF; they, and every other control
/// or bidirectional character a terminal would be fooled by, are first made
/// visible as `VisibleText` writes them (`\e`, `\u{7}`), so a hostile title
/// shows as text and never breaks the document.
public enum MarkupText {
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in VisibleText.escape(text).unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                if isAllowed(scalar) {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                }
            }
        }
        return out
    }

    /// XML 1.0's `Char` production.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: return true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }
}
