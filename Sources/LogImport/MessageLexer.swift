/// The single pass behind `MessageTokens`: each kind of printed unit is read where
/// it starts, or, when it turns out not to be one (`[Category]` is no list), left
/// to be read as words and separators.
struct MessageLexer {
    let scalars: [Unicode.Scalar]
    let start: Int
    let end: Int
    var position: Int
    var tokens: [MessageTokens.Token] = []
    /// Cleared once a `<Class: 0x…` finds no closing `>` before the end. Later objects
    /// are then read without their descriptions: searching to the end again for each
    /// could take quadratic time, and such a line is damaged anyway.
    var objectsMayClose = true

    init(scalars: [Unicode.Scalar], start: Int, end: Int) {
        self.scalars = scalars
        self.start = start
        self.end = max(start, end)
        self.position = start
    }

    func at(_ index: Int) -> Unicode.Scalar? { index >= start && index < end ? scalars[index] : nil }

    mutating func run() -> [MessageTokens.Token] {
        // Room for a usual line's tokens at once, rather than growing one by one.
        tokens.reserveCapacity(min(end - start, 16))
        while position < end {
            let scalar = scalars[position]
            let begin = position
            if scalar.isASCIILetter {
                while let next = at(position), next.isASCIILetter { position += 1 }
                emit(.word, from: begin)
            } else if scalar.isASCIIDigit {
                readDigits()
            } else if scalar.isLetter {
                while let next = at(position), next.isLetter, !next.isASCIILetter { position += 1 }
                emit(.foreignWord, from: begin)
            } else if scalar == "[", let list = readList() {
                emit(.list(list), from: begin)
            } else if scalar == "<", let object = readObject() {
                emit(object, from: begin)
            } else if scalar == "{", let description = readIndexPathDescription() {
                emit(.indexPathDescription(description), from: begin)
            } else if scalar == "\u{1B}", at(position + 1) == "[" {
                // A terminal's colour code (`ESC [ 32 m`), from a log copied out of a
                // terminal: a separator, so its digits and letter join nothing.
                position += 2
                while let next = at(position), next.isASCIIDigit || next == ";" || next == "?" { position += 1 }
                if let final = at(position), final.value >= 0x40, final.value <= 0x7E { position += 1 }
                appendSeparator(from: begin)
            } else {
                position = begin + 1
                appendSeparator(from: begin)
            }
        }
        return tokens
    }

    /// Consecutive separators make one token, so a long run of spaces costs one.
    mutating func appendSeparator(from begin: Int) {
        if let last = tokens.last, last.kind == .separator, last.end == begin {
            tokens[tokens.count - 1].end = position
        } else {
            emit(.separator, from: begin)
        }
    }

    mutating func emit(_ kind: MessageTokens.Kind, from begin: Int) {
        tokens.append(MessageTokens.Token(kind: kind, start: begin, end: position))
    }

    // MARK: Numbers and addresses

    mutating func readDigits() {
        let begin = position
        let before = at(begin - 1)
        if before?.isLetterOrDigit != true, let address = readAddress() {
            emit(Self.isNullAddress(address) ? .unusableNumber : .address(address), from: begin)
            return
        }
        if scalars[begin] == "0", let x = at(begin + 1), x == "x" || x == "X" {
            // `0x` glued to a word, or with too many digits: no address, and no row.
            while let next = at(position), next.isLetterOrDigit { position += 1 }
            emit(.unusableNumber, from: begin)
            return
        }
        while let next = at(position), next.isASCIIDigit { position += 1 }
        var usable = true
        // Digits joined to more digits by `:`, `.`, `-` or `/` are one time, date,
        // decimal or version: the whole of it is passed over.
        while let joiner = at(position), joiner == ":" || joiner == "." || joiner == "-" || joiner == "/", at(position + 1)?.isASCIIDigit == true {
            usable = false
            position += 1
            while let next = at(position), next.isASCIIDigit { position += 1 }
        }
        if before?.isLetter == true || at(position)?.isLetter == true || at(position) == "%" { usable = false }
        // `4. How prefetching works`, `> 4. …`: the number of an item in a list of text.
        let first = tokens.isEmpty || (tokens.count == 1 && tokens[0].kind == .separator)
        if first, let mark = at(position), mark == "." || mark == ")", at(position + 1)?.isBlank == true { usable = false }
        if let sign = before, sign == "-" || sign == "+" {
            // A sign, unless the dash joins a word or an arrow (`row-3`, `--3`).
            let beforeSign = at(begin - 2)
            if beforeSign == nil || beforeSign.map({ $0.isSpace || "([=:,".unicodeScalars.contains($0) }) == true { usable = false }
        }
        emit(usable ? .number(Self.value(begin..<position, in: scalars)) : .unusableNumber, from: begin)
    }

