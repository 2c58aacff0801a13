import TraceModel
import ToolSupport

/// A JSON value as read from a file, every part of it tagged with where it was.
///
/// ReuseLab reads JSON itself instead of through `JSONSerialization` so that a
/// wrong type three levels deep in a scenario is reported as `FILE:LINE:COLUMN`,
/// and so that numbers and key order are exactly what the author wrote.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object(JSONObject)

    /// The name of this kind of value, for messages such as "expected a number, found a string".
    public var kindName: String {
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

/// One JSON value and the position of its first character.
public struct JSONNode: Sendable, Equatable {
    public var value: JSONValue
    public var position: SourcePosition

    public init(_ value: JSONValue, at position: SourcePosition) {
        self.value = value
        self.position = position
    }
}

/// A JSON object with its members in the order they were written.
public struct JSONObject: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public var key: String
        public var keyPosition: SourcePosition
        public var value: JSONNode
    }

    public var members: [Member]

    public init(members: [Member] = []) {
        self.members = members
    }

    public subscript(key: String) -> JSONNode? {
        members.first(where: { $0.key == key })?.value
    }

    public var keys: [String] { members.map(\.key) }
}
