import ToolSupport
import TraceCoding

/// A JSON value as the page embeds it: built in memory, written once.
///
/// Lighter than the reader's `JSONValue` (no positions), and written so that
/// the text is safe inside an HTML `<script>` element: see `ScriptSafeJSON`.
indirect enum PageValue: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([PageValue])
    case object([(String, PageValue)])
    /// JSON written already (by `StateDeltas`).
    case raw(String)

    /// A string, or null when absent.
    static func optional(_ text: String?) -> PageValue { text.map(PageValue.string) ?? .null }

    /// The value as compact JSON (not yet made safe for a script element).
    var json: String {
        var out = ByteBuffer(capacity: 256)
        write(into: &out)
        return out.string
    }

    /// Writes the value as compact JSON, numbers and strings spelled as every
    /// ReuseLab JSON is (`JSONBytes`).
    func write(into out: inout ByteBuffer) {
        switch self {
        case .null: out.append("null")
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .int(let n): out.appendInteger(n)
        case .number(let x):
            if x.isFinite { out.appendNumber(x) } else { out.append("null") }
        case .string(let text): out.appendString(text)
        case .raw(let json): out.appendText(json)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.appendString(member.0)
                out.append(UInt8(ascii: ":"))
                member.1.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }
}

/// JSON text made safe to sit inside `<script type="application/json">`.
///
/// The HTML parser ends a script element at `</script` whatever JSON thinks, and
/// treats `<!--` specially; so every `<`, `>` and `&` is written as a `\u` escape
/// (JSON allows them only inside strings, where the escape means the same
/// character). U+2028 and U+2029 are escaped too, for older JavaScript parsers.
/// `JSON.parse` of the element's text gives back exactly the original strings.
enum ScriptSafeJSON {
    static func make(_ json: String) -> String {
        var out = ByteBuffer(capacity: json.utf8.count + 64)
        var text = json
        text.withUTF8 { append(UnsafeRawBufferPointer($0), to: &out) }
        return out.string
    }

    /// Appends the JSON bytes `json`, made safe, to `out`.
    static func append(_ json: UnsafeRawBufferPointer, to out: inout ByteBuffer) {
        var index = 0
        var start = 0
        func flush(_ end: Int, _ out: inout ByteBuffer) {
            if end > start { out.append(UnsafeRawBufferPointer(rebasing: json[start..<end])) }
        }
        while index < json.count {
            let byte = json[index]
            switch byte {
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"):
                flush(index, &out)
                out.append(byte == UInt8(ascii: "<") ? "\\u003c" : byte == UInt8(ascii: ">") ? "\\u003e" : "\\u0026")
                index += 1
                start = index
            case 0xE2 where index + 2 < json.count && json[index + 1] == 0x80 && (json[index + 2] == 0xA8 || json[index + 2] == 0xA9):
                // U+2028 and U+2029, as UTF-8.
                flush(index, &out)
                out.append(json[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                index += 3
                start = index
            default:
                index += 1
            }
        }
        flush(index, &out)
    }
}
