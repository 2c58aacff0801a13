/// Lines that mark where whoever shared a log cut part of it out: `...`, `…`,
/// `...(중략)`, `(중략)`, `[...]`, `(snip)`, `-- snip --`, `[... 42 lines omitted ...]`.
///
/// The importer must know about them: the callbacks on either side of a gap did not
/// follow each other, so nothing may be inferred across it. A line is a gap when,
/// once spaces and the brackets, dashes and stars that decorate such markers are
/// set aside, it holds only an ellipsis (two dots or more, `…`, `⋯`), an
/// abridgement word, or both — and, with a word, at most a line count.
enum GapMarker {
    /// Words that say "abridged", squashed and lower-cased: English, Korean
    /// (중략 "middle omitted", 생략 "omitted", 이하 생략 "the rest omitted"),
    /// Japanese and Chinese (略, 中略, 省略, 以下略).
    private static let words: Set<String> = [
        "snip", "snipped", "skip", "skipped", "omit", "omitted", "truncated", "abridged", "elided", "etc",
        "more", "lines", "linesomitted", "linesskipped", "linessnipped", "morelines",
        "중략", "생략", "이하생략", "略", "中略", "省略", "以下略", "以下省略",
    ]

    /// Markers are short; a longer line is something else, and is not read further.
    private static let longestMarker = 80

    /// The scalars every word starts with, and the longest word's length: a line
    /// whose letters start otherwise, or run longer, is no marker, and is known
    /// for one before its word is made into a string and looked up (every line
    /// of a log is asked).
    private static let firstScalars = Set(words.compactMap { $0.unicodeScalars.first })
    private static let longestWord = words.map(\.unicodeScalars.count).max() ?? 0

    static func isGap(_ scalars: [Unicode.Scalar], _ range: Range<Int>) -> Bool {
        guard !range.isEmpty, range.count <= longestMarker else { return false }
        var dots = 0
        var digits = 0
        var bracketed = false
        var word = String.UnicodeScalarView()
        var letters = 0
        func take(_ letter: Unicode.Scalar) -> Bool {
            if letters == 0, !firstScalars.contains(letter) { return false }
            word.append(letter)
            letters += 1
            return letters <= longestWord
        }
        for scalar in scalars[range] {
            // ASCII letters and digits first: they are most of what is read.
            if scalar.isASCIILetter {
                guard take(scalar.asciiLowercased) else { return false }
                continue
            }
            if scalar.isASCIIDigit { digits += 1; continue }
            switch scalar {
            case ".", "·", "･": dots += 1
            case "…", "⋯", "⋮": dots += 3
            case "‥": dots += 2
            case "(", ")", "[", "]", "{", "}", "<", ">", "（", "）", "「", "」", "【", "】":
                bracketed = true
            case "-", "—", "–", "=", "*", "~", "_", "#", "/":
                bracketed = true
            default:
                if scalar.isSpace || scalar.value < 0x20 || scalar.value == 0x7F { continue }
                guard scalar.isLetter, take(scalar) else { return false }
            }
        }
        if word.isEmpty { return digits == 0 && dots >= 2 }
        guard words.contains(String(word)) else { return false }
        // A bare "more" or "lines" is ordinary output; it needs an ellipsis or brackets.
        let strong = !["more", "lines", "etc"].contains(String(word))
        return strong ? (dots >= 2 || bracketed || digits == 0) : (dots >= 2 || bracketed)
    }
}
