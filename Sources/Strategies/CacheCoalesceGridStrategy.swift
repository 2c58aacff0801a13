import ReuseEngine

// Strategy "cache-coalesce" on a collection view — seed 003 as Apple's sample
// writes it for a collection view: a diffable data source whose cell provider
// shows `item.image` (a placeholder until the image comes) and asks the
// `ImageCache` (one download per URL, an `NSCache` with a cost limit; see
// CacheCoalesceStrategy.swift). When an image arrives, the *item* is updated and a
// snapshot that reloads it is applied: `updatedSnapshot.reloadItems([item])`, then
// `dataSource.apply(updatedSnapshot, animatingDifferences: true)`. The collection
// view replaces the item's cell — `cellForItemAt` with a dequeued cell, which goes
// through `prepareForReuse` when the pool has one — and the cell provider
// configures it from the item again, so a cell never shows another item's image.
//
// Strategy "cache-coalesce-reconfigure" (not in the seed): the same with
// `updatedSnapshot.reconfigureItems([item])` (iOS 15+), which Apple recommends
// "unless you have an explicit need to replace the existing cell": the item's own
// cell is configured again, with no new cell, no `prepareForReuse` and no
// `willDisplay` / `didEndDisplaying` — including a cell prepared ahead off screen.

/// The sample's `Section`: one, `.main`, or one per section of the scenario.
struct Section: Hashable {
    let index: Int
    static let main = Section(index: 0)
}

/// The sample's `Item` is `Hashable` by its own identity (a `UUID` there).
extension Item: Hashable {
    static func == (lhs: Item, rhs: Item) -> Bool { lhs === rhs }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

class CachedImagesGridViewController: CollectionViewController, CollectionViewDelegate, CollectionViewDataSourcePrefetching {
    /// The image cache the view controller makes; the preparing strategy swaps in its own.
    class var imageCacheClass: ImageCache.Type { ImageCache.self }
    var dataSource: CollectionViewDiffableDataSource<Section, Item>?
    var imageObjects = [Item]()
    var imageCache: ImageCache?

    func viewDidLoad(_ collectionView: CollectionView, environment: AppEnvironment) {
        imageObjects = (0..<environment.rowCount).map { Item(row: $0, environment: environment) }
        imageCache = Self.imageCacheClass.init(world: environment.world)
        collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "ItemCell")
        collectionView.delegate = self
        if environment.usesPrefetching {
            collectionView.prefetchDataSource = self
        }
        configureDataSource(collectionView)
        applyInitialSnapshot(sections: environment.sections.sectionRowCounts)
    }

    /// The sample's cell provider. `[weak self]`: the data source keeps this closure
    /// and the controller keeps the data source; a strong capture would make a cycle.
    func configureDataSource(_ collectionView: CollectionView) {
        dataSource = CollectionViewDiffableDataSource<Section, Item>(collectionView: collectionView) {
            [weak self] (collectionView: CollectionView, indexPath: IndexPath, item: Item) -> CollectionViewCell? in
            let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "ItemCell", for: indexPath)
            var content = cell.defaultContentConfiguration()
            // `content.image = item.image` — the sample's items start with a placeholder image.
            content.image = item.image.image ?? UIImage.placeholder
            self?.imageCache?.load(url: item.url, item: item) { [weak self] (fetchedItem, image) in
                if let img = image, img !== fetchedItem.image.image {
                    guard let self, let dataSource = self.dataSource else { return }
                    var updatedSnapshot = dataSource.snapshot()
                    if let datasourceIndex = updatedSnapshot.indexOfItem(fetchedItem), datasourceIndex < self.imageObjects.count {
                        let item = self.imageObjects[datasourceIndex]
                        item.image.image = img
                        self.update(&updatedSnapshot, item)
                        dataSource.apply(updatedSnapshot, animatingDifferences: true)
                    }
                }
            }
            cell.contentConfiguration = content
            return cell
        }
    }

    /// `updatedSnapshot.reloadItems([item])`, as the sample does.
    func update(_ snapshot: inout NSDiffableDataSourceSnapshot<Section, Item>, _ item: Item) {
        snapshot.reloadItems([item])
    }

    /// Every item in its section (the sample has one section, `.main`).
    func applyInitialSnapshot(sections: [Int]) {
        var initialSnapshot = NSDiffableDataSourceSnapshot<Section, Item>()
        let counts = sections.isEmpty ? [imageObjects.count] : sections
        var next = 0
        for (index, count) in counts.enumerated() {
            let section = Section(index: index)
            initialSnapshot.appendSections([section])
            let end = min(next + count, imageObjects.count)
            initialSnapshot.appendItems(Array(imageObjects[next..<max(next, end)]), toSection: section)
            next = max(next, end)
        }
        dataSource?.apply(initialSnapshot, animatingDifferences: false)
    }

    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        // The sample's cell provider asks the ImageCache; it loads nothing ahead.
    }

    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        // Nothing was started in prefetchItemsAt, so there is nothing to cancel.
    }
}

/// "cache-coalesce-reconfigure": the arrival reconfigures the item instead of reloading it.
final class ReconfiguringImagesGridViewController: CachedImagesGridViewController {
    /// `updatedSnapshot.reconfigureItems([item])`: the item's existing cell, configured again.
    override func update(_ snapshot: inout NSDiffableDataSourceSnapshot<Section, Item>, _ item: Item) {
        snapshot.reconfigureItems([item])
    }
}
