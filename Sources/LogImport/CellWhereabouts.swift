import TraceModel

/// Where each live cell of an import is, indexed by what the builder asks while
/// it places a line: the cells released from the screen, the cell configured or
/// held for a row, the cell of unknown place that last showed a row.
///
/// The builder asks on every line; walking every cell ever made to answer made
/// an import quadratic in the log's length (a 10,000-line log took two minutes).
/// The index is kept up to date from `ReplayState` after each event: an event
/// moves only the cell it names, except a gap, after which every live cell's
/// entry is read again. Its size is that of the live cells: a row's entry goes
/// when its last cell does, so a log that scrolls through a million rows does
/// not leave a million empty entries behind, and a gap costs the live cells,
/// not every cell ever made.
struct CellWhereabouts {
    private var known: [Int: CellRecord] = [:]
    /// Live cells off screen and not being configured: off screen, pooled, kept aside, of unknown place.
    private(set) var released: Set<Int> = []
    /// Live cells not on screen (any phase but displayed).
    private(set) var notDisplayed: Set<Int> = []
    private var configured: [Int: Set<Int>] = [:]
    private var held: [Int: Set<Int>] = [:]
    private var unknownShowing: [Int: Set<Int>] = [:]

    /// How many items it holds in all (`BoundedImportTests` checks that this does not grow with the log).
    var heldItems: Int {
        known.count + released.count + notDisplayed.count + configured.count + held.count + unknownShowing.count
    }

    /// The lowest-numbered live cell, if any.
    var firstLive: Int? { known.keys.min() }

    /// After an event that names `cell`, as `state` has it now.
    mutating func update(_ cell: Int, from state: ReplayState) {
        remove(cell)
        if let record = state.cell(cell) { insert(record) }
    }

    /// After a gap, when every live cell's place changed. The live cells are
    /// those the index holds: each came with its `init`, and left with its `deinit`.
    mutating func rebuild(from state: ReplayState) {
        let live = known.keys
        self = CellWhereabouts()
        for id in live { if let record = state.cell(id) { insert(record) } }
    }

    func cellConfigured(forRow row: Int) -> Int? { configured[row]?.min() }
    func cellHeld(forRow row: Int) -> Int? { held[row]?.min() }
    func cellLastShowing(_ row: Int) -> Int? { unknownShowing[row]?.max() }

    private mutating func insert(_ record: CellRecord) {
        guard record.phase != .deallocated else { return }
        let id = record.id
        known[id] = record
        switch record.phase {
        case .offscreen(let row), .keptAside(let row):
            released.insert(id)
            held[row, default: []].insert(id)
        case .pooled:
            released.insert(id)
        case .unknown:
            released.insert(id)
            if let row = record.lastRow { unknownShowing[row, default: []].insert(id) }
        case .configured(let row):
            configured[row, default: []].insert(id)
        default:
            break
        }
        if case .displayed = record.phase {} else { notDisplayed.insert(id) }
    }

    private mutating func remove(_ id: Int) {
        guard let record = known.removeValue(forKey: id) else { return }
        released.remove(id)
        notDisplayed.remove(id)
        switch record.phase {
        case .offscreen(let row), .keptAside(let row):
            Self.remove(id, at: row, from: &held)
        case .unknown:
            if let row = record.lastRow { Self.remove(id, at: row, from: &unknownShowing) }
        case .configured(let row):
            Self.remove(id, at: row, from: &configured)
        default:
            break
        }
    }

    /// Takes `id` out of `row`'s cells, and the row out of the index when it has none left.
    private static func remove(_ id: Int, at row: Int, from index: inout [Int: Set<Int>]) {
        guard var cells = index.removeValue(forKey: row) else { return }
        cells.remove(id)
        if !cells.isEmpty { index[row] = cells }
    }
}
