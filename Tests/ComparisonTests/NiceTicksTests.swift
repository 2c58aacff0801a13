import Testing
@testable import Comparison

/// The chart's axes: steps of 1, 2 or 5 times a power of ten, an end at or just
/// above the largest value, labels without floating-point noise.
@Suite
final class NiceTicksTests {
    @Test func testStepsAreOneTwoOrFiveTimesAPowerOfTen() {
        for largest in [0.03, 0.7, 1, 4.675, 9.99, 12.3, 34.3, 458, 871, 4675, 31_500, 1e9] {
            let ticks = NiceTicks(largest: largest)
            #expect(NiceTicks.isRound(ticks.step), "\(largest): step \(ticks.step)")
            #expect(ticks.top >= largest, "\(largest)")
            #expect(ticks.top - ticks.step < largest, "\(largest): the axis ends at the first tick past it")
            #expect((3...9).contains(ticks.values.count), "\(largest): \(ticks.values)")
        }
        #expect(NiceTicks(largest: 4675).values == [0, 2000, 4000, 6000])
        #expect(NiceTicks(largest: 34.3).values == [0, 10, 20, 30, 40])
        #expect(NiceTicks(largest: 4.675).values == [0, 2, 4, 6])
    }

    @Test func testNothingToDrawIsZeroToOne() {
        for largest in [0, -5, .infinity, .nan, 1e-300] {
            let ticks = NiceTicks(largest: largest)
            #expect((ticks.step, ticks.top) == (1, 1), "\(largest)")
        }
    }

    @Test func testLabelsHaveTheStepsDecimals() {
        let tenths = NiceTicks(largest: 0.7)
        #expect(tenths.step == 0.2)
        #expect(tenths.values.map(tenths.label) == ["0", "0.2", "0.4", "0.6", "0.8"])
        let small = NiceTicks(largest: 0.03)
        #expect(small.values.map(small.label) == ["0", "0.01", "0.02", "0.03"])
        #expect(NiceTicks(largest: 4675).label(2000) == "2000")
    }

    @Test func testIsRound() {
        #expect(NiceTicks.isRound(0.05) && NiceTicks.isRound(20) && NiceTicks.isRound(1000))
        #expect(!NiceTicks.isRound(2337.5) && !NiceTicks.isRound(3) && !NiceTicks.isRound(0))
    }
}
