import ReuseLabTestSupport
/// Mutations of a lesson answer file (one answer per line, `#` for comments): odd
/// answers a learner could type, in place of or beside the real ones.
enum AnswerMutations {
    /// Answers that stress the lenient answer reader and the code that prints an
    /// answer back: 64-bit limits inside row lists and ranges, ranges with no end,
    /// separators without numbers, commands, and text with controls or bidi characters.
    static let nastyAnswers = [
        "9223372036854775807 5", "5 9223372036854775807", "9223372036854775807 … 5", "9223372036854775806 9223372036854775807",
        "9223372036854775807-5", "5-9223372036854775807", "0-9223372036854775807", "9223372036854775806-9223372036854775807",
        "-9223372036854775808", "9223372036854775807, 9223372036854775806", "19, 20, …, 9223372036854775807",
        "9223372036854775807, …, 5", "1, …, 9223372036854775807", "-1", "-5--1", "0-10000", "0-10001", "0-999999999",
        "99999999999999999999", "1e308", "0.5", "NaN", "-0", "row 9223372036854775807", "cell #9223372036854775807",
        "cell #99999999999999999999", "the cell that showed row 9223372036854775807", "image 9223372036854775807",
        "image -1", "…", "...", "-", "- - -", "–", ",,,", ";", "→", "row", "rows", "to", "19 to", "to 28", "then", "init then",
        "hint", "show", "HINT", "#", "# comment", "", " ", "\t", "yes no", "y", "n", "this", "that", "other", "a", "b",
        "prepareForReuse prepareForReuse prepareForReuse", "init, deinit, init, deinit",
    ]

    static func mutate(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) -> String {
        switch rng.below(10) {
        case 0..<4: return replaceLine(&bytes, &rng, with: nastyLine(&rng))
        case 4, 5: return insertLine(&bytes, &rng, nastyLine(&rng))
        case 6: return spliceLine(&bytes, &rng)
        case 7:
            crlf(&bytes)
            return "CRLF line ends"
        default: return ByteMutations.mutate(&bytes, &rng)
        }
    }

    /// A hostile answer, or a real-looking one with a hostile number or character in it.
    static func nastyLine(_ rng: inout SeededGenerator) -> String {
        switch rng.below(10) {
        case 0..<6: return rng.pick(nastyAnswers)
        case 6: return "rows " + rng.pick(NastyValues.hugeIntegers) + "–" + rng.pick(NastyValues.hugeIntegers)
        case 7: return NastyValues.splice(into: rng.pick(["init", "rows 19–28", "cell #1", "image 2", "yes", "23"]), &rng)
        case 8: return NastyValues.string(&rng).replacingOccurrences(of: "\n", with: " ")
        default: return rng.pick(NastyValues.hugeIntegers) + " " + rng.pick(NastyValues.hugeIntegers)
        }
    }

    static func replaceLine(_ bytes: inout [UInt8], _ rng: inout SeededGenerator, with line: String) -> String {
        var lines = FuzzText.lines(bytes)
        let i = rng.below(lines.count)
        lines[i] = ArraySlice(line.utf8)
        bytes = FuzzText.join(lines)
        return "line \(i + 1) = \(FuzzText.visible(line))"
    }

    static func insertLine(_ bytes: inout [UInt8], _ rng: inout SeededGenerator, _ line: String) -> String {
        var lines = FuzzText.lines(bytes)
        let i = rng.below(lines.count + 1)
        lines.insert(ArraySlice(line.utf8), at: i)
        bytes = FuzzText.join(lines)
        return "new line \(i + 1) = \(FuzzText.visible(line))"
    }

    static func spliceLine(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) -> String {
        var lines = FuzzText.lines(bytes)
        let i = rng.below(lines.count)
        let line = NastyValues.splice(into: String(decoding: lines[i], as: UTF8.self), &rng)
        lines[i] = ArraySlice(line.utf8)
        bytes = FuzzText.join(lines)
        return "line \(i + 1) = \(FuzzText.visible(line))"
    }

    /// Turns every line feed into CR LF.
    static func crlf(_ bytes: inout [UInt8]) {
        bytes = FuzzText.join(FuzzText.lines(bytes).map { $0 + [0x0D] })
    }
}
