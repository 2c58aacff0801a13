import Foundation

/// UIKit's `IndexPath(row:section:)`, `indexPath.row` and `indexPath.section`,
/// which Foundation on Linux does not have, so strategy code reads as it would on iOS.
extension IndexPath {
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    public var section: Int { self[0] }
    public var row: Int { self[1] }

    /// A collection view's `IndexPath(item:section:)`: the same two indexes as a
    /// table's (section, then the place in it), so `indexPath.item == indexPath.row`.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// `indexPath.item`, a collection view's name for the second index.
    public var item: Int { self[1] }
}
