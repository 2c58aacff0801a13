/// What a trace has said of a self-sizing table's rows: each measured row's
/// height and the cell it was measured in, and — when the header carries the
/// scenario — the layout those heights make, so that a reader knows where every
/// row sits at each step.
public struct MeasuredHeights: Sendable {
    /// A measured row: its real height and the cell measured for it.
    public struct Row: Sendable, Equatable {
        public var height: Double
        public var cell: Int
    }

    /// Measured rows by row.
    public private(set) var rows: [Int: Row] = [:]
    /// The table's heights and layout, when the header's scenario has self-sizing rows.
    public private(set) var layout: RowHeightEstimates?
    /// True when the header's scenario has fixed row heights (or is a collection
    /// view's): no row of it can be measured.
    public let isFixed: Bool
    /// Rows measured since the last `estimatesCorrected`.
    public private(set) var sinceCorrection = 0
    /// The content height the last correction gave, if any.
    public private(set) var contentHeight: Double?
    /// How many rows the last correction laid out at their real heights.
    public private(set) var lastCorrectedRows = 0

    init(header: TraceHeader) {
        let scenario = header.scenario
        layout = scenario.flatMap { $0.collection == nil ? RowHeightEstimates($0.table) : nil }
        isFixed = scenario != nil && layout == nil
    }

    /// Where rows sit now: the layout by the heights measured up to the last
    /// correction; nil without a self-sizing scenario.
    public var geometry: TableGeometry? { layout?.geometry }

    /// `row`'s measured height and cell, if it was measured.
    public func measured(_ row: Int) -> Row? { rows[row] }

    mutating func measure(row: Int, height: Double, cell: Int) {
        rows[row] = Row(height: height, cell: cell)
        layout?.measure(row: row, height: height)
        sinceCorrection += 1
    }

    mutating func corrected(contentHeight: Double, layout newLayout: TableGeometry?) {
        if let newLayout { layout?.adopt(newLayout) }
        self.contentHeight = contentHeight
        lastCorrectedRows = sinceCorrection
        sinceCorrection = 0
    }
}

/// The part of `apply` about self-sizing rows: `rowHeightMeasured` and `estimatesCorrected`.
extension ReplayState {
    /// How far a correction's content height may be from the heights' sum: the
    /// trace writes numbers to a thousandth of a point.
    static let contentHeightSlack = 0.001

    /// "200 pt", "44.5 pt".
    static func points(_ value: Double) -> String {
        let whole = value.rounded()
        if whole == value, abs(whole) < 1e15 { return "\(Int(whole)) pt" }
        return "\(value) pt"
    }

    mutating func applyHeights(_ body: EventBody) throws(LifecycleViolation) {
        switch body {
        case .rowHeightMeasured(let row, let id, let height, let estimated):
            try checkRow(row)
            guard !heights.isFixed else {
                throw LifecycleViolation("row \(row) is measured, but this trace's scenario gives the table fixed row heights (no \"selfSizing\"); only a self-sizing table measures its rows")
            }
            let record = try liveCell(id, for: "rowHeightMeasured")
            switch record.phase {
            case .configured(row), .unknown:
                break
            default:
                throw LifecycleViolation("row \(row) is measured in cell #\(id), but that cell is \(record.phase.describe); the table view measures the cell cellForRowAt has just configured for the row")
            }
            if let known = heights.measured(row) {
                throw LifecycleViolation("row \(row) is measured again (it measured \(Self.points(known.height)) in cell #\(known.cell)); the table view keeps a row's height once it has measured it")
            }
            if let layout = heights.layout, estimated != layout.estimate {
                throw LifecycleViolation("row \(row) was laid out at an estimate of \(Self.points(estimated)), but the scenario's estimatedRowHeight is \(Self.points(layout.estimate))")
            }
            heights.measure(row: row, height: height, cell: id)

        case .estimatesCorrected(let contentHeight, let offsetChange):
            guard heights.sinceCorrection > 0 else {
                throw LifecycleViolation("the estimates are corrected, but no row was measured since the last correction; real heights replace estimates only once the table view has measured a row")
            }
            let layout = heights.layout?.layout()
            if let layout, abs(layout.contentHeight - contentHeight) > Self.contentHeightSlack {
                throw LifecycleViolation("the content is corrected to \(Self.points(contentHeight)) tall, but the rows' measured heights and estimates add up to \(Self.points(layout.contentHeight))")
            }
            heights.corrected(contentHeight: contentHeight, layout: layout)
            if let offset { self.offset = offset + offsetChange }

        default:
            break
        }
    }
}
