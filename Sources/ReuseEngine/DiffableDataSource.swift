import Foundation

/// `NSDiffableDataSourceSnapshot` (iOS 13+), as small as the strategies need: the
/// sections and items a collection view shows, in order, each identified by a
/// `Hashable` value, and the items marked to be reloaded or reconfigured when the
/// snapshot is applied (`reloadItems`, iOS 13; `reconfigureItems`, iOS 15).
///
/// Where UIKit raises an exception — an item appended twice, items appended with
/// no section, an unknown item reloaded — this snapshot ignores the call.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    public private(set) var sectionIdentifiers: [SectionIdentifierType] = []
    private var itemsBySection: [[ItemIdentifierType]] = []
    /// Where each item is: its section and its place in it.
    private var positions: [ItemIdentifierType: (section: Int, item: Int)] = [:]
    /// Items `apply` will reload (`reloadItems`), in the order marked.
    public private(set) var reloadedItemIdentifiers: [ItemIdentifierType] = []
    /// Items `apply` will reconfigure (`reconfigureItems`), in the order marked.
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifierType] = []
    /// Replaced whenever sections or items are added: two snapshots sharing it have the same sections and items.
    fileprivate var structure = Structure()

    fileprivate final class Structure {}

    public init() {}

    public var numberOfSections: Int { sectionIdentifiers.count }
    public var numberOfItems: Int { positions.count }

    /// Every item, section by section.
    public var itemIdentifiers: [ItemIdentifierType] { itemsBySection.flatMap { $0 } }

    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        indexOfSection(identifier).map { itemsBySection[$0].count } ?? 0
    }

    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        indexOfSection(identifier).map { itemsBySection[$0] } ?? []
    }

    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? {
        sectionIdentifiers.firstIndex(of: identifier)
    }

    /// `indexOfItem(_:)`: the item's index among all items, section by section.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? {
        guard let position = positions[identifier] else { return nil }
        return itemsBySection[..<position.section].reduce(0) { $0 + $1.count } + position.item
    }

    /// The item at (section index, item index), if there is one.
    func item(section: Int, item: Int) -> ItemIdentifierType? {
        guard section >= 0, section < itemsBySection.count, item >= 0, item < itemsBySection[section].count else { return nil }
        return itemsBySection[section][item]
    }

    /// The (section index, item index) of an item.
    func position(of identifier: ItemIdentifierType) -> (section: Int, item: Int)? { positions[identifier] }

    func numberOfItems(inSectionAt index: Int) -> Int {
        index >= 0 && index < itemsBySection.count ? itemsBySection[index].count : 0
    }

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        for identifier in identifiers where !sectionIdentifiers.contains(identifier) {
            sectionIdentifiers.append(identifier)
            itemsBySection.append([])
        }
        structure = Structure()
    }

    /// Appends items to `section`, or to the last section when it is nil.
    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection section: SectionIdentifierType? = nil) {
        guard let index = section.map({ indexOfSection($0) }) ?? (itemsBySection.isEmpty ? nil : itemsBySection.count - 1) else { return }
        for identifier in identifiers where positions[identifier] == nil {
            positions[identifier] = (index, itemsBySection[index].count)
            itemsBySection[index].append(identifier)
        }
        structure = Structure()
    }

    /// `reloadItems(_:)`: applying the snapshot replaces these items' cells.
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers where positions[identifier] != nil && !reloadedItemIdentifiers.contains(identifier) {
            reloadedItemIdentifiers.append(identifier)
        }
    }

    /// `reconfigureItems(_:)` (iOS 15+): applying the snapshot configures these
    /// items' existing cells again, "preserving the existing cells" (Apple).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        for identifier in identifiers where positions[identifier] != nil && !reconfiguredItemIdentifiers.contains(identifier) {
            reconfiguredItemIdentifiers.append(identifier)
        }
    }

    /// True when both snapshots have the same sections and items in the same order.
    func hasSameItems(as other: DiffableDataSourceSnapshot) -> Bool {
        structure === other.structure || (sectionIdentifiers == other.sectionIdentifiers && itemsBySection == other.itemsBySection)
    }

    /// The snapshot without its reload and reconfigure marks (what the data source keeps once applied).
    func unmarked() -> DiffableDataSourceSnapshot {
        var copy = self
        copy.reloadedItemIdentifiers = []
        copy.reconfiguredItemIdentifiers = []
        return copy
    }
}

