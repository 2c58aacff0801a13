import ReuseLabTestSupport
/// The hostile values the mutations plant: numbers a parser or a conversion to `Int`
/// may choke on, characters a terminal obeys, and text that is long or odd.
enum NastyValues {
    /// Number tokens, written verbatim where a value was: out of range, negative,
    /// fractional, tiny, at and past the 64-bit limits, negative zero, and tokens that
    /// are not JSON numbers at all (`NaN`, `Infinity`, `0x10`, `1e`).
    static let numbers = [
        "1e308", "-1e308", "1e309", "1e999", "-1", "0", "-0", "-0.0", "0.5", "-0.5", "1.5", "1e-300", "-1e-300",
        "4.9e-324", "2.2250738585072014e-308", "1e-7", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "-9223372036854775809", "18446744073709551615", "18446744073709551616", "9.223372036854776e18", "2147483647",
        "2147483648", "-2147483649", "4294967296", "1000000", "1000001", "99999999999999999999999999999999", "1.0", "1e2",
        "44.000000000000001", "1E+2", "NaN", "-NaN", "nan", "Infinity", "-Infinity", "inf", "1e", "-", "01", "+1", ".5",
        "0x10", "1_000",
    ]

    /// Integers a learner might type that overflow arithmetic (Int.max, Int.min and neighbours).
    static let hugeIntegers = ["9223372036854775807", "9223372036854775806", "-9223372036854775808", "9223372036854775808",
                               "18446744073709551615", "4294967296", "2147483648", "999999999", "1000000000"]

    /// Characters that drive a terminal: ESC, BEL, BS, CR, NUL, DEL, C1 controls
    /// (U+0080–U+009F, including the one-character CSI U+009B) and whole escape sequences.
    static let controlCharacters = [
        "\u{1B}", "\u{07}", "\u{08}", "\r", "\u{00}", "\u{7F}", "\u{0B}", "\u{0C}", "\u{80}", "\u{85}", "\u{8D}", "\u{9B}",
        "\u{9D}", "\u{9F}", "\u{1B}[2J\u{1B}[H", "\u{1B}[31mred\u{1B}[0m", "\u{1B}]0;title\u{07}", "\u{9B}2J", "\u{9D}0;title\u{9C}",
        "line\rover", "back\u{08}\u{08}\u{08}space", "\t",
    ]

    /// Characters that reorder or hide text: overrides and embeddings (U+202A–U+202E),
    /// isolates (U+2066–U+2069), marks (U+200E, U+200F, U+061C) and the Unicode line breaks.
    static let bidiCharacters = [
        "\u{202E}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}", "\u{2028}", "\u{2029}", "\u{202E}gnp.exe\u{202C}", "\u{2067}abc\u{2069}",
    ]

    /// Other odd text: empty, blank, a byte-order mark, zero-width and combining
    /// characters, emoji, right-to-left script, look-alikes and paths.
    static let oddStrings = [
        "", " ", "   ", "\n", "\u{FEFF}", "\u{200B}", "\u{FFFD}", "\u{FFFF}", "e\u{301}\u{301}\u{301}\u{301}", "👩‍👩‍👧‍👦", "🇫🇷",
        "مرحبا", "שלום", "ｍｏｄｅｒｎ", "MODERN", "modren", "plain ", " plain", "null", "true", "0", "-1", "%s%n%x", "\\", "\"",
        "{}", "[]", "../../../../etc/passwd", "/etc/passwd", "/dev/zero", "/dev/stdin", "/proc/self/fd/0", ".", "..", "~",
        "../traces/", "../traces/first-screen.scenario.json", "../lessons/", "traces/../../x.trace.json", "C:\\x\\y",
    ]

    /// A word of `count` letters with no space to break at (text wrapping's worst case).
    /// 128 KiB by default: long enough that quadratic wrapping takes far longer than the timeout.
    static func longWord(_ count: Int = 128 * 1024) -> String {
        String(repeating: "x", count: count)
    }

    /// Many short words, a long line of normal text.
    static func longSentence(words: Int = 20_000) -> String {
        String(repeating: "row cell ", count: words)
    }

    /// Any one hostile string.
    static func string(_ rng: inout SeededGenerator) -> String {
        switch rng.below(20) {
        case 0..<6: return rng.pick(controlCharacters)
        case 6..<11: return rng.pick(bidiCharacters)
        case 11..<16: return rng.pick(oddStrings)
        case 16, 17: return longWord()
        case 18: return longSentence()
        default: return rng.pick(controlCharacters) + rng.pick(bidiCharacters) + rng.pick(oddStrings)
        }
    }

    /// `text` with a control or bidi character slipped in at a random place: still
    /// mostly the original, so it usually passes validation and gets printed.
    static func splice(into text: String, _ rng: inout SeededGenerator) -> String {
        let inserted: String
        switch rng.below(10) {
        case 0..<5: inserted = rng.pick(controlCharacters)
        case 5..<9: inserted = rng.pick(bidiCharacters)
        default: inserted = longWord()
        }
        var scalars = Array(text.unicodeScalars)
        let at = scalars.isEmpty ? 0 : rng.below(scalars.count + 1)
        scalars.insert(contentsOf: inserted.unicodeScalars, at: at)
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    /// Raw byte sequences to insert into a file: controls, C1 and bidi characters in
    /// UTF-8, invalid UTF-8 (a lone continuation byte, an overlong form, an encoded
    /// surrogate, a truncated sequence), a byte-order mark, and JSON escapes of
    /// controls and lone surrogates.
    static let rawTokens: [[UInt8]] = [
        [0x00], [0x1B], [0x07], [0x08], [0x0D], [0x7F], [0x1B, 0x5B, 0x32, 0x4A], [0xC2, 0x9B], [0xC2, 0x85], [0xC2, 0x80],
        [0xE2, 0x80, 0xAE], [0xE2, 0x81, 0xA6], [0xE2, 0x80, 0x8F], [0xD8, 0x9C], [0x9B], [0x80], [0xFF], [0xFE],
        [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0xEF, 0xBB, 0xBF],
        Array(#"\u001b[2J"#.utf8), Array(#"\u0000"#.utf8), Array(#"\u009b"#.utf8), Array(#"\u202e"#.utf8),
        Array(#"\ud800"#.utf8), Array(#"\udfff\ud800"#.utf8), Array(#"\"#.utf8), Array(#"""#.utf8),
        Array(",".utf8), Array(":".utf8), Array("{".utf8), Array("}".utf8), Array("[".utf8), Array("]".utf8),
        Array(String(repeating: "[", count: 300).utf8), Array(String(repeating: "{\"a\":", count: 300).utf8),
    ]
}
