import ReuseEngine
import TraceModel

/// One app strategy the engine can simulate: its scenario name, what it teaches,
/// the seed article its code comes from, and how to build its view controller —
/// for a table view, for a collection view, or for both (each version its own
/// file, written as UIKit code for that list).
public struct StrategyEntry: Sendable {
    public var name: String
    public var summary: String
    public var seeds: [String]
    /// Whether the cells show images (frame snapshots then say what each image view holds).
    public var showsImages: Bool
    let make: (@Sendable () -> TableViewController)?
    let makeCollection: (@Sendable () -> CollectionViewController)?

    init(name: String, summary: String, seeds: [String], showsImages: Bool,
         make: (@Sendable () -> TableViewController)?, collection: (@Sendable () -> CollectionViewController)? = nil) {
        self.name = name
        self.summary = summary
        self.seeds = seeds
        self.showsImages = showsImages
        self.make = make
        self.makeCollection = collection
    }

    /// Whether a table view scenario can use it.
    public var runsOnTableView: Bool { make != nil }
    /// Whether its table view's app code changes its data (`TableViewDataChanging`),
    /// so a scenario's update steps can run on it.
    public var changesData: Bool { make.map { $0() is TableViewDataChanging } ?? false }

    /// Whether a collection view scenario (`"collection"`) can use it.
    public var runsOnCollectionView: Bool { makeCollection != nil }

    /// A fresh view controller for one recording on `list`, or nil when the
    /// strategy has no version for that kind of list.
    public func makeScreen(for list: ListStyle) -> AppScreen? {
        if list.isCollection { return makeCollection.map { .collection($0()) } }
        return make.map { .table($0()) }
    }
}

/// Every strategy ReuseLab knows, by the name a scenario's `"strategy"` uses.
public enum StrategyCatalog {
    public static let all: [StrategyEntry] = [
        StrategyEntry(name: "plain",
                      summary: "text-only cells: only visible rows get cellForRowAt; cells are reused instead of created",
                      seeds: ["000", "004"], showsImages: false,
                      make: { PlainTextViewController() }, collection: { PlainGridViewController() }),
        StrategyEntry(name: "sync-download",
                      summary: "Data(contentsOf:) in cellForRowAt: the main thread blocks, scrolling hitches, images download again",
                      seeds: ["000"], showsImages: true,
                      make: { SyncDownloadListViewController() }),
        StrategyEntry(name: "eager-preload",
                      summary: "every image downloaded before the table shows: a slow first screen, memory for images never shown",
                      seeds: ["000"], showsImages: true,
                      make: { EagerPreloadListViewController() }),
        StrategyEntry(name: "memo-main-async",
                      summary: "memoized on the model + DispatchQueue.main.async: one download per image, but the main thread still blocks",
                      seeds: ["000"], showsImages: true,
                      make: { MemoMainAsyncListViewController() }),
        StrategyEntry(name: "async-no-reset",
                      summary: "background download, set on the main queue, no reset: a reused cell shows the old row's image (stale)",
                      seeds: ["004"], showsImages: true,
                      make: { ProfileListViewController() }, collection: { ProfileGridViewController() }),
        StrategyEntry(name: "async-reset",
                      summary: "the same with image = nil in prepareForReuse: no flash, but a late response still lands on a reused cell",
                      seeds: ["004"], showsImages: true,
                      make: { ResettingProfileListViewController() }, collection: { ResettingProfileGridViewController() }),
        StrategyEntry(name: "task-identity-cancel",
                      summary: "placeholder, a task per row, identity check on arrival, cancel in didEndDisplaying, enlarged URLCache",
                      seeds: ["001"], showsImages: true,
                      make: { MenuTableViewController() }),
        StrategyEntry(name: "prefetch-reload",
                      summary: "prefetchRowsAt starts downloads, cancelPrefetching stops them, arrival reloads the visible row",
                      seeds: ["002"], showsImages: true,
                      make: { PrefetchViewController() }),
        StrategyEntry(name: "batch-paging",
                      summary: "rows load a page at a time when a loading cell (a second reuse identifier) appears at the bottom",
                      seeds: ["002"], showsImages: false,
                      make: { BatchViewController() }),
        StrategyEntry(name: "cache-coalesce",
                      summary: "NSCache with a cost limit, one download per URL for many requests, reload the item not the cell",
                      seeds: ["003"], showsImages: true,
                      make: { CachedImagesViewController() }, collection: { CachedImagesGridViewController() }),
        StrategyEntry(name: "cache-coalesce-reconfigure",
                      summary: "seed 003 with reconfigureItems instead of reloadItems: the item's own cell configured again, no prepareForReuse",
                      seeds: ["003"], showsImages: true,
                      make: nil, collection: { ReconfiguringImagesGridViewController() }),
        StrategyEntry(name: "cache-coalesce-prepare",
                      summary: "seed 003 with preparingForDisplay() in the download's handler: images decoded off the main thread",
                      seeds: ["003"], showsImages: true,
                      make: { PreparedImagesViewController() }, collection: { PreparedImagesGridViewController() }),
        StrategyEntry(name: "diffable",
                      summary: "seed 003 with a UITableViewDiffableDataSource: pictures and data changes applied as snapshots of items",
                      seeds: ["003"], showsImages: true,
                      make: { DiffableImagesViewController() }),
        StrategyEntry(name: "grid-registration",
                      summary: "the plain grid with a CellRegistration: its handler configures each cell it dequeues",
                      seeds: ["004"], showsImages: false,
                      make: nil, collection: { RegistrationGridViewController() }),
    ]

    /// The strategies a table view scenario can name.
    public static var names: [String] { all.filter(\.runsOnTableView).map(\.name) }

    /// The table view strategies whose app code changes its data, so a script may update their rows.
    public static var changingDataNames: [String] { all.filter(\.changesData).map(\.name) }

    /// The strategies a collection view scenario can name.
    public static var collectionNames: [String] { all.filter(\.runsOnCollectionView).map(\.name) }

    public static func named(_ name: String) -> StrategyEntry? {
        all.first { $0.name == name }
    }

    /// A fresh view controller of strategy `name` for `list`, and whether its cells
    /// show images; `plain`'s when the strategy has no version for that list.
    public static func screen(for name: String, on list: ListStyle) -> (screen: AppScreen, showsImages: Bool) {
        if let entry = named(name), let screen = entry.makeScreen(for: list) {
            return (screen, entry.showsImages)
        }
        return (list.isCollection ? .collection(PlainGridViewController()) : .table(PlainTextViewController()), false)
    }
}
