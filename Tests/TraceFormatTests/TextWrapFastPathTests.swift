import XCTest
@testable import TraceFormat
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
}
