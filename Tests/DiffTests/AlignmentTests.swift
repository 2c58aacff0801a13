import XCTest
import Diff
import ReuseLabTestSupport

/// `Alignment.align` against a plain O(NM) longest-common-subsequence table on
/// many small random sequences, and its distance cap.
final class AlignmentTests: XCTestCase {
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
                         file: StaticString = #filePath, line: UInt = #line) -> Int {
        var i = 0, j = 0, same = 0
        for operation in operations {
            switch operation {
            case .same(let x, let y):
                guard x == i, y == j, x < a.count, y < b.count, a[x] == b[y] else {
                    XCTFail("\(operation) at A \(i), B \(j) of \(a) and \(b)", file: file, line: line)
                    return same
                }
                i += 1; j += 1; same += 1
            case .onlyA(let x):
                guard x == i, x < a.count else { XCTFail("\(operation) at A \(i) of \(a)", file: file, line: line); return same }
                i += 1
            case .onlyB(let y):
                guard y == j, y < b.count else { XCTFail("\(operation) at B \(j) of \(b)", file: file, line: line); return same }
                j += 1
            }
        }
        XCTAssertEqual(i, a.count, "every element of A once", file: file, line: line)
        XCTAssertEqual(j, b.count, "every element of B once", file: file, line: line)
        return same
    }

    func testRandomSequencesAlignToALongestCommonSubsequence() {
        var random = SeededGenerator(seed: 2024)
        for round in 0..<3_000 {
            let alphabet = 1 + random.below(5)
            let a = random.sequence(length: random.below(13), alphabet: alphabet)
            let b = random.sequence(length: random.below(13), alphabet: alphabet)
            let result = Alignment.align(a, b)
            XCTAssertFalse(result.truncated)
            let same = checkEditScript(result.operations, a, b)
            XCTAssertEqual(same, lcsLength(a, b), "round \(round): \(a) and \(b)")
            if same != lcsLength(a, b) { return }
        }
    }

    /// Long shared beginnings and ends (trimmed before the search) around random middles.
    func testSharedPrefixAndSuffixAroundRandomMiddles() {
        var random = SeededGenerator(seed: 7)
        for round in 0..<500 {
            let prefix = random.sequence(length: random.below(30), alphabet: 50)
            let suffix = random.sequence(length: random.below(30), alphabet: 50)
            let a = prefix + random.sequence(length: random.below(20), alphabet: 4) + suffix
            let b = prefix + random.sequence(length: random.below(20), alphabet: 4) + suffix
            let result = Alignment.align(a, b)
            XCTAssertEqual(checkEditScript(result.operations, a, b), lcsLength(a, b), "round \(round)")
            XCTAssertEqual(result.operations.prefix(prefix.count).filter { if case .same = $0 { return true }; return false }.count, prefix.count)
        }
    }

    func testEdgeCases() {
        XCTAssertEqual(Alignment.align([], []).operations, [])
        XCTAssertEqual(Alignment.align([1, 2], []).operations, [.onlyA(0), .onlyA(1)])
        XCTAssertEqual(Alignment.align([], [1, 2]).operations, [.onlyB(0), .onlyB(1)])
        XCTAssertEqual(Alignment.align([1, 2, 3], [1, 2, 3]).operations, [.same(0, 0), .same(1, 1), .same(2, 2)])
        XCTAssertEqual(Alignment.align([1, 2, 3], [1, 9, 3]).operations.filter { if case .same = $0 { return true }; return false },
                       [.same(0, 0), .same(2, 2)])
        // An insertion in the middle of a repeated run.
        let result = Alignment.align([5, 5, 5, 5], [5, 5, 7, 5, 5])
        XCTAssertEqual(checkEditScript(result.operations, [5, 5, 5, 5], [5, 5, 7, 5, 5]), 4)
    }

    /// Past the cap the middle is one changed block, and still every element is covered once.
    func testTheCapGivesUpOnTheMiddleButCoversEverything() {
        let a = (0..<50).map(UInt64.init), b = (100..<150).map(UInt64.init)
        let result = Alignment.align(a, b, maximumDistance: 10)
        XCTAssertTrue(result.truncated)
        XCTAssertEqual(checkEditScript(result.operations, a, b), 0)

        // With a shared beginning and end, those stay aligned.
        let shared: [UInt64] = [1, 2, 3]
        let capped = Alignment.align(shared + a + shared, shared + b + shared, maximumDistance: 5)
        XCTAssertTrue(capped.truncated)
        XCTAssertEqual(checkEditScript(capped.operations, shared + a + shared, shared + b + shared), 6)
        XCTAssertEqual(Array(capped.operations.prefix(3)), [.same(0, 0), .same(1, 1), .same(2, 2)])
        XCTAssertEqual(capped.operations.last, .same(55, 55))
    }

    /// The cap is the edit distance searched exactly: at the distance, the alignment is exact.
    func testTheCapIsTheEditDistance() {
        var random = SeededGenerator(seed: 99)
        for _ in 0..<500 {
            let a = random.sequence(length: 1 + random.below(15), alphabet: 3)
            let b = random.sequence(length: 1 + random.below(15), alphabet: 3)
            let distance = a.count + b.count - 2 * lcsLength(a, b)
            guard distance > 0 else { continue }
            let exact = Alignment.align(a, b, maximumDistance: distance)
            XCTAssertFalse(exact.truncated, "\(a) \(b) at distance \(distance)")
            XCTAssertEqual(checkEditScript(exact.operations, a, b), lcsLength(a, b))
            // One step short, Myers gives up; anchors on keys unique to both sides may
            // still align parts. The result is always a valid edit script, never
            // longer than the true common subsequence, but it may be shorter.
            let short = Alignment.align(a, b, maximumDistance: distance - 1)
            let same = checkEditScript(short.operations, a, b)
            XCTAssertLessThanOrEqual(same, lcsLength(a, b), "\(a) \(b)")
        }
    }

    /// Two long sequences with a few scattered changes align quickly and exactly.
    func testLongSequencesWithScatteredChanges() {
        var random = SeededGenerator(seed: 5)
        let a = random.sequence(length: 200_000, alphabet: 1 << 30)
        var b = a
        for _ in 0..<200 {
            let index = random.below(b.count)
            if random.below(2) == 0 { b.remove(at: index) } else { b.insert(UInt64(random.below(1 << 30)), at: index) }
        }
        let result = Alignment.align(a, b)
        XCTAssertFalse(result.truncated)
        let same = checkEditScript(result.operations, a, b)
        XCTAssertGreaterThanOrEqual(same, a.count - 200)
    }
}

/// Past the cap, events unique to both sides anchor the alignment.
extension AlignmentTests {
    func testFarApartTracesStillAlignAroundUniqueEvents() {
        // 3000 unique events on both sides, each side with 2500 extra repeated ones woven in.
        var a: [UInt64] = [], b: [UInt64] = []
        for k in 0..<3000 {
            a.append(UInt64(1_000_000 + k))
            b.append(UInt64(1_000_000 + k))
            if k % 6 == 0 { a.append(contentsOf: [1, 2, 3]) }
            if k % 5 == 0 { b.append(contentsOf: [4, 5]) }
        }
        let result = Alignment.align(a, b, maximumDistance: 100)
        XCTAssertFalse(result.truncated, "every gap between anchors is small enough for Myers")
        XCTAssertEqual(checkEditScript(result.operations, a, b), 3000, "the 3000 shared events are all aligned")
    }
}

extension SeededGenerator {
    /// `length` symbols from an alphabet of `alphabet`.
    mutating func sequence(length: Int, alphabet: Int) -> [UInt64] { (0..<length).map { _ in UInt64(below(alphabet)) } }
}
