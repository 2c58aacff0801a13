import Foundation
import TraceModel

/// The simulated `UITableView`: it owns the visible cells, the reuse pools, the
/// modern profile's prepared and kept-aside cells, and the prefetch window, and it
/// calls the app's data source and delegate in the order a real table view does.
/// Every call is written to the event log.
///
/// It is also the machinery inside the simulated `UICollectionView`
/// (`CollectionView`), whose items it counts as rows and lays out as a grid
/// (`list` is `.collection`): the same reuse pool, prepared cells and prefetch
/// context, with a collection view's own layout pass (`layOutGrid`).
public final class TableView {
    public let profile: TableProfile
    /// A table view, or the machinery of a collection view's grid.
    public let list: ListStyle
    public internal(set) var geometry: TableGeometry
    let world: World
    var log: EventLog { world.log }
    /// Whether frame snapshots say what each cell's image view shows.
    var showsImages = false
    /// The scenario's table; the data source may report fewer rows (batch paging).
    var baseSpec: TableSpec?
    /// The scenario's grid, for a collection view.
    var baseCollection: CollectionSpec?
    /// How global rows map to index paths, for a table with sections.
    var naming = RowNaming.single

    public weak var dataSource: TableViewDataSource?
    public weak var delegate: TableViewDelegate?
    public weak var prefetchDataSource: TableViewDataSourcePrefetching?

    /// `contentOffset.y`.
    public internal(set) var contentOffset: Double
    /// +1 while content moves up the screen (scrolling down the list), -1 the other way.
    var scrollDirection = 1
    /// True while a finger drags, the view decelerates or a scroll animation runs.
    var isScrolling = false
    /// Whether the prefetch context has started: classic (and a collection view) at
    /// the first layout; modern at the first scroll — the first drag, as seed 004's
    /// log shows, or the first programmatic `scrollToRow` (inferred: the decompiled
    /// context updates on every change of the visible rows, whatever caused it).
    var prefetchingStarted = false
    /// `isPrefetchingEnabled` (iOS 15+, default `true`). Apple documents it as "whether
    /// to allow cell and data prefetching": when true, "the table view may request
    /// cells in advance of displaying them"; when false, it "requests cells when they
    /// need to display", and "setting this property to false also disables data
    /// prefetching". So when false the modern profile prepares no cell ahead
    /// (`prepareLeadingRow`) and neither profile calls the prefetch data source
    /// (`sendPrefetchUpdate`), even if the app set one. Cells kept aside after they
    /// scroll off are not requested ahead, so they are kept as before — inferred:
    /// Apple says nothing about them here, and no log with the property off is in hand.
    public var isPrefetchingEnabled = true

    var registered: [String: TableViewCell.Type] = [:]
    /// Every live cell the table view holds, in creation order.
    var allCells: [TableViewCell] = []
    /// Cells the table view has let go of (a memory warning emptied their pool)
    /// that something else still holds — typically a pending block that captured
    /// the cell to set its image. Each is deallocated, and its `deinit` recorded,
    /// only once nothing holds it any more (`releaseUnreferencedCells`).
    var releasing: [TableViewCell] = []
    /// How many cells have ever been created: ids keep counting after cells are released.
    var createdCellCount = 0
    var visibleCells = VisibleCells()
    var visibleRange: ClosedRange<Int>?
    /// Modern profile: cells held off screen for a row, prepared ahead or kept after showing it.
    var prepared = PreparedCells()
    var pool = ReusePool()
    /// UIKit's prefetch context: over rows for a table, over rows of items for a collection view.
    var prefetchWindow: PrefetchWindow
    /// A collection view's cell prefetching: the scroll speed and the direction its candidates were prepared for.
    var cellPrefetching = CellPrefetching()
    var isTornDown = false
    /// Which item each row shows, as row updates move them (kept by the world).
    var rowItems: RowItems {
        get { world.rowItems }
        set { world.rowItems = newValue }
    }
    /// The calls of a `performBatchUpdates` block, applied when it returns.
    var batch: RowUpdate?
    /// What UIKit would have raised on an update it refuses; the recording stops there.
    public internal(set) var raisedException: String?
    /// Set whenever what the screen shows may have changed since the last frame commit.
    var screenChanged: Bool {
        get { world.screenChanged }
        set { world.screenChanged = newValue }
    }
    /// The row `cellForRowAt` is being asked for right now, and the cell dequeued for it.
    var rowBeingConfigured: Int?
    /// During `reconfigureRows`: the row's own cell, which dequeuing hands back as it is.
    var reconfiguring: TableViewCell?
    var cellDequeuedForRow: TableViewCell?
    /// A self-sizing table's heights, measured and estimated (nil for fixed heights).
    var rowHeights: RowHeightEstimates?
    /// Cells configured in this layout pass to measure their rows, not yet displayed.
    var measuredCells: [Int: TableViewCell] = [:]
    /// How far corrections moved the content offset since the gesture began.
    var offsetCorrection = 0.0

