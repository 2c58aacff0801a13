/// The state of a table view as a trace describes it, built by folding events in
/// order through `apply`.
///
/// This is the one place that knows what each event means for cells, pools, the
/// screen and prefetching. The validator, and every later reader of a trace
/// (annotation, lessons, the differ), fold through this same `apply`, so they can
/// never disagree about what a trace says. It lives with the trace format because
/// validation is part of reading a trace, and it knows nothing of the engine:
/// whatever a reader learns, it learns from the trace alone.
public struct ReplayState: Sendable {
    public let header: TraceHeader
    /// The scenario's images, read once: `header.scenario?` copies the whole
    /// scenario out to reach them, and a frame asks for every visible cell.
    let images: ImageSpec?

    /// Cells by id (ids start at 1, in creation order).
    public internal(set) var cells = ChunkedList<CellRecord>()
    /// Each identifier's reuse pool, oldest first: `dequeueReusableCell` hands out the last.
    public var pools: [String: [Int]] { poolStorage.mapValues(\.cells) }
    /// The same pools, each able to give up any cell in constant time.
    private var poolStorage: [String: PooledCells] = [:]
    /// How many cells wait in the pool for `identifier`.
    public func poolCount(_ identifier: String) -> Int { poolStorage[identifier]?.count ?? 0 }
    /// How many cells wait in each pool.
    public var poolSizes: [String: Int] { poolStorage.mapValues(\.count) }
    /// Cells kept aside by the modern profile, oldest first.
    public internal(set) var keptAside: [Int] = []
    /// Rows on screen and the cell showing each (a row briefly has two during `reloadRows`).
    public internal(set) var displayed: [Int: [Int]] = [:]
    /// How many cells `displayed` lists in all, and in how many rows it lists more
    /// than one: kept as it changes, so that a frame's check need not walk it.
    internal(set) var displayedCellCount = 0
    internal(set) var rowsShowingMoreThanOne = 0
    /// Rows named by a `reloadRows` whose old cell has not yet ended displaying:
    /// only these may briefly show two cells.
    public internal(set) var reloadingRows: Set<Int> = []
    /// Rows named by a `reconfigureRows` whose `cellForRowAt` has not come yet:
    /// each may be configured again with the cell it already has, until the next frame.
    public internal(set) var reconfiguringRows: Set<Int> = []
    /// Rows passed to `prefetchRowsAt` and neither cancelled nor displayed since, in order asked.
    public var pendingPrefetch: [Int] {
        pendingPrefetchOrder.sorted { $0.value < $1.value }.map(\.key)
    }
    /// The same rows, each with when it was asked for: membership, removal and
    /// counting stay constant-time however long a batch is.
    var pendingPrefetchOrder: [Int: Int] = [:]
    private var prefetchRowsAsked = 0
    /// True when `row` was asked for and neither cancelled nor displayed since.
    public func isPrefetching(_ row: Int) -> Bool { pendingPrefetchOrder[row] != nil }
    /// How many rows are being prefetched.
    public var pendingPrefetchCount: Int { pendingPrefetchOrder.count }
    /// How many `prefetchRowsAt` batches have come so far.
    public private(set) var prefetchBatchCount = 0
    /// The last content offset any event reported.
    public internal(set) var offset: Double?
    /// The last frame snapshot.
    public private(set) var lastFrame: FrameSnapshot?
    /// True after `viewDidDisappear`: the table view is being deallocated, and a
    /// `deinit` may name a cell still displayed.
    public private(set) var hasDisappeared = false
    /// Every request so far, by number (1, 2, …).
    public internal(set) var requests = ChunkedList<RequestRecord>()
    /// The requests asked for and not yet over, by number, in the order asked.
    var inFlightIDs: [Int] = []
    /// How many requests are running on a connection now.
    public internal(set) var runningRequestCount = 0
    /// The main thread's latest piece of work (it may be over by now).
    public internal(set) var mainThreadWork: MainThreadWork?
    /// Memory held by images (their data, and the bitmaps of those decoded), and the most it has been.
    public internal(set) var imageMemory = 0
    public internal(set) var peakImageMemory = 0
    /// The row count the table view last read (`numberOfRows`), else the scenario's.
    public internal(set) var currentRowCount: Int?
    /// Which item each row shows, as row updates move them (`RowItems`).
    public internal(set) var rowItems: RowItems
    /// The calls of a `performBatchUpdates` block not yet applied (its `endUpdates` applies them).
    var openBatch: RowUpdate?
    /// Cells still on screen whose rows an update deleted or reloaded, by cell, with
    /// the row they showed before it: each must end displaying, naming that row,
    /// before the next frame.
    public internal(set) var departing: [Int: Int] = [:]
    /// The row count the data source must report after the last update, until it does.
    var countAfterUpdate: Int?
    /// Cells whose phase names a row (configured, displayed, off screen, kept
    /// aside): kept only once the first update comes, so that an update renumbers
    /// those cells without walking every cell the trace ever made.
    var placedCells: Set<Int>?
    /// The latest request for each image, to tell where its answer was meant to go.
    var lastRequestForImage: [Int: Int] = [:]
    /// How many events have been applied.
    public private(set) var eventCount = 0
    /// Time of the last event applied.
    public private(set) var time = VirtualTime.zero
    /// Time of the event being applied (`time` is still the previous one's until it succeeds).
    var eventTime = VirtualTime.zero
    /// A self-sizing table's measured rows and the layout they make (see `ReplayState+Heights`).
    public internal(set) var heights: MeasuredHeights