/// `UICollectionViewDiffableDataSource` (iOS 13+), as small as seed 003 needs:
/// it is the collection view's data source (set in `init`, as UIKit's does),
/// answers from its current snapshot, configures cells through the app's cell
/// provider, and applies snapshots through the one `DiffableApply` it shares
/// with `TableViewDiffableDataSource`. A collection view's row updates are not
/// modelled, so a snapshot whose sections or items differ reloads all the data.
public final class CollectionViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: CollectionViewDataSource {
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// `CellProvider`: a configured cell for an item, or nil (UIKit raises then).
    public typealias CellProvider = (CollectionView, IndexPath, ItemIdentifierType) -> CollectionViewCell?

    private weak var collectionView: CollectionView?
    private let cellProvider: CellProvider
    private let store = DiffableApply<SectionIdentifierType, ItemIdentifierType>()

    /// `init(collectionView:cellProvider:)`: becomes the collection view's data source.
    public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        self.cellProvider = cellProvider
        collectionView.dataSource = self
    }

    /// `snapshot()`: the data the collection view shows now.
    public func snapshot() -> Snapshot { store.current }

    /// `apply(_:animatingDifferences:)`: see `DiffableApply`.
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, file: StaticString = #fileID, line: UInt = #line) {
        guard let collectionView else { return }
        store.apply(snapshot, laidOut: collectionView.hasLaidOut, changed: { _ in collectionView.reloadData(file: file, line: line) },
                    reload: { collectionView.reloadItems(at: $0, file: file, line: line) },
                    reconfigure: { collectionView.reconfigureItems(at: $0, file: file, line: line) })
    }

    /// `itemIdentifier(for:)`.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { store.itemIdentifier(for: indexPath) }

    /// `indexPath(for:)`.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { store.indexPath(for: itemIdentifier) }

    public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        store.current.numberOfItems(inSectionAt: section)
    }

    public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        if let item = itemIdentifier(for: indexPath), let cell = cellProvider(collectionView, indexPath, item) {
            return cell
        }
        // No item there, or no cell from the provider: UIKit raises; a plain cell keeps the simulation going.
        return collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
    }
}

/// What applying a snapshot does, for both diffable data sources (one
/// implementation): the data source keeps the snapshot (without its marks);
/// before the list's first layout that is all; otherwise a snapshot whose
/// sections or items differ from the current one is handed to `changed` with
/// the current one, then the items it marked with `reloadItems` are reloaded
/// (`reloadItems(at:)`, their cells replaced) and those marked with
/// `reconfigureItems` reconfigured (their existing cells, "including prefetched"
/// ones, configured again without `prepareForReuse`); an item marked both is reloaded.
/// A class, not a struct: applying calls into the list, which asks the data
/// source about the snapshot while the apply is still under way.
final class DiffableApply<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    private(set) var current = Snapshot()

    func apply(_ snapshot: Snapshot, laidOut: Bool, changed: (Snapshot) -> Void,
                        reload: ([IndexPath]) -> Void, reconfigure: ([IndexPath]) -> Void) {
        let old = current
        let sameItems = snapshot.hasSameItems(as: old)
        current = snapshot.unmarked()
        guard laidOut else { return }
        if !sameItems { changed(old) }
        let reloaded = snapshot.reloadedItemIdentifiers.compactMap { indexPath(for: $0) }
        if !reloaded.isEmpty { reload(reloaded) }
        let reconfigured = snapshot.reconfiguredItemIdentifiers
            .filter { !snapshot.reloadedItemIdentifiers.contains($0) }
            .compactMap { indexPath(for: $0) }
        if !reconfigured.isEmpty { reconfigure(reconfigured) }
    }

    func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? {
        current.item(section: indexPath.section, item: indexPath.item)
    }

    func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? {
        current.position(of: itemIdentifier).map { IndexPath(item: $0.item, section: $0.section) }
    }
}
