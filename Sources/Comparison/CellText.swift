import Replay

/// How one cell of a comparison reads, in every printed form (text, Markdown,
/// the chart's labels), in the row's scale: "median [low, high]" with the
/// median's 95% interval from six recordings up, "median (min–max)" for two to
/// five (too few for an interval), the median alone for one; "n/a" when not
/// measured. A difference from the baseline reads "+13.3 [12.1, 14.6]".
enum CellText {
    /// The marker after the best cell of a row (`BestMark`).
    static let bestMarker = "*"
    /// The marker after a cell measured in only some of its recordings.
    static let partialMarker = "†"
    /// The marker after the lowest cell that is not marked because its first
    /// complete screen comes last (`TradeOff`).
    static let tradeOffMarker = "‡"
    /// After a difference clear of 0: better than the baseline, or worse.
    static let betterMarker = "✓"
    static let worseMarker = "✗"
    static let notMeasured = "n/a"

    /// "120 [95, 160]", "120 (80–300)", "120", "n/a"; `marks` adds " †" to a
    /// partial cell, " *" to the best and " ‡" to a cell that traded.
    static func text(_ cell: ComparisonCell, scale: MetricScale, isBest: Bool = false, isTradeOff: Bool = false,
                     marks: Bool = true) -> String {
        guard let spread = cell.spread else { return notMeasured }
        var out = scale.text(spread.median)
        if let interval = spread.interval {
            out += " [\(scale.text(interval.low)), \(scale.text(interval.high))]"
        } else if spread.count > 1 {
            out += " (\(scale.text(spread.min))–\(scale.text(spread.max)))"
        }
        if marks && cell.isPartial { out += " " + partialMarker }
        if marks && isBest { out += " " + bestMarker }
        if marks && isTradeOff { out += " " + tradeOffMarker }
        return out
    }

    /// "+13.3 [12.1, 14.6] ✗", "-2", "0": the median per-seed difference, signed,
    /// with its interval when it has one and `interval` asks for it (the
    /// terminal's table leaves it to the mark, to fit more columns); `marks` adds
    /// ✓ or ✗ when the interval is clear of 0 (which is better follows `kind`), ‡
    /// in their place for a difference a late first screen bought
    /// (`ComparisonRow.isBought`). "n/a" when nothing could be paired.
    static func difference(_ difference: PairedDifference?, kind: MetricKind, scale: MetricScale,
                           isTradeOff: Bool = false, interval: Bool = true, marks: Bool = true) -> String {
        guard let spread = difference?.spread else { return notMeasured }
        var out = signed(spread.median, scale: scale)
        if interval, let interval = spread.interval {
            out += " [\(scale.text(interval.low)), \(scale.text(interval.high))]"
        }
        if marks, let mark = verdict(difference, kind: kind, isTradeOff: isTradeOff) { out += " " + mark }
        return out
    }

    /// ✓, ✗, ‡ or nil, as `difference` marks it.
    static func verdict(_ difference: PairedDifference?, kind: MetricKind, isTradeOff: Bool = false) -> String? {
        switch difference?.verdict(kind: kind) {
        case nil: return nil
        case _ where isTradeOff: return tradeOffMarker
        case .better: return betterMarker
        case .worse: return worseMarker
        }
    }

    /// "+12", "-3.5", "0": a difference in `scale`, its sign always written.
    static func signed(_ value: Double, scale: MetricScale) -> String {
        let text = scale.text(value)
        return value > 0 && !text.hasPrefix("+") ? "+" + text : text
    }
}
