import TraceModel

/// What the table view looks like after a step, as structured data rather than
/// text: the rows on screen with the cell in each and what its image view
/// holds, every other live cell by where it is, the reuse pools in hand-out
/// order, prefetching, requests in flight and the main thread's work.
///
/// The page (`reuselab html`) draws this for every step; it is taken from
/// `ReplayState` alone, grouped by `OffscreenCells` like the text pictures, so
/// the page and `replay --picture` cannot disagree about a cell.
public struct TableScene: Sendable, Equatable {
    /// One cell on screen.
    public struct ShownCell: Sendable, Equatable {
        public var cell: Int
        public var image: ImageShown
        /// The cell shows another row's image.
        public var stale: Bool
    }

    /// One row on screen (an item, in a collection view): usually one cell, two
    /// while `reloadRows` swaps them.
    public struct ShownRow: Sendable, Equatable {
        public var row: Int
        public var cells: [ShownCell]
        /// Where it stands: a collection view's row of the grid and the column in
        /// it (0 at the left); a table's row is its own line, in column 0.
        public var gridRow: Int
        public var column: Int
    }

    /// A live cell off screen that still holds a row's content.
    public struct HeldCell: Sendable, Equatable {
        public var cell: Int
        public var row: Int
        public var image: ImageShown
    }

    /// A request asked for and not yet answered.
    public struct Request: Sendable, Equatable {
        /// The row whose image it fetches; nil for a page of rows.
        public var row: Int?
        /// True while it waits for a connection.
        public var waiting: Bool
        /// Where its answer will land, when the scene was made knowing the trace's
        /// future (`RequestLandings`).
        public var lands: RequestLandings.Landing? = nil
        /// The row the cell it lands in shows now, if any.
        public var landingCellRow: Int? = nil
    }

    public var rows: [ShownRow]
    /// Items to a row of the grid: a collection view's columns, 1 for a table.
    public var columns: Int
    /// Configured for a row that is not on screen yet: prepared ahead.
    public var prepared: [HeldCell]
    /// Kept aside after leaving the screen, out of the pool (modern profile).
    public var keptAside: [HeldCell]
    /// The other off-screen live cells, by group ("Just left the screen: ", …):
    /// being set up, replacing a cell during a reload, just left, not known.
    public var others: [(label: String, cells: [String])]
    /// Each reuse pool's identifier and its cells, the next one handed out first.
    public var pools: [(identifier: String, cells: [Int])]
    public var prefetching: [Int]
    public var requests: [Request]
    /// The main thread's piece of work still running at this step's time.
    public var busy: ReplayState.MainThreadWork?
    public var alive: Int
    public var imageMemory: Int

    /// The scene of `state`; with `landings`, each request in flight says where its answer will land.
    public init(_ state: ReplayState, landings: RequestLandings? = nil) {
        let stale = Set(state.currentStaleCells().map(\.cell))
        let grid = ListWords(header: state.header).grid
        columns = grid?.columns ?? 1
        rows = state.displayed.keys.sorted().map { row in
            ShownRow(row: row, cells: (state.displayed[row] ?? []).map { id in
                ShownCell(cell: id, image: state.cell(id)?.image ?? .nothing, stale: stale.contains(id))
            }, gridRow: grid?.row(of: row) ?? row, column: grid?.column(of: row) ?? 0)
        }
        let offscreen = OffscreenCells(state, naming: state.header.rowNaming)
        func held(_ entry: (cell: Int, row: Int)) -> HeldCell {
            HeldCell(cell: entry.cell, row: entry.row, image: state.cell(entry.cell)?.image ?? .nothing)
        }
        prepared = offscreen.preparedCells.map(held)
        keptAside = offscreen.keptAsideCells.map(held)
        others = [("Replacing the cell on screen (reload): ", offscreen.replacing), ("Being set up: ", offscreen.settingUp),
                  ("Just left the screen: ", offscreen.justLeft), ("Not known (the log left lines out): ", offscreen.unknown)]
            .filter { !$0.1.isEmpty }
        // The pool hands out its most recently added cell first.
        pools = state.pools.keys.sorted().map { ($0, Array((state.pools[$0] ?? []).reversed())) }
        prefetching = state.pendingPrefetch
        requests = state.requestsInFlight.map { record in
            var request = Request(row: record.row, waiting: record.phase == .waiting)
            request.lands = landings?[record.id]
            if case .cell(let cell)? = request.lands { request.landingCellRow = state.cell(cell)?.lastRow }
            return request
        }
        busy = state.mainThreadWork.flatMap { $0.isRunning(at: state.time) ? $0 : nil }
        alive = state.liveCellCount
        imageMemory = state.imageMemory
    }

    public static func == (a: TableScene, b: TableScene) -> Bool {
        a.rows == b.rows && a.columns == b.columns && a.prepared == b.prepared && a.keptAside == b.keptAside
            && a.others.map(\.label) == b.others.map(\.label) && a.others.map(\.cells) == b.others.map(\.cells)
            && a.pools.map(\.identifier) == b.pools.map(\.identifier) && a.pools.map(\.cells) == b.pools.map(\.cells)
            && a.prefetching == b.prefetching && a.requests == b.requests && a.busy == b.busy
            && a.alive == b.alive && a.imageMemory == b.imageMemory
    }
}
