import Replay

/// One metric of both traces, and which side is better on it.
public struct MetricDelta: Sendable, Equatable {
    public enum Better: String, Sendable { case a = "A", b = "B", same = "=", neither = "" }

    public var key: String
    public var label: String
    public var a: Measured<MetricQuantity>
    public var b: Measured<MetricQuantity>
    public var better: Better

    /// Metrics where less is better (downloads, stale time, hitches, memory, waits, …).
    static let lowerIsBetter: Set<String> = [
        "cellsCreated", "downloads", "downloadBytes", "failed", "downloadsNeverShown", "staleMs", "staleFrames",
        "timeToFirstCompleteScreenMs", "imageWaitTotalMs", "imageWaitAverageMs", "imageWaitsEndedEarly", "imageWaitsOpenAtEnd",
        "mainThreadBlockedMs", "hitches", "hitchMs", "scrollingHitchMs", "hitchTimeRatio", "peakImageMemory",
    ]
    /// Metrics where more is better (work saved).
    static let higherIsBetter: Set<String> = [
        "cacheHits", "cacheHitsModel", "cacheHitsMemory", "cacheHitsURLCacheMemory", "cacheHitsURLCacheDisk", "coalesced",
    ]

    /// Every metric of the two reports, in `stats` order.
    public static func compare(_ a: MetricsReport, _ b: MetricsReport) -> [MetricDelta] {
        zip(a.entries, b.entries).map { left, right in
            var better = Better.neither
            if let x = left.value.value?.number, let y = right.value.value?.number {
                if x == y {
                    better = lowerIsBetter.contains(left.key) || higherIsBetter.contains(left.key) ? .same : .neither
                } else if lowerIsBetter.contains(left.key) {
                    better = x < y ? .a : .b
                } else if higherIsBetter.contains(left.key) {
                    better = x > y ? .a : .b
                }
            }
            return MetricDelta(key: left.key, label: left.label, a: left.value, b: right.value, better: better)
        }
    }
}
