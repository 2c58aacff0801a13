import Replay

/// Which column, if any, is best on one metric — only where the difference is
/// clear of what chance alone gives, read two ways that must agree.
///
/// Column A is *clearly below* column B when
/// - A's median interval lies wholly below B's (`MedianInterval`: the two 95%
///   intervals do not overlap), and
/// - seed by seed, A is lower: the 95% interval of the per-seed differences
///   A − B lies wholly below 0 (`PairedDifference`).
///
/// A column is best on a cost when it is clearly below every other measured
/// column; on a benefit, when every other is clearly below it. With fewer than
/// six recordings a column has no interval, so nothing is ever marked: one
/// recording each (two traces, one seed) has no spread at all, and a winner on
/// one sample would be chance dressed as a finding. Descriptive metrics (how a
/// strategy works, not how well) are never marked. A column measured in only
/// some of its seeds (`ComparisonCell.isPartial`) still bounds the others with
/// the seeds it has, but is never marked itself: its missing seeds are unknown.
/// A column `excluded` takes no part (it wins the row only by paying elsewhere:
/// `TradeOff`).
public enum BestMark {
    /// The index of the best cell, or nil.
    public static func best(_ cells: [ComparisonCell], kind: MetricKind, excluded: Set<Int> = []) -> Int? {
        guard kind != .descriptive else { return nil }
        let measured = cells.indices.filter { cells[$0].spread != nil && !excluded.contains($0) }
        guard measured.count >= 2 else { return nil }
        for candidate in measured where !cells[candidate].isPartial {
            let beatsAll = measured.allSatisfy { other in
                other == candidate || (kind == .cost ? isClearlyBelow(cells[candidate], cells[other])
                                                      : isClearlyBelow(cells[other], cells[candidate]))
            }
            if beatsAll { return candidate }
        }
        return nil
    }

    /// The index of the cell clearly above every other (the latest, the most):
    /// the worst on a cost, by the same rule.
    public static func highest(_ cells: [ComparisonCell]) -> Int? {
        best(cells, kind: .benefit)
    }

    /// True when `a` is clearly below `b`: their median intervals do not overlap
    /// and the per-seed differences' interval lies below 0. False without intervals.
    public static func isClearlyBelow(_ a: ComparisonCell, _ b: ComparisonCell) -> Bool {
        guard let low = a.spread?.interval, let high = b.spread?.interval, low.high < high.low else { return false }
        return PairedDifference(a.values, minus: b.values)?.clearSide == .below
    }
}
