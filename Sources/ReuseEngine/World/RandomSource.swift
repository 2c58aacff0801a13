/// A seeded random number generator (SplitMix64): the only source of chance in a
/// simulation, so a scenario's `seed` fixes every latency and failure.
public struct RandomSource: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: Int) {
        state = UInt64(truncatingIfNeeded: seed) &+ 0x9E37_79B9_7F4A_7C15
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A whole number in `range`, the same on every machine.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound + 1)
        return range.lowerBound + Int(next() % span)
    }

    /// True with probability `p` (in millionths, so no floating point decides it).
    public mutating func chance(_ probability: Double) -> Bool {
        let threshold = UInt64((probability * 1_000_000).rounded())
        return next() % 1_000_000 < threshold
    }
}
