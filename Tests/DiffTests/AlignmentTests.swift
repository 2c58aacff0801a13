import Foundation
import Testing
import Diff
import ReuseLabTestSupport

/// `Alignment.align` against a plain O(NM) longest-common-subsequence table on
/// many small random sequences, and its distance cap.
@Suite
final class AlignmentTests {
    /// The length of the longest common subsequence, by dynamic programming.
    func lcsLength(_ a: [UInt64], _ b: [UInt64]) -> Int {
        var previous = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var current = [Int](repeating: 0, count: b.count + 1)
            for (j, y) in b.enumerated() {
                current[j + 1] = x == y ? previous[j] + 1 : max(previous[j + 1], current[j])
            }
            previous = current
        }
        return previous[b.count]
    }

    /// Checks that `operations` walk both sequences in order, each element exactly
    /// once, pairing only equal elements; returns how many pairs there are.
    @discardableResult
    func checkEditScript(_ operations: [Alignment.Operation], _ a: [UInt64], _ b: [UInt64],
                         sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        var i = 0, j = 0, same = 0
        for operation in operations {
            switch operation {
            case .same(let x, let y):
                guard x == i, y == j, x < a.count, y < b.count, a[x] == b[y] else {
                    Issue.record("\(operation) at A \(i), B \(j) of \(a) and \(b)", sourceLocation: sourceLocation)
                    return same
                }
                i += 1; j += 1; same += 1
            case .onlyA(let x):
                guard x == i, x < a.count else { Issue.record("\(operation) at A \(i) of \(a)", sourceLocation: sourceLocation); return same }
                i += 1
            case .onlyB(let y):
                guard y == j, y < b.count else { Issue.record("\(operation) at B \(j) of \(b)", sourceLocation: sourceLocation); return same }
                j += 1
            }
        }
        #expect(i == a.count, "every element of A once", sourceLocation: sourceLocation)
        #expect(j == b.count, "every element of B once", sourceLocation: sourceLocation)
        return same
    }

    @Test func testRandomSequencesAlignToALongestCommonSubsequence() {
        var random = SeededGenerator(seed: 2024)
        for round in 0..<3_000 {
            let alphabet = 1 + random.below(5)
            let a = random.sequence(length: random.below(13), alphabet: alphabet)
            let b = random.sequence(length: random.below(13), alphabet: alphabet)
            let result = Alignment.align(a, b)
            #expect(!result.truncated)
            let same = checkEditScript(result.operations, a, b)
            #expect(same == lcsLength(a, b), "round \(round): \(a) and \(b)")
            if same != lcsLength(a, b) { return }
        }
    }

    /// Long shared beginnings and ends (trimmed before the search) around random middles.
    @Test func testSharedPrefixAndSuffixAroundRandomMiddles() {
        var random = SeededGenerator(seed: 7)
        for round in 0..<500 {
            let prefix = random.sequence(length: random.below(30), alphabet: 50)
            let suffix = random.sequence(length: random.below(30), alphabet: 50)
            let a = prefix + random.sequence(length: random.below(20), alphabet: 4) + suffix
            let b = prefix + random.sequence(length: random.below(20), alphabet: 4) + suffix
            let result = Alignment.align(a, b)
            #expect(checkEditScript(result.operations, a, b) == lcsLength(a, b), "round \(round)")
            #expect(result.operations.prefix(prefix.count).filter { if case .same = $0 { return true }; return false }.count == prefix.count)
        }
    }

    @Test func testEdgeCases() {
        #expect(Alignment.align([], []).operations == [])
        #expect(Alignment.align([1, 2], []).operations == [.onlyA(0), .onlyA(1)])
        #expect(Alignment.align([], [1, 2]).operations == [.onlyB(0), .onlyB(1)])
        #expect(Alignment.align([1, 2, 3], [1, 2, 3]).operations == [.same(0, 0), .same(1, 1), .same(2, 2)])
        #expect(Alignment.align([1, 2, 3], [1, 9, 3]).operations.filter { if case .same = $0 { return true }; return false } == [.same(0, 0), .same(2, 2)])
        // An insertion in the middle of a repeated run.
        let result = Alignment.align([5, 5, 5, 5], [5, 5, 7, 5, 5])
        #expect(checkEditScript(result.operations, [5, 5, 5, 5], [5, 5, 7, 5, 5]) == 4)
    }

    /// Past the cap the middle is one changed block, and still every element is covered once.
    @Test func testTheCapGivesUpOnTheMiddleButCoversEverything() {
        let a = (0..<50).map(UInt64.init), b = (100..<150).map(UInt64.init)
        let result = Alignment.align(a, b, maximumDistance: 10)
        #expect(result.truncated)
        #expect(checkEditScript(result.operations, a, b) == 0)

        // With a shared beginning and end, those stay aligned.
        let shared: [UInt64] = [1, 2, 3]
        let capped = Alignment.align(shared + a + shared, shared + b + shared, maximumDistance: 5)
        #expect(capped.truncated)
        #expect(checkEditScript(capped.operations, shared + a + shared, shared + b + shared) == 6)
        #expect(Array(capped.operations.prefix(3)) == [.same(0, 0), .same(1, 1), .same(2, 2)])
        #expect(capped.operations.last == .same(55, 55))
    }

    /// The cap is the edit distance searched exactly: at the distance, the alignment is exact.
    @Test func testTheCapIsTheEditDistance() {
        var random = SeededGenerator(seed: 99)
        for _ in 0..<500 {
            let a = random.sequence(length: 1 + random.below(15), alphabet: 3)
            let b = random.sequence(length: 1 + random.below(15), alphabet: 3)
            let distance = a.count + b.count - 2 * lcsLength(a, b)
            guard distance > 0 else { continue }
            let exact = Alignment.align(a, b, maximumDistance: distance)
            #expect(!exact.truncated, "\(a) \(b) at distance \(distance)")
            #expect(checkEditScript(exact.operations, a, b) == lcsLength(a, b))
            // One step short, Myers gives up; anchors on keys unique to both sides may
            // still align parts. The result is always a valid edit script, never
            // longer than the true common subsequence, but it may be shorter.
            let short = Alignment.align(a, b, maximumDistance: distance - 1)
            let same = checkEditScript(short.operations, a, b)
            #expect(same <= lcsLength(a, b), "\(a) \(b)")
        }
    }

    /// Two long sequences with a few scattered changes align quickly and exactly.
    @Test func testLongSequencesWithScatteredChanges() {
        var random = SeededGenerator(seed: 5)
        let a = random.sequence(length: 200_000, alphabet: 1 << 30)
        var b = a
        for _ in 0..<200 {
            let index = random.below(b.count)
            if random.below(2) == 0 { b.remove(at: index) } else { b.insert(UInt64(random.below(1 << 30)), at: index) }
        }
        let result = Alignment.align(a, b)
        #expect(!result.truncated)
        let same = checkEditScript(result.operations, a, b)
        #expect(same >= (a.count - 200))
    }
}

