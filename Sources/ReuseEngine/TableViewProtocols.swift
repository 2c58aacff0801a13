import Foundation
import TraceModel

/// `UITableViewDataSource`: the app configures a cell for each row it is asked for.
public protocol TableViewDataSource: AnyObject {
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// `tableView(_:numberOfRowsInSection:)`; nil (the default) means the scenario's row count.
    func numberOfRows(in tableView: TableView) -> Int?
}

extension TableViewDataSource {
    public func numberOfRows(in tableView: TableView) -> Int? { nil }
}

/// `UITableViewDelegate`: the display callbacks. Both have empty defaults, as in UIKit.
public protocol TableViewDelegate: AnyObject {
    func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath)
    func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, willDisplay cell: TableViewCell, forRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didEndDisplaying cell: TableViewCell, forRowAt indexPath: IndexPath) {}
}

/// `UITableViewDataSourcePrefetching`: early warning of rows that will be needed soon.
public protocol TableViewDataSourcePrefetching: AnyObject {
    func tableView(_ tableView: TableView, prefetchRowsAt indexPaths: [IndexPath])
    func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath])
}

extension TableViewDataSourcePrefetching {
    public func tableView(_ tableView: TableView, cancelPrefetchingForRowsAt indexPaths: [IndexPath]) {}
}

/// The app's screen: a view controller that owns the table view's data source and
/// delegate. Each strategy is one of these.
public protocol TableViewController: TableViewDataSource, TableViewDelegate {
    /// `viewDidLoad`: register cell classes and set the table view's data source,
    /// delegate and (if the scenario says so) prefetch data source.
    func viewDidLoad(_ tableView: TableView, environment: AppEnvironment)
}

extension TableViewController {
    /// `UITableViewController`'s own `tableView(_:cellForRowAt:)`, for a view
    /// controller that is not its table view's data source (a diffable data
    /// source is); the table view never calls it then.
    public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
    }
}

/// A view controller that wants `viewDidDisappear` (seed 001 cancels its tasks there).
public protocol ViewLifecycle: AnyObject {
    func viewDidDisappear()
}

/// What a strategy may know about the simulated world when it loads.
public struct AppEnvironment {
    /// Number of rows of data the app has.
    public var rowCount: Int
    /// Whether the scenario asks the app to set `tableView.prefetchDataSource`.
    public var usesPrefetching: Bool
    /// The network, caches, queues and image memory.
    public var world: World
    /// How the table's rows fall into sections (one section unless the scenario gives sections).
    public var sections = RowNaming.single

    /// The URL of row `row`'s image (rows share images when the scenario says so).
    public func imageURL(forRow row: Int) -> ImageURL {
        ImageURL(image: world.spec.images.image(forRow: row), row: row)
    }

    public init(rowCount: Int, usesPrefetching: Bool, world: World) {
        self.rowCount = rowCount
        self.usesPrefetching = usesPrefetching
        self.world = world
    }
}

/// The address of an image: which picture, and which row's model item named it.
/// Two rows that show the same picture have URLs that compare equal.
public struct ImageURL: Hashable {
    public let image: Int
    public let row: Int

    public init(image: Int, row: Int) {
        self.image = image
        self.row = row
    }

    public static func == (a: ImageURL, b: ImageURL) -> Bool { a.image == b.image }
    public func hash(into hasher: inout Hasher) { hasher.combine(image) }
}
