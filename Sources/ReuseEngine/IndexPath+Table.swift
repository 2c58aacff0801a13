import Foundation

/// UIKit's `IndexPath(row:section:)`, `indexPath.row` and `indexPath.section`,
/// which Foundation on Linux does not have, so strategy code reads as it would on iOS.
extension IndexPath {
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    public var section: Int { self[0] }
    public var row: Int { self[1] }
}