/// Past the cap, events unique to both sides anchor the alignment.
extension AlignmentTests {
    @Test func testFarApartTracesStillAlignAroundUniqueEvents() {
        // 3000 unique events on both sides, each side with 2500 extra repeated ones woven in.
        var a: [UInt64] = [], b: [UInt64] = []
        for k in 0..<3000 {
            a.append(UInt64(1_000_000 + k))
            b.append(UInt64(1_000_000 + k))
            if k % 6 == 0 { a.append(contentsOf: [1, 2, 3]) }
            if k % 5 == 0 { b.append(contentsOf: [4, 5]) }
        }
        let result = Alignment.align(a, b, maximumDistance: 100)
        #expect(!result.truncated, "every gap between anchors is small enough for Myers")
        #expect(checkEditScript(result.operations, a, b) == 3000, "the 3000 shared events are all aligned")
    }
}

extension SeededGenerator {
    /// `length` symbols from an alphabet of `alphabet`.
    mutating func sequence(length: Int, alphabet: Int) -> [UInt64] { (0..<length).map { _ in UInt64(below(alphabet)) } }
}

/// Myers' work over one alignment stays within its budget, however the input is cut up.
extension AlignmentTests {
    /// Gaps of disjoint keys, each under the cap, between anchors unique to both
    /// sides: Myers would take about (2 × gap)² / 2 steps per gap, far more than
    /// the budget allows over the whole input.
    @Test func testGapsUnderTheCapBetweenAnchorsStayWithinTheWorkBudget() {
        let gaps = 40, gap = 150, cap = 600
        var a: [UInt64] = [], b: [UInt64] = []
        for index in 0..<gaps {
            a.append(UInt64(1_000_000 + index))
            b.append(UInt64(1_000_000 + index))
            a.append(contentsOf: (0..<gap).map { UInt64($0) })
            b.append(contentsOf: (0..<gap).map { UInt64(10_000 + $0) })
        }
        let budget = Alignment.workBudget(keys: a.count + b.count, maximumDistance: cap)
        let result = Alignment.align(a, b, maximumDistance: cap)
        // Without the budget every gap would align exactly, at about 40 × 300² / 2 = 1.8 million steps.
        #expect(result.work == budget, "the budget is spent, never exceeded: \(result.work) steps, budget \(budget)")
        #expect(result.truncated, "the gaps past the budget are one changed block each")
        #expect(checkEditScript(result.operations, a, b) == gaps, "every anchor is aligned")
    }
}
