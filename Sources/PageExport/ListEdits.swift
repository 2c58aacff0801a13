import ToolSupport

/// The edits that turn one list member of a page State into the next, as the
/// page applies them: `[[at, remove, item, …], …]`, each edit taken in order on
/// the list as the edits before it left it (remove `remove` elements at `at`,
/// then insert the items there).
///
/// Found in one pass with a short look-ahead, not by a full diff: a step changes
/// a few elements (a cell's image, a row entering at one edge and another
/// leaving at the other), so after a mismatch the lists fall back into step
/// within a few elements. The edits are always correct; when the look-ahead
/// finds no match they are merely longer, and `StateDeltas` then sends the list whole.
struct ListEdits {
    /// How far past a mismatch the two lists are searched for a common element.
    static let lookAhead = 8

    /// One edit: at `at`, remove `remove` old elements, insert `inserted` new ones.
    struct Edit: Equatable {
        var at: Int
        var remove: Int
        var inserted: Range<Int>
    }

    let edits: [Edit]

    init(from old: StateMember, to new: StateMember) {
        var edits: [Edit] = []
        // The list as patched so far is new[0..<j] followed by old[i...].
        var i = 0, j = 0
        func edit(remove: Int, insert: Int) {
            if var last = edits.last, last.at + last.inserted.count == j {
                last.remove += remove
                last.inserted = last.inserted.lowerBound..<(j + insert)
                edits[edits.count - 1] = last
            } else {
                edits.append(Edit(at: j, remove: remove, inserted: j..<(j + insert)))
            }
            i += remove
            j += insert
        }
        while i < old.count || j < new.count {
            if i == old.count { edit(remove: 0, insert: new.count - j); break }
            if j == new.count { edit(remove: old.count - i, insert: 0); break }
            if old.element(i, equals: j, of: new) { i += 1; j += 1; continue }
            // The nearest point where they agree again: skip `a` old and `b` new elements, a + b smallest.
            var resync: (Int, Int)?
            search: for distance in 1...Self.lookAhead {
                for a in 0...distance {
                    let b = distance - a
                    if i + a < old.count, j + b < new.count, old.element(i + a, equals: j + b, of: new) {
                        resync = (a, b)
                        break search
                    }
                }
            }
            if let (a, b) = resync {
                edit(remove: a, insert: b)
            } else {
                edit(remove: 1, insert: 1)
            }
        }
        self.edits = edits
    }

    /// The edits as JSON (the member's value in a delta: `{"patch": edits}`).
    func write(_ new: StateMember, into out: inout ByteBuffer) {
        out.append("{\"patch\":[")
        for (index, edit) in edits.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "["))
            out.appendInteger(edit.at)
            out.append(UInt8(ascii: ","))
            out.appendInteger(edit.remove)
            for element in edit.inserted {
                out.append(UInt8(ascii: ","))
                new.bytes[new.range(of: element)].withUnsafeBytes { out.append($0) }
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append("]}")
    }
}
