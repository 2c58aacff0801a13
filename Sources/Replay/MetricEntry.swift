import TraceModel
import ToolSupport

/// A metric's quantity with its unit, so a printer knows how to show it.
public enum MetricQuantity: Sendable, Equatable {
    case count(Int)
    case bytes(Int)
    case time(VirtualTime)
    /// Whole display frames.
    case frames(Int)
    /// Milliseconds of hitch per second of scrolling.
    case msPerSecond(Double)

    /// The bare number: milliseconds for a time, the value otherwise.
    public var number: Double {
        switch self {
        case .count(let value), .bytes(let value), .frames(let value): return Double(value)
        case .time(let time): return time.milliseconds
        case .msPerSecond(let ratio): return ratio
        }
    }

    /// The quantity for people, with its unit: "12", "1.2 MB", "340.5 ms", "3 frames".
    public var text: String {
        switch self {
        case .count(let value): return String(value)
        case .bytes(let value): return InputFile.describeSize(value)
        case .time(let time): return ReadableNumber.ms(time)
        case .frames(let value): return value == 1 ? "1 frame" : "\(value) frames"
        case .msPerSecond(let ratio): return ReadableNumber.oneDecimal(ratio) + " ms per s of scrolling"
        }
    }
}

/// One line of a metrics report: a stable key (for JSON and diffs), a label for
/// people, and the measured quantity or why it is missing.
public struct MetricEntry: Sendable, Equatable {
    /// camelCase; times end in `Ms`.
    public var key: String
    public var label: String
    public var value: Measured<MetricQuantity>
    /// Whether lower, higher or neither is better.
    public var kind: MetricKind
    public var group: MetricGroup

    public init(key: String, label: String, value: Measured<MetricQuantity>, kind: MetricKind, group: MetricGroup) {
        self.key = key
        self.label = label
        self.value = value
        self.kind = kind
        self.group = group
    }
}

extension MetricsReport {
    /// Every metric in a fixed order, for printing and comparing, labelled in the
    /// words of the report's list ("cellForItemAt calls" for a collection view).
    public var entries: [MetricEntry] {
        let calls = list.name(of: .cellForRowAt), rows = list.plural
        func entry(_ key: String, _ label: String, _ value: Measured<MetricQuantity>,
                   _ kind: MetricKind = .descriptive, _ group: MetricGroup = .description) -> MetricEntry {
            MetricEntry(key: key, label: label, value: value, kind: kind, group: group)
        }
        func count(_ value: Measured<Int>) -> Measured<MetricQuantity> { value.map(MetricQuantity.count) }
        func time(_ value: Measured<VirtualTime>) -> Measured<MetricQuantity> { value.map(MetricQuantity.time) }
        func hits(_ layer: CacheLayer) -> Measured<MetricQuantity> { cacheHits.map { .count($0[layer] ?? 0) } }
        return [
            entry("cellsCreated", "cells created", .value(.count(cellsCreated)), .cost, .work),
            entry("reuses", "reuses (prepareForReuse)", .value(.count(reuses))),
            entry("cellForRowAtCalls", "\(calls) calls", .value(.count(cellForRowAtCalls))),
            entry("downloads", "downloads", count(downloads), .cost, .work),
            entry("downloadBytes", "downloaded", downloadBytes.map(MetricQuantity.bytes), .cost, .work),
            entry("pageLoads", "pages loaded", count(pageLoads)),
            entry("cacheHits", "cache hits", count(totalCacheHits)),
            entry("cacheHitsModel", "cache hits: model object", hits(.model)),
            entry("cacheHitsMemory", "cache hits: memory cache", hits(.memory)),
            entry("cacheHitsURLCacheMemory", "cache hits: URLCache memory", hits(.urlCacheMemory)),
            entry("cacheHitsURLCacheDisk", "cache hits: URLCache disk", hits(.urlCacheDisk)),
            entry("cacheEvictions", "NSCache evictions", count(cacheEvictions)),
            entry("coalesced", "coalesced requests", count(coalesced)),
            entry("cancelled", "cancelled requests", count(cancelled)),
            entry("cancelledPrefetches", "cancelled prefetch requests", count(cancelledPrefetches)),
            entry("failed", "failed requests", count(failed)),
            entry("downloadsNeverShown", "downloads never shown", count(downloadsNeverShown), .cost, .work),
            entry("staleMs", "stale image time", time(staleTime), .cost, .userVisible),
            entry("staleFrames", "stale frames", staleFrames.map(MetricQuantity.frames), .cost, .userVisible),
            entry("timeToFirstCompleteScreenMs", "first complete screen at", time(firstCompleteScreen), .cost, .userVisible),
            entry("imageWaits", "image waits", count(imageWaits)),
            entry("imageWaitTotalMs", "image wait (total)", time(imageWaitTotal), .cost, .userVisible),
            entry("imageWaitAverageMs", "image wait (average)", time(imageWaitAverage), .cost, .userVisible),
            entry("imageWaitsEndedEarly", "\(rows) gone before their image", count(imageWaitsEndedEarly), .cost, .userVisible),
            entry("imageWaitsOpenAtEnd", "\(rows) still waiting at the end", count(imageWaitsOpenAtEnd)),
            entry("mainThreadBlockedMs", "main thread blocked", time(mainThreadBlocked), .cost, .userVisible),
            entry("hitches", "hitches", count(hitches), .cost, .userVisible),
            entry("hitchMs", "hitch time", time(hitchTime), .cost, .userVisible),
            entry("scrollingMs", "scrolling time", time(scrollingTime)),
            entry("scrollingHitchMs", "hitch time while scrolling", time(scrollingHitchTime), .cost, .userVisible),
            entry("hitchTimeRatio", "hitch time ratio", hitchTimeRatio.map(MetricQuantity.msPerSecond), .cost, .userVisible),
            entry("peakImageMemory", "peak image memory", peakImageMemory.map(MetricQuantity.bytes), .cost, .memory),
        ]
    }
}

extension MetricEntry {
    /// One label for a metric that reports of different lists word differently:
    /// the label when every report words it alike; else, word by word, both
    /// words where they differ ("cellForRowAt or cellForItemAt calls", "rows or
    /// items gone before their image").
    public static func sharedLabel(_ labels: [String]) -> String {
        guard let first = labels.first else { return "" }
        var distinct: [String] = []
        for label in labels where !distinct.contains(label) { distinct.append(label) }
        guard distinct.count > 1 else { return first }
        let split = distinct.map { $0.split(separator: " ").map(String.init) }
        guard split.allSatisfy({ $0.count == split[0].count }) else { return distinct.joined(separator: " / ") }
        return split[0].indices.map { index -> String in
            var words: [String] = []
            for label in split where !words.contains(label[index]) { words.append(label[index]) }
            return words.joined(separator: " or ")
        }.joined(separator: " ")
    }
}
