import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

// The parser's tests look at what it read as a tree: every value with the place
// it starts, every member with the place of its key. The reader itself keeps a
// flat tape (`JSONTape`); this builds the tree from it, for assertions only.

struct JSONNode: Equatable {
    var value: TreeValue
    var position: SourcePosition

    /// The value without positions, as the writer takes it.
    var json: JSONValue {
        switch value {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map(\.json))
        case .object(let object): return .object(JSONObject(members: object.members.map { .init(key: $0.key, value: $0.value.json) }))
        }
    }
}

indirect enum TreeValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    case object(TreeObject)
}

struct TreeObject: Equatable {
    struct Member: Equatable {
        var key: String
        var keyPosition: SourcePosition
        var value: JSONNode
    }
    var members: [Member]
    subscript(key: String) -> JSONNode? { members.first { $0.key == key }?.value }
    var keys: [String] { members.map(\.key) }
}

extension JSONTape {
    /// The value at entry `index` as a tree.
    func node(_ index: Int = 0) -> JSONNode {
        let entry = entries[index]
        let value: TreeValue
        switch entry.kind {
        case .null: value = .null
        case .bool: value = .bool(entry.number != 0)
        case .number: value = .number(entry.number)
        case .string: value = .string(string(index))
        case .array: value = .array(children(of: index).map { node($0) })
        case .object:
            let children = children(of: index)
            value = .object(TreeObject(members: stride(from: 0, to: children.count, by: 2).map {
                TreeObject.Member(key: string(children[$0]), keyPosition: position(of: children[$0]), value: node(children[$0 + 1]))
            }))
        }
        return JSONNode(value: value, position: position(of: index))
    }

    /// The whole value without positions.
    var root: JSONValue { value(0) }
}

/// A whole document read into a tape.
func parseTape(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONTape {
    try bytes.withUnsafeBufferPointer { (text: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONTape in
        try JSONParser.parseDocument(text)
    }
}

/// A whole document read as a tree.
func parseTree(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
    try parseTape(bytes).node()
}

/// A whole document as a field at the root.
func parseField(_ text: String, path: String = "") throws(JSONSyntaxError) -> JSONField {
    JSONField(try parseTape(utf8(text)), path: path)
}

/// Runs `body` with a parser at the start of `text`, a whole document.
func withParser<Result>(_ text: String, _ body: (inout JSONParser) throws(JSONSyntaxError) -> Result) throws(JSONSyntaxError) -> Result {
    try utf8(text).withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Result in
        var parser = JSONParser.document(buffer)
        return try body(&parser)
    }
}
