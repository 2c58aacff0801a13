/// Numbers as a person reads them in text: at most one decimal, so 1583.333 ms
/// reads "1583.3 ms" and 3049.995 ms reads "3050 ms". JSON output never goes
/// through here; it keeps full precision.
public enum ReadableNumber {
    /// `value` rounded to one decimal, without a trailing ".0" ("12", "0.5", "-3.2").
    /// Past 10^15 a tenth means nothing and the value is rounded to a whole number;
    /// NaN and the infinities read "nan", "inf" and "-inf".
    public static func oneDecimal(_ value: Double) -> String { text { $0.appendOneDecimal(value) } }

    /// "1583.3 ms".
    public static func ms(_ milliseconds: Double) -> String { text { $0.appendMilliseconds(milliseconds) } }

    /// "12.5 pt": a content offset or a distance in points.
    public static func points(_ points: Double) -> String { text { $0.appendPoints(points) } }

    private static func text(_ write: (inout [UInt8]) -> Void) -> String {
        var bytes: [UInt8] = []
        write(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Array where Element == UInt8 {
    /// `ReadableNumber.oneDecimal(value)`, written straight into bytes: a replay
    /// words a time or an offset for most steps.
    public mutating func appendOneDecimal(_ value: Double) {
        // The usual number: a whole number of tenths, far inside Int64, written as
        // its digits with the point before the last (none when that digit is 0).
        // Every such value reads as the general way below spells it (the shortest
        // decimal that reads back as the value rounded to tenths); a test holds the
        // two to the same spelling, since this way exists only for speed.
        guard value.isFinite, abs(value) < 1e14 else {
            appendOneDecimalInGeneral(value)
            return
        }
        let tenths = Int((value * 10).rounded())
        // -0.04 rounds to -0.0, which reads "0".
        if tenths < 0 { append(UInt8(ascii: "-")) }
        let magnitude = tenths.magnitude
        appendDecimal(Int(magnitude / 10))
        let digit = magnitude % 10
        if digit != 0 {
            append(UInt8(ascii: "."))
            append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digit))
        }
    }

    /// `ReadableNumber.ms`, written straight into bytes.
    public mutating func appendMilliseconds(_ milliseconds: Double) {
        appendOneDecimal(milliseconds)
        append(contentsOf: [0x20, 0x6D, 0x73]) // " ms"
    }

    /// `ReadableNumber.points`, written straight into bytes.
    public mutating func appendPoints(_ points: Double) {
        appendOneDecimal(points)
        append(contentsOf: [0x20, 0x70, 0x74]) // " pt"
    }

    /// `appendOneDecimal` for any value: rounded to tenths as a `Double`, spelled
    /// as JSON spells a number.
    mutating func appendOneDecimalInGeneral(_ value: Double) {
        guard value.isFinite else { append(utf8: NumberText.of(value)); return }
        // `value * 10` would overflow near the largest Double.
        let rounded = abs(value) < 1e15 ? (value * 10).rounded() / 10 : value.rounded()
        append(utf8: NumberText.of(rounded == 0 ? 0 : rounded))
    }

    /// `InputFile.describeSize(bytes)`, written straight into bytes.
    public mutating func appendSize(_ bytes: Int) {
        let size = Double(bytes)
        let unit: (size: Double, name: StaticString)
        if size >= 1_073_741_824 { unit = (1_073_741_824, " GB") }
        else if size >= 1_048_576 { unit = (1_048_576, " MB") }
        else if size >= 1024 { unit = (1024, " KB") }
        else {
            appendDecimal(bytes)
            append(utf8: " bytes")
            return
        }
        appendOneDecimal(size / unit.size)
        unit.name.withUTF8Buffer { append(contentsOf: $0) }
    }
}
