import TraceModel
import ToolSupport

/// A JSON value together with its path from the document root (`table.rowHeight`,
/// `script[2].drag.ms`), with typed accessors that fail with a `ReuseLabError`
/// naming that path, the line and column, and what was expected.
///
/// Scenario and trace decoding go through this one type, so every wrong type or
/// missing member anywhere in ReuseLab's inputs is reported the same way.
public struct JSONField: Sendable {
    public var node: JSONNode
    public var eventIndex: Int?
    /// The path of the value holding this one, and the step from it. The path is
    /// put together only when asked for (for an error message): decoding a trace
    /// creates a field for every member of every event, and building each path
    /// up front took a seventh of the time of reading a trace.
    private var parentPath: String
    private var step: Step?

    private enum Step: Sendable {
        case member(String)
        case element(Int)
    }

    public init(_ node: JSONNode, path: String, eventIndex: Int? = nil) {
        self.node = node
        self.parentPath = path
        self.step = nil
        self.eventIndex = eventIndex
    }

    /// The member `key` of an object at `parent`.
    init(_ node: JSONNode, parent: String, member key: String, eventIndex: Int?) {
        self.node = node
        self.parentPath = parent
        self.step = .member(key)
        self.eventIndex = eventIndex
    }

    /// Element `index` of an array at `parent`.
    init(_ node: JSONNode, parent: String, element index: Int, eventIndex: Int?) {
        self.node = node
        self.parentPath = parent
        self.step = .element(index)
        self.eventIndex = eventIndex
    }

    /// Where the value is: `table.rowHeight`, `script[2].drag.ms`.
    public var path: String {
        switch step {
        case nil: return parentPath
        // Member names come from the file: shown with control characters visible, and shortened.
        case .member(let key)?: return parentPath.isEmpty ? VisibleText.shortened(key) : parentPath + "." + VisibleText.shortened(key)
        case .element(let index)?: return parentPath + "[" + String(index) + "]"
        }
    }

    public var position: SourcePosition { node.position }

    /// An error about this value.
    public func error(_ message: String) -> ReuseLabError {
        ReuseLabError(.badInput, location: InputLocation(position: node.position, path: path, eventIndex: eventIndex), message)
    }

    private var quotedName: String {
        let last = path.split(separator: ".").last.map(String.init) ?? path
        return last.isEmpty ? "the document" : "\"\(VisibleText.shortened(last))\""
    }

    private func typeError(_ expected: String) -> ReuseLabError {
        error("\(quotedName) must be \(expected), found \(describeFound())")
    }

    private func describeFound() -> String {
        switch node.value {
        case .number(let number): return "the number \(NumberText.of(number))"
        case .string(let text):
            return "the string \"\(VisibleText.shortened(text, limit: 40))\""
        case .bool(let flag): return flag ? "true" : "false"
        default: return node.value.kindName
        }
    }

    // MARK: Scalars

    /// The largest whole number (either sign) any input may hold: sums and products of
    /// a few such values stay far from `Int.max`, and every one is exact as a `Double`.
    public static let largestWholeNumber = 1_000_000_000_000

    /// A whole number from -1e12 to 1e12. Every check is made on the JSON number
    /// itself, before it becomes an `Int`, so no input can trap the conversion.
    public func int() throws(ReuseLabError) -> Int {
        guard case .number(let number) = node.value, number == number.rounded() else { throw typeError("a whole number") }
        let limit = Double(Self.largestWholeNumber)
        guard number >= -limit, number <= limit else {
            throw error("\(quotedName) must be a whole number from -\(Self.largestWholeNumber) to \(Self.largestWholeNumber), found \(NumberText.of(number))")
        }
        return Int(number)
    }

