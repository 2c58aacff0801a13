import TraceModel
import ToolSupport

/// A JSON value of a document read whole (a scenario, a lesson, a trace's
/// header), together with its path from the document root (`table.rowHeight`,
/// `script[2].drag.ms`), read through the typed accessors of `JSONValueReading`,
/// which fail with a `ReuseLabError` naming that path, the line and column, and
/// what was expected.
public struct JSONField: JSONValueReading, Sendable {
    /// The value read, and which of its tape's entries this field is. What the
    /// path starts from is the tape's: the rest of a path is found in the tape
    /// only when asked for, for an error message.
    let tape: JSONTape
    let index: Int

    /// The largest whole number any input may hold (see `largestWholeNumber`).
    public static let largestWholeNumber = TraceCoding.largestWholeNumber

    /// The event the value is part of, if any.
    public var eventIndex: Int? { tape.eventIndex }

    /// The whole value a tape holds, at `path`.
    public init(_ tape: JSONTape, path: String, eventIndex: Int? = nil) {
        self.init(tape.named(path, eventIndex: eventIndex), index: 0)
    }

    /// The same value at another path.
    public init(_ field: JSONField, path: String) {
        self.init(field.tape.named(path, at: field.index, eventIndex: field.eventIndex), index: field.index)
    }

    init(_ tape: JSONTape, index: Int) {
        self.tape = tape
        self.index = index
    }

    /// The value at entry `index` inside this one.
    fileprivate func child(_ index: Int) -> JSONField { JSONField(tape, index: index) }

    /// Where the value is: `table.rowHeight`, `script[2].drag.ms`.
    public var path: String {
        var path = tape.rootPath
        if let element = tape.rootElement { path += "[" + String(element) + "]" }
        var current = tape.rootIndex
        while current != index {
            let entry = tape.entries[current]
            guard entry.kind == .array || entry.kind == .object else { break }
            let isObject = entry.kind == .object
            var child = current + 1, position = 0, found = false
            while child < Int(entry.next) {
                let value = isObject ? child + 1 : child
                let next = Int(tape.entries[value].next)
                if index >= value && index < next {
                    if isObject {
                        // Member names come from the file: shown with control characters visible, and shortened.
                        let key = VisibleText.shortened(tape.string(child))
                        path = path.isEmpty ? key : path + "." + key
                    } else {
                        path += "[" + String(position) + "]"
                    }
                    current = value
                    found = true
                    break
                }
                child = next
                position += 1
            }
            guard found else { break }
        }
        return path
    }

    private var entry: JSONTape.Entry { tape.entries[index] }

    public var kind: JSONKind { entry.kind }
    public var numberValue: Double { entry.number }
    public var stringValue: String { tape.string(index) }
    public var position: SourcePosition { tape.position(of: index) }

    /// The value built whole.
    public var value: JSONValue { tape.value(index) }

    // MARK: Containers

    public func array() throws(ReuseLabError) -> [JSONField] {
        Array(try elements())
    }

    /// The elements of an array, one after another, without gathering them.
    public func elements() throws(ReuseLabError) -> JSONElements {
        guard entry.kind == .array else { throw typeError("an array") }
        return JSONElements(field: self)
    }

    public func object() throws(ReuseLabError) -> JSONFieldObject {
        guard entry.kind == .object else { throw typeError("an object") }
        return JSONFieldObject(field: self)
    }
}

/// The elements of an array field, in order.
public struct JSONElements: Sequence, Sendable {
    let field: JSONField

    public struct Iterator: IteratorProtocol {
        let field: JSONField
        var element: Int
        let end: Int

        public mutating func next() -> JSONField? {
            guard element < end else { return nil }
            defer { element = Int(field.tape.entries[element].next) }
            return field.child(element)
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(field: field, element: field.index + 1, end: Int(field.tape.entries[field.index].next))
    }

    /// How many elements there are.
    public var count: Int {
        var count = 0, element = field.index + 1
        let end = Int(field.tape.entries[field.index].next)
        while element < end {
            count += 1
            element = Int(field.tape.entries[element].next)
        }
        return count
    }

    public var underestimatedCount: Int { count }
}

/// An object's members by name, for `required`/`optional` members and for
/// rejecting unknown members with a "did you mean" hint.
public struct JSONFieldObject: Sendable {
    public var field: JSONField

    init(field: JSONField) {
        self.field = field
    }

    /// The entry of each member's key, in order (its value is the entry after it).
    private var keyEntries: [Int] {
        var keys: [Int] = []
        var key = field.index + 1
        let end = Int(field.tape.entries[field.index].next)
        while key < end {
            keys.append(key)
            key = Int(field.tape.entries[key + 1].next)
        }
        return keys
    }

    public var keys: [String] { keyEntries.map(field.tape.string) }

    /// The member `key`, unless it is missing or null.
    public func optional(_ key: String) -> JSONField? {
        let utf8 = Array(key.utf8)
        guard let keyEntry = keyEntries.first(where: { field.tape.string($0, equalsBytes: utf8) }),
              field.tape.entries[keyEntry + 1].kind != .null else { return nil }
        return field.child(keyEntry + 1)
    }

    public func required(_ key: String, _ what: String = "") throws(ReuseLabError) -> JSONField {
        guard let child = optional(key) else {
            throw field.error(JSONField.missingMember(key, what, objectPath: field.path))
        }
        return child
    }

    /// Fails on a member not in `allowed`, naming it and suggesting the nearest allowed name.
    public func rejectUnknown(allowed: [String]) throws(ReuseLabError) {
        let names = allowed.map { Array($0.utf8) }
        for key in keyEntries where !names.contains(where: { field.tape.string(key, equalsBytes: $0) }) {
            throw UnknownMember.error(field.tape.string(key), objectPath: field.path, allowed: allowed,
                                      position: field.tape.position(of: key), eventIndex: field.eventIndex)
        }
    }
}

/// Finds the allowed word nearest to a misspelt one, for "did you mean" hints.
public enum Suggestion {
    public static func closest(to word: String, among candidates: [String]) -> String? {
        // Names are short: a long word is no typo of one, and comparing it would be slow.
        guard word.unicodeScalars.count <= 64 else { return nil }
        let lowered = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased()))
            if distance <= max(2, candidate.count / 3), distance < (best?.1 ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`:
    /// a swapped pair ("jsno", "hnit") is one typo, not two.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                table[i][j] = Swift.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = Swift.min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
