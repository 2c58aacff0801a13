import Testing
@testable import Comparison

/// The median's 95% interval from order statistics, and the paired per-seed
/// differences built on it: the ranks and coverages the binomial distribution
/// gives, worked out by hand, and the differences taken seed by seed.
@Suite
final class MedianIntervalTests {
    @Test func testRanksAndCoveragesAreTheBinomialOnes() throws {
        // 20 values: P(B ≤ 5) = 21700 / 2^20, so the 6th to the 15th cover 1 − 2 × that.
        let twenty = try #require(MedianInterval.rank(count: 20))
        #expect(twenty.rank == 6)
        #expect(abs(twenty.coverage - (1 - 2 * 21700 / 1_048_576)) < 1e-12)
        // 10 values: P(B ≤ 1) = 11 / 1024; the next rank would cover 1 − 2 × 56/1024 < 95%.
        let ten = try #require(MedianInterval.rank(count: 10))
        #expect(ten.rank == 2)
        #expect(abs(ten.coverage - (1 - 22.0 / 1024)) < 1e-12)
        // 6 values: lowest to highest, 1 − 2/64.
        #expect(MedianInterval.rank(count: 6)?.rank == 1)
        #expect(MedianInterval.rank(count: 6)?.coverage == 1 - 2.0 / 64)
        // 5 values, lowest to highest, cover only 93.75%: no interval.
        for count in 0...5 { #expect(MedianInterval.rank(count: count) == nil, "\(count)") }
    }

    @Test func testEveryCountHasTheLargestRankThatKeeps95Percent() throws {
        for count in [6, 7, 19, 20, 21, 100, 999, 1075, 2000] {
            let (rank, coverage) = try #require(MedianInterval.rank(count: count))
            #expect(coverage >= 0.95, "\(count)")
            // One rank further in falls below 95% (or meets the middle).
            if let next = Self.coverage(count: count, rank: rank + 1), rank + 1 <= count / 2 {
                #expect(next < 0.95, "\(count): rank \(rank + 1) still covers \(next)")
            }
        }
        // Past 1074 values 2^-n underflows a Double; the interval is still about
        // n/2 − 0.98·√n from each end.
        let large = try #require(MedianInterval.rank(count: 2000))
        #expect((955...958).contains(large.rank), "\(large.rank)")
    }

    /// 1 − 2·P(B ≤ rank − 1), summed in log space by another route, for the check.
    static func coverage(count: Int, rank: Int) -> Double? {
        guard rank >= 1 else { return nil }
        var logTerm = -Double(count) * log(2.0)
        var sum = 0.0
        for i in 0..<rank {
            if i > 0 { logTerm += log(Double(count - i + 1)) - log(Double(i)) }
            sum += exp(logTerm)
        }
        return 1 - 2 * sum
    }

    @Test func testTheIntervalIsTheKthLowestToTheKthHighest() throws {
        let values = (1...20).map(Double.init).shuffled(using: &Self.generator)
        let interval = try #require(MedianInterval(values))
        #expect((interval.low, interval.high) == (6, 15))
        #expect(MedianInterval([1, 2, 3, 4, 5]) == nil)
        let spread = try #require(MetricSpread(values))
        #expect(spread.interval == interval)
        #expect(spread.median == 10.5)
    }

    nonisolated(unsafe) static var generator = SystemRandomNumberGenerator()

    @Test func testDifferencesArePairedBySeedAndSkipUnmeasuredSeeds() throws {
        let column: [Double?] = [10, nil, 30, 40]
        let baseline: [Double?] = [1, 2, nil, 4]
        let difference = try #require(PairedDifference(column, minus: baseline))
        // Seeds 0 and 3 only: 9 and 36.
        #expect(difference.spread.count == 2)
        #expect((difference.spread.min, difference.spread.max) == (9, 36))
        #expect(difference.clearSide == nil, "two pairs have no interval")
        #expect(PairedDifference([nil, 1], minus: [2, nil]) == nil)
    }

    @Test func testAClearDifferenceHasAVerdictByKind() throws {
        let lower = try #require(PairedDifference((0..<20).map { Double($0) }, minus: (0..<20).map { Double($0) + 5 }))
        #expect(lower.clearSide == .below)
        #expect(lower.verdict(kind: .cost) == .better)
        #expect(lower.verdict(kind: .benefit) == .worse)
        #expect(lower.verdict(kind: .descriptive) == nil)
        // Differences around 0: −2, −1, 0, 1, 2 over and over.
        let noise = try #require(PairedDifference((0..<20).map { Double($0 % 5 - 2) }, minus: Array(repeating: 0, count: 20)))
        #expect(noise.clearSide == nil)
        #expect(noise.verdict(kind: .cost) == nil)
        // All equal: the interval is [0, 0], which is not clear of 0.
        let same = try #require(PairedDifference(Array(repeating: 7, count: 20), minus: Array(repeating: 7, count: 20)))
        #expect(same.clearSide == nil)
    }
}

import Foundation
