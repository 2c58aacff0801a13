import TraceModel

/// How much of one event kind differs between two traces: the events of that kind
/// only one side has, and the places where both did it but differently (A's
/// `willDisplay row 5` against B's `willDisplay row 6`).
///
/// A diff of two very different strategies can run to hundreds of changed rows;
/// this tally is what an engineer reads first ("B sets 152 images A never does").
public struct KindChanges: Sendable, Equatable {
    public var kind: EventKind
    public var onlyA: Int
    public var onlyB: Int
    public var changed: Int

    public var total: Int { onlyA + onlyB + changed }

    /// "imageSet: 154 only in B" — the counts that are not zero.
    public var phrase: String { phrase(named: kind.rawValue) }

    /// The same with the kind named as the traces name it (`TraceDiff.kindName`).
    public func phrase(named name: String) -> String {
        let parts = [(onlyA, "only in A"), (onlyB, "only in B"), (changed, "changed")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return "\(name): " + parts.joined(separator: ", ")
    }

    /// The tally over the whole alignment, busiest kind first (ties in the order
    /// kinds are declared). A changed pair of two different kinds counts as one
    /// event only in A and one only in B.
    static func tally(_ operations: [Alignment.Operation], a: DiffSide, b: DiffSide) -> [KindChanges] {
        var byKind: [EventKind: KindChanges] = [:]
        func add(_ kind: EventKind, _ update: (inout KindChanges) -> Void) {
            var entry = byKind[kind] ?? KindChanges(kind: kind, onlyA: 0, onlyB: 0, changed: 0)
            update(&entry)
            byKind[kind] = entry
        }
        for (change, indexA, indexB) in TraceDiff.Pairs(operations[...]) where change != .same {
            let kindA = indexA.map { a.kinds[$0] }, kindB = indexB.map { b.kinds[$0] }
            if let kindA, let kindB, kindA == kindB {
                add(kindA) { $0.changed += 1 }
                continue
            }
            if let kindA { add(kindA) { $0.onlyA += 1 } }
            if let kindB { add(kindB) { $0.onlyB += 1 } }
        }
        let order = Dictionary(uniqueKeysWithValues: EventKind.allCases.enumerated().map { ($0.element, $0.offset) })
        return byKind.values.sorted { left, right in
            left.total != right.total ? left.total > right.total : (order[left.kind] ?? 0) < (order[right.kind] ?? 0)
        }
    }
}
