import ToolSupport

/// Round numbers for a chart's axis: steps of 1, 2 or 5 times a power of ten,
/// so every tick reads as a number a person would say ("0, 20, 40, 60"), never
/// a figure of the data ("0, 2337.5, 4675").
struct NiceTicks: Sendable, Equatable {
    /// The distance between ticks: 1, 2 or 5 × 10ⁿ.
    var step: Double
    /// The axis's end: the first multiple of `step` at or above the largest value.
    var top: Double

    /// Ticks for values from 0 to `largest`, about `count` steps of them (never
    /// more than twice that). A largest value below 10⁻⁹ (0, say), or not finite,
    /// gives the axis 0 to 1.
    init(largest: Double, count: Int = 4) {
        guard largest >= 1e-9, largest.isFinite, count > 0 else {
            self.step = 1
            self.top = 1
            return
        }
        let raw = largest / Double(count)
        var magnitude = 1.0
        while magnitude * 10 <= raw { magnitude *= 10 }
        while magnitude > raw { magnitude /= 10 }
        let residual = raw / magnitude
        let multiple: Double = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10
        step = multiple * magnitude
        top = (largest / step).rounded(.up) * step
    }

    /// 0, step, 2·step, … up to `top`.
    var values: [Double] {
        let count = Int((top / step).rounded())
        return (0...max(0, count)).map { Double($0) * step }
    }

    /// How many decimals the step needs: 0 for 1 and up, 1 for 0.5, 2 for 0.02.
    var decimals: Int {
        var decimals = 0
        var scaled = step
        while decimals < 9, (scaled - scaled.rounded()).magnitude > 1e-9 * scaled {
            scaled *= 10
            decimals += 1
        }
        return decimals
    }

    /// A tick's value with the step's decimals: "0.3", not "0.30000000000000004";
    /// "2000", not "2e+03"; "0" for zero.
    func label(_ value: Double) -> String {
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        // Past 10^15 a Double holds no fraction anyway (and no metric gets there).
        guard (value * factor).magnitude < 1e15 else { return NumberText.of(value) }
        let whole = Int((value * factor).rounded())
        guard decimals > 0, whole != 0 else { return String(whole) }
        let digits = String(whole.magnitude)
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        let point = padded.index(padded.endIndex, offsetBy: -decimals)
        return (whole < 0 ? "-" : "") + padded[..<point] + "." + padded[point...]
    }

    /// True when `value` is 1, 2 or 5 times a power of ten.
    static func isRound(_ value: Double) -> Bool {
        guard value > 0, value.isFinite else { return false }
        var scaled = value
        while scaled >= 10 { scaled /= 10 }
        while scaled < 1 { scaled *= 10 }
        return [1.0, 2.0, 5.0].contains { abs(scaled - $0) < 1e-9 }
    }
}
