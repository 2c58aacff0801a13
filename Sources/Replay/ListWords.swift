import TraceModel

/// The words a reader of a trace uses for the list the trace is about: a table
/// view's rows, or a collection view's items and the rows of its grid; its calls
/// by their names in that list (`cellForItemAt` where a table says
/// `cellForRowAt`); "the table view" or "the collection view".
///
/// Every sentence, label, key and picture of the readers (replay, stats, diff,
/// export) takes its list-dependent words from here, built from the trace's
/// header (`header.list`, `header.rowNaming`). A table trace gets exactly the
/// words it always had; nothing here knows the lifecycle rules, which stay in
/// `ReplayState` for both lists.
public struct ListWords: Sendable, Equatable {
    /// How rows or items are named ("row 15", "item 15", "section 1 item 3").
    public let naming: RowNaming
    /// How a collection view's items fall into rows of its grid; nil for a table.
    public let grid: ItemGrid?

    public init(naming: RowNaming) {
        self.naming = naming
        grid = naming.list.isCollection ? ItemGrid(naming: naming) : nil
    }

    public init(header: TraceHeader) {
        self.init(naming: header.rowNaming)
    }

    /// The words of a table without sections.
    public static let table = ListWords(naming: .single)

    public var list: ListStyle { naming.list }
    public var isCollection: Bool { list.isCollection }

    /// "row" or "item".
    public var row: String { list.noun }
    /// "rows" or "items".
    public var rows: String { list.plural }
    /// "a row" or "an item".
    public var aRow: String { isCollection ? "an item" : "a row" }
    /// "table view" or "collection view".
    public var view: String { list.viewName }
    /// What a sentence calls the list as a whole: "table" ("the table cancels…"),
    /// or "collection view", which has no shorter name.
    public var table: String { isCollection ? "collection view" : "table" }

    /// An event kind's name in this list: `cellForItemAt` for a collection view.
    public func call(_ kind: EventKind) -> String { list.name(of: kind) }

    /// "modern profile" for a table; "collection view, 2 columns" for a
    /// collection view, which has no profile: what a title line says the trace is about.
    public func setup(profile: TableProfile) -> String {
        guard isCollection else { return "\(profile.rawValue) profile" }
        return "\(view), \(Self.columns(list.columns))"
    }

    /// "2 columns", "1 column".
    public static func columns(_ count: Int) -> String {
        count == 1 ? "1 column" : "\(count) columns"
    }

    /// A cell's phase in words: `CellPhase.describe` for a table ("displayed in
    /// row 3"), the same told of items for a collection view ("displayed in item 3").
    public func describe(_ phase: CellPhase) -> String {
        guard isCollection else { return phase.describe }
        switch phase {
        case .configured(let item): return "configured for \(naming.name(item)) but not displayed"
        case .displayed(let item): return "displayed in \(naming.name(item))"
        case .offscreen(let item): return "off screen after showing \(naming.name(item))"
        case .keptAside(let item): return "kept aside after showing \(naming.name(item))"
        case .fresh, .dequeued, .pooled, .deallocated, .unknown: return phase.describe
        }
    }

    // MARK: Rows of the grid

    /// "row 2 of the grid" for an item of a collection view; nil for a table.
    public func gridRow(of item: Int) -> String? {
        grid.map { "row \($0.row(of: item)) of the grid" }
    }

    /// "item 5 (row 2 of the grid)" in a collection view, "row 5" in a table.
    public func nameInGrid(_ item: Int) -> String {
        guard let place = gridRow(of: item) else { return naming.name(item) }
        return "\(naming.name(item)) (\(place))"
    }

    /// "rows 3–6 of the grid", "row 3 of the grid" for the items from `first` to
    /// `last`; nil for a table.
    public func gridRows(_ first: Int, _ last: Int) -> String? {
        guard let grid else { return nil }
        let top = grid.row(of: first), bottom = grid.row(of: last)
        return top == bottom ? "row \(top) of the grid" : "rows \(min(top, bottom))–\(max(top, bottom)) of the grid"
    }
}

/// A collection view's grid: which row of items, and which place in it, each
/// item has. Items fill each row left to right, `columns` to a row, and every
/// section starts on a new row (as `UICollectionViewFlowLayout` lays them out),
/// so a row of the grid is counted from the top of the whole list.
public struct ItemGrid: Sendable, Equatable {
    public let columns: Int
    private let naming: RowNaming
    /// The first row of the grid of each section, when the list has sections.
    private let sectionRows: [Int]

    public init(naming: RowNaming) {
        columns = max(1, naming.list.columns)
        self.naming = naming
        var rows: [Int] = []
        var next = 0
        for count in naming.sectionRowCounts {
            rows.append(next)
            // Rows of the grid a section takes: its items over the columns, rounded up.
            let taken = count / columns + (count % columns == 0 ? 0 : 1)
            let (sum, overflow) = next.addingReportingOverflow(max(0, taken))
            next = overflow ? Int.max : sum
        }
        sectionRows = rows
    }

    /// The row of the grid `item` (a global index, as traces count) is in.
    public func row(of item: Int) -> Int {
        let place = max(0, within(item))
        guard naming.hasSections else { return place / columns }
        let section = naming.indexPath(ofRow: item).section
        let first = section < sectionRows.count ? sectionRows[section] : 0
        let (row, overflow) = first.addingReportingOverflow(place / columns)
        return overflow ? Int.max : row
    }

    /// The item's place in its row of the grid: 0 at the left.
    public func column(of item: Int) -> Int {
        max(0, within(item)) % columns
    }

    /// The item's index within its section.
    private func within(_ item: Int) -> Int {
        naming.hasSections ? naming.indexPath(ofRow: item).row : item
    }
}
