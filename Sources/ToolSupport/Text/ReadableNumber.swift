/// Numbers as a person reads them in text: at most one decimal, so 1583.333 ms
/// reads "1583.3 ms" and 3049.995 ms reads "3050 ms". JSON output never goes
/// through here; it keeps full precision.
public enum ReadableNumber {
    /// `value` rounded to one decimal, without a trailing ".0" ("12", "0.5", "-3.2"):
    /// rounded to tenths as a `Double` and spelled as a trace spells a number
    /// (`NumberText`). Past 10^15 a tenth means nothing and the value is rounded
    /// to a whole number; NaN and the infinities read "nan", "inf" and "-inf".
    public static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return NumberText.of(value) }
        // `value * 10` would overflow near the largest Double.
        let rounded = abs(value) < 1e15 ? (value * 10).rounded() / 10 : value.rounded()
        // -0.04 rounds to -0.0, which reads "0".
        return NumberText.of(rounded == 0 ? 0 : rounded)
    }

    /// "1583.3 ms".
    public static func ms(_ milliseconds: Double) -> String { oneDecimal(milliseconds) + " ms" }

    /// "12.5 pt": a content offset or a distance in points.
    public static func points(_ points: Double) -> String { oneDecimal(points) + " pt" }

    /// "1.5 GB", "12 KB", "300 bytes".
    public static func size(_ bytes: Int) -> String {
        let size = Double(bytes)
        for (unit, name) in [(1_073_741_824.0, " GB"), (1_048_576, " MB"), (1024, " KB")] where size >= unit {
            return oneDecimal(size / unit) + name
        }
        return "\(bytes) bytes"
    }
}