    /// The digits' value when at most `largestRow`, else nil; never overflows.
    static func value(_ range: Range<Int>, in scalars: [Unicode.Scalar]) -> Int? {
        var digits = range.drop { scalars[$0] == "0" }
        if digits.isEmpty { digits = range.suffix(1) }
        guard digits.count <= 10 else { return nil }
        var value = 0
        for index in digits { value = value * 10 + (scalars[index].asciiDigitValue ?? 0) }
        return value <= MessageTokens.largestRow ? value : nil
    }

    func addressText(_ range: Range<Int>) -> String {
        String(lowercasing: scalars, range)
    }

    /// `0x` and up to 16 hexadecimal digits, not glued to more letters or digits.
    mutating func readAddress() -> String? {
        let begin = position
        guard at(position) == "0", let x = at(position + 1), x == "x" || x == "X" else { return nil }
        position += 2
        while let next = at(position), next.isHexDigit { position += 1 }
        let count = position - begin - 2
        guard count >= 1, count <= 16, at(position)?.isLetterOrDigit != true else {
            position = begin
            return nil
        }
        return addressText(begin..<position)
    }

    static func isNullAddress(_ text: String) -> Bool {
        text.unicodeScalars.dropFirst(2).allSatisfy { $0 == "0" }
    }

    // MARK: Structures

    /// `[` values `]`, values being whole numbers or nested lists (four deep at
    /// most), separated by commas. Anything else inside (`[Category]`, `[...]`) is no
    /// list: the position is left alone and `[` becomes a separator.
    mutating func readList() -> [PrintedValue]? {
        let begin = position
        guard let values = readList(depth: 1) else {
            position = begin
            return nil
        }
        return values
    }

    private mutating func readList(depth: Int) -> [PrintedValue]? {
        guard depth <= 4, at(position) == "[" else { return nil }
        position += 1
        skipBlanks()
        var values: [PrintedValue] = []
        if at(position) == "]" {
            position += 1
            return values
        }
        while true {
            if at(position) == "[" {
                guard let inner = readList(depth: depth + 1) else { return nil }
                values.append(.list(inner))
            } else if at(position)?.isASCIIDigit == true {
                let begin = position
                while let next = at(position), next.isASCIIDigit { position += 1 }
                values.append(.number(Self.value(begin..<position, in: scalars)))
            } else {
                return nil
            }
            skipBlanks()
            if at(position) == "]" {
                position += 1
                return values
            }
            guard at(position) == "," else { return nil }
            position += 1
            skipBlanks()
        }
    }

    /// `<ClassName: 0x…>` or `<ClassName: 0x…; more = (…); layer = <CALayer: 0x…>>`:
    /// the class and its address; everything up to the matching `>` is taken with it.
    mutating func readObject() -> MessageTokens.Kind? {
        let begin = position
        position += 1
        let nameStart = position
        if let first = at(position), first.isASCIILetter || first == "_" {
            while position - nameStart < 200, let next = at(position), next.isASCIILetter || next.isASCIIDigit || next == "_" || next == "." {
                position += 1
            }
        }
        let name = String(scalars, nameStart..<position)
        guard !name.isEmpty, at(position) == ":" else {
            position = begin
            return nil
        }
        position += 1
        skipBlanks()
        guard let address = readAddress() else {
            position = begin
            return nil
        }
        if at(position) == ">" {
            position += 1
        } else if objectsMayClose {
            // The description may nest other objects: find the `>` that closes this one.
            var probe = position
            var depth = 1
            while probe < end, depth > 0 {
                if scalars[probe] == "<" { depth += 1 } else if scalars[probe] == ">" { depth -= 1 }
                probe += 1
            }
            if depth == 0 { position = probe } else { objectsMayClose = false }
        }
        return .object(className: name, address: Self.isNullAddress(address) ? nil : address)
    }

    /// `{length = 2, path = 0 - 19}`, how `NSIndexPath` describes itself.
    mutating func readIndexPathDescription() -> LogIndexPath?? {
        var cursor = ScalarCursor(scalars, from: position, to: end)
        func word(_ text: String) -> Bool {
            cursor.skipSpaces()
            return cursor.take(text)
        }
        guard cursor.take("{"), word("length"), word("="), word(""), cursor.digits(max: 18) != nil,
              word(","), word("path"), word("=") else { return nil }
        var components: [Int?] = []
        repeat {
            cursor.skipSpaces()
            let digitsStart = cursor.position
            while cursor.peek()?.isASCIIDigit == true { cursor.advance() }
            guard cursor.position > digitsStart else { return nil }
            components.append(Self.value(digitsStart..<cursor.position, in: scalars))
            cursor.skipSpaces()
        } while cursor.take("-")
        guard cursor.take("}") else { return nil }
        position = cursor.position
        if components.count == 2, let section = components[0], let row = components[1] {
            return .some(LogIndexPath(section: section, row: row))
        }
        return .some(nil)
    }

    mutating func skipBlanks() {
        while let next = at(position), next.isBlank { position += 1 }
    }
}
