import ReuseEngine

// Strategy "grid-registration" — the plain grid (seed 004's text-only program on a
// collection view) written the iOS 14 way: a `UICollectionView.CellRegistration`
// whose handler configures the cell, and `collectionView(_:cellForItemAt:)` that
// only calls `dequeueConfiguredReusableCell(using:for:item:)`. No
// `register(_:forCellWithReuseIdentifier:)`, no reuse identifier in the app's code.
// The collection view recycles the cells exactly as for the plain grid; only the
// place that configures them moves, into the registration's handler.

/// The plain grid's view controller with a cell registration.
final class RegistrationGridViewController: CollectionViewController, CollectionViewDataSource, CollectionViewDelegate, CollectionViewDataSourcePrefetching {
    private var data = SectionedItems<Int>(sections: .single)

    private let cellRegistration = UICollectionView.CellRegistration<MyGridCell, Int> { cell, indexPath, item in
        cell.item = indexPath.item
        cell.textLabel.text = "Cell \(item)"
    }

    func viewDidLoad(_ collectionView: CollectionView, environment: AppEnvironment) {
        data = SectionedItems(Array(0..<environment.rowCount), sections: environment.sections)
        collectionView.dataSource = self
        if environment.usesPrefetching {
            collectionView.prefetchDataSource = self
        }
        collectionView.delegate = self
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        data.count(inSection: section)
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        collectionView.dequeueConfiguredReusableCell(using: cellRegistration, for: indexPath, item: data[indexPath])
    }

    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        // The sample app only prints the items; there is no data to load for text cells.
    }

    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        // Nothing was started in prefetchItemsAt, so there is nothing to cancel.
    }
}
