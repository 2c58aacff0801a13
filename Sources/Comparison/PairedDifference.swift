import Replay

/// One column against another on one metric, seed by seed: the difference of
/// each seed's two values, and the median of those differences with its 95%
/// interval (`MedianInterval`, which for differences is the sign test's).
///
/// Pairing by seed takes out what the two recordings share: both columns of a
/// seed draw from the same seeded stream, so a seed that is unlucky for one may
/// be unlucky for the other too. Whether or not it is, the differences of
/// distinct seeds are independent, so the interval holds either way. Only seeds
/// that both columns measured are paired. The difference is `values − reference`:
/// below 0 when the column is lower than its reference.
public struct PairedDifference: Sendable, Equatable {
    /// The median, lowest and highest of the differences, and how many seeds were paired.
    public var spread: MetricSpread

    public init(spread: MetricSpread) {
        self.spread = spread
    }

    /// The differences of the seeds where both have a value (`values[i]` and
    /// `reference[i]` are the same seed's); nil when no seed has both.
    public init?(_ values: [Double?], minus reference: [Double?]) {
        var differences: [Double] = []
        for (value, base) in zip(values, reference) {
            if let value, let base { differences.append(value - base) }
        }
        guard let spread = MetricSpread(differences) else { return nil }
        self.spread = spread
    }

    /// Which side of 0 the whole interval lies on, if it lies clear of 0.
    public enum Side: String, Sendable, Equatable {
        case below
        case above
    }

    /// `.below` when the interval lies wholly below 0 (the column is lower seed by
    /// seed, beyond what chance gives), `.above` when wholly above; nil when it
    /// holds 0 or there is no interval (fewer than `MedianInterval.minimumCount` seeds).
    public var clearSide: Side? {
        guard let interval = spread.interval else { return nil }
        if interval.high < 0 { return .below }
        if interval.low > 0 { return .above }
        return nil
    }

    /// Whether the column is clearly better or worse than its reference on a
    /// metric of `kind`: lower is better on a cost, higher on a benefit.
    public enum Verdict: String, Sendable, Equatable {
        case better
        case worse
    }

    /// The verdict, when the interval lies clear of 0; never on a descriptive metric.
    public func verdict(kind: MetricKind) -> Verdict? {
        guard kind != .descriptive, let side = clearSide else { return nil }
        return (side == .below) == (kind == .cost) ? .better : .worse
    }
}
