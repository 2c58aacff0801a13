import Foundation
import Testing
import LogImport
import ReuseLabTestSupport

/// Whatever a log holds, the recogniser answers — no trap, no hang — and what it
/// answers keeps its promises: rows within 0…10^9, addresses as printed `0x…`, no
/// values on gaps and other lines.
@Suite
final class HostileInputTests {
    typealias E = Expect

    /// The promises every answer keeps.
    static func checkInvariants(_ line: LogLine, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let shown = String(text.prefix(80))
        for path in line.indexPaths {
            #expect((0...1_000_000_000).contains(path.row) && (0...1_000_000_000).contains(path.section), Comment(rawValue: shown), sourceLocation: sourceLocation)
        }
        if let address = line.address {
            #expect(address.hasPrefix("0x") && address.count <= 18 && address == address.lowercased(), Comment(rawValue: shown), sourceLocation: sourceLocation)
            #expect(!(address.dropFirst(2).allSatisfy { $0 == "0" }), Comment(rawValue: shown), sourceLocation: sourceLocation)
        }
        if line.rowIsNil { #expect(line.indexPaths.isEmpty, Comment(rawValue: shown), sourceLocation: sourceLocation) }
        if case .callback = line.content {} else {
            #expect(line.indexPaths.isEmpty && line.address == nil && !line.rowIsNil, Comment(rawValue: shown), sourceLocation: sourceLocation)
        }
        if let seconds = line.seconds { #expect(seconds.isFinite, Comment(rawValue: shown), sourceLocation: sourceLocation) }
    }

    @Test func testHugeNumbersAreNoRows() {
        checkTable([
            ("cellForRowAt row 99999999999999999999", E.call(.cellForRowAt)),
            ("cellForRowAt 99999999999999999999999999999999999999 then 4", E.call(.cellForRowAt, row: 4)),
            ("willDisplay [99999999999999999999, 3]", E.call(.willDisplay)),
            ("willDisplay {length = 2, path = 0 - 99999999999999999999}", E.call(.willDisplay)),
            ("prefetchRowsAt [[0, 1], [0, 99999999999999999999], [0, 2]]", E.call(.prefetchRowsAt, paths: [E.at(0, 1), E.at(0, 2)])),
            ("willDisplay section 99999999999 row 3", E.call(.willDisplay, row: 3)),
            ("willDisplay 0x123456789abcdef0123", E.call(.willDisplay)),
            ("00000000000000000000000000000000019: willDisplay", E.call(.willDisplay, row: 19)),
        ])
    }

    @Test func testControlAndReplacementCharacters() {
        let invalid = String(decoding: [0xFF, 0xFE, 0x20] + Array("willDisplay 3".utf8) + [0xC3, 0x28, 0xED, 0xA0, 0x80], as: UTF8.self)
        checkTable([
            ("\u{1B}[32mwillDisplay\u{7} 3\u{1B}[0m", E.call(.willDisplay, row: 3)),
            ("\u{0}cellForRowAt:\u{0}5\u{0}", E.call(.cellForRowAt, row: 5)),
            ("willDisplay 3\r", E.call(.willDisplay, row: 3)),
            ("\u{202E}willDisplay 3\u{202C}", E.call(.willDisplay, row: 3)),
            (invalid, E.call(.willDisplay, row: 3)),
            ("\u{FFFD}\u{FFFD}\u{FFFD}", E.other),
            ("\u{0}\u{1}\u{2}\u{1B}", E.other),
            ("\n", E.other),
            ("…\u{0}", E.gap),
        ])
    }

    /// Long lines of the shapes that could make a reader slow: every kind of unit
    /// opened and never closed, or repeated without end. They are read in time
    /// linear in their length.
    /// Lines of 20,000 bytes; of 100,000 in `HostileInputSecondTierTests`.
    @Test func testLongLinesOfEveryShape() {
        Self.checkLongLines(length: 20_000)
    }

    static func checkLongLines(length: Int) {
        func repeated(_ unit: String) -> String {
            String(repeating: unit, count: length / max(1, unit.utf8.count))
        }
        let pairs = length / 10
        let prefetch = "prefetchRowsAt: [" + Array(repeating: "[0, 7]", count: pairs).joined(separator: ", ") + "]"
        let lines = [
            repeated("a"), repeated("9"), repeated("["), repeated("[["), repeated("<"), repeated("<A: 0x1 "),
            repeated("{length = 2, path = "), repeated("0x"), repeated("willDisplay "), repeated("init "), repeated("…"),
            repeated("aB"), repeated("1:"), repeated("[1, "), repeated("-"), repeated("한"), repeated("\u{0}"),
            repeated("Optional("), repeated("row "), repeated("cancel prefetching "), "willDisplay " + repeated(" "),
            "2021-09-02 20:11:28.629969+0900 App[" + repeated("1"), "2021-09-02 20:11:28.629969+0900 0x1 " + repeated("0x1 "),
            "cellForRowAt" + repeated(">"), "cellForRowAt: 3 " + repeated("\u{1B}["), prefetch,
        ]
        let recogniser = LineRecogniser()
        let start = Date()
        for text in lines {
            Self.checkInvariants(recogniser.recognise(text, number: 1), text)
        }
        let recognisedPrefetch = recogniser.recognise(prefetch, number: 1)
        #expect(recognisedPrefetch.content == .callback(.prefetchRowsAt))
        #expect(recognisedPrefetch.indexPaths.count == pairs)
        #expect(recogniser.recognise(repeated("willDisplay ") + "3", number: 1) == E.call(.willDisplay, row: 3))
        // Linear time: well under a minute for all of them, even unoptimised.
        #expect(Date().timeIntervalSince(start) < 60)
    }

    /// A megabyte line is app output; only its prefix is read.
    @Test func testMegabyteLinesAreOther() {
        let recogniser = LineRecogniser(patterns: [try? CustomPattern(argument: "willDisplay=(a+)+$")].compactMap { $0 })
        let megabyte = String(repeating: "willDisplay 3 ", count: (1 << 20) / 14)
        checkTable([
            (megabyte, E.other),
            (String(repeating: "a", count: 1 << 20) + "!", E.other),
            (String(repeating: "\u{0}", count: 1 << 20), E.other),
            ("2021-09-02 11:11:28.5+0000 App[1:2] " + megabyte,
             LogLine(content: .other, seconds: 652_273_888.5, lineNumber: 1)),
        ], recogniser: recogniser)
    }

    /// Lines put together at random from the pieces log lines are made of, and bytes
    /// mutated at random: every answer keeps the promises.
    @Test func testRandomLines() {
        let fragments = [
            "willDisplay", "cellForRowAt", "init", "deinit", "prefetch", "cancel", "prepareForReuse", "didEndDisplaying",
            "row", "section", ":", " ", "  ", ",", "[", "]", "[0, 3]", "[[1, 2], [0, 4]]", "(", ")", "<", ">", "{", "}",
            "<MyCell: 0x7fb8c1d0a200; frame = (0 0; 375 44)>", "<NSIndexPath: 0xc000000000000016>", "{length = 2, path = 0 - 19}",
            "0x", "0x0", "0x7FB8", "19", "99999999999999999999", "-3", "3.5", "nil", "Optional", "…", "...", "(중략)", "셀",
            "\u{0}", "\u{1B}", "\u{FFFD}", "é", "ReuseLab", "kind=", "t=", "rows=", "0:1,", "=", "2021-09-02 20:11:28.629969+0900",
            " App[1:2] ", "0x8a1b2c Default 0x0 1 0 App: ", "\\(", "{", "•", "\t", "🟢",
        ]
        var random = SeededGenerator(seed: 4)
        let recogniser = LineRecogniser()
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<random.within(0...14) { text += fragments[random.below(fragments.count)] }
            Self.checkInvariants(recogniser.recognise(text, number: 1), text)
            var bytes = Array(text.utf8)
            if !bytes.isEmpty {
                for _ in 0..<random.within(1...4) { bytes[random.below(bytes.count)] = UInt8(truncatingIfNeeded: random.next()) }
            }
            let mutated = String(decoding: bytes, as: UTF8.self)
            Self.checkInvariants(recogniser.recognise(mutated, number: 1), mutated)
        }
    }

    /// Custom patterns meet the same lines.
    @Test func testRandomLinesWithPatterns() throws {
        let recogniser = LineRecogniser(patterns: [
            try CustomPattern(argument: "willDisplay=(?<row>\\S*) (?<section>\\S*) (?<cell>\\S*) (?<t>\\S*)"),
            try CustomPattern(argument: "prefetchRowsAt=P(?<row>.*)"),
        ])
        for text in ["a b c d", "0x0 0x0 0x0 0x0", "99999999999999999999 1e999 <A: 0x1 nan", "P[[0, 1], [", "P\u{0}", " \u{FFFD} \u{1B} \u{0} "] {
            Self.checkInvariants(recogniser.recognise(text, number: 1), text)
        }
    }
}

/// `HostileInputTests`' long lines at 100,000 bytes, where a quadratic scan would show.
@Suite(SecondTier.enabled("lines of 100,000 bytes of every shape"))
final class HostileInputSecondTierTests {

    @Test func testLongLinesOfEveryShape() {
        HostileInputTests.checkLongLines(length: 100_000)
    }
}
