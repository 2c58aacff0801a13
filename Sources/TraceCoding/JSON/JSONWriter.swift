import TraceModel
import ToolSupport

/// Writes JSON values compactly, with members in the order they are held, so the
/// same value always gives the same bytes.
///
/// Numbers that are whole are written without a fraction (`44`, not `44.0`); others
/// use Swift's shortest round-trip form, which is the same on every machine.
public enum JSONWriter {
    public static func compact(_ value: JSONValue) -> String {
        var buffer = ByteBuffer(capacity: 256)
        write(value, into: &buffer)
        return buffer.string
    }

    public static func write(_ value: JSONValue, into out: inout String) {
        out += compact(value)
    }

    static func write(_ value: JSONValue, into out: inout ByteBuffer) {
        switch value {
        case .null: out.append("null")
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .number(let number): out.appendNumber(number)
        case .string(let text): out.appendString(text)
        case .array(let elements):
            out.append(0x5B) // [
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out.append(0x2C) }
                write(element, into: &out)
            }
            out.append(0x5D) // ]
        case .object(let object):
            out.append(0x7B) // {
            for (offset, member) in object.members.enumerated() {
                if offset > 0 { out.append(0x2C) }
                out.appendString(member.key)
                out.append(0x3A) // :
                write(member.value, into: &out)
            }
            out.append(0x7D) // }
        }
    }

    /// Appends `text` as a quoted, escaped JSON string (see `JSONBytes` for the escapes).
    public static func writeString(_ text: String, into out: inout String) {
        var buffer = ByteBuffer(capacity: text.utf8.count + 2)
        buffer.appendString(text)
        out += buffer.string
    }
}

/// Builds a `JSONValue` object for output, member by member, in a fixed order.
public struct JSONObjectBuilder {
    public private(set) var object = JSONObject()

    public init() {}

    public mutating func add(_ key: String, _ value: JSONValue) {
        object.members.append(.init(key: key, value: value))
    }
    public mutating func add(_ key: String, _ value: Int) { add(key, .number(Double(value))) }
    public mutating func add(_ key: String, _ value: Double) { add(key, .number(value)) }
    public mutating func add(_ key: String, _ value: String) { add(key, .string(value)) }
    public mutating func add(_ key: String, _ value: Bool) { add(key, .bool(value)) }
    public mutating func add(_ key: String, _ values: [Int]) {
        add(key, .array(values.map { .number(Double($0)) }))
    }

    public var value: JSONValue { .object(object) }
}
