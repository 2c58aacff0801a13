/// Runs of letters that a line must hold, squashed and lower-cased, for a
/// reader to look at it: the quick test every line of a log passes first.
///
/// Most lines of a log are app output that names no callback and says nothing
/// of a cell, and are passed over here before they are cut into tokens. Roots
/// come in groups, one per reader (`CallbackNames`' names, `CellOrigin`'s
/// statements); one pass over the line says which groups it may concern.
struct LetterRoots: Sendable {
    private let groups: [[[UInt8]]]
    /// The first letters of every root, as bits (a = bit 0): only these start a comparison.
    private let heads: UInt32

    init(_ groups: [[String]]) {
        self.groups = groups.map { $0.map { Array($0.utf8) } }
        var heads: UInt32 = 0
        for group in self.groups {
            for root in group { if let first = root.first, first >= 0x61, first <= 0x7A { heads |= 1 << UInt32(first - 0x61) } }
        }
        self.heads = heads
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
            let all: UInt32 = groups.count >= 32 ? .max : (1 << UInt32(groups.count)) - 1
            var found: UInt32 = 0
            var start = 0
            while start < count, found != all {
                let head = buffer[start]
                if heads & (1 << UInt32(head &- 0x61)) != 0 {
                    for (number, group) in groups.enumerated() where found & (1 << UInt32(number)) == 0 {
                        for root in group where root[0] == head && root.count <= count - start {
                            var offset = 1
                            while offset < root.count && buffer[start + offset] == root[offset] { offset += 1 }
                            if offset == root.count {
                                found |= 1 << UInt32(number)
                                break
                            }
                        }
                    }
                }
                start += 1
            }
            return found
        }
    }
}
