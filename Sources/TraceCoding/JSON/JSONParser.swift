import TraceModel
import ToolSupport

/// A strict JSON (RFC 8259) reader over UTF-8 bytes that knows the line and column
/// of everything it reads.
///
/// It reads one value at a time, so the trace reader can walk a large `events`
/// array event by event instead of building the whole document in memory. It never
/// traps on input: every malformed byte sequence becomes a `JSONSyntaxError`.
public struct JSONParser {
    /// Deeper nesting than this is refused rather than risking the stack.
    public static let maximumDepth = 256
    /// Longer arrays are refused while reading, before they take memory: no list
    /// in a scenario, trace or lesson has more (a table has at most 1,000,000 rows).
    public static let maximumArrayElements = 1_000_000

    /// The array limit in force, and what to say when it is passed; a reader that
    /// knows its lists are shorter (a trace's events) lowers it.
    public var arrayLimit = JSONParser.maximumArrayElements
    public var arrayLimitReason = "no list in a ReuseLab file is that long (a table has at most 1,000,000 rows)"

    private let bytes: [UInt8]
    private(set) var index: Int = 0
    private var line: Int = 1
    private var column: Int = 1
    private var depth: Int = 0

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        // A UTF-8 byte-order mark is tolerated, as most editors may write one.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
        }
    }

    /// A parser over a piece of a larger document (one trace event, one header
    /// member): `bytes` begin at `position`, inside `depth` open arrays and objects,
    /// and no byte-order mark is looked for. Positions and the nesting limit come
    /// out as they would for the whole document.
    init(fragment bytes: [UInt8], startingAt position: SourcePosition, depth: Int) {
        self.bytes = bytes
        self.line = position.line
        self.column = position.column
        self.depth = depth
    }

    /// Whether every byte given has been read: a fragment that stops here may
    /// only be cut short, not finished.
    var isAtEnd: Bool { index >= bytes.count }

    /// Where the parser stands now.
    public var position: SourcePosition { SourcePosition(line: line, column: column) }

    /// A saved place, to come back to with `restore`.
    public struct Mark { fileprivate var index, line, column, depth: Int }
    public var mark: Mark { Mark(index: index, line: line, column: column, depth: depth) }
    public mutating func restore(_ mark: Mark) {
        index = mark.index; line = mark.line; column = mark.column; depth = mark.depth
    }

    // MARK: Whole documents

    /// Reads one complete JSON document: a single value and nothing after it but white space.
    public static func parseDocument(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        let node = try parser.parseValue()
        try parser.expectEnd()
        return node
    }

    /// Fails unless only white space is left.
    public mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        if index < bytes.count {
            throw JSONSyntaxError("unexpected \(describeCurrent()) after the end of the JSON document", at: position)
        }
    }

    // MARK: Streaming pieces

    /// Consumes `{`, leaving the parser before the first member.
    public mutating func beginObject() throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "{") else {
            throw JSONSyntaxError("expected a JSON object ('{'), found \(describeCurrent())", at: position)
        }
        try enterNesting()
        advance()
    }

    /// Reads the next member key of an object begun with `beginObject`, and its colon.
    /// Returns nil (after consuming `}`) when the object ends.
    public mutating func nextMemberKey(isFirst: Bool) throws(JSONSyntaxError) -> (key: String, position: SourcePosition)? {
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            advance()
            depth -= 1
            return nil
        }
        if !isFirst {
            guard peek() == UInt8(ascii: ",") else {
                throw JSONSyntaxError("expected ',' or '}' after an object member, found \(describeCurrent())", at: position)
            }
            advance()
            skipWhitespace()
        }
        let keyPosition = position
        guard peek() == UInt8(ascii: "\"") else {
            throw JSONSyntaxError("expected a member name in double quotes, found \(describeCurrent())", at: position)
        }
        let key = try parseString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else {
            throw JSONSyntaxError("expected ':' after the member name \"\(VisibleText.shortened(key))\", found \(describeCurrent())", at: position)
        }
        advance()
        return (key, keyPosition)
    }

    /// Consumes `[`, leaving the parser before the first element.
    public mutating func beginArray() throws(JSONSyntaxError) {
        skipWhitespace()
        guard peek() == UInt8(ascii: "[") else {
            throw JSONSyntaxError("expected a JSON array ('['), found \(describeCurrent())", at: position)
        }
        try enterNesting()
        advance()
    }

    /// Moves to the next element of an array begun with `beginArray`.
    /// Returns false (after consuming `]`) when the array ends.
    public mutating func nextElement(isFirst: Bool) throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            advance()
            depth -= 1
            return false
        }
        if !isFirst {
            guard peek() == UInt8(ascii: ",") else {
                throw JSONSyntaxError("expected ',' or ']' after an array element, found \(describeCurrent())", at: position)
            }
            advance()
        }
        return true
    }

    // MARK: Values

    /// Reads one value at the current place.
    public mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        let start = position
        guard let byte = peek() else {
            throw JSONSyntaxError("unexpected end of file where a value was expected (is the file truncated?)", at: start)
        }
        switch byte {
        case UInt8(ascii: "{"):
            try enterNesting()
            defer { depth -= 1 }
            advance()
            var object = JSONObject()
            // Duplicate names are found with a set once an object grows past a few
            // members, so an object of a million members is read in linear time.
            var seenKeys: Set<String> = []
            var first = true
            while true {
                skipWhitespace()
                if peek() == UInt8(ascii: "}") { advance(); break }
                if !first {
                    guard peek() == UInt8(ascii: ",") else {
                        throw JSONSyntaxError("expected ',' or '}' after an object member, found \(describeCurrent())", at: position)
                    }
                    advance()
                    skipWhitespace()
                }
                first = false
                let keyPosition = position
                guard peek() == UInt8(ascii: "\"") else {
                    throw JSONSyntaxError("expected a member name in double quotes, found \(describeCurrent())", at: position)
                }
                let key = try parseString()
                let duplicate = object.members.count < 16 ? object.members.contains(where: { $0.key == key }) : seenKeys.contains(key)
                if object.members.count >= 15 {
                    if seenKeys.isEmpty { seenKeys = Set(object.members.map(\.key)) }
                    seenKeys.insert(key)
                }
                if duplicate {
                    throw JSONSyntaxError("the member \"\(VisibleText.shortened(key))\" appears twice in one object", at: keyPosition)
                }
                skipWhitespace()
                guard peek() == UInt8(ascii: ":") else {
                    throw JSONSyntaxError("expected ':' after the member name \"\(VisibleText.shortened(key))\", found \(describeCurrent())", at: position)
                }
                advance()
                let value = try parseValue()
                object.members.append(.init(key: key, keyPosition: keyPosition, value: value))
            }
            return JSONNode(.object(object), at: start)
        case UInt8(ascii: "["):
            try enterNesting()
            defer { depth -= 1 }
            advance()
            var elements: [JSONNode] = []
            var first = true
            while true {
                skipWhitespace()
                if peek() == UInt8(ascii: "]") { advance(); break }
                if !first {
                    guard peek() == UInt8(ascii: ",") else {
                        throw JSONSyntaxError("expected ',' or ']' after an array element, found \(describeCurrent())", at: position)
                    }
                    advance()
                }
                first = false
                guard elements.count < arrayLimit else {
                    throw JSONSyntaxError("an array has more than \(arrayLimit) elements; \(arrayLimitReason)", at: start, isLimit: true)
                }
                elements.append(try parseValue())
            }
            return JSONNode(.array(elements), at: start)
        case UInt8(ascii: "\""):
            return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "t"):
            try parseLiteral("true")
            return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try parseLiteral("false")
            return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try parseLiteral("null")
            return JSONNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
        default:
            throw JSONSyntaxError("expected a JSON value, found \(describeCurrent())", at: start)
        }
    }

    /// Skips one value without building it (used to step over an `events` array).
    public mutating func skipValue() throws(JSONSyntaxError) {
        skipWhitespace()
        switch peek() {
        case UInt8(ascii: "{"):
            try beginObject()
            var first = true
            while try nextMemberKey(isFirst: first) != nil {
                first = false
                try skipValue()
            }
        case UInt8(ascii: "["):
            try beginArray()
            var first = true
            while try nextElement(isFirst: first) {
                first = false
                try skipValue()
            }
        default:
            _ = try parseValue()
        }
    }

    // MARK: Pieces

    private mutating func enterNesting() throws(JSONSyntaxError) {
        guard depth < Self.maximumDepth else {
            throw JSONSyntaxError("values are nested more than \(Self.maximumDepth) deep", at: position)
        }
        depth += 1
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            // Count characters, not bytes: UTF-8 continuation bytes do not move the column.
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            advance()
        }
    }

    private mutating func parseLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let start = position
        let expected = word.withUTF8Buffer { Array($0) }
        for byte in expected {
            guard peek() == byte else {
                throw JSONSyntaxError("expected the literal '\(word)', found \(describeCurrent())", at: index < bytes.count ? position : start)
            }
            advance()
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        // Fast path: a small whole number (ids, rows, seq) needs no strtod.
        var scan = index
        var whole = 0
        let negative = bytes[scan] == UInt8(ascii: "-")
        if negative { scan += 1 }
        let digitsStart = scan
        while scan < bytes.count, isDigit(bytes[scan]), scan - digitsStart < 15 {
            whole = whole * 10 + Int(bytes[scan] - UInt8(ascii: "0"))
            scan += 1
        }
        let digitCount = scan - digitsStart
        let next = scan < bytes.count ? bytes[scan] : 0
        if digitCount > 0, digitCount < 15, !(digitCount > 1 && bytes[digitsStart] == UInt8(ascii: "0")),
           next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E"), !isDigit(next) {
            column += scan - index
            index = scan
            return Double(negative ? -whole : whole)
        }
        return try parseNumberSlowly()
    }

    private mutating func parseNumberSlowly() throws(JSONSyntaxError) -> Double {
        let start = position
        let startIndex = index
        if peek() == UInt8(ascii: "-") { advance() }
        guard let first = peek(), isDigit(first) else {
            throw JSONSyntaxError("expected a digit in a number, found \(describeCurrent())", at: position)
        }
        if first == UInt8(ascii: "0") {
            advance()
            if let next = peek(), isDigit(next) {
                throw JSONSyntaxError("numbers may not have leading zeros", at: start)
            }
        } else {
            while let byte = peek(), isDigit(byte) { advance() }
        }
        if peek() == UInt8(ascii: ".") {
            advance()
            guard let byte = peek(), isDigit(byte) else {
                throw JSONSyntaxError("expected a digit after the decimal point, found \(describeCurrent())", at: position)
            }
            while let byte = peek(), isDigit(byte) { advance() }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            advance()
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { advance() }
            guard let byte = peek(), isDigit(byte) else {
                throw JSONSyntaxError("expected a digit in the exponent, found \(describeCurrent())", at: position)
            }
            while let byte = peek(), isDigit(byte) { advance() }
        }
        let text = String(decoding: bytes[startIndex..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError("the number \(text) is too large", at: start)
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        // Fast path: a string of printable ASCII without escapes (nearly every key and value).
        var scan = index + 1
        while scan < bytes.count {
            let byte = bytes[scan]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[(index + 1)..<scan], as: UTF8.self)
                column += scan + 1 - index
                index = scan + 1
                return text
            }
            if byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\\") { break }
            scan += 1
        }
        return try parseStringSlowly()
    }

    private mutating func parseStringSlowly() throws(JSONSyntaxError) -> String {
        let start = position
        advance() // opening quote
        var scalars = String.UnicodeScalarView()
        var runStart = index
        // Copies the run of plain bytes before `index`, checking that it is valid UTF-8.
        func flushRun(_ parser: inout JSONParser, _ scalars: inout String.UnicodeScalarView, from runStart: Int) throws(JSONSyntaxError) {
            guard runStart < parser.index else { return }
            guard let text = String(validating: parser.bytes[runStart..<parser.index], as: UTF8.self) else {
                throw JSONSyntaxError("the string is not valid UTF-8 text (is this a binary file?)", at: start)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while true {
            guard let byte = peek() else {
                throw JSONSyntaxError("unexpected end of file inside a string that starts here (is the file truncated?)", at: start)
            }
            if byte == UInt8(ascii: "\"") {
                try flushRun(&self, &scalars, from: runStart)
                advance()
                return String(scalars)
            }
            if byte < 0x20 {
                throw JSONSyntaxError(byte == 0x0A
                    ? "a line break inside a string (write it as \\n, or close the string)"
                    : "control character U+\(hex4(UInt32(byte))) inside a string (escape it as \\u\(hex4(UInt32(byte))))", at: position)
            }
            if byte == UInt8(ascii: "\\") {
                try flushRun(&self, &scalars, from: runStart)
                let escapePosition = position
                advance()
                guard let escaped = peek() else {
                    throw JSONSyntaxError("unexpected end of file inside a string that starts here (is the file truncated?)", at: start)
                }
                advance()
                switch escaped {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    let unit = try parseHex4(escapePosition)
                    if (0xD800...0xDBFF).contains(unit) {
                        // A high surrogate must be followed by an escaped low surrogate.
                        guard peek() == UInt8(ascii: "\\") else {
                            throw JSONSyntaxError("a \\u escape for a high surrogate must be followed by a low surrogate", at: escapePosition)
                        }
                        advance()
                        guard peek() == UInt8(ascii: "u") else {
                            throw JSONSyntaxError("a \\u escape for a high surrogate must be followed by a low surrogate", at: escapePosition)
                        }
                        advance()
                        let low = try parseHex4(escapePosition)
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw JSONSyntaxError("a \\u escape for a high surrogate must be followed by a low surrogate", at: escapePosition)
                        }
                        let combined = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                        guard let scalar = Unicode.Scalar(combined) else {
                            throw JSONSyntaxError("invalid \\u escape", at: escapePosition)
                        }
                        scalars.append(scalar)
                    } else {
                        guard let scalar = Unicode.Scalar(unit) else {
                            throw JSONSyntaxError("a lone low surrogate \\u\(hex4(unit)) is not a character", at: escapePosition)
                        }
                        scalars.append(scalar)
                    }
                default:
                    throw JSONSyntaxError("unknown escape '\\\(describeByte(escaped))' in a string (JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: escapePosition)
                }
                runStart = index
                continue
            }
            advance()
        }
    }

    private mutating func parseHex4(_ escapePosition: SourcePosition) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek() else {
                throw JSONSyntaxError("unexpected end of file inside a \\u escape", at: escapePosition)
            }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default:
                throw JSONSyntaxError("expected four hexadecimal digits after \\u", at: escapePosition)
            }
            value = value * 16 + digit
            advance()
        }
        return value
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
