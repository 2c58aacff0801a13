/// The spellings as a tree of lower-case letters: each node has up to 26
/// children, and marks the spelling that ends there, if any.
struct SpellingTree {
    /// Node `n`'s child for letter `l` is `children[n * 26 + l]`, or -1.
    private var children: [Int] = Array(repeating: -1, count: 26)
    private var ends: [CallbackNames.Spelling?] = [nil]

    init(_ spellings: [String: CallbackNames.Spelling]) {
        spelling: for (name, spelling) in spellings {
            var node = 0
            for scalar in name.unicodeScalars {
                // Spellings are lower-case ASCII letters; anything else is left out, never trusted as a slot.
                guard scalar.isASCIILower else { continue spelling }
                let slot = node * 26 + Int(scalar.value) - 0x61
                if children[slot] < 0 {
                    children[slot] = ends.count
                    ends.append(nil)
                    children += Array(repeating: -1, count: 26)
                }
                node = children[slot]
            }
            ends[node] = spelling
        }
    }

    /// The node after `letter` (any case), or nil when no spelling continues so.
    func child(of node: Int, _ letter: Unicode.Scalar) -> Int? {
        guard letter.isASCIILetter else { return nil }
        let next = children[node * 26 + Int(letter.asciiLowercased.value) - 0x61]
        return next < 0 ? nil : next
    }

    func spelling(at node: Int) -> CallbackNames.Spelling? { ends[node] }
}
