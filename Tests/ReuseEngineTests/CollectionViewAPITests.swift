import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseEngine

/// A view controller that writes down every call the collection view makes, with
/// its index path as "section.item".
final class ObservingGridController: CollectionViewController, CollectionViewDataSource, CollectionViewDelegate, CollectionViewDataSourcePrefetching {
    var calls: [String] = []
    var sections = RowNaming.single
    var itemCount = 0

    func viewDidLoad(_ collectionView: CollectionView, environment: AppEnvironment) {
        sections = environment.sections
        itemCount = environment.rowCount
        collectionView.dataSource = self
        collectionView.delegate = self
        collectionView.prefetchDataSource = self
        collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Tile")
    }

    static func name(_ indexPath: IndexPath) -> String { "\(indexPath.section).\(indexPath.item)" }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        sections.hasSections ? sections.sectionRowCounts[section] : itemCount
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        calls.append("cellForItemAt \(Self.name(indexPath))")
        return collectionView.dequeueReusableCell(withReuseIdentifier: "Tile", for: indexPath)
    }

    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        calls.append("willDisplay \(Self.name(indexPath))")
    }

    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {
        calls.append("didEndDisplaying \(Self.name(indexPath))")
    }

    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        calls.append("prefetchItemsAt " + indexPaths.map(Self.name).joined(separator: " "))
    }
}

/// The collection view's API as a strategy sees it: the calls it gets, with index
/// paths (section, item), and what it can ask.
@Suite
final class CollectionViewAPITests {
    /// Section 0: 3 items (its second row of items has one), section 1: 30 items; 20 pt headers.
    static let sectioned = CollectionSpec(items: 0, columns: 2, itemHeight: 100, viewportHeight: 350,
                                          sections: [SectionSpec(rows: 3, header: 20), SectionSpec(rows: 30, header: 20)])

    func run(_ script: [ScriptStep], grid: CollectionSpec = sectioned) throws -> (Simulation, ObservingGridController) {
        let controller = ObservingGridController()
        let simulation = Simulation(scenario: Scenario(title: "api", collection: grid, prefetching: true, script: script),
                                    screen: .collection(controller))
        _ = try simulation.run()
        return (simulation, controller)
    }

    @Test func testTheAppGetsTheCollectionViewsCallsWithIndexPathsBySection() throws {
        let (_, controller) = try run([.wait(ms: 50)])
        // Section 1 starts a new row of items below its header: y 240 and 340, both within 350 pt.
        let shown = ["0.0", "0.1", "0.2", "1.0", "1.1", "1.2", "1.3"]
        #expect(Array(controller.calls.prefix(14)) == shown.flatMap { ["cellForItemAt \($0)", "willDisplay \($0)"] })
        #expect(controller.calls.dropFirst(14).first == "prefetchItemsAt 1.4 1.5 1.6 1.7 1.8 1.9", "the next three rows of items")
    }

    @Test func testWhatTheAppCanAskTheCollectionView() throws {
        let (simulation, _) = try run([.drag(by: 30, ms: 300)])
        guard let collectionView = simulation.collectionView else { Issue.record("no collection view"); return }
        #expect(collectionView.numberOfSections == 2)
        #expect(collectionView.numberOfItems(inSection: 1) == 30)
        #expect(collectionView.indexPathsForVisibleItems.map(ObservingGridController.name) == ["0.0", "0.1", "0.2", "1.0", "1.1", "1.2", "1.3"])
        #expect(collectionView.visibleCells.count == 7)
        // The next row of items (section 1 items 4 and 5) was prepared when the drag started.
        let prepared = IndexPath(item: 4, section: 1)
        guard let cell = collectionView.cellForItem(at: prepared) else { Issue.record("a prepared cell counts (iOS 15+)"); return }
        #expect(!(collectionView.visibleCells.contains { $0 === cell }), "it is not on screen")
        #expect(collectionView.indexPath(for: cell) == prepared)
        #expect(collectionView.cellForItem(at: IndexPath(item: 20, section: 1)) == nil)
        #expect(IndexPath(item: 4, section: 1).item == 4)
        #expect(IndexPath(item: 4, section: 1) == IndexPath(row: 4, section: 1), "the same two indexes as a table's")
    }

    @Test func testThePrefetchDataSourceTheAppSetsIsCalledUntilItIsCleared() throws {
        let controller = ObservingGridController()
        let scenario = Scenario(title: "api", collection: Self.sectioned, prefetching: false, script: [.drag(by: 200, ms: 500)])
        let simulation = Simulation(scenario: scenario, screen: .collection(controller))
        // The controller sets its prefetch data source regardless; the collection view then clears it.
        _ = try simulation.run()
        #expect(controller.calls.contains { $0.hasPrefix("prefetchItemsAt") }, "set in viewDidLoad, so it is called")
        simulation.collectionView?.prefetchDataSource = nil
        #expect(simulation.tableView.prefetchDataSource == nil, "clearing it stops the machinery's calls")
    }
}

