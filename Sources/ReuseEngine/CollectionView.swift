import Foundation
import TraceModel

/// The simulated `UICollectionView` with a vertical flow layout: a grid of items,
/// `columns` to a row of items (see `TableGeometry.init(collection:)`).
///
/// A collection view recycles its cells as a table view does — one reuse pool
/// per identifier, `prepareForReuse` on the way out of it, cells prepared ahead
/// and kept near the visible area — so it runs on the same machinery, a
/// `TableView` whose "rows" are the items (`list` is `.collection`), and only
/// speaks UIKit's collection-view words to the app: `cellForItemAt`,
/// `dequeueReusableCell(withReuseIdentifier:for:)`, `prefetchItemsAt`,
/// `reloadItems(at:)`. What differs in behaviour (rows of items entering together,
/// cell prefetching a row of items ahead, data prefetching from the first layout)
/// is in `TableView.layOutGrid`. The trace records the same events as for a table;
/// a trace whose header says `"list": "collection"` writes them with these names.
public final class CollectionView {
    /// The shared list machinery, counting items as rows.
    public let machinery: TableView
    /// Passes the machinery's calls on to the app's collection-view protocols.
    private let bridge: CollectionViewBridge
    /// The cell registrations used so far, in the order of first use, with their
    /// reuse identifiers (see `CellRegistration`).
    var registrations: [(identity: RegistrationIdentity, className: String, identifier: String)] = []

    /// Weak, as in UIKit: the app keeps its data source (a diffable data source is the app's own property).
    public weak var dataSource: CollectionViewDataSource?
    public weak var delegate: CollectionViewDelegate?
    /// The app's prefetch data source; nil (the default) means no `prefetchItemsAt` calls.
    public weak var prefetchDataSource: CollectionViewDataSourcePrefetching? {
        didSet { machinery.prefetchDataSource = prefetchDataSource == nil ? nil : bridge }
    }

    init(machinery: TableView) {
        self.machinery = machinery
        bridge = CollectionViewBridge()
        bridge.collectionView = self
        machinery.dataSource = bridge
        machinery.delegate = bridge
    }

    /// `isPrefetchingEnabled` (iOS 10+, default `true`): cell prefetching and data
    /// prefetching. False: each cell is requested when its item is about to appear,
    /// and the prefetch data source is never called.
    public var isPrefetchingEnabled: Bool {
        get { machinery.isPrefetchingEnabled }
        set { machinery.isPrefetchingEnabled = newValue }
    }

    /// `contentOffset.y`.
    public var contentOffset: Double { machinery.contentOffset }

    // MARK: Cells

