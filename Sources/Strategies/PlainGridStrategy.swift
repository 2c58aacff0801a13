import ReuseEngine

// Strategy "plain" on a collection view — seed 004's text-only program, as a
// two-column (or N-column) grid: `collectionView(_:cellForItemAt:)` dequeues a
// cell with `dequeueReusableCell(withReuseIdentifier:for:)` and sets its text.
// Nothing is loaded, so the trace shows the collection view's own behaviour: a
// row of items enters and leaves together, the next row of items gets its cells
// ahead of `willDisplay` while scrolling (cell prefetching), and the prefetch data
// source hears of the next rows of items from the first layout on.

/// Seed 004's `MyCell` in a grid: a text-only cell that remembers its item.
final class MyGridCell: CollectionViewCell {
    static let identifier: String = "MyCell"

    var item: Int?

    override func prepareForReuse() {
        // The sample app only prints here; the collection view records the call itself.
    }
}

/// Seed 004's `ViewController` with a collection view: data source, delegate and prefetch data source.
final class PlainGridViewController: CollectionViewController, CollectionViewDataSource, CollectionViewDelegate, CollectionViewDataSourcePrefetching {
    private var data = SectionedItems<Int>(sections: .single)

    func viewDidLoad(_ collectionView: CollectionView, environment: AppEnvironment) {
        data = SectionedItems(Array(0..<environment.rowCount), sections: environment.sections)
        collectionView.dataSource = self
        if environment.usesPrefetching {
            collectionView.prefetchDataSource = self
        }
        collectionView.delegate = self
        collectionView.register(MyGridCell.self, forCellWithReuseIdentifier: MyGridCell.identifier)
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        data.count(inSection: section)
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: MyGridCell.identifier, for: indexPath)
        (cell as? MyGridCell)?.item = indexPath.item
        cell.textLabel.text = "Cell \(data[indexPath])"
        return cell
    }

    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        // The sample app only prints the items; there is no data to load for text cells.
    }

    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        // Nothing was started in prefetchItemsAt, so there is nothing to cancel.
    }
}
