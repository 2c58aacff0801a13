import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding
import ReuseLabTestSupport

/// Numbers in text for people: at most one decimal, no "-0", no trailing ".0",
/// and nothing a trace can hold makes the formatter trap.
@Suite
final class ReadableNumberTests {
    @Test func testOneDecimalRoundsToATenth() {
        #expect(ReadableNumber.oneDecimal(1583.333) == "1583.3")
        #expect(ReadableNumber.oneDecimal(3049.995) == "3050")
        #expect(ReadableNumber.oneDecimal(916.666) == "916.7")
        #expect(ReadableNumber.oneDecimal(12) == "12")
        #expect(ReadableNumber.oneDecimal(0.5) == "0.5")
        #expect(ReadableNumber.oneDecimal(-3.24) == "-3.2")
        // Halves round away from zero.
        #expect(ReadableNumber.oneDecimal(0.05) == "0.1")
        #expect(ReadableNumber.oneDecimal(0.04) == "0")
    }

    @Test func testNegativeZeroReadsZero() {
        #expect(ReadableNumber.oneDecimal(-0.04) == "0")
        #expect(ReadableNumber.oneDecimal(-0.0) == "0")
        #expect(ReadableNumber.ms(-0.01) == "0 ms")
    }

    @Test func testLargeValues() {
        #expect(ReadableNumber.oneDecimal(123_456_789.04) == "123456789")
        #expect(ReadableNumber.oneDecimal(123_456_789.06) == "123456789.1")
        #expect(ReadableNumber.oneDecimal(1e12) == "1000000000000")
        #expect(ReadableNumber.oneDecimal(-1e12 - 0.25) == "-1000000000000.3")
        // Past 10^15 the value is whole; near the largest Double, `value * 10` would overflow.
        #expect(!ReadableNumber.oneDecimal(1e20).isEmpty)
        #expect(!ReadableNumber.oneDecimal(Double.greatestFiniteMagnitude).contains("inf"))
        #expect(!(ReadableNumber.oneDecimal(-Double.greatestFiniteMagnitude).contains("inf")))
    }

    @Test func testNonFiniteValuesDoNotTrap() {
        #expect(!ReadableNumber.oneDecimal(.nan).isEmpty)
        #expect(!ReadableNumber.oneDecimal(.infinity).isEmpty)
        #expect(!(ReadableNumber.oneDecimal(-.infinity).isEmpty))
        #expect(ReadableNumber.ms(.nan).hasSuffix(" ms"))
    }

    @Test func testUnits() {
        #expect(ReadableNumber.ms(1583.333) == "1583.3 ms")
        #expect(ReadableNumber.ms(VirtualTime(microseconds: 3_049_995)) == "3050 ms")
        #expect(ReadableNumber.ms(VirtualTime(microseconds: 16_666)) == "16.7 ms")
        #expect(ReadableNumber.points(165.667) == "165.7 pt")
        #expect(ReadableNumber.points(-47) == "-47 pt")
    }

    /// Sizes go through the same rounding.
    @Test func testSizesUseOneDecimal() {
        #expect(InputFile.describeSize(2_306_867) == "2.2 MB")
        #expect(InputFile.describeSize(1_048_576) == "1 MB")
        #expect(InputFile.describeSize(1023) == "1023 bytes")
    }

    /// Every size reads as it did when it was made by `String` interpolation.
    @Test func testSizesInEveryUnit() {
        for bytes in [-5, 0, 1, 1023, 1024, 1025, 1536, 1_048_575, 1_048_576, 2_306_867, 1_073_741_823, 1_073_741_824, 5_000_000_000, Int.max] {
            let units: [(Double, String)] = [(1_073_741_824, "GB"), (1_048_576, "MB"), (1024, "KB")]
            let expected = units.first { Double(bytes) >= $0.0 }.map { ReadableNumber.oneDecimal(Double(bytes) / $0.0) + " " + $0.1 } ?? "\(bytes) bytes"
            #expect(InputFile.describeSize(bytes) == expected)
        }
    }
}
