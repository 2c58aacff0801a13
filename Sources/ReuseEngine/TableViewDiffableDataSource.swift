import Foundation
import TraceModel

/// `UITableViewDiffableDataSource` (iOS 13+): the table view's data source,
/// answering from its current snapshot of item identifiers and configuring
/// cells through the app's cell provider. It shares its snapshot and the way a
/// snapshot is applied with the collection view's (`DiffableApply`).
///
/// Applying a snapshot whose items differ turns the difference into the table
/// view's row updates (`DiffableDataSourceSnapshot.rowUpdate(from:)`): deleted
/// items' rows, inserted items' rows and moved items, applied together in one
/// `performBatchUpdates`, so that each cell stays with its item — never with an
/// index path. A table of one section (row updates across sections are not modelled).
public final class TableViewDiffableDataSource<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable>: TableViewDataSource {
    public typealias Snapshot = DiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    /// `CellProvider`: a configured cell for an item, or nil (UIKit raises then).
    public typealias CellProvider = (TableView, IndexPath, ItemIdentifierType) -> TableViewCell?

    private weak var tableView: TableView?
    private let cellProvider: CellProvider
    private let store = DiffableApply<SectionIdentifierType, ItemIdentifierType>()

    /// Where the app wrote the cell provider: the line that configures each cell.
    private let providerSite: CodeSite

    /// `init(tableView:cellProvider:)`: becomes the table view's data source.
    public init(tableView: TableView, file: StaticString = #fileID, line: UInt = #line, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        self.cellProvider = cellProvider
        providerSite = .call(file: file, line: line)
        tableView.dataSource = self
    }

    /// `snapshot()`: the data the table view shows now.
    public func snapshot() -> Snapshot { store.current }

    /// `apply(_:animatingDifferences:)`: the rows of the items that changed are
    /// deleted, inserted and moved in one batch; then marked items are reloaded or
    /// reconfigured (see `DiffableApply`).
    public func apply(_ snapshot: Snapshot, animatingDifferences: Bool = true, file: StaticString = #fileID, line: UInt = #line) {
        guard let tableView else { return }
        store.apply(snapshot, laidOut: tableView.visibleRange != nil, changed: { old in
            let update = snapshot.rowUpdate(from: old)
            guard !update.isEmpty else { return }
            tableView.performBatchUpdates({
                if !update.deleted.isEmpty { tableView.deleteRows(update.deleted, file: file, line: line) }
                if !update.inserted.isEmpty { tableView.insertRows(update.inserted, file: file, line: line) }
                for move in update.moved { tableView.moveRow(move.from, to: move.to, file: file, line: line) }
            }, file: file, line: line)
        }, reload: { tableView.reloadRows($0.map { tableView.row(at: $0) }, file: file, line: line) },
           reconfigure: { tableView.reconfigureRows($0.map { tableView.row(at: $0) }, file: file, line: line) })
    }

    /// `itemIdentifier(for:)`.
    public func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { store.itemIdentifier(for: indexPath) }

    /// `indexPath(for:)`.
    public func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { store.indexPath(for: itemIdentifier) }

    public func numberOfRows(in tableView: TableView) -> Int? { store.current.numberOfItems }

    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        // The cell is configured in the app's cell provider: its events point there.
        if let item = itemIdentifier(for: indexPath),
           let cell = tableView.world.with(site: providerSite, { cellProvider(tableView, indexPath, item) }) {
            return cell
        }
        // No item there, or no cell from the provider: UIKit raises; a plain cell keeps the simulation going.
        return tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
    }
}

extension DiffableDataSourceSnapshot {
    /// The row update that turns `old`'s items into this snapshot's, every section's
    /// items counted in turn: rows of items gone (numbered in `old`), rows of items
    /// new (numbered here), and the fewest moves that put the items both have in
    /// this order — every item off the longest run already in order moves.
    public func rowUpdate(from old: DiffableDataSourceSnapshot) -> RowUpdate {
        let before = old.itemIdentifiers
        let after = itemIdentifiers
        var update = RowUpdate()
        var placeAfter: [ItemIdentifierType: Int] = [:]
        for (index, item) in after.enumerated() { placeAfter[item] = index }
        var kept: [(from: Int, to: Int)] = []
        for (index, item) in before.enumerated() {
            if let to = placeAfter[item] { kept.append((index, to)) } else { update.deleted.append(index) }
        }
        let inBefore = Set(before)
        for (index, item) in after.enumerated() where !inBefore.contains(item) { update.inserted.append(index) }
        let stay = Set(Self.longestRisingRun(kept.map(\.to)))
        for (position, pair) in kept.enumerated() where !stay.contains(position) {
            update.moved.append(RowMove(from: pair.from, to: pair.to))
        }
        return update
    }

    /// The positions in `values` of a longest strictly rising run (patience sorting).
    static func longestRisingRun(_ values: [Int]) -> [Int] {
        var tails: [Int] = []          // positions: tails[k] ends the best run of length k + 1
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run: [Int] = []
        var position = tails.last ?? -1
        while position >= 0 {
            run.append(position)
            position = previous[position]
        }
        return run.reversed()
    }
}
