/// A JSON value built in memory: what a command writes (`--json` reports, a
/// scenario saved by `calibrate`), and what a reader can ask a `JSONField` for
/// when it wants a value whole. Reading goes through `JSONTape`, which keeps
/// where every value was.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The name of this kind of value, for messages such as "expected a number, found a string".
    public var kindName: String { kind.name }

    public var kind: JSONKind {
        switch self {
        case .null: return .null
        case .bool: return .bool
        case .number: return .number
        case .string: return .string
        case .array: return .array
        case .object: return .object
        }
    }

    /// An array value for output.
    public static func list(_ values: [JSONValue]) -> JSONValue { .array(values) }
}

/// The kinds of JSON value.
public enum JSONKind: UInt8, Sendable {
    case null, bool, number, string, array, object

    /// "a number", "an object": as messages name what they found.
    public var name: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object with its members in the order they were written.
public struct JSONObject: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var members: [Member]

    public init(members: [Member] = []) {
        self.members = members
    }

    public subscript(key: String) -> JSONValue? {
        members.first(where: { $0.key == key })?.value
    }

    public var keys: [String] { members.map(\.key) }
}
