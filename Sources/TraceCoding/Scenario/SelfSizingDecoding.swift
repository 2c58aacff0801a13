import TraceModel
import ToolSupport

/// `table.selfSizing`: `{"estimatedRowHeight": 44, "heights": [56, 120, 78]}`
/// (docs/scenario-format.md). `estimatedRowHeight` is a number of points, or
/// `"automatic"` (UIKit's default, also what leaving it out means); `heights` are
/// the rows' real heights, repeating down the table.
extension SelfSizingSpec {
    static let memberNames = ["estimatedRowHeight", "heights"]
    /// The word for `UITableView.automaticDimension`.
    static let automaticWord = "automatic"

    static func decode(_ field: JSONField, rows: Int) throws(ReuseLabError) -> SelfSizingSpec {
        let object = try field.object()
        try object.rejectUnknown(allowed: memberNames)
        let range = Scenario.Limits.rowHeights
        var estimate: Double?
        if let estimateField = object.optional("estimatedRowHeight") {
            if estimateField.kind == .string {
                _ = try estimateField.choice([automaticWord])
            } else {
                guard estimateField.kind == .number else { throw estimateField.typeError("a height in points, or \"automatic\"") }
                estimate = try estimateField.positiveDouble(atLeast: range.lowerBound, max: range.upperBound)
            }
        }
        let heightsField = try object.required("heights", "the rows' real heights in points, repeating down the table, such as [56, 120, 78]")
        guard heightsField.kind == .array else { throw heightsField.typeError("an array of heights in points, such as [56, 120, 78]") }
        let elements = try heightsField.array()
        guard !elements.isEmpty else { throw heightsField.error("\"heights\" is empty; give at least one row height, such as [56, 120, 78]") }
        guard elements.count <= maximumHeights else {
            throw heightsField.error("\"heights\" lists \(elements.count) heights; at most \(maximumHeights) are supported")
        }
        var heights: [Double] = []
        heights.reserveCapacity(elements.count)
        for element in elements {
            heights.append(try element.positiveDouble(atLeast: range.lowerBound, max: range.upperBound))
        }
        guard rows <= maximumRows else {
            throw field.error("a self-sizing table may have at most \(maximumRows) rows (each correction lays the table out again); this one has \(rows)")
        }
        return SelfSizingSpec(estimatedRowHeight: estimate, heights: heights)
    }

    var jsonValue: JSONValue {
        var out = JSONObjectBuilder()
        if let estimatedRowHeight { out.add("estimatedRowHeight", estimatedRowHeight) } else { out.add("estimatedRowHeight", Self.automaticWord) }
        out.add("heights", .list(heights.map { .number($0) }))
        return out.value
    }

    /// The shortest a row can be laid out: its estimate, or its shortest real height.
    var shortestRow: Double { min(estimate, heights.min() ?? estimate) }
}

extension SelfSizingSpec {
    /// `selfSizing` in a table's object, if given: refused beside `rowHeight` or
    /// `rowHeights`, which give fixed heights.
    static func decodeBeside(_ table: JSONFieldObject, rows: Int) throws(ReuseLabError) -> SelfSizingSpec? {
        guard let field = table.optional("selfSizing") else { return nil }
        for fixed in ["rowHeight", "rowHeights"] {
            if let fixedField = table.optional(fixed) {
                throw fixedField.error("\"\(fixed)\" gives fixed heights, and \"selfSizing\" rows size themselves (rowHeight = automaticDimension); give one or the other")
            }
        }
        return try decode(field, rows: rows)
    }
}
