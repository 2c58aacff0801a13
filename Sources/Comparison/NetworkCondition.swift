import TraceModel
import ToolSupport

/// A named network a comparison records the scenario on (`--network NAME`).
///
/// A strategy that looks best on a fast, even network may not be on a slow or
/// erratic one: a long tail of slow responses is what makes late images land on
/// reused cells, failures what tests the retry path. A preset replaces the
/// scenario's latency, bandwidth and failure rate; its connections per host and
/// its `slowRows` (a row made slow on purpose is part of the scenario's story)
/// stay as written. `scenario` keeps the network as the scenario has it.
public struct NetworkCondition: Sendable, Equatable {
    /// The name `--network` takes.
    public var name: String
    /// What it stands for, in a few words.
    public var summary: String
    /// The latency, bandwidth and failure rate it sets; nil for `scenario`.
    public var latency: LatencySpec?
    public var bandwidth: Int?
    public var failureRate: Double?

    /// The scenario's own network, as written.
    public static let scenario = NetworkCondition(name: "scenario", summary: "the scenario's own network, as written")

    /// A good Wi-Fi connection: short latencies, 40 Mbit/s.
    public static let wifi = NetworkCondition(name: "wifi", summary: "good Wi-Fi",
                                              latency: .uniform(min: 20, max: 60), bandwidth: 5_000_000, failureRate: 0)
    /// A typical LTE (4G) connection: 12 Mbit/s.
    public static let lte = NetworkCondition(name: "lte", summary: "a typical LTE (4G) connection",
                                             latency: .uniform(min: 50, max: 150), bandwidth: 1_500_000, failureRate: 0)
    /// A slow 3G connection: long latencies, 1.6 Mbit/s, where a 30 KB image takes
    /// about 150 ms on the wire alone.
    public static let threeG = NetworkCondition(name: "3g", summary: "slow 3G",
                                                latency: .uniform(min: 150, max: 400), bandwidth: 200_000, failureRate: 0)
    /// Mostly quick, but one request in ten takes 0.8 to 3 s: the responses that
    /// arrive after their cell has moved on to another row.
    public static let longTail = NetworkCondition(name: "long-tail", summary: "quick, but one request in ten takes 0.8-3 s",
                                                  latency: .longTail(min: 80, max: 200, tailMin: 800, tailMax: 3000, tailProbability: 0.1),
                                                  bandwidth: 2_000_000, failureRate: 0)
    /// An unreliable connection: one request in ten fails, 8 Mbit/s.
    public static let lossy = NetworkCondition(name: "lossy", summary: "one request in ten fails",
                                               latency: .uniform(min: 80, max: 250), bandwidth: 1_000_000, failureRate: 0.1)

    /// Every preset, in the order help lists them.
    public static let all: [NetworkCondition] = [scenario, wifi, lte, threeG, longTail, lossy]

    public static var names: [String] { all.map(\.name) }

    public static func named(_ name: String) -> NetworkCondition? {
        all.first { $0.name == name }
    }

    /// `spec` with this condition's latency, bandwidth and failure rate.
    public func applied(to spec: NetworkSpec) -> NetworkSpec {
        var out = spec
        if let latency { out.latency = latency }
        if let bandwidth { out.bandwidth = bandwidth }
        if let failureRate { out.failureRate = failureRate }
        return out
    }

    /// "latency 80–200 ms, 10% of requests 800–3000 ms; 16 Mbit/s; no failures":
    /// what `spec` (the network this condition gives) is, for people.
    public static func describe(_ spec: NetworkSpec) -> String {
        var parts: [String] = []
        switch spec.latency {
        case .fixed(let ms):
            parts.append("latency \(ms) ms")
        case .uniform(let low, let high):
            parts.append("latency \(low)–\(high) ms")
        case .longTail(let low, let high, let tailLow, let tailHigh, let probability):
            parts.append("latency \(low)–\(high) ms, \(percent(probability)) of requests \(tailLow)–\(tailHigh) ms")
        }
        parts.append(bandwidthText(spec.bandwidth))
        parts.append(spec.failureRate == 0 ? "no failures" : "\(percent(spec.failureRate)) of requests fail")
        if !spec.slowRows.isEmpty {
            parts.append("\(spec.slowRows.count) slow row\(spec.slowRows.count == 1 ? "" : "s") as written")
        }
        return parts.joined(separator: "; ")
    }

    /// Bytes per second as network speeds are quoted: "16 Mbit/s", "800 kbit/s".
    static func bandwidthText(_ bytesPerSecond: Int) -> String {
        let bits = Double(bytesPerSecond) * 8
        if bits >= 1_000_000 { return ReadableNumber.oneDecimal(bits / 1_000_000) + " Mbit/s" }
        return ReadableNumber.oneDecimal(bits / 1_000) + " kbit/s"
    }

    static func percent(_ probability: Double) -> String {
        ReadableNumber.oneDecimal(probability * 100) + "%"
    }
}
