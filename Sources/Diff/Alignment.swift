/// Aligns two sequences of event keys: the longest common subsequence by Myers'
/// O(ND) algorithm, after trimming the common prefix and suffix. The edit distance
/// it searches is capped, so two very different million-event traces still align in
/// bounded time and memory: past the cap, the rest is one changed block.
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

    public struct Result: Sendable {
        public var operations: [Operation]
        /// True when the cap was reached and the middle was not aligned exactly.
        public var truncated: Bool
    }

    public static func align(_ a: [UInt64], _ b: [UInt64], maximumDistance: Int = maximumDistance) -> Result {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var operations: [Operation] = (0..<prefix).map { .same($0, $0) }
        let middleA = Array(a[prefix..<(a.count - suffix)])
        let middleB = Array(b[prefix..<(b.count - suffix)])
        var truncated = false
        if let path = myers(middleA, middleB, maximumDistance: maximumDistance) {
            operations += path.map { operation in
                switch operation {
                case .same(let i, let j): return .same(i + prefix, j + prefix)
                case .onlyA(let i): return .onlyA(i + prefix)
                case .onlyB(let j): return .onlyB(j + prefix)
                }
            }
        } else {
            truncated = true
            operations += middleA.indices.map { .onlyA($0 + prefix) } + middleB.indices.map { .onlyB($0 + prefix) }
        }
        operations += (0..<suffix).map { .same(a.count - suffix + $0, b.count - suffix + $0) }
        return Result(operations: operations, truncated: truncated)
    }

    /// Myers' greedy forward search, keeping each round's frontier for the walk back.
    /// Nil if the distance exceeds `maximumDistance`.
    static func myers(_ a: [UInt64], _ b: [UInt64], maximumDistance: Int) -> [Operation]? {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { .onlyB($0) } }
        if m == 0 { return (0..<n).map { .onlyA($0) } }
        let limit = min(n + m, maximumDistance)
        let offset = limit + 1
        var frontier = [Int32](repeating: 0, count: 2 * limit + 3)
        var history: [[Int32]] = []
        var found: Int?
        search: for d in 0...limit {
            // Only diagonals -d...d matter in round d; keep just that window.
            history.append(Array(frontier[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1]) {
                    x = Int(frontier[offset + k + 1])
                } else {
                    x = Int(frontier[offset + k - 1]) + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                frontier[offset + k] = Int32(x)
                if x >= n && y >= m { found = d; break search }
            }
        }
        guard let distance = found else { return nil }
        // Walk back from (n, m) through the saved frontiers.
        var operations: [Operation] = []
        var x = n, y = m
        for d in stride(from: distance, to: 0, by: -1) {
            let previous = history[d] // the frontier before round d, diagonals -d...d
            func at(_ k: Int) -> Int { Int(previous[k + d]) }
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
