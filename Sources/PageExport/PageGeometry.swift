import TraceModel
import Replay

/// Where the page draws each row: the engine's own `TableGeometry` when the
/// trace carries its scenario, so rows sit exactly where the recording had
/// them; else (a hand-written or imported trace) rows of one height stacked in
/// order, the first row on screen at the top — the trace does not say more.
///
/// A collection view's items are laid out `columns` to a row of items, as its
/// flow layout does (`GridPlaces`): the page gets each item's left edge and
/// width as well as its top and height, all worked out here, so the script
/// only places what it is given.
struct PageGeometry {
    /// The height of a row when the trace gives no geometry (UITableView's default).
    static let defaultRowHeight = 44.0
    /// The width of the screen the page draws, in points (the trace gives no
    /// width: an iPhone's 375 pt). The script draws the phone this wide.
    static let screenWidth = 375.0

    private let table: TableGeometry?
    private let grid: GridPlaces?
    let rowCount: Int?
    /// The viewport's height in points, when the scenario gives it.
    let viewportHeight: Double?
    /// Items side by side: 1 for a table.
    let columns: Int

    init(header: TraceHeader) {
        // The reader allows at most `CollectionSpec.maximumColumns`; kept in range here too.
        columns = min(max(1, header.list.columns), CollectionSpec.maximumColumns)
        if let collection = header.scenario?.collection {
            grid = GridPlaces(collection, width: Self.screenWidth)
            table = TableGeometry(collection.listSpec)
            viewportHeight = collection.viewportHeight
        } else if header.list.isCollection {
            // A hand-written grid without its scenario: rows of items of the default height.
            grid = GridPlaces(CollectionSpec(items: header.rowCount ?? 0, columns: columns, itemHeight: Self.defaultRowHeight, viewportHeight: 0),
                              width: Self.screenWidth)
            table = nil
            viewportHeight = nil
        } else if let spec = header.scenario?.table {
            grid = nil
            table = TableGeometry(spec)
            viewportHeight = spec.viewportHeight
        } else {
            grid = nil
            table = nil
            viewportHeight = nil
        }
        rowCount = header.rowCount
    }

    /// True when the rows' places come from the scenario.
    var isExact: Bool { table != nil }

    /// True when items are drawn side by side (a collection view).
    var isGrid: Bool { grid != nil }

    func top(ofRow row: Int) -> Double {
        if let grid { return grid.top(ofItem: row) }
        if let table, row >= 0, row < table.rowCount { return table.top(ofRow: row) }
        return Double(row) * Self.defaultRowHeight
    }

    func height(ofRow row: Int) -> Double {
        if let grid { return grid.itemHeight }
        if let table, row >= 0, row < table.rowCount { return table.bottom(ofRow: row) - table.top(ofRow: row) }
        return Self.defaultRowHeight
    }

    /// Where a self-sizing table's row sits at a step: as the heights measured up
    /// to the state's last correction lay it out (`ReplayState.heights`), else as above.
    func top(ofRow row: Int, state: ReplayState) -> Double {
        if let laidOut = state.heights.geometry, row >= 0, row < laidOut.rowCount { return laidOut.top(ofRow: row) }
        return top(ofRow: row)
    }

    func height(ofRow row: Int, state: ReplayState) -> Double {
        if let laidOut = state.heights.geometry, row >= 0, row < laidOut.rowCount { return laidOut.bottom(ofRow: row) - laidOut.top(ofRow: row) }
        return height(ofRow: row)
    }

    /// An item's left edge and width in points, in a grid (nil for a table's rows,
    /// which span the screen).
    func horizontal(ofRow row: Int) -> (left: Double, width: Double)? {
        grid.map { ($0.left(ofItem: row), $0.itemWidth) }
    }

    /// The width of every item of a grid, in points (nil for a table).
    var itemWidth: Double? { grid?.itemWidth }

    /// The offset the page draws at: the last frame's (or scroll event's) when
    /// the geometry is exact, the launch position before any; else the top of
    /// the first row on screen.
    func drawingOffset(_ state: ReplayState, firstRow: Int?) -> Double? {
        if let table { return state.lastFrame?.offset ?? state.offset ?? table.minimumOffset }
        return firstRow.map { top(ofRow: $0) }
    }

    /// A typical row height, for the rows the page fades in above and below.
    var typicalRowHeight: Double {
        if let grid { return grid.itemHeight + grid.lineSpacing }
        guard let table, table.rowCount > 0 else { return Self.defaultRowHeight }
        return table.contentHeight / Double(table.rowCount)
    }

    /// The screen's height when the trace does not give it: as tall as the most
    /// rows (or rows of items) it showed, at least eight.
    func fallbackViewportHeight(mostOnScreen: Int) -> Double {
        let rows = (mostOnScreen + columns - 1) / columns
        return Double(max(rows, 8)) * typicalRowHeight
    }
}

/// Where a collection view's flow layout puts each item: down the screen as the
/// engine lays the grid out (`TableGeometry(collection:)`: rows of items
/// `itemHeight` tall with `lineSpacing` between them, each section on a new row of
/// items below its header), across by the item's column (`ItemGrid`, as the
/// annotations count it). The screen's width is shared equally: each item is
/// `width / columns` wide less `interitemSpacing`, with half the spacing on
/// either side.
struct GridPlaces {
    let columns: Int
    let itemHeight: Double
    let lineSpacing: Double
    let itemWidth: Double
    private let pitch: Double
    private let inset: Double
    private let layout: TableGeometry
    private let grid: ItemGrid

    init(_ spec: CollectionSpec, width: Double) {
        columns = max(1, spec.columns)
        itemHeight = spec.itemHeight
        lineSpacing = spec.lineSpacing
        pitch = width / Double(columns)
        inset = min(spec.interitemSpacing, pitch - 1) / 2
        itemWidth = max(1, pitch - spec.interitemSpacing)
        layout = TableGeometry(collection: spec)
        grid = ItemGrid(naming: RowNaming(sectionRowCounts: spec.sections?.map(\.rows) ?? [], list: .collection(columns: columns)))
    }

    /// An item the grid does not have (a hand-written trace may name any) is
    /// placed as if the grid were one section.
    func top(ofItem item: Int) -> Double {
        if item >= 0, item < layout.rowCount { return layout.top(ofRow: item) }
        return Double(max(0, item) / columns) * (itemHeight + lineSpacing)
    }

    func left(ofItem item: Int) -> Double {
        let place = item >= 0 && item < layout.rowCount ? grid.column(of: item) : max(0, item) % columns
        return Double(place) * pitch + inset
    }
}
