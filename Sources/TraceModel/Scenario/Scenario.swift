/// An instructor's description of one recording: the table (or the collection
/// view's grid), the app's strategy, the table view behaviour profile and a script
/// of gestures.
///
/// A scenario is the only input of the recorder; the trace's header carries it back
/// out in full, defaults filled in, so a trace says exactly what produced it.
public struct Scenario: Sendable, Equatable {
    public var title: String
    public var profile: TableProfile
    /// The table, or for a collection view the index space of its items (one
    /// "row" per item: `collection.listSpec`), which the engine and every reader count in.
    public var table: TableSpec
    /// The collection view's grid, when the scenario is about a collection view
    /// (`"collection"` instead of `"table"`).
    public var collection: CollectionSpec?
    /// The app code to simulate; see `reuselab strategies`.
    public var strategy: String
    /// Whether the app sets a prefetch data source (`tableView.prefetchDataSource = self`).
    public var prefetching: Bool
    /// `tableView.isPrefetchingEnabled` (iOS 15+, default `true`): whether the table
    /// view may request cells ahead of displaying them (the modern profile's prepared
    /// cell) and call its prefetch data source. Apple: "When false, the table view
    /// requests cells when they need to display. Setting this property to false also
    /// disables data prefetching." Unlike `prefetching`, it is the table view's own
    /// switch: with it off, a prefetch data source the app set is never called.
    public var isPrefetchingEnabled: Bool
    /// Display refresh rate: 60 or 120 frames per second.
    public var fps: Int
    /// Seed for every random choice the simulation makes, so recordings repeat exactly.
    public var seed: Int
    public var script: [ScriptStep]
    /// Images, network, caches, main-thread costs and paging.
    public var world: WorldSpec

    public init(title: String, profile: TableProfile = .modern, table: TableSpec, strategy: String = "plain",
                prefetching: Bool = false, isPrefetchingEnabled: Bool = true, fps: Int = 60, seed: Int = 1, script: [ScriptStep], world: WorldSpec = WorldSpec()) {
        self.title = title
        self.profile = profile
        self.table = table
        self.collection = nil
        self.strategy = strategy
        self.prefetching = prefetching
        self.isPrefetchingEnabled = isPrefetchingEnabled
        self.fps = fps
        self.seed = seed
        self.script = script
        self.world = world
    }

    /// A scenario about a collection view. Collections have no profile: the engine
    /// runs them as a modern collection view (cell prefetching since iOS 10, cells
    /// kept near the visible area), so `profile` is `.modern` inside.
    public init(title: String, collection: CollectionSpec, strategy: String = "plain", prefetching: Bool = false,
                isPrefetchingEnabled: Bool = true, fps: Int = 60, seed: Int = 1, script: [ScriptStep], world: WorldSpec = WorldSpec()) {
        self.init(title: title, profile: .modern, table: collection.listSpec, strategy: strategy, prefetching: prefetching,
                  isPrefetchingEnabled: isPrefetchingEnabled, fps: fps, seed: seed, script: script, world: world)
        self.collection = collection
    }

    /// A table view, or a collection view with its columns.
    public var list: ListStyle {
        collection.map { .collection(columns: $0.columns) } ?? .table
    }
}

/// The table's geometry: how many rows, how tall, and the viewport that shows them.
public struct TableSpec: Sendable, Equatable {
    /// How many rows in all (every section's rows, when there are sections).
    public var rows: Int
    /// The table's sections, in order, when the scenario gives them (`table.sections`);
    /// nil for a table of one section without a header.
    public var sections: [SectionSpec]?
    /// Uniform row height in points (`tableView.rowHeight`); 44 by default, as UIKit's.
    public var rowHeight: Double
    /// Per-row heights, overriding `rowHeight` when given (one per row).
    public var rowHeights: [Double]?
    /// Height of the table view's frame in points.
    public var viewportHeight: Double
    /// `adjustedContentInset`: the status bar and home indicator areas. At launch the
    /// content offset is `-top`, so row 0 starts just below the status bar.
    public var contentInsetTop: Double
    public var contentInsetBottom: Double
    /// Self-sizing rows laid out by an estimate until measured (`table.selfSizing`);
    /// nil for fixed heights, `rowHeight` and `rowHeights`.
    public var selfSizing: SelfSizingSpec?

    public init(rows: Int, rowHeight: Double = 44, rowHeights: [Double]? = nil, viewportHeight: Double,
                contentInsetTop: Double = 0, contentInsetBottom: Double = 0, sections: [SectionSpec]? = nil,
                selfSizing: SelfSizingSpec? = nil) {
        self.rows = sections.map { $0.reduce(0) { $0 + $1.rows } } ?? rows
        self.sections = sections
        self.rowHeight = rowHeight
        self.rowHeights = rowHeights
        self.viewportHeight = viewportHeight
        self.contentInsetTop = contentInsetTop
        self.contentInsetBottom = contentInsetBottom
        self.selfSizing = selfSizing
    }

    /// The height one row is laid out at before anything is measured: its fixed
    /// height, or a self-sizing table's estimate.
    public func height(ofRow row: Int) -> Double {
        if let selfSizing { return selfSizing.estimate }
        return rowHeights?[row] ?? rowHeight
    }
}

/// One section of a table: how many rows it has, and the height of its header
/// (`tableView(_:heightForHeaderInSection:)`), which takes space above its rows.
/// Header views are not cells: their own reuse is not modelled.
public struct SectionSpec: Sendable, Equatable {
    public var rows: Int
    public var header: Double

    public init(rows: Int, header: Double = 0) {
        self.rows = rows
        self.header = header
    }
}
