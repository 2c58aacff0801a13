import TraceModel

/// What `TraceMetrics` measured in one trace: the metrics `stats` reports, each a
/// value or the reason it could not be computed.
///
/// Times are virtual milliseconds; `VirtualTime` keeps them exact to the microsecond.
public struct MetricsReport: Sendable, Equatable {
    /// The trace's title, its profile, and the strategy when the header names its scenario.
    public var title: String
    public var profile: TableProfile
    /// A table view, or a collection view and its columns: what the labels name
    /// (`cellForItemAt calls` for a collection view; the keys stay the same).
    public var list: ListStyle = .table
    public var strategy: String?
    /// True when the header carries the scenario: the engine recorded the trace.
    public var recorded: Bool
    public var eventCount: Int
    /// Time of the last event.
    public var duration: VirtualTime

    // MARK: Cells (every trace has these)

    /// `init` events.
    public var cellsCreated: Int
    /// `prepareForReuse` events.
    public var reuses: Int
    public var cellForRowAtCalls: Int

    // MARK: Network and caches

    /// Responses from the network (not `fromCache`) to image requests, and their bytes.
    public var downloads: Measured<Int>
    public var downloadBytes: Measured<Int>
    /// Responses to page requests (batch paging).
    public var pageLoads: Measured<Int>
    /// `cacheHit` events by layer; layers never hit are 0.
    public var cacheHits: Measured<[CacheLayer: Int]>
    /// `cacheEvict` events: images an NSCache gave up, over its limits or with memory tight.
    public var cacheEvictions: Measured<Int>
    /// `requestCoalesced` events.
    public var coalesced: Measured<Int>
    /// `requestCancelled` events, and how many of them cancelled a prefetch request.
    public var cancelled: Measured<Int>
    public var cancelledPrefetches: Measured<Int>
    /// `requestFailed` events.
    public var failed: Measured<Int>
    /// Downloads whose image number no frame snapshot at or after the response shows.
    public var downloadsNeverShown: Measured<Int>

    // MARK: The screen

    /// Time the screen showed a stale image (some visible cell showing another
    /// row's image), from each such frame snapshot to the next one (or the end).
    public var staleTime: Measured<VirtualTime>
    /// `staleTime` in display frames (1000 / fps ms each), rounded to whole frames.
    public var staleFrames: Measured<Int>
    /// The first frame snapshot in which every visible cell shows its row's own image
    /// (for a trace whose frames show no images: the first frame with cells).
    public var firstCompleteScreen: Measured<VirtualTime>
    /// Row display periods that ended with the row's image on screen, and their wait
    /// from `willDisplay` to the first frame showing the image.
    public var imageWaits: Measured<Int>
    public var imageWaitTotal: Measured<VirtualTime>
    public var imageWaitAverage: Measured<VirtualTime>
    /// Display periods that ended (`didEndDisplaying`) before the image showed.
    public var imageWaitsEndedEarly: Measured<Int>
    /// Display periods still waiting for their image when the trace ended, those of
    /// rows on screen when it went away included (teardown sends no `didEndDisplaying`).
    public var imageWaitsOpenAtEnd: Measured<Int>

    // MARK: Main thread and memory

    /// Sum of `mainThreadBlocked.ms`.
    public var mainThreadBlocked: Measured<VirtualTime>
    /// `hitch` events and the sum of their `ms`.
    public var hitches: Measured<Int>
    public var hitchTime: Measured<VirtualTime>
    /// Time spent scrolling: from `scrollViewWillBeginDragging` to the drag's end
    /// without deceleration, or to `scrollViewDidEndDecelerating`.
    public var scrollingTime: Measured<VirtualTime>
    /// Hitch time of the hitches that came while scrolling.
    public var scrollingHitchTime: Measured<VirtualTime>
    /// Milliseconds of hitch while scrolling per second of scrolling.
    public var hitchTimeRatio: Measured<Double>
    /// The most memory images held at once (`imageMemory` events): their data, and the bitmaps of those decoded.
    public var peakImageMemory: Measured<Int>

    /// Total `cacheHit` events.
    public var totalCacheHits: Measured<Int> {
        cacheHits.map { $0.values.reduce(0) { $0.saturatingAdd($1) } }
    }
}
