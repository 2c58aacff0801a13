import Foundation
import Testing
import Replay
@testable import Comparison

/// The mark rule on made-up seeds: a column is best only when its median's 95%
/// interval clears every other column's and it is lower seed by seed; where
/// intervals overlap, on one sample each, with fewer than six seeds, on a
/// descriptive metric or a partly measured column, nothing is marked.
@Suite
final class BestMarkTests {
    /// A column of 20 seeds: `base + seed's noise`, the noise shared by every
    /// column (the same seed), times `spread`.
    func column(_ base: Double, spread: Double = 1, seeds: Int = 20) -> ComparisonCell {
        ComparisonCell(values: (0..<seeds).map { Optional(base + spread * Double(($0 * 7) % seeds)) })
    }

    @Test func testClearlySeparatedColumnsMarkTheLowestCost() {
        // Medians 9.5 apart from 100 and 200: intervals [105, 114] and [205, 214].
        let cells = [column(200), column(100), column(300)]
        #expect(BestMark.best(cells, kind: .cost) == 1)
        #expect(BestMark.best(cells, kind: .benefit) == 2)
        #expect(BestMark.highest(cells) == 2)
    }

    @Test func testOverlappingIntervalsGiveNoMarkEvenWhenEverySeedIsLower() throws {
        // Column 1 is 2 lower than column 0 in every seed: the paired differences
        // say so without doubt, but the two medians' intervals overlap.
        let cells = [column(100), column(98)]
        let difference = try #require(PairedDifference(cells[1].values, minus: cells[0].values))
        #expect(difference.clearSide == .below)
        let (low, high) = try (#require(cells[1].spread?.interval), #require(cells[0].spread?.interval))
        #expect(low.high >= high.low, "the intervals overlap")
        #expect(BestMark.best(cells, kind: .cost) == nil)
    }

    @Test func testSeparateIntervalsWithoutAPairedDifferenceGiveNoMark() throws {
        // The medians' intervals lie apart ([5, 14] and [500, 500]), but half the
        // seeds go the other way: in ten of twenty the first column is higher.
        let low = ComparisonCell(values: (0..<20).map { Optional(Double($0 < 15 ? $0 : 1000)) })
        let high = ComparisonCell(values: (0..<20).map { Optional(Double((10..<15).contains($0) ? -1000 : 500)) })
        #expect(low.spread?.interval?.high == 14)
        #expect(high.spread?.interval?.low == 500)
        #expect(try #require(PairedDifference(low.values, minus: high.values)).clearSide == nil)
        #expect(BestMark.best([low, high], kind: .cost) == nil)
    }

    @Test func testOneSampleEachMarksNothing() {
        let cells = [ComparisonCell(values: [5]), ComparisonCell(values: [3]), ComparisonCell(values: [4])]
        #expect(BestMark.best(cells, kind: .cost) == nil)
        #expect(BestMark.best([ComparisonCell(values: [1]), ComparisonCell(values: [2])], kind: .cost) == nil)
    }

    @Test func testFewerThanSixSeedsMarkNothingHoweverApart() {
        #expect(BestMark.best([column(1000, seeds: 5), column(1, seeds: 5)], kind: .cost) == nil)
        #expect(BestMark.best([column(1000, seeds: 6), column(1, seeds: 6)], kind: .cost) == 1)
    }

    @Test func testDescriptiveMetricsAreNeverMarked() {
        #expect(BestMark.best([column(100), column(1)], kind: .descriptive) == nil)
    }

    @Test func testColumnsWithoutTheMetricTakeNoPart() {
        let none = ComparisonCell(values: Array(repeating: nil, count: 20))
        #expect(BestMark.best([none, column(1), column(300)], kind: .cost) == 1)
        // One measured column has nothing to beat.
        #expect(BestMark.best([none, column(1)], kind: .cost) == nil)
        #expect(BestMark.best([], kind: .cost) == nil)
    }

    @Test func testAPartlyMeasuredColumnBoundsOthersButIsNeverMarked() {
        var partial = column(1)
        partial.values[3] = nil
        partial = ComparisonCell(values: partial.values)
        #expect(partial.isPartial)
        #expect(BestMark.best([partial, column(300)], kind: .cost) == nil)
        #expect(BestMark.best([partial, column(300)], kind: .benefit) == 1)
    }

    @Test func testAnExcludedColumnTakesNoPart() {
        let cells = [column(1), column(100), column(300)]
        #expect(BestMark.best(cells, kind: .cost) == 0)
        #expect(BestMark.best(cells, kind: .cost, excluded: [0]) == 1)
    }

    @Test func testMedianAndRange() throws {
        let odd = try #require(MetricSpread([5, 1, 3]))
        #expect([odd.median, odd.min, odd.max] == [3, 1, 5])
        #expect(odd.interval == nil, "three values have no 95% interval")
        let even = try #require(MetricSpread([4, 1, 3, 10]))
        #expect([even.median, even.min, even.max] == [3.5, 1, 10])
        #expect(even.count == 4)
        #expect(MetricSpread([]) == nil)
        #expect(MetricSpread(single: 2).isExact)
    }

    /// The marks a comparison block computes follow the rule for every row.
    @Test func testTheBlockMarksRowsByTheRule() {
        func entries(_ downloads: Int, _ hits: Int) -> [MetricEntry] {
            [MetricEntry(key: "downloads", label: "downloads", value: .value(.count(downloads)), kind: .cost, group: .work),
             MetricEntry(key: "cacheHits", label: "cache hits", value: .value(.count(hits)), kind: .descriptive, group: .description)]
        }
        let block = ComparisonBlock(network: nil, networkDescription: nil,
                                    columns: [ComparisonColumn(name: "a"), ComparisonColumn(name: "b")], skipped: [],
                                    runs: [(0..<8).map { entries(10 + $0, 0) }, (0..<8).map { entries(1 + $0 % 3, 40) }], baseline: 0)
        #expect(block.rows.map(\.key) == ["downloads", "cacheHits"])
        #expect(block.rows[0].best == 1)
        #expect(block.rows[1].best == nil)
        #expect(block.rows[0].cells[1].values == [1, 2, 3, 1, 2, 3, 1, 2])
        // b against a, seed by seed: 1 − 10, 2 − 11, …
        #expect(block.rows[0].differences[0] == nil, "the baseline has no difference from itself")
        #expect(block.rows[0].differences[1]?.spread.min == -15)
        #expect(block.rows[0].differences[1]?.verdict(kind: .cost) == .better)
        #expect(block.rows[1].differences[1]?.verdict(kind: .descriptive) == nil)
    }
}
