/// How the report writes its figures.
enum Format {
    /// "8.42 ms", "976.2 ms", "5.40 s".
    static func time(_ seconds: Double) -> String {
        let ms = seconds * 1000
        if ms < 10 { return fixed(ms, 2) + " ms" }
        if ms < 1000 { return fixed(ms, 1) + " ms" }
        return fixed(seconds, 2) + " s"
    }

    /// "31.2 MB", "1.30 GB" (a megabyte is 2^20 bytes, as the memory targets count it).
    static func memory(_ bytes: Int) -> String {
        let megabytes = Double(bytes) / Double(1 << 20)
        if megabytes < 1024 { return fixed(megabytes, 1) + " MB" }
        return fixed(megabytes / 1024, 2) + " GB"
    }

    static func percent(_ share: Double) -> String { fixed(share * 100, 1) + "%" }

    /// "1.87M events/s".
    static func rate(_ perSecond: Double) -> String {
        perSecond >= 1e6 ? fixed(perSecond / 1e6, 2) + "M events/s" : fixed(perSecond / 1e3, 0) + "k events/s"
    }

    static func ratio(_ value: Double) -> String { fixed(value, 2) + "×" }

    /// "1,058,980".
    static func count(_ value: Int) -> String {
        var digits = Array(String(value.magnitude))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return (value < 0 ? "-" : "") + String(digits)
    }

    /// `value` rounded to `decimals` places, written with exactly that many: "976.2".
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "?" : value < 0 ? "-∞" : "∞" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 1e18 else { return "\(value)" }
        let units = Int(scaled)
        let whole = units / Int(scale), fraction = units % Int(scale)
        var text = (value < 0 && units > 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return text
    }

    /// `text` padded with spaces to `width` characters (never cut).
    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