    public init(header: TraceHeader) {
        self.header = header
        self.currentRowCount = header.rowCount
        rowItems = RowItems(rowCount: header.rowCount ?? 0)
        images = header.scenario?.world.images
        heights = MeasuredHeights(header: header)
    }

    public func cell(_ id: Int) -> CellRecord? {
        id >= 1 && id <= cells.count ? cells[id - 1] : nil
    }

    /// Cells that exist (created and not deallocated), counted as they come and go.
    public private(set) var liveCellCount = 0

    /// Applies one event, or explains why it cannot happen now. On a violation the
    /// state is left as it was before the event.
    public mutating func apply(_ event: TraceEvent) throws(LifecycleViolation) {
        guard event.seq == eventCount else {
            throw LifecycleViolation("\"seq\" is \(event.seq) but this is event number \(eventCount); seq must count 0, 1, 2, … without gaps")
        }
        guard event.time >= time else {
            throw LifecycleViolation("time goes backwards: \"t\" is \(event.time.millisecondsText) ms, after an event at \(time.millisecondsText) ms")
        }
        // Every case below makes all its checks before it changes anything, so a
        // violation leaves the state untouched without copying it.
        eventTime = event.time
        try applyBody(event.body)
        eventCount += 1
        time = event.time
    }

    private mutating func applyBody(_ body: EventBody) throws(LifecycleViolation) {
        switch body {
        case .initCell(let id, let identifier):
            guard id == cells.count + 1 else {
                if id <= cells.count {
                    throw LifecycleViolation("init of cell #\(id), but cell #\(id) already exists; each init creates a new cell")
                }
                throw LifecycleViolation("init of cell #\(id), but the next new cell must be #\(cells.count + 1) (cell ids count 1, 2, … in creation order)")
            }
            guard !identifier.isEmpty else { throw LifecycleViolation("the reuse identifier is empty") }
            cells.append(CellRecord(id: id, identifier: identifier, phase: .fresh, lastRow: nil, reuseCount: 0))
            liveCellCount += 1

        case .prepareForReuse(let id, let identifier, let previousRow):
            let record = try liveCell(id, for: "prepareForReuse")
            guard record.identifier == identifier else {
                throw LifecycleViolation("prepareForReuse of cell #\(id) with identifier \"\(identifier)\", but it was created as \"\(record.identifier)\"; pools are per identifier")
            }
            switch record.phase {
            case .pooled, .offscreen, .unknown:
                break
            case .keptAside(let row):
                throw LifecycleViolation("prepareForReuse of cell #\(id), which is kept aside after showing row \(row), not in the reuse pool; dequeueReusableCell only hands out pooled cells")
            default:
                throw LifecycleViolation("prepareForReuse of cell #\(id), which was never released: it is \(record.phase.describe); a cell is reused only after it left the screen and joined the reuse pool")
            }
            if let previousRow, let lastRow = record.lastRow, previousRow != lastRow {
                throw LifecycleViolation("prepareForReuse says cell #\(id) showed row \(previousRow) before, but it last showed row \(lastRow)")
            }
            if record.phase == .pooled { removeFromPool(id, identifier: identifier) }
            update(id) { $0.phase = .dequeued; $0.reuseCount += 1 }

        case .cellForRowAt(let row, let id):
            try checkRow(row)
            let record = try liveCell(id, for: "cellForRowAt")
            if !reconfiguringRows.isEmpty, reconfiguringRows.contains(row) {
                switch record.phase {
                case .displayed(row), .configured(row), .keptAside(row):
                    // reconfigureRows: the row's own cell, configured again where it is.
                    reconfiguringRows.remove(row)
                    update(id) { $0.lastRow = row }
                    return
                default:
                    break
                }
            }
            switch record.phase {
            case .fresh, .dequeued, .unknown:
                break
            default:
                throw LifecycleViolation("cellForRowAt returned cell #\(id) for row \(row), but that cell is \(record.phase.describe); dequeueReusableCell hands out only new cells (init) or reused ones (prepareForReuse)")
            }
            update(id) { $0.phase = .configured(row: row); $0.lastRow = row }

        case .willDisplay(let row, let id):
            try checkRow(row)
            let record = try liveCell(id, for: "willDisplay")
            switch record.phase {
            case .configured(let configuredRow) where configuredRow == row:
                break
            case .offscreen(let shownRow) where shownRow == row, .keptAside(let shownRow) where shownRow == row:
                // Only the modern table view shows a row's old cell again without cellForRowAt.
                guard header.profile == .modern else {
                    throw LifecycleViolation("row \(row) is shown again with cell #\(id), which left it, without cellForRowAt; "
                        + "only the modern profile keeps a cell aside to show again, and this trace's profile is classic (a classic table view asks cellForRowAt for every row that appears)")
                }
                keptAside.removeAll { $0 == id }
            case .unknown:
                break
            case .displayed(let shownRow):
                throw LifecycleViolation("willDisplay of cell #\(id) in row \(row), but it is already displayed in row \(shownRow); one cell cannot be in two rows at once")
            case .fresh, .dequeued:
                throw LifecycleViolation("row \(row) is displayed with cell #\(id), which cellForRowAt never configured; a row needs its cell from cellForRowAt first")
            default:
                throw LifecycleViolation("willDisplay of cell #\(id) in row \(row), but the cell is \(record.phase.describe); only a cell configured for row \(row) (or kept aside after showing it) can be displayed there")
            }
            let shownBefore = displayed[row]
            if let shownBy = shownBefore?.first, reloadingRows.isEmpty || !reloadingRows.contains(row) {
                throw LifecycleViolation("row \(row) is already displayed by cell #\(shownBy); a row shows one cell at a time (only reloadRows briefly shows a new cell before the old one ends displaying)")
            }
            displayed[row, default: []].append(id)
            countDisplayed(from: shownBefore?.count ?? 0, to: (shownBefore?.count ?? 0) + 1)
            if !pendingPrefetchOrder.isEmpty { pendingPrefetchOrder[row] = nil }
            update(id) { $0.phase = .displayed(row: row) }

        case .didEndDisplaying(let row, let id):
            let record = try liveCell(id, for: "didEndDisplaying")
            if !departing.isEmpty, let shown = departing[id] {
                try endDeparting(id, row: row, shown: shown)
                return
            }
            guard record.phase == .displayed(row: row) || record.phase == .unknown else {
                throw LifecycleViolation("didEndDisplaying of cell #\(id) in row \(row), but the cell is \(record.phase.describe)")
            }
            endDisplaying(id, row: row)
            update(id) { $0.phase = .offscreen(row: row) }

        case .keepAside(let id, let row):
            guard header.profile == .modern else {
                throw LifecycleViolation("cell #\(id) is kept aside for row \(row), but only the modern profile keeps a cell aside, and this trace's profile is classic")
            }
            let record = try liveCell(id, for: "keepAside")
            guard record.phase == .offscreen(row: row) || record.phase == .unknown else {
                throw LifecycleViolation("cell #\(id) is kept aside for row \(row), but it is \(record.phase.describe); only a cell that just left row \(row) can be kept aside")
            }
            keptAside.append(id)
            update(id) { $0.phase = .keptAside(row: row) }

        case .enqueue(let id, let identifier):
            let record = try liveCell(id, for: "enqueue")
            guard record.identifier == identifier else {
                throw LifecycleViolation("cell #\(id) was created as \"\(record.identifier)\" but joins the pool for \"\(identifier)\"")
            }
            switch record.phase {
            case .offscreen, .keptAside, .configured, .unknown:
                break
            default:
                throw LifecycleViolation("cell #\(id) joins the reuse pool, but it is \(record.phase.describe); only a cell that is off screen (or prepared and never shown) can be pooled")
            }
            keptAside.removeAll { $0 == id }
            poolStorage[identifier, default: PooledCells()].append(id)
            update(id) { $0.phase = .pooled }

        case .deinitCell(let id):
            let record = try liveCell(id, for: "deinit")
            // After viewDidDisappear the table view is deallocated with every cell it
            // holds, those on screen included, and UIKit sends them no didEndDisplaying.
            // Before it, a cell on screen is in use and cannot go.
            if case .displayed(let row) = record.phase {
                guard hasDisappeared else {
                    throw LifecycleViolation("deinit of cell #\(id) while it is displayed in row \(row) and the screen is still up; a cell on screen is in use (only after viewDidDisappear does the table view go, with the cells it shows)")
                }
                endDisplaying(id, row: row)
            }
            if record.phase == .pooled { removeFromPool(id, identifier: record.identifier) }
            keptAside.removeAll { $0 == id }
            update(id) { $0.phase = .deallocated }
            liveCellCount -= 1

        case .prefetchRowsAt(let rows):
            guard !rows.isEmpty else { throw LifecycleViolation("prefetchRowsAt with no rows") }
            for row in rows { try checkRow(row) }
            guard !Self.namesARowTwice(rows) else { throw LifecycleViolation("prefetchRowsAt names a row twice") }
            for row in rows where pendingPrefetchOrder[row] != nil {
                throw LifecycleViolation("prefetchRowsAt asks again for row \(row), which is still being prefetched")
            }
            for row in rows {
                pendingPrefetchOrder[row] = prefetchRowsAsked
                prefetchRowsAsked += 1
            }
            prefetchBatchCount += 1

        case .cancelPrefetchingForRowsAt(let rows):
            guard !rows.isEmpty else { throw LifecycleViolation("cancelPrefetchingForRowsAt with no rows") }
            guard !Self.namesARowTwice(rows) else { throw LifecycleViolation("cancelPrefetchingForRowsAt names a row twice") }
            for row in rows where pendingPrefetchOrder[row] == nil {
                throw LifecycleViolation("cancelPrefetchingForRowsAt cancels row \(row), which is not being prefetched (never asked for, already displayed or already cancelled)")
            }
            for row in rows { pendingPrefetchOrder[row] = nil }

        case .frame(let snapshot):
            try checkNoUpdatePending(before: "frame \(snapshot.frame)")
            var previous = -1
            for visible in snapshot.cells {
                guard visible.row > previous else {
                    throw LifecycleViolation("frame \(snapshot.frame) lists row \(visible.row) after row \(previous); rows go from top to bottom")
                }
                previous = visible.row
                // A cell is displayed in a row exactly when `displayed` lists it there:
                // the cell's own record answers without hashing the row (a frame lists
                // a screenful of cells, and frames are many).
                // Its phase and image are read where they are kept, the record not copied.
                let index = visible.cell &- 1
                guard index >= 0 && index < cells.count, case .displayed(let shownRow) = cells[index].phase, shownRow == visible.row else {
                    let actual = cell(visible.cell)?.phase.describe ?? "never created"
                    throw LifecycleViolation("frame \(snapshot.frame) shows cell #\(visible.cell) in row \(visible.row), but that cell is \(actual)")
                }
                if let image = visible.image, case let held = cells[index].image, image != held {
                    throw LifecycleViolation("frame \(snapshot.frame) shows \(image.describe) in cell #\(visible.cell), but its image view was last set to \(held.describe)")
                }
            }
            // (Sorting the rows to name the first is for the rare frame that fails.)
            if rowsShowingMoreThanOne > 0,
               let row = displayed.keys.sorted().first(where: { (displayed[$0]?.count ?? 0) > 1 }), let cells = displayed[row] {
                throw LifecycleViolation("frame \(snapshot.frame) comes while row \(row) is displayed by two cells (#\(cells.map(String.init).joined(separator: " and #"))); the old cell must end displaying before the frame")
            }
            guard displayedCellCount == snapshot.cells.count else {
                let listed = Set(snapshot.cells.map(\.row))
                let missing = displayed.keys.sorted().filter { !listed.contains($0) }
                throw LifecycleViolation("frame \(snapshot.frame) leaves out displayed row(s) \(missing.map(String.init).joined(separator: ", ")); a frame lists every visible row")
            }
            offset = snapshot.offset
            lastFrame = snapshot
            if !reconfiguringRows.isEmpty { reconfiguringRows = [] }

        case .scrollViewWillBeginDragging(let value), .scrollViewDidEndDecelerating(let value):
            offset = value
        case .scrollViewDidEndDragging(let value, _):
            offset = value
        case .scrollToRow(let row, _, _):
            try checkRow(row)
        case .reloadRows(let rows):
            guard !rows.isEmpty else { throw LifecycleViolation("reloadRows with no rows") }
            if openBatch != nil {
                try addToBatch(RowUpdate(reloaded: rows))
                return
            }
            for row in rows { try checkRow(row) }
            reloadingRows = Set(rows.filter { displayed[$0] != nil })
        case .reconfigureRows(let rows):
            guard !rows.isEmpty else { throw LifecycleViolation("reconfigureRows with no rows") }
            guard header.profile == .modern else {
                throw LifecycleViolation("the rows are reconfigured, which needs the modern profile: UITableView has reconfigureRows since iOS 15, and this trace's profile is classic, which models older table views")
            }
            for row in rows { try checkRow(row) }
            reconfiguringRows = Set(rows)
        case .deleteRows, .insertRows, .moveRow, .performBatchUpdates, .endUpdates, .reloadSections:
            try applyUpdateCall(body)
        case .viewDidDisappear:
            hasDisappeared = true
        case .gap:
            forgetAfterGap()
        case .didReceiveMemoryWarning, .reloadData, .note, .recordingEnded:
            break
        case .imageRequest, .pageRequest, .requestStarted, .requestCoalesced, .response, .requestFailed,
             .requestCancelled, .cacheHit, .cacheEvict, .imageSet, .mainThreadBlocked, .hitch, .imageMemory, .numberOfRows:
            try applyLoading(body)
        case .rowHeightMeasured, .estimatesCorrected:
            try applyHeights(body)
        }
    }

    func liveCell(_ id: Int, for callback: String) throws(LifecycleViolation) -> CellRecord {
        guard let record = cell(id) else {
            throw LifecycleViolation("\(callback) names cell #\(id), which was never created (no init for it before this event)")
        }
        guard record.phase != .deallocated else {
            throw LifecycleViolation("\(callback) names cell #\(id), which was already deallocated (deinit); nothing can happen to a cell after its deinit")
        }
        return record
    }

    func checkRow(_ row: Int) throws(LifecycleViolation) {
        if let count = rowItems.updateCount > 0 ? rowItems.count : header.rowCount, row >= count {
            throw LifecycleViolation("row \(row) does not exist; the table has \(count) rows (0–\(count - 1))")
        }
    }

    /// An imported log left lines out: nothing is known any more about where each
    /// live cell is, which rows are on screen or which prefetches are outstanding.
    /// The replay starts afresh: each live cell's next event is taken as it comes.
    private mutating func forgetAfterGap() {
        for index in cells.indices where cells[index].phase != .deallocated {
            cells[index].phase = .unknown
        }
        poolStorage = [:]
        keptAside = []
        displayed = [:]
        displayedCellCount = 0
        rowsShowingMoreThanOne = 0
        reloadingRows = []
        reconfiguringRows = []
        pendingPrefetchOrder = [:]
        lastFrame = nil
        departing = [:]
        openBatch = nil
        countAfterUpdate = nil
        if placedCells != nil { placedCells = [] }
    }

    /// Cell `id` leaves row `row` in `displayed` (the row goes when it has no cell
    /// left), and the row stops reloading once it shows one cell at most.
    private mutating func endDisplaying(_ id: Int, row: Int) {
        guard var cells = displayed.removeValue(forKey: row) else {
            if !reloadingRows.isEmpty { reloadingRows.remove(row) }
            return
        }
        let before = cells.count
        cells.removeAll { $0 == id }
        if !cells.isEmpty { displayed[row] = cells }
        countDisplayed(from: before, to: cells.count)
        if cells.count <= 1, !reloadingRows.isEmpty { reloadingRows.remove(row) }
    }

    /// Keeps `displayedCellCount` and `rowsShowingMoreThanOne` up to date as a
    /// row's cells in `displayed` go from `before` to `after`.
    mutating func countDisplayed(from before: Int, to after: Int) {
        displayedCellCount += after - before
        if before <= 1 && after > 1 { rowsShowingMoreThanOne += 1 }
        if before > 1 && after <= 1 { rowsShowingMoreThanOne -= 1 }
    }

    /// Whether `rows` lists a row twice: compared pairwise when short (as every
    /// real batch is), through a set when long.
    static func namesARowTwice(_ rows: [Int]) -> Bool {
        guard rows.count <= 32 else { return Set(rows).count != rows.count }
        for index in rows.indices.dropFirst() where rows[..<index].contains(rows[index]) { return true }
        return false
    }

    mutating func update(_ id: Int, _ change: (inout CellRecord) -> Void) {
        change(&cells[id - 1])
        if placedCells != nil {
            if cells[id - 1].phase.row != nil { placedCells?.insert(id) } else { placedCells?.remove(id) }
        }
    }

    /// Takes a pooled cell out of its pool.
    private mutating func removeFromPool(_ id: Int, identifier: String) {
        poolStorage[identifier]?.remove(id)
    }
}
