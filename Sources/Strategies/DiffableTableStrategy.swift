import ReuseEngine

// Strategy "diffable" — seed 003 on a table view, as Apple's sample writes it
// with a diffable data source: a `UITableViewDiffableDataSource<Section, Item>`
// whose cell provider shows `item.image` (a placeholder until the image comes)
// and asks the `ImageCache` (CacheCoalesceStrategy.swift). When an image
// arrives the *item* is updated and a snapshot that reloads it is applied.
//
// The app's data changes go through snapshots too: it applies a snapshot of its
// new items, and the data source turns the difference into the table view's
// row updates. Everything is said by item identity, never by index path, so a
// picture finds its own item's row wherever a delete has moved it.

/// `UITableViewDiffableDataSource`.
typealias UITableViewDiffableDataSource = TableViewDiffableDataSource

final class DiffableImagesViewController: TableViewController, TableViewDataSourcePrefetching, TableViewDataChanging {
    var dataSource: UITableViewDiffableDataSource<Section, Item>?
    var imageObjects = [Item]()
    var imageCache: ImageCache?

    func viewDidLoad(_ tableView: TableView, environment: AppEnvironment) {
        imageObjects = (0..<environment.rowCount).map { Item(row: $0, environment: environment) }
        imageCache = ImageCache(world: environment.world)
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "ItemCell")
        tableView.delegate = self
        if environment.usesPrefetching {
            tableView.prefetchDataSource = self
        }
        configureDataSource(tableView)
        applySnapshot(animatingDifferences: false)
    }

    /// The sample's cell provider. `[weak self]`: the data source keeps this closure
    /// and the controller keeps the data source; a strong capture would make a cycle.
    func configureDataSource(_ tableView: TableView) {
        dataSource = UITableViewDiffableDataSource<Section, Item>(tableView: tableView) {
            [weak self] (tableView: TableView, indexPath: IndexPath, item: Item) -> TableViewCell? in
            let cell = tableView.dequeueReusableCell(withIdentifier: "ItemCell", for: indexPath)
            var content = cell.defaultContentConfiguration()
            content.image = item.image.image ?? UIImage.placeholder
            self?.imageCache?.load(url: item.url, item: item) { [weak self] (fetchedItem, image) in
                if let img = image, img !== fetchedItem.image.image {
                    guard let self, let dataSource = self.dataSource else { return }
                    var updatedSnapshot = dataSource.snapshot()
                    // The item itself, wherever it is now; a deleted one is in no snapshot.
                    guard updatedSnapshot.indexOfItem(fetchedItem) != nil else { return }
                    fetchedItem.image.image = img
                    updatedSnapshot.reloadItems([fetchedItem])
                    dataSource.apply(updatedSnapshot, animatingDifferences: true)
                }
            }
            cell.contentConfiguration = content
            return cell
        }
    }

    /// A snapshot of the items as they are now (the sample's `applyInitialSnapshot`).
    func applySnapshot(animatingDifferences: Bool) {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Item>()
        snapshot.appendSections([.main])
        snapshot.appendItems(imageObjects)
        dataSource?.apply(snapshot, animatingDifferences: animatingDifferences)
    }

    // MARK: Data changes (a scenario's update steps)

    func tableView(_ tableView: TableView, changeData update: RowUpdate, newItems: [Int], environment: AppEnvironment, batched: Bool) {
        imageObjects.apply(update, newItems: newItems.map { Item(row: $0, environment: environment) })
        applySnapshot(animatingDifferences: true)
    }

    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath]) {
        // The sample's cell provider asks the ImageCache; it loads nothing ahead.
    }

    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {
        // Nothing was started in prefetchRowsAt, so there is nothing to cancel.
    }
}