    /// A table view, or, with `list` `.collection`, the machinery of a collection
    /// view whose grid `collection` describes (its prefetch window's depth depends
    /// on how many rows of items a screen holds).
    init(profile: TableProfile, geometry: TableGeometry, world: World, list: ListStyle = .table, collection: CollectionSpec? = nil) {
        self.profile = profile
        self.list = list
        self.geometry = geometry
        self.world = world
        self.contentOffset = geometry.minimumOffset
        baseCollection = collection
        world.rowItems = RowItems(rowCount: geometry.rowCount)
        prefetchWindow = list.isCollection
            ? PrefetchWindow(collectionRowsPerScreen: collection?.rowsOfItemsPerScreen ?? PrefetchWindow.collectionDepth)
            : PrefetchWindow()
    }

    // MARK: The API a strategy uses

    public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
        registered[identifier] = cellClass
    }

    /// `dequeueReusableCell(withIdentifier:for:)`: the most recently pooled cell for
    /// the identifier after its `prepareForReuse`, or a new cell (`init`) if the pool is empty.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath,
                                    file: StaticString = #fileID, line: UInt = #line) -> TableViewCell {
        let cell: TableViewCell
        let row = self.row(at: indexPath)
        // init and prepareForReuse happen in this call, at the app's line that made it.
        let dequeueCall = CodeSite.call(file: file, line: line)
        if let own = reconfiguring, rowBeingConfigured == row {
            // reconfigureRows: the existing cell, with no prepareForReuse.
            cell = own
        } else if let reused = pool.dequeue(identifier: identifier) {
            world.with(site: dequeueCall) {
                world.record(.prepareForReuse(cell: reused.id, identifier: identifier, previousRow: reused.lastRow))
            }
            world.with(site: .method(.prepareForReuse)) { reused.prepareForReuse() }
            cell = reused
        } else {
            // An unregistered identifier is a bug in the strategy, not in any input; UIKit
            // raises an exception there. The base class keeps the simulation going.
            let cellClass = registered[identifier] ?? TableViewCell.self
            createdCellCount += 1
            cell = cellClass.init(id: createdCellCount, reuseIdentifier: identifier)
            allCells.append(cell)
            world.with(site: dequeueCall) { world.record(.initCell(cell: cell.id, identifier: identifier)) }
        }
        cell.lastRow = row
        if rowBeingConfigured == row {
            cellDequeuedForRow = cell
            world.record(.cellForRowAt(row: row, cell: cell.id))
        }
        return cell
    }

    /// The row a cell is showing or being prepared for (`indexPath(for:)`); nil
    /// for a cell off screen or in the pool. A cell the modern profile prepared
    /// ahead counts as belonging to its row.
    public func indexPath(for cell: TableViewCell) -> IndexPath? {
        if let row = visibleCells.row(of: cell) { return indexPath(forRow: row) }
        if let row = prepared.row(of: cell) { return indexPath(forRow: row) }
        return nil
    }

    /// The cell showing `indexPath`'s row (`cellForRow(at:)`). Since iOS 15 (the
    /// modern profile) a prepared cell off screen counts too, as Apple documents.
    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        let row = self.row(at: indexPath)
        return visibleCells[row] ?? prepared.cell(forRow: row)
    }

    /// The rows on screen, top to bottom (`indexPathsForVisibleRows`).
    public var indexPathsForVisibleRows: [IndexPath] {
        visibleRange.map { $0.map { indexPath(forRow: $0) } } ?? []
    }

    /// The index path UIKit would give a global row (see `RowNaming`).
    public func indexPath(forRow row: Int) -> IndexPath {
        let path = naming.indexPath(ofRow: row)
        return IndexPath(row: path.row, section: path.section)
    }

    /// The global row of an index path the app passes in; an index path past the
    /// table's sections counts as the row after the last (UIKit would raise).
    public func row(at indexPath: IndexPath) -> Int {
        naming.globalRow(section: indexPath.section, row: indexPath.row) ?? geometry.rowCount
    }

    // MARK: Calling the app

    /// Asks the data source for `row`'s cell; `cellForRowAt` is logged when the
    /// cell is dequeued inside it.
    func requestCell(forRow row: Int) -> TableViewCell {
        rowBeingConfigured = row
        cellDequeuedForRow = nil
        world.isRequestingACell = true
        defer { rowBeingConfigured = nil; cellDequeuedForRow = nil; world.isRequestingACell = false }
        let indexPath = indexPath(forRow: row)
        // The cause is spelled only when there is work to record (spend ignores 0 ms).
        let cost = world.spec.mainThread.cellForRowAtMs
        if cost > 0 { world.spend(ms: cost, cause: "\(list.name(of: .cellForRowAt)) \(list.noun) \(row)") }
        guard let dataSource else {
            return dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        }
        let cell = world.with(cause: .cellForRowAt) {
            world.with(site: .method(.cellForRowAt)) { dataSource.tableView(self, cellForRowAt: indexPath) }
        }
        if cellDequeuedForRow !== cell {
            // The data source built a cell without dequeuing it for this row (UIKit
            // tolerates this); the call is still recorded so the trace stays complete.
            cell.lastRow = row
            if !allCells.contains(where: { $0 === cell }) {
                allCells.append(cell)
                world.record(.initCell(cell: cell.id, identifier: cell.reuseIdentifier))
            }
            world.record(.cellForRowAt(row: row, cell: cell.id))
        }
        measureIfSelfSizing(cell, row: row)
        return cell
    }

    func display(_ cell: TableViewCell, row: Int) {
        visibleCells[row] = cell
        world.with(site: .method(.willDisplay)) {
            world.record(.willDisplay(row: row, cell: cell.id))
            delegate?.tableView(self, willDisplay: cell, forRowAt: indexPath(forRow: row))
        }
    }

    func endDisplaying(row: Int) -> TableViewCell? {
        guard let cell = visibleCells.removeValue(forKey: row) else { return nil }
        notifyEndDisplaying(cell, row: row)
        return cell
    }

    /// `didEndDisplaying` for a cell no longer in `visibleCells`.
    func notifyEndDisplaying(_ cell: TableViewCell, row: Int) {
        world.with(site: .method(.didEndDisplaying)) {
            world.record(.didEndDisplaying(row: row, cell: cell.id))
            delegate?.tableView(self, didEndDisplaying: cell, forRowAt: indexPath(forRow: row))
        }
    }

    func enqueue(_ cell: TableViewCell) {
        pool.enqueue(cell)
        world.record(.enqueue(cell: cell.id, identifier: cell.reuseIdentifier))
    }

    func sendPrefetchUpdate() {
        // isPrefetchingEnabled false "also disables data prefetching" (Apple).
        guard let prefetchDataSource, prefetchingStarted, isPrefetchingEnabled else { return }
        let update: PrefetchWindow.Update
        if list.isCollection {
            // The context counts rows of items; each one asked for or cancelled is all its items.
            let lines = prefetchWindow.update(visible: visibleRange.map(geometry.lines(of:)), offset: contentOffset,
                                              rowCount: geometry.lineCount, showsLastRowWhole: showsLastRowWhole)
            update = PrefetchWindow.Update(cancel: lines.cancel.flatMap { Array(geometry.items(inLine: $0)) },
                                           prefetch: lines.prefetch.flatMap { Array(geometry.items(inLine: $0)) })
        } else {
            update = prefetchWindow.update(visible: visibleRange, offset: contentOffset, rowCount: geometry.rowCount,
                                           showsLastRowWhole: showsLastRowWhole)
        }
        if !update.cancel.isEmpty {
            world.with(site: .method(.cancelPrefetchingForRowsAt)) {
                world.record(.cancelPrefetchingForRowsAt(rows: update.cancel))
                prefetchDataSource.tableView(self, cancelPrefetchingForRowsAt: update.cancel.map { indexPath(forRow: $0) })
            }
        }
        if !update.prefetch.isEmpty {
            world.with(site: .method(.prefetchRowsAt)) {
                world.record(.prefetchRowsAt(rows: update.prefetch))
                world.with(cause: .prefetch) {
                    prefetchDataSource.tableView(self, prefetchRowsAt: update.prefetch.map { indexPath(forRow: $0) })
                }
            }
        }
    }

    /// Whether the last row (a collection view's last row of items) is wholly on
    /// screen: its bottom edge at or above the screen's. The prefetch context turns
    /// backward only then (see `PrefetchWindow`).
    var showsLastRowWhole: Bool {
        guard geometry.rowCount > 0 else { return false }
        return geometry.bottom(ofRow: geometry.rowCount - 1) <= contentOffset + geometry.viewportHeight
    }

    /// Asks the data source how many rows there are; if that changed, the table's
    /// geometry follows and the new count is recorded (batch paging grows it).
    func refreshRowCount() {
        // Batch paging grows one list of rows; a table with sections does not page (the scenario refuses it).
        guard let spec = baseSpec, spec.sections == nil, let count = dataSource?.numberOfRows(in: self), count != geometry.rowCount else { return }
        var resized = spec
        resized.rows = min(count, spec.rows)
        if let heights = spec.rowHeights { resized.rowHeights = Array(heights.prefix(resized.rows)) }
        if var grid = baseCollection {
            grid.items = resized.rows
            geometry = TableGeometry(collection: grid)
        } else {
            geometry = TableGeometry(resized)
        }
        contentOffset = geometry.clamp(contentOffset)
        world.record(.numberOfRows(rows: resized.rows))
    }

    /// What the screen shows now, for the frame snapshot.
    func snapshot(frame: Int) -> FrameSnapshot {
        var cells: [VisibleCell] = []
        cells.reserveCapacity(visibleCells.count)
        for (row, cell) in visibleCells.rowsAndCells {
            cells.append(VisibleCell(row: row, cell: cell.id, image: showsImages ? cell.imageView.shown : nil))
        }
        return FrameSnapshot(frame: frame, offset: contentOffset, cells: cells)
    }
}
