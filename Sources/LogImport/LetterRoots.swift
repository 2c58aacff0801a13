/// Runs of letters that a line must hold, squashed and lower-cased, for a
/// reader to look at it: the quick test every line of a log passes first.
///
/// Most lines of a log are app output that names no callback and says nothing
/// of a cell, and are passed over here before they are cut into tokens. Roots
/// come in groups, one per reader (`CallbackNames`' names, `CellOrigin`'s
/// statements); one pass over the line says which groups it may concern.
struct LetterRoots: Sendable {
    /// The roots by their first letter (a = 0), each with its group's bit: a
    /// letter starts a comparison only with the roots that begin with it.
    private let byHead: [[(root: [UInt8], group: UInt32)]]
    /// Every group's bit.
    private let all: UInt32

    init(_ groups: [[String]]) {
        var byHead = Array(repeating: [(root: [UInt8], group: UInt32)](), count: 26)
        for (number, group) in groups.prefix(32).enumerated() {
            for root in group {
                let letters = Array(root.utf8)
                guard let first = letters.first, first >= 0x61, first <= 0x7A else { continue }
                byHead[Int(first - 0x61)].append((letters, 1 << UInt32(number)))
            }
        }
        self.byHead = byHead
        all = groups.count >= 32 ? .max : (1 << UInt32(groups.count)) - 1
    }

    /// Which groups have a root among the letters of `scalars[range]` (bit i
    /// for group i), the letters squashed together and lower-cased.
    func found(in scalars: [Unicode.Scalar], _ range: Range<Int>) -> UInt32 {
        // Written plainly (values, not helpers), the letters gathered in room on the
        // stack rather than in an array: every line of a log passes here.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(range.count, 1)) { buffer in
            var count = 0
            for index in range {
                let value = scalars[index].value
                if value >= 0x61 && value <= 0x7A {
                    buffer[count] = UInt8(truncatingIfNeeded: value)
                    count += 1
                } else if value >= 0x41 && value <= 0x5A {
                    buffer[count] = UInt8(truncatingIfNeeded: value + 0x20)
                    count += 1
                }
            }
            var found: UInt32 = 0
            var start = 0
            while start < count, found != all {
                // Every letter in the buffer is a to z.
                for (root, group) in byHead[Int(buffer[start] &- 0x61)] where found & group == 0 && root.count <= count - start {
                    var offset = 1
                    while offset < root.count && buffer[start + offset] == root[offset] { offset += 1 }
                    if offset == root.count { found |= group }
                }
                start += 1
            }
            return found
        }
    }
}
