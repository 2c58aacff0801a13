/// A read position in a line's Unicode scalars, for the hand-written readers of
/// prefixes, timestamps and printed values.
///
/// The readers work on scalars rather than `Character`s: a console line may hold
/// anything (control characters, lone combining marks, replacement characters), and
/// scalars give every reader the same positions. Every read checks its bounds, so
/// no input can make a reader trap.
struct ScalarCursor {
    let scalars: [Unicode.Scalar]
    var position: Int
    let end: Int

    init(_ scalars: [Unicode.Scalar], from start: Int = 0, to end: Int? = nil) {
        self.scalars = scalars
        self.end = Swift.min(end ?? scalars.count, scalars.count)
        self.position = Swift.max(0, Swift.min(start, self.end))
    }

    var isAtEnd: Bool { position >= end }

    /// The scalar `ahead` places after the position, or nil past either end.
    func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let index = position + ahead
        return index >= 0 && index < end ? scalars[index] : nil
    }

    mutating func advance(_ count: Int = 1) {
        position = Swift.min(position + count, end)
    }

    /// Steps over `scalar` when it is next.
    mutating func take(_ scalar: Unicode.Scalar) -> Bool {
        guard peek() == scalar else { return false }
        position += 1
        return true
    }

    /// Steps over `text` when it comes next, exactly.
    mutating func take(_ text: String) -> Bool {
        var index = position
        for scalar in text.unicodeScalars {
            guard index < end, scalars[index] == scalar else { return false }
            index += 1
        }
        position = index
        return true
    }

    /// Steps over spaces and tabs; returns how many.
    @discardableResult
    mutating func skipSpaces() -> Int {
        let start = position
        while let scalar = peek(), scalar.isBlank { position += 1 }
        return position - start
    }

    /// Reads `minCount...maxCount` ASCII digits as a number. Fails (moving nothing)
    /// with fewer than `minCount`; stops after `maxCount`, which callers keep small
    /// enough (at most 18) that the value cannot overflow.
    mutating func digits(min minCount: Int = 1, max maxCount: Int) -> (value: Int, count: Int)? {
        var value = 0
        var count = 0
        while count < maxCount, let digit = peek(count)?.asciiDigitValue {
            value = value * 10 + digit
            count += 1
        }
        guard count >= minCount else { return nil }
        position += count
        return (value, count)
    }

    /// Steps over hexadecimal digits; returns how many.
    @discardableResult
    mutating func skipHexDigits() -> Int {
        let start = position
        while let scalar = peek(), scalar.isHexDigit { position += 1 }
        return position - start
    }
}
