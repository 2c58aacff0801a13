/// How ReuseLab spells a number, in a trace and in its messages, as bytes: a
/// whole number below 10^15 in size as an integer (`44`, not `44.0`), any other
/// in Swift's shortest round-trip form (`String(Double)`), which is the same on
/// every machine. The common case — up to three decimals, as every time and
/// offset a recording writes — is spelled here without going through `String`:
/// the shortest form of such a number is exactly its decimal digits (see
/// `appendShortDecimal`).
public enum NumberText {
    /// Whether `number` is a whole number (`number == number.rounded()`, told
    /// without a call to the C library for the usual sizes).
    public static func isWhole(_ number: Double) -> Bool {
        if abs(number) < 4e15 { return Double(Int64(number)) == number }
        return number == number.rounded()
    }

    /// `number` spelled as a trace spells it: `44`, `16.666`, `1e+20`.
    public static func of(_ number: Double) -> String {
        var buffer = ByteBuffer(capacity: 32)
        buffer.appendNumber(number)
        return buffer.string
    }
}

extension ByteBuffer {
    /// Appends `number` as `NumberText.of` spells it.
    public mutating func appendNumber(_ number: Double) {
        if number == number.rounded(), abs(number) < 1e15 {
            appendDecimal(Int64(number), fractionDigits: 0)
            return
        }
        if appendShortDecimal(number) { return }
        appendText(String(number))
    }

    /// Appends a whole number as `appendNumber(Double(value))` would spell it.
    public mutating func appendInteger(_ value: Int) {
        if value > -1_000_000_000_000_000 && value < 1_000_000_000_000_000 {
            appendDecimal(Int64(value), fractionDigits: 0)
        } else {
            appendNumber(Double(value))
        }
    }

    /// Powers of ten for `appendShortDecimal`.
    private static let scales: [Double] = [10, 100, 1000]

    /// Writes a number that is exactly `k / 10^d` for the smallest `d` in 1...3 and
    /// some `|k| < 10^15`, and returns true; returns false (writing nothing) otherwise.
    ///
    /// Why this is `String(number)`: `Double(k) / 10^d` is the double nearest the
    /// decimal `k·10^-d` (both operands are exact, the division is correctly
    /// rounded), so that decimal reads back as `number`. It has at most 15
    /// significant digits, and no two decimals of at most 15 significant digits read
    /// back as the same double, so no other decimal as short or shorter does:
    /// it is the shortest round-trip form, the digits `String` prints. Its last
    /// digit is not 0 (else a smaller `d` would have matched), and Swift prints
    /// numbers from 0.0001 to 2^53 without an exponent. `JSONBytesTests` checks it
    /// against `String` on many numbers.
    private mutating func appendShortDecimal(_ number: Double) -> Bool {
        for (index, scale) in Self.scales.enumerated() {
            let scaled = (number * scale).rounded()
            guard abs(scaled) < 1e15 else { return false }
            if scaled / scale == number {
                appendDecimal(Int64(scaled), fractionDigits: index + 1)
                return true
            }
        }
        return false
    }

    /// "00", "01", … "99": two digits at a time.
    private static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    /// Writes `value / 10^fractionDigits` in decimal: `-12.345` for (-12345, 3).
    /// `value`'s size is below 10^15, so nothing here can overflow.
    private mutating func appendDecimal(_ value: Int64, fractionDigits: Int) {
        var magnitude = value.magnitude
        let pairs = Self.digitPairs.utf8Start
        if fractionDigits == 0 && magnitude < 100 {
            // The commonest numbers of all, a cell's or an image's: one or two digits.
            reserve(3)
            if value < 0 { appendReserved(0x2D) }
            if magnitude >= 10 { appendReserved(pairs[Int(truncatingIfNeeded: magnitude) &* 2]) }
            appendReserved(0x30 | UInt8(truncatingIfNeeded: magnitude % 10))
            return
        }
        // Digits to write: at least one before the point, and every fraction digit;
        // three or more unless the number is below 100 with a fraction.
        var digits = 3
        var bound: UInt64 = 1000
        if magnitude < 100 {
            digits = magnitude < 10 ? 1 : 2
        } else {
            while digits < 19 && magnitude >= bound {
                digits += 1
                bound &*= 10
            }
        }
        digits = max(digits, fractionDigits + 1)
        let length = digits + (value < 0 ? 1 : 0) + (fractionDigits > 0 ? 1 : 0)
        reserve(length)
        var index = count + length - 1
        if fractionDigits > 0 {
            for _ in 0..<fractionDigits {
                set(0x30 | UInt8(truncatingIfNeeded: magnitude % 10), at: index)
                magnitude /= 10
                index -= 1
            }
            set(0x2E, at: index) // "."
            index -= 1
        }
        while magnitude >= 100 {
            let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
            magnitude /= 100
            set(pairs[pair &+ 1], at: index)
            set(pairs[pair], at: index - 1)
            index -= 2
        }
        if magnitude >= 10 {
            let pair = Int(truncatingIfNeeded: magnitude) &* 2
            set(pairs[pair &+ 1], at: index)
            set(pairs[pair], at: index - 1)
            index -= 2
        } else {
            set(0x30 | UInt8(truncatingIfNeeded: magnitude), at: index)
            index -= 1
        }
        if value < 0 { set(0x2D, at: index) } // "-"
        advance(by: length)
    }

    /// Appends text's UTF-8 as it is (for text already known to be safe JSON, such as a number's spelling).
    public mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }
}
