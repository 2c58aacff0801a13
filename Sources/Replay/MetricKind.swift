/// Whether a metric says something is better or worse, and which way.
///
/// A comparison may only name a better side on a metric whose direction is a
/// judgement about the user or the device: a cost (stale time, hitches, bytes
/// downloaded, memory) is better lower, a benefit better higher. A descriptive
/// metric (cache hits, `cellForRowAt` calls, reuses) says how a strategy works, not
/// how well: more cache hits are no better than fewer downloads say already, and a
/// strategy that calls `cellForRowAt` less may just show less.
public enum MetricKind: String, Sendable, CaseIterable {
    /// Lower is better.
    case cost
    /// Higher is better.
    case benefit
    /// Neither: how the strategy works, not how well.
    case descriptive
}

/// Which part of the experience a metric measures, so a comparison of many
/// strategies can group its rows as an engineer reads them.
public enum MetricGroup: String, Sendable, CaseIterable {
    /// What the person scrolling sees: stale images, hitches, waiting for images.
    case userVisible = "user-visible cost"
    /// What the device and the network do: downloads, bytes, cells created.
    case work
    /// Memory held for images.
    case memory
    /// How the strategy goes about it, with no better or worse.
    case description = "how it works"
}
