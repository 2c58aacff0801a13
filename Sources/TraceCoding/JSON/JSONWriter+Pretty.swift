import ToolSupport

/// JSON for people to read and save: two spaces per level, and an object or
/// array on one line when it fits in `width` columns where it starts, as the
/// bundled scenarios are written. Strings and numbers are written as `compact`
/// writes them (a long string still makes a long line).
extension JSONWriter {
    /// `value` laid out for `width` columns, ending with a line break.
    public static func pretty(_ value: JSONValue, width: Int = 80) -> String {
        var out = ""
        writePretty(value, indent: 0, used: 0, width: width, into: &out)
        return out + "\n"
    }

    /// `used`: columns already taken on the current line (indent, key).
    private static func writePretty(_ value: JSONValue, indent: Int, used: Int, width: Int, into out: inout String) {
        let oneLine = spaced(value)
        let margin = String(repeating: " ", count: indent)
        switch value {
        case .object(let object) where !object.members.isEmpty && used + TextWrap.columns(oneLine) > width:
            out += "{\n"
            for (offset, member) in object.members.enumerated() {
                var key = ""
                writeString(member.key, into: &key)
                out += margin + "  " + key + ": "
                writePretty(member.value, indent: indent + 2, used: indent + 2 + key.count + 2, width: width, into: &out)
                out += offset == object.members.count - 1 ? "\n" : ",\n"
            }
            out += margin + "}"
        case .array(let elements) where !elements.isEmpty && used + TextWrap.columns(oneLine) > width:
            out += "[\n"
            for (offset, element) in elements.enumerated() {
                out += margin + "  "
                writePretty(element, indent: indent + 2, used: indent + 2, width: width, into: &out)
                out += offset == elements.count - 1 ? "\n" : ",\n"
            }
            out += margin + "]"
        default:
            out += oneLine
        }
    }

    /// A value on one line, with a space after each colon and comma: `{"top": 47, "bottom": 34}`.
    private static func spaced(_ value: JSONValue) -> String {
        switch value {
        case .object(let object):
            return "{" + object.members.map { member in
                var key = ""
                writeString(member.key, into: &key)
                return key + ": " + spaced(member.value)
            }.joined(separator: ", ") + "}"
        case .array(let elements):
            return "[" + elements.map { spaced($0) }.joined(separator: ", ") + "]"
        default:
            return compact(value)
        }
    }
}
