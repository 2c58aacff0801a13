import ReuseEngine

// Strategies "async-no-reset" and "async-reset" on a collection view — seed 004's
// second program in a grid: `cellForItemAt` downloads the picture on a global
// queue with `Data(contentsOf:)` and sets it on the main queue, into whatever item
// the captured cell shows by then. Without a reset in `prepareForReuse`, a reused
// cell shows the previous item's picture until its own arrives (stale); with
// `profileImageView.image = nil` there, it shows nothing instead. In a grid a
// whole row of items is reused at once, and cell prefetching configures the next
// row before it is visible, so a download starts a row of items early.
//
// The cell classes are the table version's (`ProfileCell`, `ResettingProfileCell`):
// a `UICollectionViewCell` subclass would have the same lines.

/// Seed 004's `ViewController` with a collection view and the `Alamofire`-loaded `userData`.
class ProfileGridViewController: CollectionViewController, CollectionViewDataSource, CollectionViewDelegate, CollectionViewDataSourcePrefetching {
    /// The cell class registered for `MyCell`; the reset strategy swaps in its own.
    class var cellClass: ProfileCell.Type { ProfileCell.self }

    var userData = SectionedItems<URL>(sections: .single)

    func viewDidLoad(_ collectionView: CollectionView, environment: AppEnvironment) {
        userData = SectionedItems((0..<environment.rowCount).map { environment.imageURL(forRow: $0) }, sections: environment.sections)
        collectionView.dataSource = self
        collectionView.delegate = self
        if environment.usesPrefetching {
            collectionView.prefetchDataSource = self
        }
        collectionView.register(Self.cellClass, forCellWithReuseIdentifier: ProfileCell.identifier)
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
        userData.count(inSection: section)
    }

    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
        let dequeued = collectionView.dequeueReusableCell(withReuseIdentifier: ProfileCell.identifier, for: indexPath)
        guard let cell = dequeued as? ProfileCell else { return dequeued }
        let thumbnailUrl = self.userData[indexPath]
        DispatchQueue.global().async {
            guard let imageData = try? Data(contentsOf: thumbnailUrl) else { return }
            DispatchQueue.main.async {
                // `cell` is whatever item it shows by now: nothing checks.
                cell.profileImageView.image = UIImage(data: imageData)
            }
        }
        cell.row = indexPath.item
        return cell
    }

    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        // The sample app starts each download in cellForItemAt; it has nothing to load ahead.
    }

    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        // Nothing was started in prefetchItemsAt, so there is nothing to cancel.
    }
}

/// "async-reset" on a collection view: the same, with the seed's reset restored.
final class ResettingProfileGridViewController: ProfileGridViewController {
    override class var cellClass: ProfileCell.Type { ResettingProfileCell.self }
}
