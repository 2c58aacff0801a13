/// Aligns two sequences of event keys: the longest common subsequence by Myers'
/// O(ND) algorithm, after trimming the common prefix and suffix. The edit distance
/// Myers searches is capped, so two very different million-event traces still align
/// in bounded time: past the cap, events unique to both sides anchor the alignment
/// (as patience diff does) and the gaps between anchors are aligned in turn.
///
/// Myers' work is bounded in all, not only per stretch: every gap between anchors
/// may lie under the cap and still cost up to `maximumDistance`² / 2 steps, so one
/// alignment takes at most `workBudget` steps (`maximumDistance`² plus
/// `workPerEvent` for each key of both sides). Once that is spent, the remaining
/// stretches are aligned by their anchors alone, a gap without any being one
/// changed block (`truncated`). Time is thus linear in the keys, and memory too:
/// the operations, and for one Myers search at most `maximumDistance`² / 2 frontier
/// entries of 4 bytes.
public enum Alignment {
    /// One step of the alignment.
    public enum Operation: Equatable, Sendable {
        /// A[i] and B[j] are the same.
        case same(Int, Int)
        /// A[i] has no counterpart in B.
        case onlyA(Int)
        /// B[j] has no counterpart in A.
        case onlyB(Int)
    }

    /// The largest edit distance searched exactly.
    public static let maximumDistance = 4_000

    /// Myers steps allowed for each key of both sides, beyond `maximumDistance`².
    public static let workPerEvent = 64

    /// The most Myers steps one alignment of `keys` keys in all (both sides) takes.
    public static func workBudget(keys: Int, maximumDistance: Int = maximumDistance) -> Int {
        maximumDistance * maximumDistance + workPerEvent * keys
    }

    public struct Result: Sendable {
        public var operations: [Operation]
        /// True when some stretch exceeded the cap, or came after the work budget
        /// was spent, and had no anchors, so it is one changed block.
        public var truncated: Bool
        /// The Myers steps taken: a diagonal visited, or a key compared along one.
        /// Never more than `workBudget`.
        public var work: Int
    }

    public static func align(_ a: [UInt64], _ b: [UInt64], maximumDistance: Int = maximumDistance) -> Result {
        var result = Result(operations: [], truncated: false, work: 0)
        result.operations.reserveCapacity(max(a.count, b.count))
        let budget = workBudget(keys: a.count + b.count, maximumDistance: maximumDistance)
        alignRange(a, 0..<a.count, b, 0..<b.count, maximumDistance: maximumDistance, budget: budget, depth: 0, into: &result)
        return result
    }

    /// Aligns `a[aRange]` with `b[bRange]`: shared ends first, then Myers within the
    /// cap; past the cap, the events whose key occurs exactly once on each side are
    /// matched in order (the longest such run) and each gap between them is aligned
    /// the same way. Only a gap with no such anchors is left as one changed block.
    /// Myers is tried only while the work `budget` lasts (see `Result.work`).
    static func alignRange(_ a: [UInt64], _ aRange: Range<Int>, _ b: [UInt64], _ bRange: Range<Int>,
                           maximumDistance: Int, budget: Int, depth: Int, into result: inout Result) {
        var lowA = aRange.lowerBound, lowB = bRange.lowerBound
        var highA = aRange.upperBound, highB = bRange.upperBound
        while lowA < highA, lowB < highB, a[lowA] == b[lowB] {
            result.operations.append(.same(lowA, lowB))
            lowA += 1
            lowB += 1
        }
        var suffix: [Operation] = []
        while lowA < highA, lowB < highB, a[highA - 1] == b[highB - 1] {
            highA -= 1
            highB -= 1
            suffix.append(.same(highA, highB))
        }
        defer { result.operations.append(contentsOf: suffix.reversed()) }
        if lowA == highA || lowB == highB {
            result.operations.append(contentsOf: (lowA..<highA).map { .onlyA($0) })
            result.operations.append(contentsOf: (lowB..<highB).map { .onlyB($0) })
            return
        }
        if let path = myers(a[lowA..<highA], b[lowB..<highB], maximumDistance: maximumDistance, work: &result.work, budget: budget) {
            result.operations.append(contentsOf: path.map { operation in
                switch operation {
                case .same(let i, let j): return .same(i + lowA, j + lowB)
                case .onlyA(let i): return .onlyA(i + lowA)
                case .onlyB(let j): return .onlyB(j + lowB)
                }
            })
            return
        }
        let anchors = depth < 48 ? uniqueAnchors(a, lowA..<highA, b, lowB..<highB) : []
        guard !anchors.isEmpty else {
            result.truncated = true
            result.operations.append(contentsOf: (lowA..<highA).map { .onlyA($0) })
            result.operations.append(contentsOf: (lowB..<highB).map { .onlyB($0) })
            return
        }
        var nextA = lowA, nextB = lowB
        for (i, j) in anchors {
            alignRange(a, nextA..<i, b, nextB..<j, maximumDistance: maximumDistance, budget: budget, depth: depth + 1, into: &result)
            result.operations.append(.same(i, j))
            nextA = i + 1
            nextB = j + 1
        }
        alignRange(a, nextA..<highA, b, nextB..<highB, maximumDistance: maximumDistance, budget: budget, depth: depth + 1, into: &result)
    }