    /// `register(_:forCellWithReuseIdentifier:)`.
    public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
        machinery.register(cellClass, forCellReuseIdentifier: identifier)
    }

    /// `dequeueReusableCell(withReuseIdentifier:for:)`: the most recently pooled cell
    /// for the identifier after its `prepareForReuse`, or a new cell (`init`); during
    /// `reconfigureItems`, the item's own cell, as it is.
    public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath,
                                    file: StaticString = #fileID, line: UInt = #line) -> CollectionViewCell {
        machinery.dequeueReusableCell(withIdentifier: identifier, for: indexPath, file: file, line: line)
    }

    /// `cellForItem(at:)`: the cell showing the item, or (iOS 15+, as Apple documents
    /// for collection views too) a prepared cell the collection view holds for it off
    /// screen — prefetched ahead, or kept after it scrolled off; nil otherwise.
    public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
        machinery.cellForRow(at: indexPath)
    }

    /// `indexPathsForVisibleItems`, first item to last (UIKit does not promise an order).
    public var indexPathsForVisibleItems: [IndexPath] { machinery.indexPathsForVisibleRows }

    /// `visibleCells`, in the order of their items.
    public var visibleCells: [CollectionViewCell] { machinery.visibleCells.rowsAndCells.map { $0.1 } }

    /// `indexPath(for:)`: the item a cell shows or is prepared for; nil for a pooled cell.
    public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
        machinery.indexPath(for: cell)
    }

    /// `numberOfSections`.
    public var numberOfSections: Int { max(1, machinery.naming.sectionRowCounts.count) }

    /// `numberOfItems(inSection:)`, as the collection view last laid them out.
    public func numberOfItems(inSection section: Int) -> Int {
        guard machinery.naming.hasSections else { return section == 0 ? machinery.geometry.rowCount : 0 }
        guard section >= 0, section < machinery.naming.sectionRowCounts.count else { return 0 }
        return machinery.naming.sectionRowCounts[section]
    }

    // MARK: Updates

    /// `reloadData()`, as a table's: visible cells end displaying and join the pool
    /// with every prepared cell, then the visible items are configured again.
    public func reloadData(file: StaticString = #fileID, line: UInt = #line) {
        machinery.reloadData(file: file, line: line)
    }

    /// `reloadItems(at:)`: each visible item gets a new cell — `cellForItemAt` with
    /// a dequeued cell, displayed before the old one ends displaying and joins the
    /// pool (the table's order; the collection view's own is not published); a
    /// prepared cell of a named item is discarded to the pool. So the item's cell is
    /// replaced, as Apple says `reloadItems` does.
    public func reloadItems(at indexPaths: [IndexPath], file: StaticString = #fileID, line: UInt = #line) {
        machinery.reloadRows(indexPaths.map { machinery.row(at: $0) }, file: file, line: line)
    }

    /// `reconfigureItems(at:)` (iOS 15+): each named item that has a cell — on
    /// screen or prepared — gets `cellForItemAt` again with that same cell: no
    /// `init`, no `prepareForReuse`, no `willDisplay` or `didEndDisplaying`
    /// (Apple: it updates "existing (including prefetched) cells without replacing
    /// them"). An item without a cell is left alone.
    public func reconfigureItems(at indexPaths: [IndexPath], file: StaticString = #fileID, line: UInt = #line) {
        machinery.reconfigureRows(indexPaths.map { machinery.row(at: $0) }, file: file, line: line)
    }

    /// True once the first layout has put cells on screen (a diffable data source
    /// applies its first snapshot before that without any update).
    public var hasLaidOut: Bool { machinery.visibleRange != nil }

    /// The index path UIKit gives a global item.
    public func indexPath(forItem item: Int) -> IndexPath {
        let path = machinery.naming.indexPath(ofRow: item)
        return IndexPath(item: path.row, section: path.section)
    }
}

/// Receives the machinery's table-view calls and makes them the app's
/// collection-view calls, with the same index paths (section, item).
final class CollectionViewBridge: TableViewDataSource, TableViewDelegate, TableViewDataSourcePrefetching {
    weak var collectionView: CollectionView?

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let collectionView, let dataSource = collectionView.dataSource else {
            // No data source: UIKit would show nothing; a plain cell keeps the simulation going.
            return tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        }
        return dataSource.collectionView(collectionView, cellForItemAt: indexPath)
    }

    /// Every section's `numberOfItemsInSection`, added up (nil without a data source).
    func numberOfRows(in tableView: TableView) -> Int? {
        guard let collectionView, let dataSource = collectionView.dataSource else { return nil }
        let sections = max(1, tableView.naming.sectionRowCounts.count)
        var total = 0
        for section in 0..<sections {
            total += max(0, dataSource.collectionView(collectionView, numberOfItemsInSection: section))
            total = min(total, Scenario.Limits.maximumRows)
        }
        return total
    }

    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {
        guard let collectionView else { return }
        collectionView.delegate?.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
    }

    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {
        guard let collectionView else { return }
        collectionView.delegate?.collectionView(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        guard let collectionView else { return }
        collectionView.prefetchDataSource?.collectionView(collectionView, prefetchItemsAt: indexPaths)
    }

    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        guard let collectionView else { return }
        collectionView.prefetchDataSource?.collectionView(collectionView, cancelPrefetchingForItemsAt: indexPaths)
    }
}
