/// A set of rows (index paths) that stays small while the rows in it lie close
/// together: 64 neighbouring rows of a section share one word of bits.
///
/// `ProfileEvidence` remembers every row that left the screen and has not come
/// back; in a scrolling log that is nearly every row, so a set of index paths
/// grew with the log's length (a million rows held tens of megabytes). Here a
/// million neighbouring rows take some 16,000 words.
struct RowSet: Sendable {
    /// Bit `row % 64` of the word for `(section, row / 64)`; words that become zero are removed.
    private var words: [LogIndexPath: UInt64] = [:]

    /// How many words it holds (one per 64 neighbouring rows) (`BoundedImportTests` checks that this does not grow with the log).
    var heldItems: Int { words.count }

    func contains(_ path: LogIndexPath) -> Bool {
        let (key, bit) = Self.place(path)
        return (words[key] ?? 0) & bit != 0
    }

    mutating func insert(_ path: LogIndexPath) {
        let (key, bit) = Self.place(path)
        words[key, default: 0] |= bit
    }

    mutating func remove(_ path: LogIndexPath) {
        let (key, bit) = Self.place(path)
        guard let word = words[key] else { return }
        let rest = word & ~bit
        words[key] = rest == 0 ? nil : rest
    }

    /// The word's key and the row's bit in it (shifts, so any row, even negative, is safe).
    private static func place(_ path: LogIndexPath) -> (LogIndexPath, UInt64) {
        (LogIndexPath(section: path.section, row: path.row >> 6), UInt64(1) << UInt64(path.row & 63))
    }
}
