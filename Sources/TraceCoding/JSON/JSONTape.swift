import Foundation
import ToolSupport

/// One JSON value as read from a file: its text, and a flat list ("tape") of
/// every value inside it in the order written, each with where it lies and what
/// it holds. `JSONField` reads it.
///
/// A tape instead of a tree of values: reading a trace makes one for each event,
/// and a flat list of small entries costs a few allocations where a tree costs
/// one per value. Strings are kept as their text and turned into `String`s only
/// when asked for; positions are counted only for a message.
public final class JSONTape: Sendable {
    /// One value: a scalar, or a container followed by its contents. An object's
    /// contents are its members, each a key (a string entry) and then its value.
    struct Entry: Sendable {
        var kind: JSONKind
        /// A string with an escape in it, decoded the long way.
        var escaped: Bool
        /// Where the value's text starts (a string's opening quote) and ends.
        var start: Int32
        var end: Int32
        /// The entry after this value and everything inside it.
        var next: Int32
        /// A number's value, a boolean's as 0 or 1.
        var number: Double
    }

    /// The value's text: `entries`' offsets count from its first byte.
    let bytes: [UInt8]
    let entries: [Entry]
    /// Where the text's first byte is in its file.
    let origin: SourcePosition
    /// What messages call the entry `rootIndex` (the whole value, unless this
    /// tape looks at a value inside another's): `rootPath`, with `[rootElement]`
    /// after it for an element of an array read one element at a time, such as
    /// a trace's events (`events[12]`); and the event it is part of, if any.
    let rootIndex: Int
    let rootPath: String
    let rootElement: Int?
    let eventIndex: Int?

    init(bytes: [UInt8], entries: [Entry], origin: SourcePosition,
         rootIndex: Int = 0, rootPath: String = "", rootElement: Int? = nil, eventIndex: Int? = nil) {
        self.bytes = bytes
        self.entries = entries
        self.origin = origin
        self.rootIndex = rootIndex
        self.rootPath = rootPath
        self.rootElement = rootElement
        self.eventIndex = eventIndex
    }

    /// The same values, the one at `index` named `path` (and, unless `element`
    /// is nil, `path[element]`): the text and the entries are shared, not copied.
    func named(_ path: String, element: Int? = nil, at index: Int = 0, eventIndex: Int?) -> JSONTape {
        if index == rootIndex, path == rootPath, element == rootElement, eventIndex == self.eventIndex { return self }
        return JSONTape(bytes: bytes, entries: entries, origin: origin,
                        rootIndex: index, rootPath: path, rootElement: element, eventIndex: eventIndex)
    }

    /// An empty object at `position`: what an error about a document as a whole
    /// (a trace's header) points at.
    static func emptyObject(at position: SourcePosition) -> JSONTape {
        JSONTape(bytes: [0x7B, 0x7D], entries: [Entry(kind: .object, escaped: false, start: 0, end: 2, next: 1, number: 0)], origin: position)
    }

    /// Where the text at `offset` is in the file, counted as `JSONParser` counts:
    /// a line feed starts a line, and columns count characters, not bytes.
    func position(at offset: Int) -> SourcePosition {
        var position = origin
        for byte in bytes[0..<min(offset, bytes.count)] {
            if byte == 0x0A {
                position = SourcePosition(line: position.line + 1, column: 1)
            } else if byte & 0xC0 != 0x80 {
                position.column += 1
            }
        }
        return position
    }

    func position(of index: Int) -> SourcePosition { position(at: Int(entries[index].start)) }

    // MARK: Strings

    /// The string at entry `index` (which the parser checked: valid UTF-8, escapes well formed).
    func string(_ index: Int) -> String {
        let entry = entries[index]
        let from = Int(entry.start) + 1, to = Int(entry.end) - 1
        guard entry.escaped else { return String(decoding: bytes[from..<to], as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var run = from, at = from
        func flush() { scalars.append(contentsOf: String(decoding: bytes[run..<at], as: UTF8.self).unicodeScalars) }
        while at < to {
            guard bytes[at] == UInt8(ascii: "\\") else { at += 1; continue }
            flush()
            let escaped = bytes[at + 1]
            at += 2
            switch escaped {
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var unit = hex4(at)
                at += 4
                if (0xD800...0xDBFF).contains(unit) {
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (hex4(at + 2) - 0xDC00)
                    at += 6
                }
                scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(escaped)) // " \ /
            }
            run = at
        }
        flush()
        return String(scalars)
    }

    private func hex4(_ at: Int) -> UInt32 {
        var value: UInt32 = 0
        for byte in bytes[at..<at + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: digit = byte - UInt8(ascii: "A") + 10
            }
            value = value * 16 + UInt32(digit)
        }
        return value
    }

    /// Whether the string at entry `index` is `text`, compared without making a `String`.
    func string(_ index: Int, equals text: String) -> Bool {
        string(index, equalsBytes: Array(text.utf8))
    }

    /// Whether the string at entry `index` is the text `utf8` spells.
    func string(_ index: Int, equalsBytes utf8: [UInt8]) -> Bool {
        let entry = entries[index]
        guard !entry.escaped else { return Array(string(index).utf8) == utf8 }
        let from = Int(entry.start) + 1, count = Int(entry.end) - 1 - from
        guard utf8.count == count else { return false }
        return bytes.withUnsafeBufferPointer { text in
            utf8.withUnsafeBufferPointer { word in
                guard let text = text.baseAddress, let word = word.baseAddress else { return count == 0 }
                return memcmp(text + from, word, count) == 0
            }
        }
    }

    // MARK: Containers

    /// The entries of the values directly inside the container at `index`: an
    /// array's elements, or an object's keys and values in turn.
    func children(of index: Int) -> [Int] {
        var result: [Int] = []
        var child = index + 1
        let end = Int(entries[index].next)
        while child < end {
            result.append(child)
            child = Int(entries[child].next)
        }
        return result
    }

    /// The value at `index` built whole.
    func value(_ index: Int) -> JSONValue {
        let entry = entries[index]
        switch entry.kind {
        case .null: return .null
        case .bool: return .bool(entry.number != 0)
        case .number: return .number(entry.number)
        case .string: return .string(string(index))
        case .array: return .array(children(of: index).map(value))
        case .object:
            let children = children(of: index)
            return .object(JSONObject(members: stride(from: 0, to: children.count, by: 2).map {
                JSONObject.Member(key: string(children[$0]), value: value(children[$0 + 1]))
            }))
        }
    }
}
