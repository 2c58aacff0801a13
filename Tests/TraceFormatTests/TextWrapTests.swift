import Foundation
import Testing
@testable import ToolSupport
import ReuseLabTestSupport

/// `TextWrap.lines` finds words on the text's bytes and makes lines from
/// stretches of it: for any text it must wrap exactly as the plain definition,
/// character by character, does (written out here).
@Suite
final class TextWrapTests {
    /// The definition: words split at the character " ", measured character by
    /// character, a word wider than a line cut between characters.
    private static func definition(_ text: String, firstWidth: Int, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        func limit() -> Int { max(1, lines.isEmpty ? firstWidth : width) }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let wordWidth = word.unicodeScalars.reduce(0) { $0 + TextWrap.columns($1) }
            if !current.isEmpty && currentWidth + 1 + wordWidth <= limit() {
                current += " " + word
                currentWidth += 1 + wordWidth
                continue
            }
            if !current.isEmpty {
                lines.append(current)
                current = ""
                currentWidth = 0
            }
            if wordWidth <= limit() {
                current = String(word)
                currentWidth = wordWidth
                continue
            }
            for character in word {
                let next = character.unicodeScalars.reduce(0) { $0 + TextWrap.columns($1) }
                if !current.isEmpty && currentWidth + next > limit() {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                current.append(character)
                currentWidth += next
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// 1,500 random texts; 20,000 in `TextWrapSecondTierTests`.
    @Test func testLinesAreWhatTheDefinitionGives() {
        Self.checkRandomTexts(1_500)
        #expect(TextWrap.lines("", firstWidth: 10, width: 10) == [""])
        #expect(TextWrap.lines("   ", firstWidth: 10, width: 10) == [""])
        #expect(TextWrap.lines("rows 3–23", firstWidth: 6, width: 6) == ["rows", "3–23"])
    }

    /// 1,500 random sentences; 20,000 in `TextWrapSecondTierTests`.
    @Test func testSentencesWrapAsTheDefinitionWraps() {
        Self.checkRandomSentences(1_500)
    }

    /// `count` texts of random characters from a mixed alphabet (wide, combining,
    /// zero-width, line breaks), each wrapped both ways; the same texts every run.
    static func checkRandomTexts(_ count: Int) {
        var generator = SeededGenerator(seed: 2026_11_23)
        let alphabet: [String] = Array("ab cd  e\tfg hijklmnopqrstuvwxyz0123456789 .,;:-()[]\n").map(String.init)
            + ["–", "—", "…", "→", "·", "é", "e\u{301}", "\u{301}", "한", "국", "🙂", "👍🏽", "\u{1F3FD}", "\u{200D}", "\u{200B}",
               "\r\n", "\r", "\u{600}", "\u{1160}", "ｶ\u{FF9E}", "\u{FE0F}", "中", "\u{E0041}", " \u{301}", "\u{600} "]
        for _ in 0..<count {
            let length = generator.below(200)
            let text = (0..<length).map { _ in alphabet[generator.below(alphabet.count)] }.joined()
            let first = generator.within(-2...39), width = generator.within(-2...39)
            #expect(TextWrap.lines(text, firstWidth: first, width: width) == definition(text, firstWidth: first, width: width), "\"\(text)\" \(first) \(width)")
        }
    }

    /// `count` sentences as the Annotator makes them: words one space apart, a few
    /// one-column characters beside ASCII, and now and then something else.
    static func checkRandomSentences(_ count: Int) {
        var generator = SeededGenerator(seed: 2026_11_24)
        let letters: [String] = Array("abcdefghij–—…→←·×é¿§‐‧").map(String.init) + ["\u{2028}", "\u{00AD}", "\u{00A0}", "한", "e\u{301}", "\r"]
        for _ in 0..<count {
            let words = (0..<generator.within(1...40)).map { _ in
                let plain = generator.below(4) > 0
                return (0..<generator.within(1...14)).map { _ in letters[plain ? generator.below(10) : generator.below(letters.count)] }.joined()
            }
            let text = words.joined(separator: generator.below(5) == 0 ? "  " : " ")
            let first = generator.within(-2...45), width = generator.within(-2...45)
            #expect(TextWrap.lines(text, firstWidth: first, width: width) == definition(text, firstWidth: first, width: width), "\"\(text)\" \(first) \(width)")
        }
    }
}

/// The random campaigns of `TextWrapTests` at full length: 20,000 texts and
/// 20,000 sentences, the first 1,500 of each being the first tier's.
@Suite(SecondTier.enabled("40,000 random texts wrapped against the definition"))
final class TextWrapSecondTierTests {

    @Test func testLinesAreWhatTheDefinitionGives() {
        TextWrapTests.checkRandomTexts(20_000)
    }

    @Test func testSentencesWrapAsTheDefinitionWraps() {
        TextWrapTests.checkRandomSentences(20_000)
    }
}
