import XCTest
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding
import ReuseLabTestSupport

/// Text is wrapped on its bytes where it can be; it must come out exactly as the
/// character-by-character wrapping gives it, for any text.
final class TextWrapFastPathTests: XCTestCase {
    func testByteWrappingEqualsCharacterWrapping() {
        var generator = SeededGenerator(seed: 2026_11_23)
        let alphabet: [String] = Array("ab cd  e\tfg hijklmnopqrstuvwxyz0123456789 .,;:-()[]\n").map(String.init)
            + ["–", "—", "…", "→", "·", "é", "e\u{301}", "\u{301}", "한", "국", "🙂", "👍🏽", "\u{1F3FD}", "\u{200D}", "\u{200B}",
               "\r\n", "\r", "\u{600}", "\u{1160}", "ｶ\u{FF9E}", "\u{FE0F}", "中", "\u{E0041}"]
        for _ in 0..<20_000 {
            let length = generator.below(200)
            let text = (0..<length).map { _ in alphabet[generator.below(alphabet.count)] }.joined()
            let first = generator.within(-2...39), width = generator.within(-2...39)
            XCTAssertEqual(TextWrap.lines(text, firstWidth: first, width: width),
                           TextWrap.unicodeLines(text, firstWidth: first, width: width), "\"\(text)\" \(first) \(width)")
        }
        XCTAssertEqual(TextWrap.lines("", firstWidth: 10, width: 10), [""])
        XCTAssertEqual(TextWrap.lines("   ", firstWidth: 10, width: 10), [""])
        XCTAssertEqual(TextWrap.lines("rows 3–23", firstWidth: 6, width: 6), ["rows", "3–23"], "non-ASCII takes the other way")
    }

    /// The sentences the Annotator makes — ASCII words one space apart — take the
    /// quickest way, each line a piece of the text; it too must agree.
    func testSingleSpacedSentencesWrapAsCharactersDo() {
        var generator = SeededGenerator(seed: 2026_11_24)
        for _ in 0..<20_000 {
            // ASCII, and the one-column characters it takes (dashes, quotes, ellipsis,
            // arrows, Latin-1) beside some it leaves to the other way.
            let letters: [String] = Array("abcdefghij–—…→←·×é¿§‐‧").map(String.init) + ["\u{2028}", "\u{00AD}", "\u{00A0}", "한", "e\u{301}", "\r"]
            let words = (0..<generator.within(1...40)).map { _ in
                let plain = generator.below(4) > 0
                return (0..<generator.within(1...14)).map { _ in
                    letters[plain ? generator.below(10) : generator.below(letters.count)]
                }.joined()
            }
            let text = words.joined(separator: " ")
            let first = generator.within(-2...45), width = generator.within(-2...45)
            XCTAssertEqual(TextWrap.lines(text, firstWidth: first, width: width),
                           TextWrap.unicodeLines(text, firstWidth: first, width: width), "\"\(text)\" \(first) \(width)")
        }
    }

    /// The plain-sentence way (printable ASCII, one space apart) wraps exactly as
    /// `singleSpacedLines` does, and turns down everything else: a control byte,
    /// DEL, any byte above ASCII, two spaces, a space first or last, a word wider
    /// than a line — at every offset, so the eight-byte look misses none.
    func testPlainSentencesWrapAsSingleSpacedOnes() {
        var generator = SeededGenerator(seed: 2026_11_25)
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789.,:;()#-'\"".utf8)
        let odd: [UInt8] = [0x20, 0x00, 0x09, 0x0A, 0x0D, 0x1B, 0x1F, 0x7F, 0x80, 0xC2, 0xE2, 0xFF]
        var plainLines: [Range<Int>] = [], singleLines: [Range<Int>] = []
        for round in 0..<30_000 {
            var bytes: [UInt8] = []
            for word in 0..<generator.within(1...30) {
                if word > 0 { bytes.append(0x20) }
                for _ in 0..<generator.within(1...12) { bytes.append(letters[generator.below(letters.count)]) }
            }
            // One in three: one odd byte put in, replacing another or added at either end.
            if round % 3 == 0 {
                let byte = odd[generator.below(odd.count)]
                switch generator.below(4) {
                case 0: bytes.insert(byte, at: 0)
                case 1: bytes.append(byte)
                default: bytes[generator.below(bytes.count)] = byte
                }
            }
            let width = generator.within(-2...45)
            let plain = bytes.withUnsafeBufferPointer { TextWrap.plainLines($0, width: width, into: &plainLines) }
            let single = bytes.withUnsafeBufferPointer { TextWrap.singleSpacedLines($0, firstWidth: width, width: width, into: &singleLines) }
            let expected = single && bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
            let text = String(decoding: bytes, as: UTF8.self).debugDescription
            XCTAssertEqual(plain, expected, "\(text) at \(width)")
            if plain { XCTAssertEqual(plainLines, singleLines, "\(text) at \(width)") } else { XCTAssertEqual(plainLines, [], text) }
        }
        var lines: [Range<Int>] = []
        for text in ["", " ", "a", "a b", "a  b", " a", "a ", "abcdefgh  ijk", "abcdefg  hijk", "abcdefghijklmno p", "abcdefghijklmnop  q"] {
            let bytes = Array(text.utf8)
            let single = bytes.withUnsafeBufferPointer { TextWrap.singleSpacedLines($0, firstWidth: 40, width: 40, into: &lines) }
            let plain = bytes.withUnsafeBufferPointer { TextWrap.plainLines($0, width: 40, into: &lines) }
            XCTAssertEqual(plain, single, "\"\(text)\"")
        }
    }
}
