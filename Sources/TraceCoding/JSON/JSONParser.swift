import ToolSupport

/// A strict JSON (RFC 8259) reader over UTF-8 bytes that can say the line and
/// column of everything it reads.
///
/// It reads a document piece by piece — an object's opening brace, its member
/// names, an array's elements — and any value whole into a `JSONTape`, so the
/// trace reader can walk a large `events` array one event at a time. It never
/// traps on input: every malformed byte sequence becomes a `JSONSyntaxError`.
/// Positions are counted only for a message or when asked for, from a place
/// whose position is known (the start of the text, or of the piece being read).
public struct JSONParser {
    /// Deeper nesting than this is refused rather than risking the stack.
    public static let maximumDepth = 256
    /// Longer arrays are refused while reading, before they take memory: no list
    /// in a scenario, trace or lesson has more (a table has at most 1,000,000 rows).
    public static let maximumArrayElements = 1_000_000
    /// Longer strings are refused while reading (status 67): no title, note,
    /// narration or line of code in a ReuseLab file comes near 64 KB, and a
    /// 200 MB title would otherwise be held, printed and embedded whole.
    public static let maximumStringBytes = 1 << 16

    /// The array limit in force, and what to say when it is passed; a reader that
    /// knows its lists are shorter (a trace's events) lowers it.
    public var arrayLimit = JSONParser.maximumArrayElements
    public var arrayLimitReason = "no list in a ReuseLab file is that long (a table has at most 1,000,000 rows)"

    private let text: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    private(set) var index: Int
    private var depth: Int
    /// A place whose position is known, from which others are counted.
    private let originIndex: Int
    private let originPosition: SourcePosition
    /// The tape being built by `parseValue`, and where its text starts.
    private var entries: [JSONTape.Entry] = []
    private var tapeBase = 0
    /// The keys of the objects being checked (`Mode.check`), innermost last.
    private var checkedKeys: [StringToken] = []

    /// A parser over `text` from `index`, which is at `position`, inside `depth`
    /// open arrays and objects: a whole document, or a piece of a larger one (one
    /// trace event, one header member) read with the positions and nesting limit
    /// a reader of the whole document would have there.
    init(_ text: UnsafeBufferPointer<UInt8>, at index: Int = 0, position: SourcePosition = .start, depth: Int = 0) {
        self.init(text, at: index, from: index, position: position, depth: depth)
    }

    /// A parser at `index`, whose positions are counted from `originIndex` (not
    /// after it), which is at `position`.
    init(_ text: UnsafeBufferPointer<UInt8>, at index: Int, from originIndex: Int, position: SourcePosition, depth: Int) {
        self.text = text
        self.index = index
        self.depth = depth
        self.originIndex = originIndex
        originPosition = position
    }

    /// A parser at the start of a whole document: a UTF-8 byte-order mark is
    /// stepped over, as most editors may write one, without moving the column.
    static func document(_ text: UnsafeBufferPointer<UInt8>) -> JSONParser {
        let mark = text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF
        return JSONParser(text, at: mark ? 3 : 0)
    }

    /// Whether every byte given has been read: a piece that stops here may only
    /// be cut short, not finished.
    var isAtEnd: Bool { index >= text.count }

    /// Where the parser stands now.
    public var position: SourcePosition { position(at: index) }

    /// The line and column of `offset` (not before the parser's start): a line
    /// feed starts a line; columns count characters, so UTF-8 continuation bytes
    /// do not move them.
    func position(at offset: Int) -> SourcePosition {
        var line = originPosition.line, column = originPosition.column
        var at = originIndex
        while at < offset && at < text.count {
            let byte = text[at]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            at += 1
        }
        return SourcePosition(line: line, column: column)
    }

    private func error(_ message: String, at offset: Int, isLimit: Bool = false) -> JSONSyntaxError {
        JSONSyntaxError(message, at: position(at: offset), isLimit: isLimit)
    }

    /// The next byte after any white space, if any (the white space is stepped over).
    mutating func nextByte() -> UInt8? {
        skipWhitespace()
        return peek()
    }

