/// Writes JSON values compactly, with members in the order they are held, so the
/// same value always gives the same bytes.
///
/// Numbers that are whole are written without a fraction (`44`, not `44.0`); others
/// use Swift's shortest round-trip form, which is the same on every machine.
public enum JSONWriter {
    public static func compact(_ value: JSONValue) -> String {
        var out = ""
        write(value, into: &out)
        return out
    }

    public static func write(_ value: JSONValue, into out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let flag): out += flag ? "true" : "false"
        case .number(let number): out += formatNumber(number)
        case .string(let text): writeString(text, into: &out)
        case .array(let elements):
            out += "["
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out += "," }
                write(element.value, into: &out)
            }
            out += "]"
        case .object(let object):
            out += "{"
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { out += "," }
                writeString(member.key, into: &out)
                out += ":"
                write(member.value.value, into: &out)
            }
            out += "}"
        }
    }

    public static func formatNumber(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }

    public static func writeString(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where VisibleText.isUnsafe(scalar):
                // Controls, C1 and bidirectional characters as \uXXXX, never raw.
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// Builds a `JSONValue` object for output, member by member, in a fixed order.
public struct JSONObjectBuilder {
    public private(set) var object = JSONObject()

    public init() {}

    public mutating func add(_ key: String, _ value: JSONValue) {
        object.members.append(.init(key: key, keyPosition: .start, value: JSONNode(value, at: .start)))
    }
    public mutating func add(_ key: String, _ value: Int) { add(key, .number(Double(value))) }
    public mutating func add(_ key: String, _ value: Double) { add(key, .number(value)) }
    public mutating func add(_ key: String, _ value: String) { add(key, .string(value)) }
    public mutating func add(_ key: String, _ value: Bool) { add(key, .bool(value)) }
    public mutating func add(_ key: String, _ values: [Int]) {
        add(key, .array(values.map { JSONNode(.number(Double($0)), at: .start) }))
    }

    public var value: JSONValue { .object(object) }
}

extension JSONValue {
    /// An array value for output.
    public static func list(_ values: [JSONValue]) -> JSONValue {
        .array(values.map { JSONNode($0, at: .start) })
    }
}
