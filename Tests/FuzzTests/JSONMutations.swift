import ReuseLabTestSupport
/// Structure-aware mutations: each edits one value, key or container of a parsed
/// document, so the result is still JSON (unless a planted token such as `NaN` is
/// not) and gets past the parser to the code that reads the values.
///
/// Each function changes `tree` and returns a note of what it did (for the failure
/// message), or nil when the document has nothing it applies to.
enum JSONMutations {
    typealias Mutation = @Sendable (inout JSONTree, inout SeededGenerator) -> String?

    /// Every mutation with its weight.
    static let all: [(weight: Int, value: Mutation)] = [
        (14, nastyNumber), (8, nudgeNumber), (10, nastyString), (14, spliceText), (6, changeType), (7, removeMember),
        (7, renameMember), (3, duplicateMember), (3, addMember), (6, swapValues), (7, reorderElements),
        (5, duplicateElement), (5, removeElement), (2, emptyContainer),
    ]

    /// Applies one mutation, trying others if the first has nothing to work on.
    static func mutate(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String {
        for _ in 0..<8 {
            if let note = rng.weighted(all)(&tree, &rng) { return note }
        }
        return "no structural change"
    }

    // MARK: Values

    /// A number (or, now and then, any scalar) becomes a hostile number token.
    static func nastyNumber(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        let numbers = paths(tree) { if case .number = $0 { return true } else { return false } }
        let targets = numbers.isEmpty || rng.chance(15) ? paths(tree) { $0.isScalar } : numbers
        guard !targets.isEmpty else { return nil }
        let path = rng.pick(targets)
        let token = rng.pick(NastyValues.numbers)
        tree[path] = .number(token)
        return "\(tree.describe(path)) = \(token)"
    }

    /// An integer moves a little: off by one, negated, zero, doubled, a step past a limit.
    static func nudgeNumber(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        let targets = paths(tree) { if case .number(let token) = $0 { return Int(token) != nil } else { return false } }
        guard !targets.isEmpty else { return nil }
        let path = rng.pick(targets)
        guard case .number(let token) = tree[path], let value = Int(token) else { return nil }
        // Wrapping arithmetic: a value already at Int.max (planted by another mutation) wraps to Int.min.
        let moved = rng.pick([value &+ 1, value &- 1, 0 &- value, 0, value &* 2, value / 2, value &+ 100, -1])
        tree[path] = .number(String(moved))
        return "\(tree.describe(path)) = \(moved) (was \(value))"
    }

    /// A string becomes a hostile one: control or bidi characters, a 128 KiB word, a path.
    static func nastyString(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        let targets = paths(tree) { if case .string = $0 { return true } else { return false } }
        guard !targets.isEmpty else { return nil }
        let path = rng.pick(targets)
        let text = NastyValues.string(&rng)
        tree[path] = .string(text)
        return "\(tree.describe(path)) = \(FuzzText.visible(text))"
    }

    /// Free text (a title, a note, a question, a hint) gets a control or bidi character
    /// or a long word slipped in: the file stays valid, so the text is printed.
    static func spliceText(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        let textKeys: Set<String> = ["title", "text", "introduction", "narration", "ask", "hint", "answer", "identifier", "cause", "id"]
        var targets = tree.allPaths.filter { path in
            if case .string = tree[path], let key = tree.key(at: path) { return textKeys.contains(key) }
            return false
        }
        if targets.isEmpty || rng.chance(10) {
            targets = paths(tree) { if case .string = $0 { return true } else { return false } }
        }
        guard !targets.isEmpty else { return nil }
        let path = rng.pick(targets)
        guard case .string(let old) = tree[path] else { return nil }
        let new = NastyValues.splice(into: old, &rng)
        tree[path] = .string(new)
        return "\(tree.describe(path)) = \(FuzzText.visible(new))"
    }

    /// Any value becomes one of another type.
    static func changeType(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        let targets = Array(tree.allPaths.dropFirst())
        guard !targets.isEmpty else { return nil }
        let path = rng.pick(targets)
        let replacement: JSONTree = rng.pick([
            .string("42"), .string(""), .number("42"), .bool(true), .bool(false), .null, .array([]), .object([]),
            .array([.number("1"), .string("2")]), .object([JSONTree.Member(key: "", value: .null)]),
            .array([tree[path]]), .string(tree[path].compact),
            JSONTree.parse(Array((String(repeating: "[", count: 300) + String(repeating: "]", count: 300)).utf8))!,
        ])
        tree[path] = replacement
        return "\(tree.describe(path)) = \(FuzzText.visible(replacement.compact))"
    }

    /// Swaps two scalar values (a row and a cell number, a kind and a title).
    static func swapValues(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        let scalars = paths(tree) { $0.isScalar }
        guard scalars.count >= 2 else { return nil }
        let a = rng.pick(scalars), b = rng.pick(scalars)
        guard a != b else { return nil }
        let first = tree[a]
        tree[a] = tree[b]
        tree[b] = first
        return "swapped \(tree.describe(a)) and \(tree.describe(b))"
    }

    // MARK: Keys

    /// Drops a member (a required one usually).
    static func removeMember(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        editObject(&tree, &rng) { members, rng in
            let i = rng.below(members.count)
            let key = members.remove(at: i).key
            return "removed \"\(FuzzText.visible(key))\""
        }
    }

    /// Renames a member: a typo, another case, a control or bidi character in it, empty.
    static func renameMember(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        editObject(&tree, &rng) { members, rng in
            let i = rng.below(members.count)
            let old = members[i].key
            let new: String
            switch rng.below(7) {
            case 0: new = String(old.dropLast())
            case 1: new = old.uppercased()
            case 2: new = old + "s"
            case 3: new = ""
            case 4: new = NastyValues.splice(into: old, &rng)
            case 5: new = String(old.reversed())
            default: new = " " + old
            }
            members[i].key = new
            return "renamed \"\(FuzzText.visible(old))\" to \"\(FuzzText.visible(new))\""
        }
    }

    /// Repeats a member, with the same value or another one's.
    static func duplicateMember(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        editObject(&tree, &rng) { members, rng in
            var copy = members[rng.below(members.count)]
            if rng.chance(50) { copy.value = members[rng.below(members.count)].value }
            members.insert(copy, at: rng.below(members.count + 1))
            return "duplicated \"\(FuzzText.visible(copy.key))\""
        }
    }

    /// Adds a member nobody expects.
    static func addMember(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        editObject(&tree, &rng) { members, rng in
            let key = rng.pick(["extra", "", "kind", "seq", "row", NastyValues.string(&rng)])
            members.insert(JSONTree.Member(key: key, value: .number(rng.pick(NastyValues.numbers))), at: rng.below(members.count + 1))
            return "added \"\(FuzzText.visible(key))\""
        }
    }

    // MARK: Arrays

    /// Moves an element elsewhere (events out of order, script steps swapped).
    static func reorderElements(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        editArray(&tree, &rng, minimum: 2) { elements, rng in
            let from = rng.below(elements.count)
            let to = rng.chance(50) ? min(elements.count - 1, from + 1) : rng.below(elements.count)
            elements.swapAt(from, to)
            return "swapped elements \(from) and \(to)"
        }
    }

    /// Repeats an element.
    static func duplicateElement(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        editArray(&tree, &rng, minimum: 1) { elements, rng in
            let i = rng.below(elements.count)
            let copies = rng.chance(10) ? 50 : 1
            elements.insert(contentsOf: Array(repeating: elements[i], count: copies), at: i)
            return "repeated element \(i) \(copies) time(s)"
        }
    }

    /// Drops an element.
    static func removeElement(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        editArray(&tree, &rng, minimum: 1) { elements, rng in
            let i = rng.below(elements.count)
            elements.remove(at: i)
            return "removed element \(i)"
        }
    }

    /// Empties an array or an object.
    static func emptyContainer(_ tree: inout JSONTree, _ rng: inout SeededGenerator) -> String? {
        let targets = paths(tree) { !$0.isScalar }
        guard !targets.isEmpty else { return nil }
        let path = rng.pick(targets)
        if case .object = tree[path] { tree[path] = .object([]) } else { tree[path] = .array([]) }
        return "emptied \(tree.describe(path))"
    }

    // MARK: Helpers

    static func paths(_ tree: JSONTree, where test: (JSONTree) -> Bool) -> [JSONTree.Path] {
        tree.allPaths.filter { test(tree[$0]) }
    }

    /// Runs `edit` on the members of a random non-empty object.
    static func editObject(_ tree: inout JSONTree, _ rng: inout SeededGenerator,
                           _ edit: (inout [JSONTree.Member], inout SeededGenerator) -> String) -> String? {
        let targets = paths(tree) { if case .object(let members) = $0 { return !members.isEmpty } else { return false } }
        guard !targets.isEmpty else { return nil }
        let path = rng.pick(targets)
        guard case .object(var members) = tree[path] else { return nil }
        let note = edit(&members, &rng)
        tree[path] = .object(members)
        return "\(tree.describe(path)): \(note)"
    }

    /// Runs `edit` on the elements of a random array with at least `minimum` of them.
    static func editArray(_ tree: inout JSONTree, _ rng: inout SeededGenerator, minimum: Int,
                          _ edit: (inout [JSONTree], inout SeededGenerator) -> String) -> String? {
        let targets = paths(tree) { if case .array(let elements) = $0 { return elements.count >= minimum } else { return false } }
        guard !targets.isEmpty else { return nil }
        let path = rng.pick(targets)
        guard case .array(var elements) = tree[path] else { return nil }
        let note = edit(&elements, &rng)
        tree[path] = .array(elements)
        return "\(tree.describe(path)): \(note)"
    }
}
