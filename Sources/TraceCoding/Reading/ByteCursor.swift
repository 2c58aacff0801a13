import TraceModel
import ToolSupport

/// Reads JSON tokens straight from bytes for the fast event decoder, taking only
/// the plainest forms and declining (nil) everything else, so that whatever it
/// does take, `JSONParser` would read to the very same value.
///
/// Numbers: an optional minus (not on a zero), up to 9 whole digits without a
/// leading zero, an optional fraction, at most 15 digits in all, no exponent — so
/// the value is exact and below every range a trace event allows. Strings: no
/// escapes and no control characters. When the bytes end before a token does,
/// `ranOut` is set: the caller gives it more bytes, or leaves the event to the parser.
struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    /// Set when a token ran into the end of `bytes`.
    private(set) var ranOut = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) {
        self.bytes = bytes
        self.index = index
    }

    /// A number as read: its value, and the value as an `Int` when it is a whole
    /// number written without sign or fraction.
    struct Number {
        var value: Double
        /// -1 unless the number is a plain non-negative whole number.
        var whole: Int
        var isNegative: Bool
    }

    /// A string's bytes, between its quotes.
    struct Text {
        var start: Int
        var end: Int
        var isASCII: Bool
    }

    /// The next byte after any white space, or nil (with `ranOut`) at the end.
    mutating func nextAfterSpace() -> UInt8? {
        var i = index
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte != 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 {
                index = i
                return byte
            }
            i += 1
        }
        index = i
        ranOut = true
        return nil
    }

    /// Steps over one byte already looked at.
    mutating func skip() { index += 1 }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= 0x30 && byte <= 0x39 ? Int(byte - 0x30) : nil
    }

    mutating func number() -> Number? {
        var i = index
        let count = bytes.count
        let negative = bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < count else { ranOut = true; return nil }
        var mantissa = 0, digits = 0
        guard let first = Self.digit(bytes[i]) else { return nil }
        if first == 0 {
            i += 1
            digits = 1
            guard i < count else { ranOut = true; return nil }
            if Self.digit(bytes[i]) != nil { return nil }
        } else {
            while i < count, let value = Self.digit(bytes[i]) {
                mantissa = mantissa * 10 + value
                digits += 1
                i += 1
                if digits > 9 { return nil }
            }
            guard i < count else { ranOut = true; return nil }
        }
        var fractionDigits = 0
        if bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < count, let value = Self.digit(bytes[i]) {
                mantissa = mantissa * 10 + value
                fractionDigits += 1
                i += 1
                if digits + fractionDigits > 15 { return nil }
            }
            guard i < count else { ranOut = true; return nil }
            guard fractionDigits > 0 else { return nil }
        }
        if bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") { return nil }
        // A negative zero is read as 0 by one path of the parser and as -0.0 by another: left to it.
        if negative && mantissa == 0 { return nil }
        index = i
        // Both operands are exact (fewer than 2^53, a power of ten up to 1e15), so
        // the one division is correctly rounded: the value strtod gives the text.
        let magnitude = Double(mantissa) / Self.powersOfTen[fractionDigits]
        return Number(value: negative ? -magnitude : magnitude,
                      whole: negative || fractionDigits > 0 ? -1 : mantissa, isNegative: negative)
    }

    /// A string at the current `"`.
    mutating func text() -> Text? {
        var i = index + 1
        let count = bytes.count
        var ascii = true
        while i < count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                let text = Text(start: index + 1, end: i, isASCII: ascii)
                index = i + 1
                return text
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte >= 0x80 { ascii = false }
            i += 1
        }
        ranOut = true
        return nil
    }

    /// `true`, `false` or `null` at the current place: 1, 0, or -1 for null.
    mutating func literal() -> Int? {
        let word: StaticString, value: Int
        switch bytes[index] {
        case UInt8(ascii: "t"): (word, value) = ("true", 1)
        case UInt8(ascii: "f"): (word, value) = ("false", 0)
        case UInt8(ascii: "n"): (word, value) = ("null", -1)
        default: return nil
        }
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { ranOut = true; return nil }
        for offset in 1..<length where word.utf8Start[offset] != bytes[index + offset] { return nil }
        index += length
        return value
    }

    /// The string's bytes equal `name`'s.
    func text(_ text: Text, equals name: [UInt8]) -> Bool {
        guard text.end - text.start == name.count else { return false }
        for offset in 0..<name.count where bytes[text.start + offset] != name[offset] { return false }
        return true
    }

    /// The string as Swift text: ASCII as it is, other UTF-8 only when valid (as the parser demands).
    func string(_ text: Text) -> String? {
        let slice = UnsafeBufferPointer(rebasing: bytes[text.start..<text.end])
        return text.isASCII ? String(decoding: slice, as: UTF8.self) : String(validating: slice, as: UTF8.self)
    }
}
