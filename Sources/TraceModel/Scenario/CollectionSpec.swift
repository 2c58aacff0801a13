/// A collection view's grid: a `UICollectionViewFlowLayout` scrolling vertically,
/// every item the same size, `columns` items to a row of items. Items fill each
/// row left to right, so a row of items enters and leaves the screen together;
/// each section starts on a new row of items.
///
/// The engine counts items as it counts a table's rows (one index per item, the
/// items of all sections in order), so the collection view shares the table
/// view's reuse machinery; `listSpec` is that index space, one "row" per item,
/// which the geometry lays out `columns` to a row of items.
public struct CollectionSpec: Sendable, Equatable {
    /// How many items in all (every section's items, when there are sections).
    public var items: Int
    /// The sections, in order, when the scenario gives them; each `SectionSpec.rows` is its items.
    public var sections: [SectionSpec]?
    public var columns: Int
    /// The height of every item, in points (the flow layout's `itemSize.height`).
    public var itemHeight: Double
    /// `minimumLineSpacing`: the gap between two rows of items, in points.
    public var lineSpacing: Double
    /// `minimumInteritemSpacing`: the gap between two items of a row. It changes
    /// where items are drawn, never which are on screen.
    public var interitemSpacing: Double
    public var viewportHeight: Double
    public var contentInsetTop: Double
    public var contentInsetBottom: Double

    public init(items: Int, columns: Int, itemHeight: Double, lineSpacing: Double = 0, interitemSpacing: Double = 0,
                viewportHeight: Double, contentInsetTop: Double = 0, contentInsetBottom: Double = 0, sections: [SectionSpec]? = nil) {
        self.items = sections.map { $0.reduce(0) { $0 + $1.rows } } ?? items
        self.sections = sections
        self.columns = columns
        self.itemHeight = itemHeight
        self.lineSpacing = lineSpacing
        self.interitemSpacing = interitemSpacing
        self.viewportHeight = viewportHeight
        self.contentInsetTop = contentInsetTop
        self.contentInsetBottom = contentInsetBottom
    }

    /// The items as the engine's list of places: one per item, each a row of the
    /// index space (the geometry puts `columns` of them side by side).
    public var listSpec: TableSpec {
        TableSpec(rows: items, rowHeight: itemHeight, viewportHeight: viewportHeight,
                  contentInsetTop: contentInsetTop, contentInsetBottom: contentInsetBottom, sections: sections)
    }

    /// The most columns a grid may have.
    public static let maximumColumns = 100
}
