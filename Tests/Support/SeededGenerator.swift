/// A deterministic random number generator (SplitMix64) for the tests: the fuzzer
/// and the alignment checks.
///
/// Every choice the fuzzer makes goes through one of these, seeded with the case's
/// seed, and only through the helpers below (never the standard library's
/// `Int.random(in:using:)`, whose algorithm is not promised to stay the same): the
/// same seed gives the same mutated input on every machine, run and toolchain, so
/// a failure is reproduced from its seed alone.
public struct SeededGenerator {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<count` (`count` must be positive).
    public mutating func below(_ count: Int) -> Int {
        precondition(count > 0, "below(0)")
        return Int(next() % UInt64(count))
    }

    /// A number in `range`.
    public mutating func within(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True about `percent` times in a hundred.
    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    /// One element of a non-empty collection.
    public mutating func pick<C: RandomAccessCollection>(_ elements: C) -> C.Element where C.Index == Int {
        elements[elements.startIndex + below(elements.count)]
    }

    /// One of `choices`, each taken in proportion to its weight.
    public mutating func weighted<T>(_ choices: [(weight: Int, value: T)]) -> T {
        var ticket = below(choices.reduce(0) { $0 + $1.weight })
        for choice in choices {
            if ticket < choice.weight { return choice.value }
            ticket -= choice.weight
        }
        return choices[choices.count - 1].value
    }

    /// The seed of case `index` of a run that starts at `seed`: consecutive, so the
    /// failure message can name one number that `REUSELAB_FUZZ_SEED` replays.
    public static func caseSeed(start seed: UInt64, index: Int) -> UInt64 {
        seed &+ UInt64(index)
    }
}