    /// Pairs (i, j) of keys that occur exactly once in `a[aRange]` and once in
    /// `b[bRange]`, the longest run of them in the same order on both sides
    /// (patience sorting), ordered by i.
    static func uniqueAnchors(_ a: [UInt64], _ aRange: Range<Int>, _ b: [UInt64], _ bRange: Range<Int>) -> [(Int, Int)] {
        var inA: [UInt64: Int] = [:]   // position, or -1 when repeated
        inA.reserveCapacity(aRange.count)
        for i in aRange { inA[a[i]] = inA[a[i]] == nil ? i : -1 }
        var inB: [UInt64: Int] = [:]
        inB.reserveCapacity(bRange.count)
        for j in bRange { inB[b[j]] = inB[b[j]] == nil ? j : -1 }
        var pairs: [(Int, Int)] = []
        for i in aRange {
            if let positionA = inA[a[i]], positionA == i, let j = inB[a[i]], j >= 0 { pairs.append((i, j)) }
        }
        guard !pairs.isEmpty else { return [] }
        // Longest increasing subsequence of j (pairs are already in i order).
        var tails: [Int] = []            // index into pairs of the smallest tail of each length
        var previous = [Int](repeating: -1, count: pairs.count)
        for (index, pair) in pairs.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if pairs[tails[mid]].1 < pair.1 { low = mid + 1 } else { high = mid }
            }
            if low > 0 { previous[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var result: [(Int, Int)] = []
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            result.append(pairs[cursor])
            cursor = previous[cursor]
        }
        return result.reversed()
    }

    /// Myers' greedy forward search, keeping each round's frontier for the walk back.
    /// Nil if the distance exceeds `maximumDistance`, or if finding it would take
    /// `work` past `budget`; each diagonal visited and each key compared along one
    /// adds a step to `work`.
    static func myers(_ a: ArraySlice<UInt64>, _ b: ArraySlice<UInt64>, maximumDistance: Int,
                      work: inout Int, budget: Int) -> [Operation]? {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { .onlyB($0) } }
        if m == 0 { return (0..<n).map { .onlyA($0) } }
        guard work < budget else { return nil }
        let a = Array(a), b = Array(b)
        let limit = min(n + m, maximumDistance)
        let offset = limit + 1
        var frontier = [Int32](repeating: 0, count: 2 * limit + 3)
        // Before round d, the frontier on the diagonals round d reads: -(d-1), -(d-3), …, d-1.
        var history: [[Int32]] = []
        var found: Int?
        search: for d in 0...limit {
            var window = [Int32](repeating: 0, count: d)
            for index in 0..<d { window[index] = frontier[offset - d + 1 + 2 * index] }
            history.append(window)
            for step in 0...d {
                let k = 2 * step - d // the diagonals -d, -d + 2, …, d
                guard work < budget else { return nil }
                work += 1
                var x: Int
                if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                    x = Int(frontier[offset + k + 1])
                } else {
                    x = Int(frontier[offset + k - 1]) + 1
                }
                var y = x - k
                while x < n, y < m, work < budget, a[x] == b[y] { x += 1; y += 1; work += 1 }
                frontier[offset + k] = Int32(x)
                if x >= n && y >= m { found = d; break search }
            }
        }
        guard let distance = found else { return nil }
        // Walk back from (n, m) through the saved frontiers.
        var operations: [Operation] = []
        var x = n, y = m
        for d in stride(from: distance, to: 0, by: -1) {
            let previous = history[d] // the frontier before round d, diagonals -(d-1), -(d-3), …, d-1
            func at(_ k: Int) -> Int { Int(previous[(k + d - 1) / 2]) }
            let k = x - y
            let fromAbove = k == -d || (k != d && at(k - 1) < at(k + 1))
            let previousK = fromAbove ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            while x > previousX + (fromAbove ? 0 : 1) && y > previousY + (fromAbove ? 1 : 0) {
                x -= 1; y -= 1
                operations.append(.same(x, y))
            }
            if fromAbove {
                y -= 1
                operations.append(.onlyB(y))
            } else {
                x -= 1
                operations.append(.onlyA(x))
            }
        }
        while x > 0 && y > 0 { x -= 1; y -= 1; operations.append(.same(x, y)) }
        return operations.reversed()
    }
}
