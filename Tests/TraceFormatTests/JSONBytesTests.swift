import ReuseLabTestSupport
import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// The byte writer spells numbers and strings exactly as the String-based writer
/// did before it (kept here as the reference): every golden trace depends on it.
@Suite
final class JSONBytesTests {
    /// The rule `NumberText.of` had: whole numbers below 10^15 as integers, else `String(Double)`.
    static func reference(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return String(number)
    }

    /// The escaping `JSONWriter.writeString` had, scalar by scalar.
    static func reference(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where VisibleText.isUnsafe(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func assertSpelling(_ number: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(NumberText.of(number) == Self.reference(number), "\(number.bitPattern)", sourceLocation: sourceLocation)
    }

    /// The special values, and 10,000 rounds of random ones from a seeded
    /// generator (the same every run); 200,000 rounds of fresh ones in
    /// `JSONBytesSecondTierTests`.
    @Test func testNumbersAreSpelledAsBefore() {
        let special: [Double] = [0, -0.0, 1, -1, 0.5, -0.5, 0.001, -0.001, 0.0001, 0.00001, 0.1 + 0.2, 16.666, 16.667, 83316.666,
                                 99838.654, -47, -46.999, 1e15, -1e15, 1e15 - 1, 999_999_999_999.999, 1e15 + 0.5, 1e16, 1e300,
                                 9_007_199_254_740_993, .pi, .infinity, -.infinity, .nan, .leastNonzeroMagnitude,
                                 .greatestFiniteMagnitude, 0.1, 0.7, 1.005, 2.675, 123456.789]
        for number in special { Self.assertSpelling(number) }
        var random = SeededRandom(SeededGenerator(seed: 2026_11_27))
        Self.checkRandomNumbers(10_000, using: &random)
    }

    /// `rounds` times: times and offsets as recordings make them, and numbers of
    /// any bit pattern, each spelled both ways.
    static func checkRandomNumbers<G: RandomNumberGenerator>(_ rounds: Int, using random: inout G) {
        for _ in 0..<rounds {
            // Times and offsets as recordings make them: microseconds over 1000, and offsets rounded to 0.001.
            let micro = Int64.random(in: -1_000_000_000_000...1_000_000_000_000_000, using: &random)
            Self.assertSpelling(Double(micro) / 1000)
            let offset = Double.random(in: -1e9...1e9, using: &random)
            Self.assertSpelling((offset * 1000).rounded() / 1000)
            Self.assertSpelling((offset * 100).rounded() / 100)
            Self.assertSpelling(offset)
            // Any bit pattern at all.
            Self.assertSpelling(Double(bitPattern: UInt64.random(in: .min ... .max, using: &random)))
            Self.assertSpelling(Double.random(in: -1...1, using: &random) / 1000)
        }
    }

    @Test func testIntegersAreSpelledAsTheirDoubles() {
        for value in [0, 1, -1, 9, 10, 11, 42, 99, 100, 101, -9, -10, -99, -100, 999_999_999_999_999, -999_999_999_999_999, 1_000_000_000_000_000, -1_000_000_000_000_000,
                      9_007_199_254_740_993, Int.max, Int.min] {
            var buffer = ByteBuffer(capacity: 8)
            buffer.appendInteger(value)
            #expect(buffer.string == Self.reference(Double(value)), "\(value)")
        }
    }

    @Test func testStringsAreEscapedAsBefore() {
        var texts = ["", "MyCell", "cellForRowAt row 12", "quote \" and \\ backslash", "tab\tline\nreturn\r",
                     VisibleTextTests.hostile, "셀 재사용 — row 23 ✓ 🙂", "\u{0}\u{1F}\u{7F}\u{80}\u{9F}\u{A0}\u{2028}\u{2029}\u{206A}\u{FEFF}"]
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("ab\"\\\n\u{1}\u{7F}\u{85}é\u{200E}\u{202A}\u{2069}\u{2070}😀한".unicodeScalars)
        for _ in 0..<2_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &random) { text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)]) }
            texts.append(String(text))
        }
        for text in texts {
            var out = ""
            JSONWriter.writeString(text, into: &out)
            #expect(out == Self.reference(text), Comment(rawValue: text.debugDescription))
        }
    }

    @Test func testBuffersGrowPastTheirFirstSize() {
        var buffer = ByteBuffer(capacity: 1)
        for index in 0..<10_000 { buffer.appendInteger(index) }
        #expect(buffer.string == (0..<10_000).map(String.init).joined())
    }
}

/// A `RandomNumberGenerator` drawing from a `SeededGenerator`, for a smoke run
/// that is the same every time on one toolchain (the standard library's
/// `random(in:using:)` may map bits to numbers differently on another).
struct SeededRandom: RandomNumberGenerator {
    var generator: SeededGenerator
    init(_ generator: SeededGenerator) { self.generator = generator }
    mutating func next() -> UInt64 { generator.next() }
}

/// The number-spelling campaign of `JSONBytesTests` at full length, with fresh
/// random numbers every run (a failure names the number's bit pattern).
@Suite(SecondTier.enabled("200,000 rounds of random numbers spelled both ways"))
final class JSONBytesSecondTierTests {

    @Test func testNumbersAreSpelledAsBefore() {
        var random = SystemRandomNumberGenerator()
        JSONBytesTests.checkRandomNumbers(200_000, using: &random)
    }
}
