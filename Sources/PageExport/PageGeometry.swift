import TraceFormat
import ReuseEngine

/// Where the page draws each row: the engine's own `TableGeometry` when the
/// trace carries its scenario, so rows sit exactly where the recording had
/// them; else (a hand-written or imported trace) rows of one height stacked in
/// order, the first row on screen at the top — the trace does not say more.
struct PageGeometry {
    /// The height of a row when the trace gives no geometry (UITableView's default).
    static let defaultRowHeight = 44.0

    private let table: TableGeometry?
    let rowCount: Int?
    /// The viewport's height in points, when the scenario gives it.
    let viewportHeight: Double?

    init(header: TraceHeader) {
        if let spec = header.scenario?.table {
            table = TableGeometry(spec)
            viewportHeight = spec.viewportHeight
        } else {
            table = nil
            viewportHeight = nil
        }
        rowCount = header.rowCount
    }

    /// True when the rows' places come from the scenario.
    var isExact: Bool { table != nil }

    func top(ofRow row: Int) -> Double {
        if let table, row >= 0, row < table.rowCount { return table.top(ofRow: row) }
        return Double(row) * Self.defaultRowHeight
    }

    func height(ofRow row: Int) -> Double {
        if let table, row >= 0, row < table.rowCount { return table.bottom(ofRow: row) - table.top(ofRow: row) }
        return Self.defaultRowHeight
    }

    /// The offset the page draws at: the last frame's (or scroll event's) when
    /// the geometry is exact, the launch position before any; else the top of
    /// the first row on screen.
    func drawingOffset(_ state: ReplayState, firstRow: Int?) -> Double? {
        if let table { return state.lastFrame?.offset ?? state.offset ?? table.minimumOffset }
        return firstRow.map { top(ofRow: $0) }
    }

    /// A typical row height, for the rows the page fades in above and below.
    var typicalRowHeight: Double {
        guard let table, table.rowCount > 0 else { return Self.defaultRowHeight }
        return table.contentHeight / Double(table.rowCount)
    }
}
