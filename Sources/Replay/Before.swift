import TraceModel

/// The parts of the replay state an explanation reads from just before an event.
/// Copying only these (and never the growing list of requests) keeps annotating a
/// long trace linear.
struct Before {
    /// The record of the cell the event names and, before an init, those of the
    /// kept-aside cells (the reasons the pool was empty): apart, so the usual event
    /// makes no array.
    private let eventCell: (id: Int, record: CellRecord)?
    private let keptAsideRecords: [(id: Int, record: CellRecord)]
    /// Before a prepareForReuse: how many cells waited in its pool.
    let waitingInPool: Int
    let keptAside: [Int]
    /// The row the event names, and the cells displaying it.
    private let namedRow: Int?
    private let namedRowCells: [Int]?
    let reloadingRows: Set<Int>
    /// The event's row, if a reconfigureRows named it and its cellForRowAt has not come yet.
    let reconfiguringRows: Set<Int>
    let hasDisappeared: Bool
    /// For a didEndDisplaying: true when an update removed the cell's row (`ReplayState.departing`).
    let leavesRemovedRow: Bool
    /// True while a performBatchUpdates block is open.
    let inBatch: Bool
    let liveCellCount: Int
    /// The rows on screen, first to last, for the events that are told relative to
    /// them (prefetching and its cancellation); nil for the others.
    let visibleRows: ClosedRange<Int>?

    init(_ state: borrowing ReplayState, event: EventBody) {
        eventCell = event.cellField.flatMap { id in state.cell(id).map { (id, $0) } }
        var kept: [(id: Int, record: CellRecord)] = []
        if case .initCell = event {
            for id in state.keptAside { if let record = state.cell(id) { kept.append((id, record)) } }
        }
        keptAsideRecords = kept
        if case .prepareForReuse(_, let identifier, _) = event {
            waitingInPool = state.poolCount(identifier)
        } else {
            waitingInPool = 0
        }
        keptAside = state.keptAside
        namedRow = event.namedRow
        namedRowCells = event.namedRow.flatMap { state.displayed[$0] }
        reloadingRows = event.namedRow.map { state.reloadingRows.contains($0) ? [$0] : [] } ?? []
        reconfiguringRows = event.namedRow.map { state.reconfiguringRows.contains($0) ? [$0] : [] } ?? []
        hasDisappeared = state.hasDisappeared
        if case .didEndDisplaying(_, let cell) = event, !state.departing.isEmpty {
            leavesRemovedRow = state.departing[cell] != nil
        } else {
            leavesRemovedRow = false
        }
        inBatch = state.isInBatch
        liveCellCount = state.liveCellCount
        switch event {
        case .prefetchRowsAt, .cancelPrefetchingForRowsAt:
            let rows = state.displayed.keys
            visibleRows = rows.min().flatMap { low in rows.max().map { low...$0 } }
        default:
            visibleRows = nil
        }
    }

    /// The phase of the cell the event names, before it.
    var eventCellPhase: CellPhase? { eventCell?.record.phase }

    func cell(_ id: Int) -> CellRecord? {
        if let eventCell, eventCell.id == id { return eventCell.record }
        return keptAsideRecords.first { $0.id == id }?.record
    }

    /// The cells displaying `row`, known for the row the event names.
    func displayed(_ row: Int) -> [Int]? { row == namedRow ? namedRowCells : nil }
}

private extension EventBody {
    /// The row a display event names.
    var namedRow: Int? {
        switch self {
        case .cellForRowAt(let row, _), .willDisplay(let row, _), .didEndDisplaying(let row, _), .keepAside(_, let row): return row
        default: return nil
        }
    }
}
