import Replay

/// Which column, if any, is best on one metric — only when the difference is
/// beyond what chance alone gives.
///
/// Over several seeds each column has a range (min–max). For a cost, a column is
/// marked best only when its highest value is below every other column's lowest:
/// then in no seed did another column do as well. For a benefit the rule is
/// mirrored (its lowest above every other's highest). With one recording per
/// column the ranges are single values, and the rule says: strictly lower (or
/// higher) than every other. Ranges that overlap give no mark: the seeds cannot
/// tell those columns apart. A descriptive metric (how a strategy works, not how
/// well) is never marked, and neither is a row with fewer than two measured columns.
///
/// A column that measured the metric in only some of its recordings (no complete
/// screen ever, in some seeds) still bounds the others with the values it has,
/// but is never marked itself: what its missing seeds would have given is unknown.
public enum BestMark {
    /// The index in `spreads` of the best column, or nil. A nil spread is a
    /// column that did not measure the metric; it takes no part. `partial[i]`
    /// true says column i's spread leaves out some of its recordings.
    public static func best(_ spreads: [MetricSpread?], kind: MetricKind, partial: [Bool] = []) -> Int? {
        guard kind != .descriptive else { return nil }
        let measured = spreads.enumerated().compactMap { index, spread in spread.map { (index, $0) } }
        guard measured.count >= 2 else { return nil }
        for (index, candidate) in measured where !(index < partial.count && partial[index]) {
            let beatsAll = measured.allSatisfy { other in
                other.0 == index || (kind == .cost ? candidate.max < other.1.min : candidate.min > other.1.max)
            }
            if beatsAll { return index }
        }
        return nil
    }
}
