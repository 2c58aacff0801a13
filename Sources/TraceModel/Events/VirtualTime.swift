/// A moment on the simulation's virtual clock, in whole microseconds since launch.
///
/// Whole numbers keep recordings exact and identical on every machine; traces
/// show the time in milliseconds (`"t": 16.666`).
public struct VirtualTime: Sendable, Equatable, Comparable, Hashable, CustomStringConvertible {
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }
    public static func milliseconds(_ ms: Int) -> VirtualTime { VirtualTime(microseconds: Int64(ms) * 1000) }

    public static let zero = VirtualTime(microseconds: 0)

    /// The vsync of display frame `frame` at `fps` frames a second: frame `n` is at
    /// `n / fps` s, in whole microseconds (the engine's clock, and what a reader of a
    /// trace recounts hitches against). Saturates instead of trapping for a frame
    /// number no recording reaches.
    public static func vsync(ofFrame frame: Int, fps: Int) -> VirtualTime {
        let (product, overflow) = Int64(frame).multipliedReportingOverflow(by: 1_000_000)
        if overflow { return VirtualTime(microseconds: frame < 0 ? .min : .max) }
        return VirtualTime(microseconds: product / Int64(max(fps, 1)))
    }

    public var milliseconds: Double { Double(microseconds) / 1000 }

    public static func < (a: VirtualTime, b: VirtualTime) -> Bool { a.microseconds < b.microseconds }
    public static func + (a: VirtualTime, b: VirtualTime) -> VirtualTime { VirtualTime(microseconds: a.microseconds + b.microseconds) }
    public static func - (a: VirtualTime, b: VirtualTime) -> VirtualTime { VirtualTime(microseconds: a.microseconds - b.microseconds) }

    /// The time in milliseconds as a trace writes `"t"`: whole microseconds as a
    /// decimal of at most three places, without trailing zeros ("16.666", "250").
    public var millisecondsText: String {
        let whole = microseconds / 1000, fraction = (microseconds % 1000).magnitude
        let sign = microseconds < 0 && whole == 0 ? "-" : ""
        guard fraction != 0 else { return "\(sign)\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }

    public var description: String { millisecondsText + " ms" }
}
