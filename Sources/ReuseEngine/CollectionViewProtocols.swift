import Foundation

/// The simulated `UICollectionViewCell`. In this simulation it is the same class
/// as a table view cell: what the engine follows about a cell — its id, reuse
/// identifier, `prepareForReuse`, and the label and image view a frame reports —
/// is the same for both, and one base class lets one reuse pool and one replay
/// state serve both lists. (A real `UICollectionViewCell` has no `textLabel` or
/// `imageView` of its own; the app adds them to its `contentView`, or sets a
/// content configuration, as seed 003 does.)
public typealias CollectionViewCell = TableViewCell

/// `UICollectionViewDataSource`: how many items each section has, and a cell for each item.
public protocol CollectionViewDataSource: AnyObject {
    /// `collectionView(_:numberOfItemsInSection:)`.
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
    /// `collectionView(_:cellForItemAt:)`: dequeue a cell with
    /// `dequeueReusableCell(withReuseIdentifier:for:)` and configure it.
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
}

/// `UICollectionViewDelegate`'s display callbacks. Both have empty defaults, as in UIKit.
public protocol CollectionViewDelegate: AnyObject {
    func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath)
    func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath)
}

extension CollectionViewDelegate {
    public func collectionView(_ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
    public func collectionView(_ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell, forItemAt indexPath: IndexPath) {}
}

/// `UICollectionViewDataSourcePrefetching` (iOS 10+): items likely needed soon,
/// and items no longer expected. Cancelling has an empty default, as in UIKit.
public protocol CollectionViewDataSourcePrefetching: AnyObject {
    func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])
    func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
    public func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {}
}

/// The app's screen around a collection view: a view controller whose
/// `viewDidLoad` registers cell classes and sets the collection view's data source
/// (itself, or a diffable data source it keeps), delegate and prefetch data source.
/// It may also be `ViewLifecycle` to hear `viewDidDisappear`.
public protocol CollectionViewController: AnyObject {
    func viewDidLoad(_ collectionView: CollectionView, environment: AppEnvironment)
}

/// The simulated app a recording runs: a table view's view controller, or a
/// collection view's.
public enum AppScreen {
    case table(TableViewController)
    case collection(CollectionViewController)

    /// The view controller itself.
    public var viewController: AnyObject {
        switch self {
        case .table(let controller): return controller
        case .collection(let controller): return controller
        }
    }
}
