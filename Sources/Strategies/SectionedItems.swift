import ReuseEngine
import TraceModel

/// The app's items grouped into the table's sections, read by index path the way
/// a sectioned data source reads `sections[indexPath.section].items[indexPath.row]`.
/// The items are kept in row order (every section's rows in turn), so a table of
/// one section reads `list[indexPath]` exactly as seed code reads `list[indexPath.row]`.
struct SectionedItems<Item> {
    private(set) var items: [Item]
    let sections: RowNaming

    init(_ items: [Item] = [], sections: RowNaming) {
        self.items = items
        self.sections = sections
    }

    /// The item's place in `items`: rows of earlier sections come first.
    func index(of indexPath: IndexPath) -> Int {
        sections.globalRow(section: indexPath.section, row: indexPath.row) ?? indexPath.row
    }

    /// The index path of the item at `index`.
    func indexPath(ofItem index: Int) -> IndexPath {
        let path = sections.indexPath(ofRow: index)
        return IndexPath(row: path.row, section: path.section)
    }

    subscript(indexPath: IndexPath) -> Item {
        get { items[index(of: indexPath)] }
        set { items[index(of: indexPath)] = newValue }
    }

    subscript(index: Int) -> Item {
        get { items[index] }
        set { items[index] = newValue }
    }

    var count: Int { items.count }

    /// How many items section `section` has (`numberOfItemsInSection`).
    func count(inSection section: Int) -> Int {
        guard sections.hasSections else { return section == 0 ? items.count : 0 }
        guard section >= 0, section < sections.sectionRowCounts.count else { return 0 }
        return sections.sectionRowCounts[section]
    }

    mutating func append(_ item: Item) { items.append(item) }

    /// The items after a row update (a table of one section: see `DataChanges.swift`).
    mutating func apply(_ update: RowUpdate, newItems: [Item]) { items.apply(update, newItems: newItems) }
}

extension SectionedItems where Item: AnyObject {
    /// The index path of `item` itself, wherever updates have moved it; nil once deleted.
    func indexPath(of item: Item) -> IndexPath? {
        items.firstIndex { $0 === item }.map { indexPath(ofItem: $0) }
    }
}
