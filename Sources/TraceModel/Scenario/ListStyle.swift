/// Which kind of list a scenario or trace is about: a `UITableView` (one column of
/// rows) or a `UICollectionView` with a flow layout (a grid of items, `columns`
/// to a row of items, scrolling vertically).
///
/// Both count their cells' places the same way — an index from the first row or
/// item of the first section on — and run the same lifecycle rules; what differs
/// is the geometry (a row of items enters and leaves the screen together) and the
/// names UIKit gives the calls: `cellForItemAt` where a table says `cellForRowAt`,
/// `item` where it says `row`. `ListStyle` holds those names, so a trace reads in
/// the collection view's own words everywhere it is written or shown.
public enum ListStyle: Sendable, Equatable, Hashable {
    case table
    case collection(columns: Int)

    public var isCollection: Bool {
        if case .collection = self { return true }
        return false
    }

    /// Items in one row of the grid: 1 for a table.
    public var columns: Int {
        if case .collection(let columns) = self { return columns }
        return 1
    }

    /// "row" or "item": what one place in the list is called.
    public var noun: String { isCollection ? "item" : "row" }
    /// "rows" or "items".
    public var plural: String { isCollection ? "items" : "rows" }
    /// "table view" or "collection view".
    public var viewName: String { isCollection ? "collection view" : "table view" }

    /// The name a trace and people use for an event kind in this list: the
    /// collection view's own method names where UIKit's differ.
    public func name(of kind: EventKind) -> String {
        guard isCollection, let name = Self.collectionNames[kind] else { return kind.rawValue }
        return name
    }

    /// The event kind a name stands for in this list, or nil. A table trace knows
    /// only the table names, a collection trace only the collection names where
    /// they differ (`cellForItemAt`, not `cellForRowAt`).
    public func kind(named name: String) -> EventKind? {
        if isCollection {
            if let kind = Self.kindsByCollectionName[name] { return kind }
            guard let kind = EventKind(rawValue: name), Self.collectionNames[kind] == nil else { return nil }
            return kind
        }
        return EventKind(rawValue: name)
    }

    /// The name the other kind of list uses for `name`, to say what was meant
    /// ("a collection view calls cellForItemAt"), or nil when both use it.
    public func counterpart(of name: String) -> String? {
        if isCollection { return EventKind(rawValue: name).flatMap { Self.collectionNames[$0] } }
        return Self.kindsByCollectionName[name]?.rawValue
    }

    /// UIKit's collection-view names for the calls whose table-view names say "row".
    static let collectionNames: [EventKind: String] = [
        .cellForRowAt: "cellForItemAt",
        .prefetchRowsAt: "prefetchItemsAt",
        .cancelPrefetchingForRowsAt: "cancelPrefetchingForItemsAt",
        .reloadRows: "reloadItems",
        .reconfigureRows: "reconfigureItems",
        .scrollToRow: "scrollToItem",
        .numberOfRows: "numberOfItems",
    ]
    static let kindsByCollectionName: [String: EventKind] =
        Dictionary(uniqueKeysWithValues: collectionNames.map { ($0.value, $0.key) })

    /// The member name for a row field (`row`, `rows`, `previousRow`) in this list.
    public func member(_ tableName: String) -> String {
        guard isCollection else { return tableName }
        switch tableName {
        case "row": return "item"
        case "rows": return "items"
        case "previousRow": return "previousItem"
        default: return tableName
        }
    }
}

extension ListStyle {
    /// A sentence written in a table view's words, told in this list's: for a
    /// collection view, rows become items ("a row" → "an item"), the table view
    /// the collection view, and each call its collection name (`cellForRowAt` →
    /// `cellForItemAt`). Whole words only; a table's text comes back unchanged.
    /// The lifecycle rules are the same for both lists, so their messages are
    /// written once, in the table's words, and reworded here.
    public func reword(_ text: String) -> String {
        guard isCollection else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            out += Self.itemWords[word] ?? word
            word = ""
        }
        for character in text {
            if character.isLetter {
                word.append(character)
            } else {
                flush()
                out.append(character)
            }
        }
        flush()
        return out.replacingEach([("a item", "an item"), ("A item", "An item"), ("collection view view", "collection view")])
    }

    /// Table words and their collection-view counterparts.
    static let itemWords: [String: String] = {
        var words = ["row": "item", "rows": "items", "Row": "Item", "Rows": "Items", "table": "collection view", "Table": "Collection view"]
        for (kind, name) in collectionNames { words[kind.rawValue] = name }
        return words
    }()
}

extension String {
    /// Each pair's first text replaced by its second, in order.
    func replacingEach(_ pairs: [(String, String)]) -> String {
        var text = self
        for (from, to) in pairs where text.contains(from) {
            text = text.replacing(from, with: to)
        }
        return text
    }
}
