/// A 95% confidence interval for a median, from order statistics: no
/// resampling, no assumption about the shape of the distribution, the same
/// numbers on every machine.
///
/// Sorted, `n` values that are independent draws (one per seed) straddle the
/// true median between the k-th lowest and the k-th highest with probability
/// 1 − 2·P(B ≤ k − 1), B binomial(n, ½) — each value falls on either side of the
/// median with even odds. The interval takes the largest k whose coverage is at
/// least 95%: the 6th to the 15th of 20 values (95.9%), the 2nd to the 9th of 10
/// (97.9%). Fewer than 6 values cannot reach 95% (5 values, lowest to highest,
/// cover 93.75%), so they have no interval. Tied values (a count that rarely
/// changes) only widen it. The same interval of per-seed differences is the
/// sign test's interval for the median difference (`PairedDifference`).
public struct MedianInterval: Sendable, Equatable {
    public var low: Double
    public var high: Double
    /// The rank k: `low` is the k-th lowest value, `high` the k-th highest.
    public var rank: Int
    /// The probability that the interval holds the median (at least `level`).
    public var coverage: Double

    public init(low: Double, high: Double, rank: Int, coverage: Double) {
        self.low = low
        self.high = high
        self.rank = rank
        self.coverage = coverage
    }

    /// The confidence every interval reaches.
    public static let level = 0.95
    /// The fewest values with an interval.
    public static let minimumCount = 6

    /// The interval of `values`; nil for fewer than `minimumCount`.
    public init?(_ values: [Double]) {
        guard let (rank, coverage) = Self.rank(count: values.count) else { return nil }
        let sorted = values.sorted { $0 < $1 || (!$0.isNaN && $1.isNaN) }
        self.init(low: sorted[rank - 1], high: sorted[sorted.count - rank], rank: rank, coverage: coverage)
    }

    /// The largest k with coverage ≥ `level` for `count` values, and that
    /// coverage; nil when even k = 1 falls short.
    ///
    /// P(B ≤ j) is summed term by term, C(n, i)·2⁻ⁿ from i = 0; the terms are
    /// kept as a significand and a power of two, since 2⁻ⁿ alone underflows a
    /// Double past n = 1074.
    public static func rank(count: Int) -> (rank: Int, coverage: Double)? {
        guard count >= minimumCount else { return nil }
        let tail = (1 - level) / 2
        var term = 1.0, sum = 1.0, exponent = -count
        var best: (Int, Double)?
        // k = i + 1 covers 1 − 2·P(B ≤ i); stop once that falls below the level.
        for i in 0..<(count / 2) {
            let below = Double(sign: .plus, exponent: exponent, significand: sum)
            guard below <= tail else { break }
            best = (i + 1, 1 - 2 * below)
            term *= Double(count - i) / Double(i + 1)
            sum += term
            if term > 0x1p500 {
                term *= 0x1p-500
                sum *= 0x1p-500
                exponent += 500
            }
        }
        return best
    }
}
