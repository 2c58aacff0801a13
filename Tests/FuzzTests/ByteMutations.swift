import ReuseLabTestSupport
/// Raw mutations on a file's bytes and lines: they break the syntax, the encoding
/// or the line structure, which is how a damaged or hand-edited file looks.
///
/// Each function changes `bytes` and returns a note of what it did, or nil when the
/// file is too small for it.
enum ByteMutations {
    typealias Mutation = @Sendable (inout [UInt8], inout SeededGenerator) -> String?

    /// Every mutation with its weight.
    static let all: [(weight: Int, value: Mutation)] = [
        (8, flipBits), (8, interestingByte), (6, truncate), (8, duplicateLine), (8, deleteLine), (6, swapLines),
        (12, insertToken), (5, deleteRange), (12, replaceDigits),
    ]

    /// Applies one mutation, trying others if the first cannot apply.
    static func mutate(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) -> String {
        for _ in 0..<8 {
            if let note = rng.weighted(all)(&bytes, &rng) { return note }
        }
        return "no byte change"
    }

    /// Flips one to four bits.
    static func flipBits(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) -> String? {
        guard !bytes.isEmpty else { return nil }
        var offsets: [Int] = []
        for _ in 0..<rng.within(1...4) {
            let at = rng.below(bytes.count)
            bytes[at] ^= UInt8(1) << UInt8(rng.below(8))
            offsets.append(at)
        }
        return "flipped bits at byte(s) \(offsets.map(String.init).joined(separator: ", "))"
    }

    /// Sets a byte to one that matters to a parser, a terminal or a UTF-8 decoder.
    static func interestingByte(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) -> String? {
        guard !bytes.isEmpty else { return nil }
        let at = rng.below(bytes.count)
        let value = rng.pick([0x00, 0x1B, 0x07, 0x08, 0x0D, 0x7F, 0x80, 0x9B, 0xC2, 0xFF, 0xFE, 0x22, 0x5C, 0x7B, 0x7D,
                              0x5B, 0x5D, 0x2C, 0x3A, 0x30, 0x2D, 0x65, 0x2E, 0x0A, 0x20] as [UInt8])
        bytes[at] = value
        return "byte \(at) = 0x\(String(value, radix: 16))"
    }

    /// Cuts the file short.
    static func truncate(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) -> String? {
        guard !bytes.isEmpty else { return nil }
        let length = rng.below(bytes.count)
        bytes.removeSubrange(length...)
        return "truncated to \(length) bytes"
    }

    /// Repeats a line (an event happens twice).
    static func duplicateLine(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) -> String? {
        var lines = FuzzText.lines(bytes)
        guard !lines.isEmpty else { return nil }
        let i = rng.below(lines.count)
        lines.insert(lines[i], at: i)
        bytes = FuzzText.join(lines)
        return "repeated line \(i + 1)"
    }

    /// Drops a line (an event is lost).
    static func deleteLine(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) -> String? {
        var lines = FuzzText.lines(bytes)
        guard lines.count > 1 else { return nil }
        let i = rng.below(lines.count)
        lines.remove(at: i)
        bytes = FuzzText.join(lines)
        return "deleted line \(i + 1)"
    }

    /// Swaps a line with the next or another one (events out of order).
    static func swapLines(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) -> String? {
        var lines = FuzzText.lines(bytes)
        guard lines.count > 2 else { return nil }
        let i = rng.below(lines.count - 1)
        let j = rng.chance(60) ? i + 1 : rng.below(lines.count)
        lines.swapAt(i, j)
        bytes = FuzzText.join(lines)
        return "swapped lines \(i + 1) and \(j + 1)"
    }

    /// Inserts control characters, C1 or bidi characters, invalid UTF-8, a byte-order
    /// mark, JSON escapes or deep brackets at a random place.
    static func insertToken(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) -> String? {
        let token = rng.pick(NastyValues.rawTokens)
        let at = rng.chance(10) ? 0 : rng.below(bytes.count + 1)
        bytes.insert(contentsOf: token, at: at)
        return "inserted \(FuzzText.hex(token)) at byte \(at)"
    }

    /// Deletes up to 16 bytes.
    static func deleteRange(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) -> String? {
        guard !bytes.isEmpty else { return nil }
        let at = rng.below(bytes.count)
        let count = min(bytes.count - at, rng.within(1...16))
        bytes.removeSubrange(at..<at + count)
        return "deleted bytes \(at)..<\(at + count)"
    }

    /// Replaces a run of digits with a hostile number token; works on files that do
    /// not parse as JSON, and on answer lines.
    static func replaceDigits(_ bytes: inout [UInt8], _ rng: inout SeededGenerator) -> String? {
        var runs: [Range<Int>] = []
        var start: Int?
        for (i, byte) in bytes.enumerated() {
            let digit = byte >= 0x30 && byte <= 0x39
            if digit, start == nil { start = i }
            if !digit, let s = start { runs.append(s..<i); start = nil }
        }
        if let s = start { runs.append(s..<bytes.count) }
        guard !runs.isEmpty else { return nil }
        let run = rng.pick(runs)
        let token = rng.pick(NastyValues.numbers + NastyValues.hugeIntegers)
        bytes.replaceSubrange(run, with: Array(token.utf8))
        return "digits at byte \(run.lowerBound) = \(token)"
    }
}
