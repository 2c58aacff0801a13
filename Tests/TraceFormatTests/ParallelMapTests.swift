import Foundation
import Testing
import ToolSupport

/// The one way work runs side by side: each result in its own place, however
/// the pieces finish; both sides of a pair, with the first side's error first.
@Suite
final class ParallelMapTests {
    @Test func testEachResultStaysInItsPlace() {
        for jobs in [1, 2, 3, 16] {
            let results = ParallelMap.map(500, jobs: jobs) { index -> Int in
                // Uneven work, so pieces finish out of order.
                var sum = 0
                for step in 0..<((index * 7919) % 3000) { sum &+= step }
                return withExtendedLifetime(sum) { index * 2 }
            }
            #expect(results == (0..<500).map { $0 * 2 }, "jobs \(jobs)")
        }
        #expect(ParallelMap.map(0, jobs: 4) { $0 } == [])
    }

    @Test func testBothGivesBothResultsOrTheFirstError() throws {
        let (a, b) = try ParallelMap.both({ () throws(ReuseLabError) in 1 }, { () throws(ReuseLabError) in "two" })
        #expect(a == 1)
        #expect(b == "two")
        do {
            _ = try ParallelMap.both({ () throws(ReuseLabError) -> Int in throw ReuseLabError(.badInput, "first") },
                                     { () throws(ReuseLabError) -> Int in throw ReuseLabError(.badInput, "second") })
            Issue.record("no error")
        } catch {
            #expect(error.message == "first")
        }
    }
}