/// `DiffableDataSourceSnapshot` and `CollectionViewDiffableDataSource`: what a
/// snapshot holds, and the collection view updates applying one makes.
@Suite
final class DiffableDataSourceTests {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, String>

    @Test func testASnapshotHoldsSectionsAndItemsInOrder() {
        var snapshot = Snapshot()
        snapshot.appendItems(["lost"])
        #expect(snapshot.numberOfItems == 0, "no section to append to (UIKit raises)")
        snapshot.appendSections([0, 1])
        snapshot.appendItems(["a", "b"], toSection: 0)
        snapshot.appendItems(["c", "d", "a"])
        #expect(snapshot.itemIdentifiers == ["a", "b", "c", "d"], "appended to the last section; an item appended twice is ignored")
        #expect(snapshot.indexOfItem("c") == 2, "counted across sections")
        #expect(snapshot.indexOfItem("z") == nil)
        #expect(snapshot.numberOfItems(inSection: 1) == 2)
        snapshot.reloadItems(["b", "z", "b"])
        snapshot.reconfigureItems(["d"])
        #expect(snapshot.reloadedItemIdentifiers == ["b"])
        #expect(snapshot.reconfiguredItemIdentifiers == ["d"])
    }

    /// A grid of 20 items whose data source is a diffable one, as in seed 003.
    final class DiffableGridController: CollectionViewController {
        var dataSource: CollectionViewDiffableDataSource<Int, String>?
        var provided: [String] = []

        func viewDidLoad(_ collectionView: CollectionView, environment: AppEnvironment) {
            collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Tile")
            dataSource = CollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { [weak self] collectionView, indexPath, item in
                self?.provided.append(item)
                return collectionView.dequeueReusableCell(withReuseIdentifier: "Tile", for: indexPath)
            }
            var snapshot = DiffableDataSourceSnapshot<Int, String>()
            snapshot.appendSections([0])
            snapshot.appendItems((0..<environment.rowCount).map { "item \($0)" })
            dataSource?.apply(snapshot, animatingDifferences: false)
        }
    }

    @Test func testApplyingTurnsReloadedAndReconfiguredItemsIntoTheCollectionViewsUpdates() throws {
        let controller = DiffableGridController()
        let grid = CollectionSpec(items: 20, columns: 2, itemHeight: 100, viewportHeight: 350)
        let simulation = Simulation(scenario: Scenario(title: "diffable", collection: grid, script: [.wait(ms: 50)]), screen: .collection(controller))
        let recorded = try simulation.run()
        #expect(!(recorded.contains { $0.kind == .reloadData }), "the first snapshot, applied before the first layout, only sets the data")
        #expect(Array(controller.provided.prefix(8)) == (0..<8).map { "item \($0)" }, "the cell provider gets each visible item")
        guard let dataSource = controller.dataSource else { Issue.record("no data source"); return }
        #expect(dataSource.indexPath(for: "item 5") == IndexPath(item: 5, section: 0))
        #expect(dataSource.itemIdentifier(for: IndexPath(item: 7, section: 0)) == "item 7")

        let before = simulation.log.events.count
        var updated = dataSource.snapshot()
        #expect(updated.reloadedItemIdentifiers.isEmpty, "an applied snapshot keeps no marks")
        updated.reloadItems(["item 2"])
        updated.reconfigureItems(["item 3", "item 2"])
        dataSource.apply(updated, animatingDifferences: true)
        let after = simulation.log.events[before...].filter { $0.kind.isLifecycle || $0.kind == .reloadRows || $0.kind == .reconfigureRows || $0.kind == .enqueue }.map(\.body)
        #expect(after == [.reloadRows(rows: [2]), .initCell(cell: 9, identifier: "Tile"), .cellForRowAt(row: 2, cell: 9), .willDisplay(row: 2, cell: 9),
                               .didEndDisplaying(row: 2, cell: 3), .enqueue(cell: 3, identifier: "Tile"),
                               .reconfigureRows(rows: [3]), .cellForRowAt(row: 3, cell: 4)], "reloadItems replaces item 2's cell; reconfigureItems configures item 3's own cell again (item 2, reloaded, is not reconfigured)")

        var changed = dataSource.snapshot()
        changed.appendItems(["item 20"])
        let beforeChange = simulation.log.events.count
        dataSource.apply(changed)
        #expect(simulation.log.events[beforeChange].body == .reloadData, "other items: all the data is reloaded (simplified)")
    }
}
