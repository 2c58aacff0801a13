import Replay

/// A figure a strategy does well on only because it paid for it on another: it
/// keeps rows from waiting, hitching or going stale while the list scrolls by
/// doing its work before the first screen, which then comes last.
///
/// The metrics below count what happens to rows as they show (an image wait
/// starts when a visible row has no image; a stale image or a hitch is seen
/// while scrolling). A strategy that loads every image before the list appears
/// (`eager-preload`) waits for none of them afterwards — its wait is spent
/// earlier, on an empty screen. Calling that "best image wait" would reward
/// the wait for being moved where these metrics do not look. So in a block where
/// one column's first complete screen comes clearly last (`BestMark.highest`),
/// that column takes no part in marking these rows; where it would have been
/// best on one, the row says so (`ComparisonRow.tradeOff`); a difference there
/// between it and the baseline reads ‡, neither better nor worse
/// (`ComparisonRow.isBought`); and the text says what it traded.
public enum TradeOff {
    /// The metric the price is paid on.
    public static let priceKey = "timeToFirstCompleteScreenMs"

    /// The metrics measured only once rows show, which a late first screen can buy.
    /// Not `mainThreadBlockedMs`: it counts the work before the first screen too.
    public static let boughtByALateFirstScreen: Set<String> = [
        "staleMs", "staleFrames", "imageWaitTotalMs", "imageWaitAverageMs", "imageWaitsEndedEarly",
        "hitches", "hitchMs", "scrollingHitchMs", "hitchTimeRatio",
    ]

    /// The column whose first complete screen comes clearly last in `rows`, if any.
    static func lastToFirstScreen(_ rows: [ComparisonRow]) -> Int? {
        guard let price = rows.first(where: { $0.key == priceKey }) else { return nil }
        return BestMark.highest(price.cells)
    }

    /// "‡ eager-preload's first complete screen comes last (4675 ms; the others
    /// 66.7–871 ms, medians): it makes rows wait before the list shows instead
    /// of while it scrolls, so its image waits, stale images and hitches count
    /// neither for it nor against the others (‡, not *, ✓ or ✗). Lowest, yet not
    /// marked best: image wait (total) and image wait (average)." Nil when
    /// nothing in the block is marked ‡.
    public static func sentence(_ block: ComparisonBlock) -> String? {
        guard let column = block.lastToFirstScreen,
              let price = block.rows.first(where: { $0.key == priceKey }), let own = price.cells[column].spread else { return nil }
        let lowest = block.rows.filter { $0.tradeOff == column }.map(\.label)
        let judged = block.rows.contains { row in
            block.columns.indices.contains { other in
                row.isBought(by: other, in: block) && row.differences[other]?.verdict(kind: row.kind) != nil
            }
        }
        guard !lowest.isEmpty || judged else { return nil }
        let others = price.cells.indices.filter { $0 != column }.compactMap { price.cells[$0].spread?.median }
        let scale = price.scale
        let othersText = others.isEmpty ? "" : "; the others \(scale.text(others.min() ?? 0))–\(scale.text(others.max() ?? 0)) \(scale.suffix)"
        var out = "\(CellText.tradeOffMarker) \(block.columns[column].name)'s first complete screen comes last (\(scale.text(own.median)) \(scale.suffix)\(othersText), medians): it makes rows wait before the list shows instead of while it scrolls, so its image waits, stale images and hitches count neither for it nor against the others (\(CellText.tradeOffMarker), not \(CellText.bestMarker), \(CellText.betterMarker) or \(CellText.worseMarker))."
        if !lowest.isEmpty { out += " Lowest, yet not marked best: \(list(lowest))." }
        return out
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        guard items.count > 1, let last = items.last else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
