import ToolSupport
import Replay

/// The unit a row of a comparison is shown in, taken from the quantity the metric
/// measures (`MetricQuantity`), so that a row's figures share one unit and the
/// cells hold bare numbers: "stale image time (ms)" then "120 (80–300)".
public enum MetricUnit: String, Sendable, Equatable {
    case count
    case bytes
    case ms
    case frames
    /// Milliseconds of hitch per second of scrolling.
    case msPerSecond = "ms/s"

    public init(_ quantity: MetricQuantity) {
        switch quantity {
        case .count: self = .count
        case .bytes: self = .bytes
        case .time: self = .ms
        case .frames: self = .frames
        case .msPerSecond: self = .msPerSecond
        }
    }
}

/// How a row's numbers are printed: divided by `divisor` and named `suffix`
/// ("MB" for bytes when the row's largest value is a megabyte or more, as
/// `InputFile.describeSize` picks it; seconds for a time when the largest is
/// 10 s or more), whole from 100 up and to one decimal below, so that a
/// "median (min–max)" cell stays narrow enough for several strategies to sit
/// side by side. `--json` and `--csv` keep every figure's full precision.
public struct MetricScale: Sendable, Equatable {
    public var divisor: Double
    /// The unit as a row label shows it, "" for plain counts.
    public var suffix: String

    /// The scale for a row in `unit` whose largest value is `largest`.
    public init(unit: MetricUnit, largest: Double) {
        switch unit {
        case .count: (divisor, suffix) = (1, "")
        case .ms: (divisor, suffix) = largest >= 10_000 ? (1000, "s") : (1, "ms")
        case .frames: (divisor, suffix) = (1, "frames")
        case .msPerSecond: (divisor, suffix) = (1, "ms per s")
        case .bytes:
            (divisor, suffix) = (1, "bytes")
            for (size, name) in [(1_073_741_824.0, "GB"), (1_048_576.0, "MB"), (1024.0, "KB")] where largest >= size {
                (divisor, suffix) = (size, name)
                break
            }
        }
    }

    /// "12.5", "4823": the value in this scale, one decimal below 100, whole from 100 up.
    public func text(_ value: Double) -> String {
        let scaled = value / divisor
        guard scaled.isFinite, abs(scaled) >= 100 else { return ReadableNumber.oneDecimal(scaled) }
        return ReadableNumber.oneDecimal(scaled.rounded())
    }

    /// "stale image time (ms)", "image wait (total, ms)": a label with this
    /// scale's unit, unless the label names it already ("stale frames").
    public func label(_ label: String) -> String {
        if suffix.isEmpty || label.hasSuffix(suffix) { return label }
        if label.hasSuffix(")") { return String(label.dropLast()) + ", \(suffix))" }
        return "\(label) (\(suffix))"
    }
}
