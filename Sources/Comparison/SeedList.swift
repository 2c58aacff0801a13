import ToolSupport

/// The random seeds a scenario is recorded with, as `--seeds` names them: `7`,
/// `1-20`, or a comma list of both (`1-5,9`).
///
/// A scenario's seed drives every random draw of its world (each request's
/// latency, which requests fail), so recording one scenario under several seeds
/// shows how much a metric moves by chance alone. The text is read without ever
/// expanding a range before its size is known, so `1-2000000000` is refused by
/// its count, not by running out of memory.
public struct SeedList: Sendable, Equatable {
    /// The seeds in the order given; no seed twice.
    public let seeds: [Int]

    public init(_ seeds: [Int]) { self.seeds = seeds }

    /// The seeds a scenario accepts (`"seed"`: 0 to 2,147,483,647).
    public static let range = 0...Int(Int32.max)

    /// Reads `text`, refusing a list of more than `maximumCount` seeds before
    /// expanding it (`limit` says where that number comes from). Every refusal is
    /// a usage error naming `--seeds` and what was expected.
    public static func parse(_ text: String, maximumCount: Int, limit: String = "") throws(ReuseLabError) -> SeedList {
        let shown = VisibleText.shortened(text)
        let pieces = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmedOfSpaces() }
        var ranges: [ClosedRange<Int>] = []
        var total = 0
        for piece in pieces {
            let range = try parseRange(piece, whole: shown)
            // Each range holds at most 2^31 seeds, and there are fewer pieces than characters.
            let (sum, overflow) = total.addingReportingOverflow(range.count)
            total = overflow ? Int.max : sum
            ranges.append(range)
        }
        guard total <= maximumCount else {
            throw ReuseLabError(.usage, "compare: --seeds \(shown) names \(total) seeds; at most \(maximumCount) fit" + (limit.isEmpty ? "" : " (\(limit))"))
        }
        var seen = Set<Int>()
        var seeds: [Int] = []
        for range in ranges {
            for seed in range {
                guard seen.insert(seed).inserted else {
                    throw ReuseLabError(.usage, "compare: --seeds \(shown) names seed \(seed) twice; give each seed once")
                }
                seeds.append(seed)
            }
        }
        return SeedList(seeds)
    }

    /// One piece of the list: `N` or `A-B` with A ≤ B, each a seed.
    static func parseRange(_ piece: String, whole: String) throws(ReuseLabError) -> ClosedRange<Int> {
        let expected = "give N, A-B or a comma list such as 1-5,9, each seed a whole number from 0 to \(range.upperBound)"
        guard !piece.isEmpty else {
            throw ReuseLabError(.usage, "compare: --seeds \(whole) has an empty item; \(expected)")
        }
        let parts = piece.split(separator: "-", omittingEmptySubsequences: false).map { $0.trimmedOfSpaces() }
        guard parts.count <= 2, let low = seed(parts[0]), let high = parts.count == 2 ? seed(parts[1]) : low else {
            throw ReuseLabError(.usage, "compare: --seeds: \(VisibleText.shortened(piece)) is not a seed or a range of seeds; \(expected)")
        }
        guard low <= high else {
            throw ReuseLabError(.usage, "compare: --seeds: \(low)-\(high) goes down; write the lower seed first (\(high)-\(low))")
        }
        return low...high
    }

    /// A seed written in decimal digits only, within `range`; nil otherwise (never a trap: at most ten digits are converted).
    static func seed(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 10, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int(text), range.contains(value) else { return nil }
        return value
    }

    /// "1–20", "7", "1–5, 9": the seeds as ranges of consecutive numbers, for people.
    public var description: String {
        var parts: [String] = []
        var index = 0
        while index < seeds.count {
            var end = index
            while end + 1 < seeds.count, seeds[end + 1] == seeds[end] + 1 { end += 1 }
            parts.append(end == index ? "\(seeds[index])" : "\(seeds[index])–\(seeds[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}

extension Substring {
    /// Without spaces at either end.
    func trimmedOfSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
