import Replay

/// One metric of both traces, and which side is better on it.
public struct MetricDelta: Sendable, Equatable {
    /// `neither` for a descriptive metric, or one a side could not measure: only a
    /// cost or a benefit has a better side (see `MetricKind`).
    public enum Better: String, Sendable { case a = "A", b = "B", same = "=", neither = "" }

    public var key: String
    public var label: String
    public var kind: MetricKind
    public var a: Measured<MetricQuantity>
    public var b: Measured<MetricQuantity>
    public var better: Better

    /// Every metric of the two reports, in `stats` order, labelled in words both
    /// sides share ("cellForRowAt or cellForItemAt calls" for a table against a collection view).
    public static func compare(_ a: MetricsReport, _ b: MetricsReport) -> [MetricDelta] {
        zip(a.entries, b.entries).map { left, right in
            MetricDelta(key: left.key, label: MetricEntry.sharedLabel([left.label, right.label]), kind: left.kind, a: left.value, b: right.value,
                        better: better(left.kind, left.value.value?.number, right.value.value?.number))
        }
    }

    static func better(_ kind: MetricKind, _ x: Double?, _ y: Double?) -> Better {
        guard let x, let y else { return .neither }
        switch kind {
        case .descriptive: return .neither
        case .cost: return x == y ? .same : (x < y ? .a : .b)
        case .benefit: return x == y ? .same : (x > y ? .a : .b)
        }
    }
}
