import TraceModel
import ToolSupport

/// Reading the members of a self-sizing table's events: `rowHeightMeasured` and
/// `estimatesCorrected` (docs/trace-format.md).
extension EventDecoder {
    /// A content height or an offset change past this many points can only come from a broken file.
    static let maximumContentPoints = 1e12

    func measuredRow(row: Int, cell: Int, _ object: EventObject) throws(ReuseLabError) -> EventBody {
        .rowHeightMeasured(row: row, cell: cell,
                           height: try rowHeight(object.required(.height, nil, "the row's measured height in points")),
                           estimated: try rowHeight(object.required(.estimated, nil, "the height the row was laid out at before, in points")))
    }

    func correction(_ object: EventObject) throws(ReuseLabError) -> EventBody {
        let height = try object.required(.contentHeight, nil, "the content's height in points")
            .nonNegativeDouble(max: Self.maximumContentPoints)
        let changeField = try object.required(.offsetChange, nil, "how far the content offset moved, in points (0 when it did not)")
        let change = try changeField.double()
        guard abs(change) <= Self.maximumContentPoints else {
            throw changeField.error("\"offsetChange\" must be from -1000000000000 to 1000000000000 points, found \(NumberText.of(change))")
        }
        return .estimatesCorrected(contentHeight: height, offsetChange: change)
    }

    /// A row height, in the range a scenario allows (`Scenario.Limits.rowHeights`).
    private func rowHeight(_ field: EventValue) throws(ReuseLabError) -> Double {
        let limits = Scenario.Limits.rowHeights
        return try field.positiveDouble(atLeast: limits.lowerBound, max: limits.upperBound)
    }
}