    /// The text of the string `token` between its quotes, as written (escapes undone by `decode`).
    func text(of token: StringToken) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[(token.start + 1)..<(token.end - 1)])
    }

    // MARK: Whole documents

    /// Reads one complete JSON document: a single value and nothing after it but white space.
    static func parseDocument(_ text: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONTape {
        var parser = JSONParser.document(text)
        let tape = try parser.parseValue()
        try parser.expectEnd()
        return tape
    }

    /// Fails unless only white space is left.
    public mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        if index < text.count {
            throw error("unexpected \(describeCurrent()) after the end of the JSON document", at: index)
        }
    }

    // MARK: Streaming pieces

    /// Consumes `{`, leaving the parser before the first member.
    public mutating func beginObject() throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else {
            throw error("expected a JSON object ('{'), found \(describeCurrent())", at: index)
        }
        try enterNesting()
        index += 1
    }

    /// Reads the next member key of an object begun with `beginObject`, and its colon.
    /// Returns nil (after consuming `}`) when the object ends.
    public mutating func nextMemberKey(isFirst: Bool) throws(JSONSyntaxError) -> (key: String, position: SourcePosition)? {
        guard let key = try readMemberKey(isFirst: isFirst) else { return nil }
        try readColon(after: key)
        return (decode(key), position(at: key.start))
    }

    /// The next member's key, left as its text and before its colon (see
    /// `readColon`), or nil (after consuming `}`) when the object ends.
    mutating func readMemberKey(isFirst: Bool) throws(JSONSyntaxError) -> StringToken? {
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return nil
        }
        if !isFirst {
            guard peek() == UInt8(ascii: ",") else {
                throw error("expected ',' or '}' after an object member, found \(describeCurrent())", at: index)
            }
            index += 1
            skipWhitespace()
        }
        guard peek() == UInt8(ascii: "\"") else {
            throw error("expected a member name in double quotes, found \(describeCurrent())", at: index)
        }
        return try readString()
    }

    /// The colon after the member name `key`.
    mutating func readColon(after key: StringToken) throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
            throw error("expected ':' after the member name \"\(VisibleText.shortened(decode(key)))\", found \(describeCurrent())", at: index)
        }
        index += 1
    }

    /// The error for an array, starting at `start`, that goes past the limit.
    func arrayTooLong(startingAt start: Int) -> JSONSyntaxError {
        error("an array has more than \(arrayLimit) elements; \(arrayLimitReason)", at: start, isLimit: true)
    }

    /// The error for the member `key` named twice in one object.
    func duplicateMember(_ key: StringToken) -> JSONSyntaxError {
        error("the member \"\(VisibleText.shortened(decode(key)))\" appears twice in one object", at: key.start)
    }

    /// Consumes `[`, leaving the parser before the first element.
    public mutating func beginArray() throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "[") else {
            throw error("expected a JSON array ('['), found \(describeCurrent())", at: index)
        }
        try enterNesting()
        index += 1
    }

    /// Moves to the next element of an array begun with `beginArray`.
    /// Returns false (after consuming `]`) when the array ends.
    public mutating func nextElement(isFirst: Bool) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return false
        }
        if !isFirst {
            guard peek() == UInt8(ascii: ",") else {
                throw error("expected ',' or ']' after an array element, found \(describeCurrent())", at: index)
            }
            index += 1
        }
        return true
    }

    // MARK: Values

    /// How a value is read.
    enum Mode {
        /// Into the tape, checking that no object names a member twice and no
        /// array is longer than the limit.
        case build
        /// Checked as `build` checks it, and not kept.
        case check
        /// Only checked to be JSON: a member named twice and an array past the
        /// limit are not syntax, and a reader that only checks the text (the rest
        /// of a trace after an error) lets them pass.
        case skip
    }

    /// Reads one value at the current place into a tape of its own, which
    /// messages call `path` (`path[element]` unless `element` is nil).
    public mutating func parseValue(path: String = "", element: Int? = nil, eventIndex: Int? = nil) throws(JSONSyntaxError) -> JSONTape {
        skipWhitespace()
        tapeBase = index
        // The tape keeps the entries; the next value starts a list of its own, as long.
        let capacity = max(16, entries.count)
        entries = []
        entries.reserveCapacity(capacity)
        try value(.build)
        let bytes = Array(UnsafeBufferPointer(rebasing: text[tapeBase..<index]))
        return JSONTape(bytes: bytes, entries: entries, origin: position(at: tapeBase),
                        rootPath: path, rootElement: element, eventIndex: eventIndex)
    }

    /// Steps over one value, checking only that it is JSON (`Mode.skip`).
    public mutating func skipValue() throws(JSONSyntaxError) {
        try value(.skip)
    }

    /// A value read at the current place (`Mode.check` for a container): where
    /// it is, and a scalar's value.
    struct ValueToken {
        var kind: JSONKind
        var start: Int
        var end: Int
        /// A number's value, a boolean's as 0 or 1.
        var number: Double
        /// A string with an escape in it.
        var escaped: Bool
    }

    /// Reads the value at the current place, checking a container whole.
    mutating func readValue() throws(JSONSyntaxError) -> ValueToken {
        skipWhitespace()
        let start = index
        guard let byte = peek() else {
            throw error("unexpected end of file where a value was expected (is the file truncated?)", at: start)
        }
        switch byte {
        case UInt8(ascii: "\""):
            let string = try readString()
            return ValueToken(kind: .string, start: start, end: index, number: 0, escaped: string.escaped)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try readNumber()
            return ValueToken(kind: .number, start: start, end: index, number: number, escaped: false)
        default:
            let kind: JSONKind
            switch byte {
            case UInt8(ascii: "{"): kind = .object
            case UInt8(ascii: "["): kind = .array
            case UInt8(ascii: "t"), UInt8(ascii: "f"): kind = .bool
            case UInt8(ascii: "n"): kind = .null
            default: kind = .null
            }
            try value(.check)
            return ValueToken(kind: kind, start: start, end: index, number: byte == UInt8(ascii: "t") ? 1 : 0, escaped: false)
        }
    }

    /// Reads the value at the current place as `mode` says.
    private mutating func value(_ mode: Mode) throws(JSONSyntaxError) {
        skipWhitespace()
        let start = index
        guard let byte = peek() else {
            throw error("unexpected end of file where a value was expected (is the file truncated?)", at: start)
        }
        switch byte {
        case UInt8(ascii: "{"):
            try object(mode)
        case UInt8(ascii: "["):
            try array(mode)
        case UInt8(ascii: "\""):
            let string = try readString()
            if mode == .build { append(.string, escaped: string.escaped, from: start) }
        case UInt8(ascii: "t"):
            try literal("true")
            if mode == .build { append(.bool, from: start, number: 1) }
        case UInt8(ascii: "f"):
            try literal("false")
            if mode == .build { append(.bool, from: start, number: 0) }
        case UInt8(ascii: "n"):
            try literal("null")
            if mode == .build { append(.null, from: start) }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let number = try readNumber()
            if mode == .build { append(.number, from: start, number: number) }
        default:
            throw error("expected a JSON value, found \(describeCurrent())", at: start)
        }
    }

    private mutating func object(_ mode: Mode) throws(JSONSyntaxError) {
        let start = index
        try enterNesting()
        defer { depth -= 1 }
        index += 1
        let me = entries.count
        if mode == .build { append(.object, from: start) }
        let firstChecked = checkedKeys.count
        defer { if mode == .check { checkedKeys.removeSubrange(firstChecked...) } }
        // Its member names once there are many, so an object of a million members
        // is checked for a name given twice in linear time.
        var names: Set<String> = []
        var count = 0
        var first = true
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "}") { index += 1; break }
            if !first {
                guard peek() == UInt8(ascii: ",") else {
                    throw error("expected ',' or '}' after an object member, found \(describeCurrent())", at: index)
                }
                index += 1
                skipWhitespace()
            }
            first = false
            let keyStart = index
            guard peek() == UInt8(ascii: "\"") else {
                throw error("expected a member name in double quotes, found \(describeCurrent())", at: index)
            }
            let key = try readString()
            if mode != .skip {
                let duplicate = mode == .build ? isDuplicate(key, among: keysOfObject(at: me), count: count, names: &names)
                                               : isDuplicate(key, amongCheckedFrom: firstChecked, names: &names)
                if duplicate { throw duplicateMember(key) }
                if mode == .build { append(.string, escaped: key.escaped, from: keyStart) } else { checkedKeys.append(key) }
                count += 1
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name \"\(VisibleText.shortened(decode(key)))\", found \(describeCurrent())", at: index)
            }
            index += 1
            try value(mode)
        }
        if mode == .build { close(me) }
    }

    /// The keys of the object being built whose entry is `me`.
    private func keysOfObject(at me: Int) -> [StringToken] {
        var keys: [StringToken] = []
        var entry = me + 1
        while entry < entries.count {
            keys.append(StringToken(start: tapeBase + Int(entries[entry].start), end: tapeBase + Int(entries[entry].end),
                                    escaped: entries[entry].escaped))
            entry = Int(entries[entry + 1].next)
        }
        return keys
    }

    /// Whether `key` names one of the `count` members read before it: compared
    /// as text while there are few, through a set of their names once there are many.
    mutating func isDuplicate(_ key: StringToken, among earlier: [StringToken], count: Int, names: inout Set<String>) -> Bool {
        if count >= 15 {
            if names.isEmpty {
                for other in earlier { names.insert(decode(other)) }
            }
            return !names.insert(decode(key)).inserted
        }
        for other in earlier where sameText(key, other) { return true }
        return false
    }

    /// `isDuplicate(_:among:count:names:)` for the keys `checkedKeys` holds from `first` on.
    private mutating func isDuplicate(_ key: StringToken, amongCheckedFrom first: Int, names: inout Set<String>) -> Bool {
        let count = checkedKeys.count - first
        if count >= 15 { return isDuplicate(key, among: Array(checkedKeys[first...]), count: count, names: &names) }
        for other in first..<checkedKeys.count where sameText(key, checkedKeys[other]) { return true }
        return false
    }

    /// Whether two strings read are the same text.
    func sameText(_ a: StringToken, _ b: StringToken) -> Bool {
        if !a.escaped && !b.escaped {
            return a.end - a.start == b.end - b.start && text[a.start..<a.end].elementsEqual(text[b.start..<b.end])
        }
        return decode(a) == decode(b)
    }

    private mutating func array(_ mode: Mode) throws(JSONSyntaxError) {
        let start = index
        try enterNesting()
        defer { depth -= 1 }
        index += 1
        let me = entries.count
        if mode == .build { append(.array, from: start) }
        var count = 0
        var first = true
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "]") { index += 1; break }
            if !first {
                guard peek() == UInt8(ascii: ",") else {
                    throw error("expected ',' or ']' after an array element, found \(describeCurrent())", at: index)
                }
                index += 1
            }
            first = false
            if mode != .skip {
                guard count < arrayLimit else { throw arrayTooLong(startingAt: start) }
            }
            try value(mode)
            count += 1
        }
        if mode == .build { close(me) }
    }

    // MARK: The tape

    private mutating func append(_ kind: JSONKind, escaped: Bool = false, from start: Int, number: Double = 0) {
        let next = Int32(truncatingIfNeeded: entries.count + 1)
        entries.append(JSONTape.Entry(kind: kind, escaped: escaped, start: Int32(truncatingIfNeeded: start - tapeBase),
                                      end: Int32(truncatingIfNeeded: index - tapeBase), next: next, number: number))
    }

    /// Ends the container at entry `me` here, after everything in it.
    private mutating func close(_ me: Int) {
        entries[me].end = Int32(truncatingIfNeeded: index - tapeBase)
        entries[me].next = Int32(truncatingIfNeeded: entries.count)
    }

    // MARK: Pieces

    private mutating func enterNesting() throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else {
            throw error("values are nested more than \(Self.maximumDepth) deep", at: index, isLimit: true)
        }
        depth += 1
    }

    private func peek() -> UInt8? {
        index < text.count ? text[index] : nil
    }

    private mutating func skipWhitespace() {
        let text = self.text
        var at = index
        while at < text.count {
            let byte = text[at]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { break }
            at += 1
        }
        index = at
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let start = index
        for byte in UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard peek() == byte else {
                throw error("expected the literal '\(word)', found \(describeCurrent())", at: index < text.count ? index : start)
            }
            index += 1
        }
    }

    // MARK: Numbers

    private mutating func readNumber() throws(JSONSyntaxError) -> Double {
        // The usual number, read in one scan: at most 15 digits, a fraction or none,
        // no exponent — every number, row, id, time and offset in a trace. Its value
        // is what `exactDecimal` gives; anything else is read in full.
        let text = self.text
        var scan = index
        let negative = text[scan] == UInt8(ascii: "-")
        if negative { scan += 1 }
        let digitsStart = scan
        var digits = 0
        while scan < text.count, Self.isDigit(text[scan]), scan - digitsStart < 16 {
            digits = digits &* 10 &+ Int(text[scan] &- UInt8(ascii: "0"))
            scan += 1
        }
        let wholeDigits = scan - digitsStart
        var fractionDigits = 0
        if wholeDigits > 0, scan < text.count, text[scan] == UInt8(ascii: ".") {
            scan += 1
            let fractionStart = scan
            while scan < text.count, Self.isDigit(text[scan]), wholeDigits + scan - fractionStart < 16 {
                digits = digits &* 10 &+ Int(text[scan] &- UInt8(ascii: "0"))
                scan += 1
            }
            fractionDigits = scan - fractionStart
            if fractionDigits == 0 { return try readNumberInFull() }
        }
        let next = scan < text.count ? text[scan] : 0
        guard wholeDigits > 0, wholeDigits + fractionDigits <= 15,
              !(wholeDigits > 1 && text[digitsStart] == UInt8(ascii: "0")),
              next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E"), !Self.isDigit(next) else {
            return try readNumberInFull()
        }
        index = scan
        if fractionDigits == 0 { return Double(negative ? -digits : digits) }
        let value = Double(digits) / Self.powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    private mutating func readNumberInFull() throws(JSONSyntaxError) -> Double {
        let start = index
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), Self.isDigit(first) else {
            throw error("expected a digit in a number, found \(describeCurrent())", at: index)
        }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek(), Self.isDigit(next) {
                throw error("numbers may not have leading zeros", at: start)
            }
        } else {
            while let byte = peek(), Self.isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: ".") {
            index += 1
            guard let byte = peek(), Self.isDigit(byte) else {
                throw error("expected a digit after the decimal point, found \(describeCurrent())", at: index)
            }
            while let byte = peek(), Self.isDigit(byte) { index += 1 }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard let byte = peek(), Self.isDigit(byte) else {
                throw error("expected a digit in the exponent, found \(describeCurrent())", at: index)
            }
            while let byte = peek(), Self.isDigit(byte) { index += 1 }
        }
        if let exact = exactDecimal(from: start) { return exact }
        let spelled = String(decoding: text[start..<index], as: UTF8.self)
        guard let value = Double(spelled), value.isFinite else {
            throw error("the number \(spelled) is too large", at: start)
        }
        return value
    }

    /// The value of the number just read from `start` when it has a fraction of at
    /// most 15 significant digits and no exponent — every time and offset in a
    /// trace — else nil. `Double(digits) / 10^k` is then the correctly rounded
    /// value, as `Double(String)` gives: both operands are exact doubles and the
    /// division rounds correctly.
    private mutating func exactDecimal(from start: Int) -> Double? {
        var at = start
        let negative = text[at] == UInt8(ascii: "-")
        if negative { at += 1 }
        var digits = 0, significant = 0, scale = 0
        var afterPoint = false
        while at < index {
            let byte = text[at]
            at += 1
            if byte == UInt8(ascii: ".") { afterPoint = true; continue }
            guard Self.isDigit(byte) else { return nil }
            digits = digits &* 10 &+ Int(byte - UInt8(ascii: "0"))
            if digits > 0 { significant += 1 }
            if afterPoint { scale += 1 }
            guard significant <= 15, scale <= 22 else { return nil }
        }
        let value = Double(digits) / Self.powersOfTen[scale]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: Strings

    /// A string read and checked, its quotes included.
    struct StringToken {
        var start: Int
        var end: Int
        /// It has an escape in it.
        var escaped: Bool
    }

    /// Reads a string: checks its text is valid UTF-8 without raw control
    /// characters and its escapes are well formed, and says where it lies.
    private mutating func readString() throws(JSONSyntaxError) -> StringToken {
        let start = index
        let text = self.text
        // The usual string: printable ASCII without escapes (nearly every key and value).
        var scan = index + 1
        while scan < text.count {
            let byte = text[scan]
            if byte == UInt8(ascii: "\"") {
                index = scan + 1
                return StringToken(start: start, end: index, escaped: false)
            }
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\\") || scan - start > Self.maximumStringBytes { break }
            scan += 1
        }
        return try readStringInFull()
    }

    /// The error for a string, starting at `start`, longer than the limit.
    func stringTooLong(startingAt start: Int) -> JSONSyntaxError {
        error("a string is longer than \(Self.maximumStringBytes) bytes; no text in a ReuseLab file is that long", at: start, isLimit: true)
    }

    private mutating func readStringInFull() throws(JSONSyntaxError) -> StringToken {
        let start = index
        index += 1 // opening quote
        var runStart = index
        var runIsASCII = true
        var escaped = false
        // The run of plain bytes before `index` must be valid UTF-8.
        func checkRun(_ parser: JSONParser) throws(JSONSyntaxError) {
            guard !runIsASCII, runStart < parser.index else { return }
            guard String(validating: UnsafeBufferPointer(rebasing: parser.text[runStart..<parser.index]), as: UTF8.self) != nil else {
                throw parser.error("the string is not valid UTF-8 text (is this a binary file?)", at: start)
            }
        }
        while true {
            guard index - start <= Self.maximumStringBytes + 1 else { throw stringTooLong(startingAt: start) }
            guard let byte = peek() else {
                throw error("unexpected end of file inside a string that starts here (is the file truncated?)", at: start)
            }
            if byte == UInt8(ascii: "\"") {
                try checkRun(self)
                index += 1
                return StringToken(start: start, end: index, escaped: escaped)
            }
            if byte < 0x20 {
                throw error(byte == 0x0A
                    ? "a line break inside a string (write it as \\n, or close the string)"
                    : "control character U+\(hex4(UInt32(byte))) inside a string (escape it as \\u\(hex4(UInt32(byte))))", at: index)
            }
            if byte == UInt8(ascii: "\\") {
                try checkRun(self)
                escaped = true
                try readEscape(stringStart: start)
                runStart = index
                runIsASCII = true
                continue
            }
            if byte >= 0x80 { runIsASCII = false }
            index += 1
        }
    }

    /// Reads the escape at `index` (its backslash), checking it.
    private mutating func readEscape(stringStart: Int) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard let escaped = peek() else {
            throw error("unexpected end of file inside a string that starts here (is the file truncated?)", at: stringStart)
        }
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return
        case UInt8(ascii: "u"):
            let unit = try readHex4(escapeStart)
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate must be followed by an escaped low surrogate.
                let surrogate = "a \\u escape for a high surrogate must be followed by a low surrogate"
                guard peek() == UInt8(ascii: "\\") else { throw error(surrogate, at: escapeStart) }
                index += 1
                guard peek() == UInt8(ascii: "u") else { throw error(surrogate, at: escapeStart) }
                index += 1
                let low = try readHex4(escapeStart)
                guard (0xDC00...0xDFFF).contains(low) else { throw error(surrogate, at: escapeStart) }
                guard Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) != nil else {
                    throw error("invalid \\u escape", at: escapeStart)
                }
            } else if Unicode.Scalar(unit) == nil {
                throw error("a lone low surrogate \\u\(hex4(unit)) is not a character", at: escapeStart)
            }
        default:
            throw error("unknown escape '\\\(describeByte(escaped))' in a string (JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: escapeStart)
        }
    }

    private mutating func readHex4(_ escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else {
                throw error("unexpected end of file inside a \\u escape", at: escapeStart)
            }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                throw error("expected four hexadecimal digits after \\u", at: escapeStart)
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// The text of a string read and checked.
    func decode(_ token: StringToken) -> String {
        let tape = JSONTape(bytes: Array(text[token.start..<token.end]),
                            entries: [JSONTape.Entry(kind: .string, escaped: token.escaped, start: 0,
                                                     end: Int32(truncatingIfNeeded: token.end - token.start), next: 1, number: 0)],
                            origin: .start)
        return tape.string(0)
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return String((0..<4).reversed().map { digits[Int((value >> (UInt32($0) * 4)) & 0xF)] })
    }

    /// Names the byte at the current place for a message, with control characters made visible.
    private func describeCurrent() -> String {
        guard let byte = peek() else { return "the end of the file (is the file truncated?)" }
        return "'\(describeByte(byte))'"
    }

    private func describeByte(_ byte: UInt8) -> String {
        switch byte {
        case 0x20...0x7E: return String(UnicodeScalar(byte))
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        default: return "\\x" + String(hex4(UInt32(byte)).suffix(2))
        }
    }
}
