import TraceFormat

/// A JSON value as the page embeds it: built in memory, written once.
///
/// Lighter than the reader's `JSONValue` (no positions), and written so that
/// the text is safe inside an HTML `<script>` element: see `ScriptSafeJSON`.
indirect enum PageValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case number(Double)
    case string(String)
    case array([PageValue])
    case object([(String, PageValue)])
    /// JSON written already (by `StateDeltas`).
    case raw(String)

    static func == (a: PageValue, b: PageValue) -> Bool {
        a.json == b.json
    }

    /// A string, or null when absent.
    static func optional(_ text: String?) -> PageValue { text.map(PageValue.string) ?? .null }

    /// The value as compact JSON (not yet made safe for a script element).
    var json: String {
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .int(let n): out += String(n)
        case .number(let x): out += x.isFinite ? JSONWriter.formatNumber(x) : "null"
        case .string(let text): JSONWriter.writeString(text, into: &out)
        case .raw(let json): out += json
        case .array(let items):
            out += "["
            for (index, item) in items.enumerated() {
                if index > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { out += "," }
                JSONWriter.writeString(member.0, into: &out)
                out += ":"
                member.1.write(into: &out)
            }
            out += "}"
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
        var out = ""
        out.reserveCapacity(json.utf8.count + json.utf8.count / 16)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
