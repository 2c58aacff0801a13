import Foundation
import Testing
import Replay
@testable import Comparison

/// The mark rule on made-up spreads: a column is best only when its whole range
/// clears every other column's; overlapping ranges, ties and descriptive metrics
/// never get a mark.
@Suite
final class BestMarkTests {
    func spread(_ min: Double, _ max: Double, median: Double? = nil) -> MetricSpread {
        MetricSpread(median: median ?? (min + max) / 2, min: min, max: max, count: 20)
    }

    @Test func testDisjointRangesMarkTheLowestCost() {
        #expect(BestMark.best([spread(10, 20), spread(2, 9), spread(21, 40)], kind: .cost) == 1)
    }

    @Test func testOverlappingRangesGiveNoMarkEvenWithALowerMedian() {
        // Column 1's median is far lower, but its worst seed is as bad as column 0's best.
        #expect(BestMark.best([spread(10, 20, median: 18), spread(2, 10, median: 3)], kind: .cost) == nil)
        #expect(BestMark.best([spread(10, 20), spread(2, 11), spread(30, 40)], kind: .cost) == nil)
    }

    @Test func testABenefitIsMirrored() {
        #expect(BestMark.best([spread(10, 20), spread(21, 30)], kind: .benefit) == 1)
        #expect(BestMark.best([spread(10, 21), spread(21, 30)], kind: .benefit) == nil)
        #expect(BestMark.best([spread(10, 20), spread(2, 9)], kind: .benefit) == 0)
    }

    @Test func testDescriptiveMetricsAreNeverMarked() {
        #expect(BestMark.best([spread(100, 200), spread(1, 2)], kind: .descriptive) == nil)
        #expect(BestMark.best([MetricSpread(single: 0), MetricSpread(single: 50)], kind: .descriptive) == nil)
    }

    @Test func testOneRecordingEachMarksOnlyAStrictlyLowestValue() {
        #expect(BestMark.best([MetricSpread(single: 5), MetricSpread(single: 3), MetricSpread(single: 4)], kind: .cost) == 1)
        // A tie for the lowest: neither is best.
        #expect(BestMark.best([MetricSpread(single: 3), MetricSpread(single: 3), MetricSpread(single: 4)], kind: .cost) == nil)
        #expect(BestMark.best([MetricSpread(single: 0), MetricSpread(single: 0)], kind: .cost) == nil)
    }

    @Test func testColumnsWithoutTheMetricTakeNoPart() {
        #expect(BestMark.best([nil, spread(1, 2), spread(3, 4)], kind: .cost) == 1)
        // One measured column has nothing to beat.
        #expect(BestMark.best([nil, spread(1, 2)], kind: .cost) == nil)
        #expect(BestMark.best([], kind: .cost) == nil)
    }

    @Test func testAPartlyMeasuredColumnBoundsOthersButIsNeverMarked() {
        // Column 0 measured in only some seeds: it cannot win ...
        #expect(BestMark.best([spread(1, 2), spread(5, 6)], kind: .cost, partial: [true, false]) == nil)
        // ... but its values still stand in another column's way, or let it win.
        #expect(BestMark.best([spread(1, 5), spread(4, 6)], kind: .cost, partial: [true, false]) == nil)
        #expect(BestMark.best([spread(7, 9), spread(4, 6)], kind: .cost, partial: [true, false]) == 1)
    }

    @Test func testMedianAndRange() throws {
        let odd = try #require(MetricSpread([5, 1, 3]))
        #expect([odd.median, odd.min, odd.max] == [3, 1, 5])
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
                                    runs: [[entries(10, 0), entries(12, 0)], [entries(5, 40), entries(9, 50)]])
        #expect(block.rows.map(\.key) == ["downloads", "cacheHits"])
        #expect(block.rows[0].best == 1)
        #expect(block.rows[1].best == nil)
        #expect(block.rows[0].cells[1].spread == MetricSpread(median: 7, min: 5, max: 9, count: 2))
    }
}
