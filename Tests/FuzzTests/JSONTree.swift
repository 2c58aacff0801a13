/// A JSON document as the fuzzer edits it: object members in file order, numbers
/// kept as their source text.
///
/// Foundation's `JSONSerialization` would lose both: its dictionaries have no stable
/// member order on Linux (so the same seed would mutate different members from one run
/// to the next), and it cannot write the tokens the fuzzer wants to plant, such as
/// `NaN`, `1e999` or `-0`. A `.number` here holds any token and is written back verbatim.
indirect enum JSONTree: Sendable, Equatable {
    case object([Member])
    case array([JSONTree])
    case string(String)
    /// A number token, or any other bare token (`NaN`, `Infinity`, `0x10`) to write as is.
    case number(String)
    case bool(Bool)
    case null

    struct Member: Sendable, Equatable {
        var key: String
        var value: JSONTree
    }

    /// One step from a container to a child: a member by position, or an array element.
    enum Step: Sendable, Equatable {
        case member(Int)
        case element(Int)
    }

    typealias Path = [Step]

    // MARK: Reading

    /// Parses `bytes`, or nil when they are not JSON this small parser accepts.
    static func parse(_ bytes: [UInt8]) -> JSONTree? {
        var parser = Parser(bytes: bytes)
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.index == bytes.count ? value : nil
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) -> JSONTree? {
            guard depth < 512 else { return nil }
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [Member] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
                    index += 1
                    guard let child = value(depth: depth + 1) else { return nil }
                    members.append(Member(key: key, value: child))
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
                    return nil
                }
            case UInt8(ascii: "["):
                index += 1
                var elements: [JSONTree] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                while true {
                    guard let child = value(depth: depth + 1) else { return nil }
                    elements.append(child)
                    skipSpace()
                    guard index < bytes.count else { return nil }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
                    return nil
                }
            case UInt8(ascii: "\""):
                return string().map { .string($0) }
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default:
                let start = index
                while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
                guard index > start else { return nil }
                return .number(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }

        mutating func literal(_ word: String, _ value: JSONTree) -> JSONTree? {
            let utf8 = Array(word.utf8)
            guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else { return nil }
            index += utf8.count
            return value
        }

        mutating func string() -> String? {
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            var scalars = String.UnicodeScalarView()
            var run: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
                run.removeAll()
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "u"):
                        guard var code = hex4() else { return nil }
                        if (0xD800..<0xDC00).contains(code), bytes.count - index >= 6,
                           bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                            index += 2
                            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        }
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    default: scalars.append(Unicode.Scalar(escape))
                    }
                default:
                    run.append(byte)
                }
            }
            return nil
        }

        mutating func hex4() -> UInt32? {
            guard bytes.count - index >= 4, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else { return nil }
            index += 4
            return value
        }
    }

    // MARK: Writing

    /// The document as text, laid out like a trace: the top object's members one per
    /// line, and an array member's elements one per line (so line mutations hit events).
    var text: String {
        guard case .object(let members) = self else { return compact }
        let lines = members.map { member -> String in
            let key = "  " + JSONTree.quote(member.key) + ": "
            if case .array(let elements) = member.value, !elements.isEmpty {
                return key + "[\n" + elements.map { "    " + $0.compact }.joined(separator: ",\n") + "\n  ]"
            }
            return key + member.value.compact
        }
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// The value on one line.
    var compact: String {
        switch self {
        case .object(let members): return "{" + members.map { JSONTree.quote($0.key) + ":" + $0.value.compact }.joined(separator: ",") + "}"
        case .array(let elements): return "[" + elements.map(\.compact).joined(separator: ",") + "]"
        case .string(let text): return JSONTree.quote(text)
        case .number(let token): return token
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    /// A JSON string literal. Only what JSON requires is escaped: bidi marks, C1
    /// controls and the like stay raw, so they reach the program as they would in a
    /// hostile file, and C0 controls arrive (decoded) as real control characters.
    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: Paths

    /// Every node's path, the root's (empty) first, in document order.
    var allPaths: [Path] {
        var paths: [Path] = []
        func visit(_ node: JSONTree, _ path: Path) {
            paths.append(path)
            switch node {
            case .object(let members): for (i, member) in members.enumerated() { visit(member.value, path + [.member(i)]) }
            case .array(let elements): for (i, element) in elements.enumerated() { visit(element, path + [.element(i)]) }
            default: break
            }
        }
        visit(self, [])
        return paths
    }

    /// The node at `path`.
    subscript(path: Path) -> JSONTree {
        get {
            var node = self
            for step in path {
                switch (node, step) {
                case (.object(let members), .member(let i)): node = members[i].value
                case (.array(let elements), .element(let i)): node = elements[i]
                default: preconditionFailure("no node at \(path)")
                }
            }
            return node
        }
        set {
            guard let step = path.first else { self = newValue; return }
            let rest = Array(path.dropFirst())
            switch (self, step) {
            case (.object(var members), .member(let i)):
                self = .null
                members[i].value[rest] = newValue
                self = .object(members)
            case (.array(var elements), .element(let i)):
                self = .null
                elements[i][rest] = newValue
                self = .array(elements)
            default: preconditionFailure("no node at \(path)")
            }
        }
    }

    /// `path` as a reader would write it: `events[12].row`, `table.rowHeight`.
    func describe(_ path: Path) -> String {
        var out = ""
        var node = self
        for step in path {
            switch (node, step) {
            case (.object(let members), .member(let i)):
                out += (out.isEmpty ? "" : ".") + members[i].key.prefix(40)
                node = members[i].value
            case (.array(let elements), .element(let i)):
                out += "[\(i)]"
                node = elements[i]
            default: return out + "?"
            }
        }
        return out.isEmpty ? "(root)" : out
    }

    /// The key of the member `path` ends in, if it ends in one.
    func key(at path: Path) -> String? {
        guard case .member(let i)? = path.last, case .object(let members) = self[Array(path.dropLast())] else { return nil }
        return members[i].key
    }

    var isScalar: Bool {
        switch self {
        case .object, .array: return false
        default: return true
        }
    }
}
