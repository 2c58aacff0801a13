/// Numbers as a person reads them in text: at most one decimal, so 1583.333 ms
/// reads "1583.3 ms" and 3049.995 ms reads "3050 ms". JSON output never goes
/// through here; it keeps full precision.
public enum ReadableNumber {
    /// `value` rounded to one decimal, without a trailing ".0" ("12", "0.5", "-3.2").
    /// Past 10^15 a tenth means nothing and the value is rounded to a whole number;
    /// NaN and the infinities read "nan", "inf" and "-inf".
    public static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite else { return JSONWriter.formatNumber(value) }
        // `value * 10` would overflow near the largest Double.
        let rounded = abs(value) < 1e15 ? (value * 10).rounded() / 10 : value.rounded()
        // -0.04 rounds to -0.0, which reads "0".
        return JSONWriter.formatNumber(rounded == 0 ? 0 : rounded)
    }

    /// "1583.3 ms".
    public static func ms(_ milliseconds: Double) -> String { oneDecimal(milliseconds) + " ms" }

    /// "1583.3 ms".
    public static func ms(_ time: VirtualTime) -> String { ms(time.milliseconds) }

    /// "12.5 pt": a content offset or a distance in points.
    public static func points(_ points: Double) -> String { oneDecimal(points) + " pt" }
}
