/// The cell's address in a lifecycle line, as `print(cell)`, `print(self)`,
/// `ObjectIdentifier(self)` or `%p` print it.
///
/// The address is what tells cells apart when a log shows the same row on different
/// cells. It is taken from, in this order of preference: the first object whose
/// class names a cell (`<MyApp.PhotoCell: 0x7fb8…; baseClass = UITableViewCell; …>`),
/// the first object of another class that is not known to be something else
/// (a cell class named `PhotoTile`), and the first bare `0x…`. Never from an
/// `NSIndexPath`, a layer, a table view, a view controller, a cell's content view
/// and the like, and never `0x0`.
enum PrintedAddresses {
    /// Endings of class names (lower-cased) whose objects are never the cell.
    private static let notCells = [
        "indexpath", "indexset", "layer", "tableview", "collectionview", "controller", "contentview", "imageview",
        "label", "image", "window", "scrollview", "button", "stackview", "task", "operation", "queue", "session",
        "request", "url", "data", "error",
    ]

    static func read(_ message: MessageTokens) -> String? {
        var cellObject: String?
        var otherObject: String?
        var bare: String?
        for token in message.tokens {
            switch token.kind {
            case .object(let className, let address?):
                guard !isNotACell(className) else { continue }
                if names(aCell: className) {
                    if cellObject == nil { cellObject = address }
                } else if otherObject == nil {
                    otherObject = address
                }
            case .address(let address):
                if bare == nil { bare = address }
            default:
                continue
            }
        }
        return cellObject ?? otherObject ?? bare
    }

    /// The class's own name, lower-cased, without its module (`MyApp.PhotoCell` → `photocell`).
    static func shortName(_ className: String) -> String {
        (className.split(separator: ".").last.map(String.init) ?? className).lowercased()
    }

    static func isNotACell(_ className: String) -> Bool {
        let name = shortName(className)
        return notCells.contains { name.hasSuffix($0) }
    }

    static func names(aCell className: String) -> Bool {
        shortName(className).contains("cell")
    }
}