    public func int(in range: ClosedRange<Int>) throws(ReuseLabError) -> Int {
        guard let number = wholeNumber() else { return try int() }
        guard number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw error("\(quotedName) must be between \(range.lowerBound) and \(range.upperBound), found \(NumberText.of(number))")
        }
        return try int()
    }

    public func positiveInt(max: Int = 1_000_000_000) throws(ReuseLabError) -> Int {
        guard let number = wholeNumber() else { return try int() }
        guard number > 0 else { throw error("\(quotedName) must be greater than zero, found \(NumberText.of(number))") }
        guard number <= Double(max) else { throw error("\(quotedName) must be at most \(max), found \(NumberText.of(number))") }
        return try int()
    }

    public func nonNegativeInt(max: Int = JSONField.largestWholeNumber) throws(ReuseLabError) -> Int {
        guard let number = wholeNumber() else { return try int() }
        guard number >= 0 else { throw error("\(quotedName) must not be negative, found \(NumberText.of(number))") }
        guard number <= Double(max) else { throw error("\(quotedName) must be at most \(max), found \(NumberText.of(number))") }
        return try int()
    }

    /// The value when it is a whole JSON number (of any size), else nil.
    private func wholeNumber() -> Double? {
        guard case .number(let number) = node.value, number == number.rounded() else { return nil }
        return number
    }

    public func double() throws(ReuseLabError) -> Double {
        guard case .number(let number) = node.value else { throw typeError("a number") }
        return number
    }

    /// A number above zero, at least `minimum` (when given) and at most `max`.
    public func positiveDouble(atLeast minimum: Double? = nil, max: Double = 1e9) throws(ReuseLabError) -> Double {
        let value = try double()
        guard value > 0 else { throw error("\(quotedName) must be greater than zero, found \(NumberText.of(value))") }
        if let minimum, value < minimum {
            throw error("\(quotedName) must be at least \(NumberText.of(minimum)), found \(NumberText.of(value))")
        }
        guard value <= max else { throw error("\(quotedName) must be at most \(NumberText.of(max)), found \(NumberText.of(value))") }
        return value
    }

    public func nonNegativeDouble(max: Double = 1e9) throws(ReuseLabError) -> Double {
        let value = try double()
        guard value >= 0 else { throw error("\(quotedName) must not be negative, found \(NumberText.of(value))") }
        guard value <= max else { throw error("\(quotedName) must be at most \(NumberText.of(max)), found \(NumberText.of(value))") }
        return value
    }

    public func string() throws(ReuseLabError) -> String {
        guard case .string(let text) = node.value else { throw typeError("a string") }
        return text
    }

    public func bool() throws(ReuseLabError) -> Bool {
        guard case .bool(let flag) = node.value else { throw typeError("true or false") }
        return flag
    }

    /// A string that must be one of `choices`.
    public func choice(_ choices: [String]) throws(ReuseLabError) -> String {
        let text = try string()
        guard choices.contains(text) else {
            var message = "\(quotedName) must be one of \(choices.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(VisibleText.shortened(text))\""
            if let guess = Suggestion.closest(to: text, among: choices) { message += " (did you mean \"\(guess)\"?)" }
            throw error(message)
        }
        return text
    }

    // MARK: Containers

    public func array() throws(ReuseLabError) -> [JSONField] {
        guard case .array(let elements) = node.value else { throw typeError("an array") }
        let parent = path
        return elements.enumerated().map { JSONField($0.element, parent: parent, element: $0.offset, eventIndex: eventIndex) }
    }

    public func intArray() throws(ReuseLabError) -> [Int] {
        var result: [Int] = []
        for element in try array() { result.append(try element.int()) }
        return result
    }

    public func object() throws(ReuseLabError) -> JSONFieldObject {
        guard case .object(let object) = node.value else { throw typeError("an object") }
        return JSONFieldObject(object: object, field: self)
    }
}

/// An object member lookup that knows its path, for `required`/`optional` members
/// and for rejecting unknown members with a "did you mean" hint.
public struct JSONFieldObject: Sendable {
    public var object: JSONObject
    public var field: JSONField
    /// The object's own path, put together once for all its members.
    private let path: String

    public init(object: JSONObject, field: JSONField) {
        self.object = object
        self.field = field
        self.path = field.path
    }

    public var keys: [String] { object.keys }

    private func childPath(_ key: String) -> String {
        // Member names come from the file: shown with control characters visible, and shortened.
        field.path.isEmpty ? VisibleText.shortened(key) : "\(field.path).\(VisibleText.shortened(key))"
    }

    public func optional(_ key: String) -> JSONField? {
        guard let node = object[key] else { return nil }
        if case .null = node.value { return nil }
        return JSONField(node, parent: path, member: key, eventIndex: field.eventIndex)
    }

    public func required(_ key: String, _ what: String = "") throws(ReuseLabError) -> JSONField {
        guard let child = optional(key) else {
            let where_ = field.path.isEmpty ? "the document" : "\"\(field.path)\""
            let hint = what.isEmpty ? "" : " (\(what))"
            throw field.error("\(where_) is missing the member \"\(key)\"\(hint)")
        }
        return child
    }

    /// Fails on a member not in `allowed`, naming it and suggesting the nearest allowed name.
    public func rejectUnknown(allowed: [String]) throws(ReuseLabError) {
        for member in object.members where !allowed.contains(member.key) {
            let where_ = field.path.isEmpty ? "the document" : "\"\(field.path)\""
            let name = VisibleText.shortened(member.key)
            var message = "unknown member \"\(name)\" in \(where_); expected one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))"
            if let guess = Suggestion.closest(to: member.key, among: allowed) { message = "unknown member \"\(name)\" in \(where_) (did you mean \"\(guess)\"?)" }
            throw ReuseLabError(.badInput, location: InputLocation(position: member.keyPosition, path: childPath(member.key), eventIndex: field.eventIndex), message)
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
