import ToolSupport

/// How much main-thread work varies in a comparison's recordings
/// (`mainThread.jitter` of the scenario), and who chose it.
///
/// A seed draws every latency and failure, but work (decoding an image,
/// `cellForRowAtMs`) costs exactly its figure unless the scenario gives a
/// jitter. Seeds that vary only the network make every main-thread figure of a
/// strategy that does not wait on the network identical across seeds: a spread
/// of zero that is an artefact of the model, not a property of the code. So over
/// several seeds `compare` lets work vary too, by `compareDefault` when the
/// scenario gives no jitter and `--jitter` none either. One seed is one
/// recording, exactly what `record` would make of the scenario: no jitter is
/// added to it.
public struct WorkJitter: Sendable, Equatable {
    /// Who chose the fraction.
    public enum Source: String, Sendable, Equatable {
        /// `--jitter`.
        case option
        /// The scenario's `mainThread.jitter`.
        case scenario
        /// `compareDefault`, over several seeds.
        case compareDefault
        /// None anywhere, and one seed.
        case none
    }

    /// ±15%: each piece of work takes 85% to 115% of its cost. *Inferred*, not
    /// measured: the same work on a device takes a different time from one run
    /// to the next (clock speed, caches, other processes), and no device log
    /// here says by how much. Wide enough that a main-thread figure has a
    /// spread; narrow enough that work costing twice another's stays dearer.
    public static let compareDefault = 0.15

    /// The fraction: each piece of work costs its figure times 1 ± this.
    public var fraction: Double
    public var source: Source

    public init(fraction: Double, source: Source) {
        self.fraction = fraction
        self.source = source
    }

    /// `option` when given; else the scenario's when it has one; else
    /// `compareDefault` over several seeds, and none for one.
    public static func choose(option: Double?, scenario: Double, seedCount: Int) -> WorkJitter {
        if let option { return WorkJitter(fraction: option, source: .option) }
        if scenario > 0 { return WorkJitter(fraction: scenario, source: .scenario) }
        if seedCount > 1 { return WorkJitter(fraction: compareDefault, source: .compareDefault) }
        return WorkJitter(fraction: 0, source: .none)
    }

    /// "±15%".
    public var percent: String {
        "±" + ReadableNumber.oneDecimal(fraction * 100) + "%"
    }

    /// What a reader is told: "Main-thread work varies ±15% from piece to piece
    /// (compare's default over several seeds; --jitter sets it)."
    public var sentence: String {
        switch source {
        case .option where fraction == 0:
            return "Main-thread work costs exactly what the scenario says (--jitter 0): only the network varies from seed to seed."
        case .option:
            return "Main-thread work varies \(percent) from piece to piece (--jitter), drawn from each seed like the network."
        case .scenario:
            return "Main-thread work varies \(percent) from piece to piece (the scenario's mainThread.jitter), drawn from each seed like the network."
        case .compareDefault:
            return "Main-thread work varies \(percent) from piece to piece (compare's default over several seeds; --jitter sets it), drawn from each seed like the network."
        case .none:
            return "Main-thread work costs exactly what the scenario says, as record makes it (over several seeds compare lets it vary \(WorkJitter(fraction: Self.compareDefault, source: .compareDefault).percent))."
        }
    }
}
