import TraceModel

/// The metrics `stats` reports (docs/commands.md lists them), measured by folding a trace's events in order.
///
/// Every event goes through `ReplayState.apply` first — the same fold the validator
/// uses — so a trace the validator rejects is rejected here with the same reason,
/// and the lifecycle is never interpreted a second way. The metrics then read what
/// they need from the event and from the state after it. Nothing here knows the
/// engine: an imported or hand-written trace is measured exactly like a recorded one.
///
/// Use `apply` for each event, then `report`; or `TraceMetrics.measure(path:)` for a file.
public struct TraceMetrics: Sendable {
    /// The replay state after the events applied so far.
    public private(set) var state: ReplayState
    /// What the metrics count, noted from each event and the state after it.
    private(set) var tally: MetricTally

    public init(header: TraceHeader) {
        state = ReplayState(header: header)
        tally = MetricTally(header: header)
    }

    /// Folds one event: first through `ReplayState.apply` (a violation is thrown
    /// and nothing is counted), then into the metrics.
    public mutating func apply(_ event: TraceEvent) throws(LifecycleViolation) {
        try state.apply(event)
        tally.note(event, after: state)
    }

    /// Whether every cell of a frame shows its own row's image, in the state after that frame.
    static func isComplete(_ snapshot: FrameSnapshot, in state: ReplayState) -> Bool {
        snapshot.cells.allSatisfy { $0.image == .image(state.expectedImage(forRow: $0.row)) }
    }

    /// Milliseconds from an event as whole microseconds, the trace's own precision,
    /// so sums are exact.
    static func time(_ ms: Double) -> VirtualTime {
        VirtualTime(microseconds: Int64((ms * 1000).rounded()))
    }
}

/// The counts behind `TraceMetrics`, noted from each event and the replay state
/// after it, wherever that state was folded: `TraceMetrics` folds its own, and
/// `replay --summary` notes the Annotator's, so the trace is folded once there.
struct MetricTally: Sendable {
    let header: TraceHeader
    /// From the state after the last event noted: its time, how many events, the most image memory.
    private(set) var end = VirtualTime.zero
    private(set) var eventCount = 0
    private(set) var peakImageMemory = 0

    var presence = EventPresence()

    var cellsCreated = 0
    var reuses = 0
    var cellForRowAtCalls = 0

    var downloads = 0
    var downloadBytes = 0
    var pageLoads = 0
    var cacheHits: [CacheLayer: Int] = [:]
    var cacheEvictions = 0
    var coalesced = 0
    var cancelled = 0
    var cancelledPrefetch = 0
    var failed = 0
    var unshown = UnshownDownloads()

    var stale = StaleTime()
    /// The first frame snapshot with cells in which every cell shows its row's own image.
    var firstCompleteScreen: VirtualTime?
    /// The first frame snapshot with any cells (the first screen of a text-only trace).
    var firstScreenWithCells: VirtualTime?
    var imageWait = ImageWait()

    var mainThreadBlocked = VirtualTime.zero
    var hitches = 0
    var hitchTime = VirtualTime.zero
    /// Hitch time of hitches that came while the user was scrolling.
    var scrollingHitchTime = VirtualTime.zero
    var scrolling = ScrollingTime()

    init(header: TraceHeader) {
        self.header = header
    }

    /// Counts `event`, which `state` has just been folded through.
    mutating func note(_ event: TraceEvent, after state: ReplayState) {
        end = state.time
        eventCount = state.eventCount
        peakImageMemory = state.peakImageMemory
        presence.note(event)
        switch event.body {
        case .initCell:
            cellsCreated += 1
        case .prepareForReuse:
            reuses += 1
        case .cellForRowAt:
            cellForRowAtCalls += 1
        case .response(let id, let bytes, let fromCache):
            guard let request = state.request(id) else { break }
            if request.row == nil {
                pageLoads += 1
            } else if !fromCache {
                downloads += 1
                downloadBytes = downloadBytes.saturatingAdd(bytes)
                if let image = request.image { unshown.downloaded(image: image) }
            }
        case .cacheHit(_, _, let layer):
            cacheHits[layer, default: 0] += 1
        case .cacheEvict:
            cacheEvictions += 1
        case .requestCoalesced:
            coalesced += 1
        case .requestCancelled(let id):
            cancelled += 1
            if state.request(id)?.cause == .prefetch { cancelledPrefetch += 1 }
        case .requestFailed:
            failed += 1
        case .frame(let snapshot):
            noteScreen(snapshot, at: event.time, in: state)
        case .imageSet(let cell, .image(let number)):
            if state.lastFrame?.cells.contains(where: { $0.cell == cell && $0.image == .image(number) }) == true {
                unshown.shownAgain(image: number)
            }
        case .mainThreadBlocked(let ms, _):
            mainThreadBlocked = mainThreadBlocked.saturatingAdd(TraceMetrics.time(ms))
        case .hitch(_, _, let ms, _):
            hitches += 1
            hitchTime = hitchTime.saturatingAdd(TraceMetrics.time(ms))
            if scrolling.isScrolling { scrollingHitchTime = scrollingHitchTime.saturatingAdd(TraceMetrics.time(ms)) }
        default:
            break
        }
        scrolling.note(event)
        imageWait.note(event, in: state)
    }

    private mutating func noteScreen(_ snapshot: FrameSnapshot, at time: VirtualTime, in state: ReplayState) {
        stale.note(frame: snapshot, at: time, in: state)
        unshown.note(frame: snapshot)
        guard !snapshot.cells.isEmpty else { return }
        if firstScreenWithCells == nil { firstScreenWithCells = time }
        if firstCompleteScreen == nil, TraceMetrics.isComplete(snapshot, in: state) {
            firstCompleteScreen = time
        }
    }
}
