import TraceModel
import ToolSupport

/// A JSON value a decoder reads, with where it is: the typed accessors every
/// decoder uses, and the one wording of what is wrong with a value — so a wrong
/// type or a number out of range anywhere in ReuseLab's inputs (a scenario, a
/// lesson, a trace's header or one of its events) is reported the same way.
///
/// `JSONField` is a value of a document read whole; `EventValue` a member of a
/// trace event read straight from the trace.
public protocol JSONValueReading {
    /// What kind of value it is.
    var kind: JSONKind { get }
    /// A number's value; a boolean's as 0 or 1.
    var numberValue: Double { get }
    /// A string's text.
    var stringValue: String { get }
    /// Where the value is: `table.rowHeight`, `events[12].cells[3].row`.
    var path: String { get }
    /// Where the value starts in its file.
    var position: SourcePosition { get }
    /// The trace event the value is part of, if any.
    var eventIndex: Int? { get }
}

/// The largest whole number (either sign) any input may hold: sums and products of
/// a few such values stay far from `Int.max`, and every one is exact as a `Double`.
public let largestWholeNumber = 1_000_000_000_000

/// The rules the typed accessors of `JSONValueReading` hold a value to, on
/// its kind and number alone: the value when it keeps them, else nil (and the
/// accessor says what is wrong). A decoder of many values asks these first.
enum ValueRules {
    /// A whole number from -1e12 to 1e12 (`int()`).
    static func int(_ kind: JSONKind, _ number: Double) -> Int? {
        guard kind == .number, NumberText.isWhole(number), abs(number) <= Double(largestWholeNumber) else { return nil }
        return Int(number)
    }

    /// `nonNegativeInt(max:)`.
    static func nonNegativeInt(_ kind: JSONKind, _ number: Double, max: Int = largestWholeNumber) -> Int? {
        guard number >= 0, number <= Double(max) else { return nil }
        return int(kind, number)
    }

    /// `positiveInt(max:)`.
    static func positiveInt(_ kind: JSONKind, _ number: Double, max: Int = 1_000_000_000) -> Int? {
        guard number > 0, number <= Double(max) else { return nil }
        return int(kind, number)
    }
}

extension JSONValueReading {
    /// An error about this value.
    public func error(_ message: String) -> ReuseLabError {
        ReuseLabError(.badInput, location: InputLocation(position: position, path: path, eventIndex: eventIndex), message)
    }

    /// The value's name in a message: the last part of its path, quoted.
    var quotedName: String {
        let path = self.path
        let last = path.split(separator: ".").last.map(String.init) ?? path
        return last.isEmpty ? "the document" : "\"\(VisibleText.shortened(last))\""
    }

    func typeError(_ expected: String) -> ReuseLabError {
        error("\(quotedName) must be \(expected), found \(describeFound())")
    }

    private func describeFound() -> String {
        switch kind {
        case .number: return "the number \(NumberText.of(numberValue))"
        case .string: return "the string \"\(VisibleText.shortened(stringValue, limit: 40))\""
        case .bool: return numberValue != 0 ? "true" : "false"
        default: return kind.name
        }
    }

    // MARK: Scalars

    /// A whole number from -1e12 to 1e12. Every check is made on the JSON number
    /// itself, before it becomes an `Int`, so no input can trap the conversion.
    public func int() throws(ReuseLabError) -> Int {
        if let value = ValueRules.int(kind, numberValue) { return value }
        let number = numberValue
        guard kind == .number, NumberText.isWhole(number) else { throw typeError("a whole number") }
        let limit = Double(largestWholeNumber)
        guard number >= -limit, number <= limit else {
            throw error("\(quotedName) must be a whole number from -\(largestWholeNumber) to \(largestWholeNumber), found \(NumberText.of(number))")
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
        if let value = ValueRules.positiveInt(kind, numberValue, max: max) { return value }
        guard let number = wholeNumber() else { return try int() }
        guard number > 0 else { throw error("\(quotedName) must be greater than zero, found \(NumberText.of(number))") }
        guard number <= Double(max) else { throw error("\(quotedName) must be at most \(max), found \(NumberText.of(number))") }
        return try int()
    }

    public func nonNegativeInt(max: Int = largestWholeNumber) throws(ReuseLabError) -> Int {
        if let value = ValueRules.nonNegativeInt(kind, numberValue, max: max) { return value }
        guard let number = wholeNumber() else { return try int() }
        guard number >= 0 else { throw error("\(quotedName) must not be negative, found \(NumberText.of(number))") }
        guard number <= Double(max) else { throw error("\(quotedName) must be at most \(max), found \(NumberText.of(number))") }
        return try int()
    }

    /// The value when it is a whole JSON number (of any size), else nil.
    private func wholeNumber() -> Double? {
        let number = numberValue
        guard kind == .number, NumberText.isWhole(number) else { return nil }
        return number
    }

    public func double() throws(ReuseLabError) -> Double {
        guard kind == .number else { throw typeError("a number") }
        return numberValue
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
        guard kind == .string else { throw typeError("a string") }
        return stringValue
    }

    public func bool() throws(ReuseLabError) -> Bool {
        guard kind == .bool else { throw typeError("true or false") }
        return numberValue != 0
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
}

extension JSONValueReading {
    /// The error for a member missing from the object at `objectPath`.
    static func missingMember(_ key: String, _ what: String, objectPath: String) -> String {
        let where_ = objectPath.isEmpty ? "the document" : "\"\(objectPath)\""
        let hint = what.isEmpty ? "" : " (\(what))"
        return "\(where_) is missing the member \"\(key)\"\(hint)"
    }
}

/// What an object with a member it may not have is told: the member's name
/// (with control characters visible), where, and the names it may have.
enum UnknownMember {
    static func error(_ name: String, objectPath: String, allowed: [String], position: SourcePosition, eventIndex: Int?) -> ReuseLabError {
        let where_ = objectPath.isEmpty ? "the document" : "\"\(objectPath)\""
        let shown = VisibleText.shortened(name)
        var message = "unknown member \"\(shown)\" in \(where_); expected one of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))"
        if let guess = Suggestion.closest(to: name, among: allowed) { message = "unknown member \"\(shown)\" in \(where_) (did you mean \"\(guess)\"?)" }
        let childPath = objectPath.isEmpty ? shown : "\(objectPath).\(shown)"
        return ReuseLabError(.badInput, location: InputLocation(position: position, path: childPath, eventIndex: eventIndex), message)
    }
}
