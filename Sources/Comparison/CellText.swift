/// How one cell of a comparison reads, in every printed form (text, CSV,
/// Markdown, the chart's labels): the median alone for one recording, "median
/// (min–max)" over several, in the row's scale; "n/a" when not measured.
enum CellText {
    /// The marker after the best cell of a row (`BestMark`).
    static let bestMarker = "*"
    /// The marker after a cell measured in only some of its recordings.
    static let partialMarker = "†"
    static let notMeasured = "n/a"

    /// "120 (80–300)", "120", "n/a"; `marks` adds " *" to the best and " †" to a partial cell.
    static func text(_ cell: ComparisonCell, scale: MetricScale, isBest: Bool = false, marks: Bool = true) -> String {
        guard let spread = cell.spread else { return notMeasured }
        var out = scale.text(spread.median)
        if cell.runs > 1 { out += " (\(scale.text(spread.min))–\(scale.text(spread.max)))" }
        if marks && cell.isPartial { out += " " + partialMarker }
        if marks && isBest { out += " " + bestMarker }
        return out
    }
}
