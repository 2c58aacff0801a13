import TraceFormat

/// Counts of events `ReplaySummary` needs beyond the metrics, taken in one pass
/// over the trace.
struct SummaryFacts {
    var rowsShown: Set<Int> = []
    /// keepAside events, and rows shown again by the cell that left them (no cellForRowAt between).
    var keptAside = 0
    var cameBack = 0
    var prefetchBatches = 0
    var prefetchedRows = 0
    var cancellations = 0
    var cancelledRows = 0
    var imageRequests = 0
    var pageRequests = 0
    var frames = 0
    var framesShowImages = false
    var deallocatedBeforeDisappearing = 0
    var deallocatedAfterDisappearing = 0
    /// Of those, cells still on screen when they went (teardown sends them no didEndDisplaying).
    var deallocatedOnScreen = 0

    init() {}

    private var disappeared = false

    /// Counts one event; `phaseBefore` is the phase, before it, of the cell a
    /// willDisplay or deinit names (the replay state's knowledge of whether a row
    /// comes back with the cell that left it, not recomputed here).
    mutating func note(_ event: TraceEvent, phaseBefore: CellPhase?) {
        switch event.body {
        case .willDisplay(let row, _):
            rowsShown.insert(row)
            switch phaseBefore {
            case .keptAside(row)?, .offscreen(row)?: cameBack += 1
            default: break
            }
        case .keepAside:
            keptAside += 1
        case .deinitCell:
            if disappeared { deallocatedAfterDisappearing += 1 } else { deallocatedBeforeDisappearing += 1 }
            if disappeared, case .displayed? = phaseBefore { deallocatedOnScreen += 1 }
        case .viewDidDisappear:
            disappeared = true
        case .prefetchRowsAt(let rows):
            prefetchBatches += 1
            prefetchedRows += rows.count
        case .cancelPrefetchingForRowsAt(let rows):
            cancellations += 1
            cancelledRows += rows.count
        case .imageRequest:
            imageRequests += 1
        case .pageRequest:
            pageRequests += 1
        case .frame(let snapshot):
            frames += 1
            if snapshot.cells.contains(where: { $0.image != nil }) { framesShowImages = true }
        default:
            break
        }
    }
}

/// The first pass of `replay --summary`: the trace checked and measured
/// (`TraceMetrics`, whose replay state also gives `SummaryFacts` what it needs),
/// and its notes, in one fold.
public struct SummarySurvey: TraceFolder {
    public private(set) var metrics: TraceMetrics
    var facts = SummaryFacts()
    /// The instructor's notes in the trace, in order.
    private(set) var notes: [String] = []

    public init(header: TraceHeader) {
        metrics = TraceMetrics(header: header)
    }

    public mutating func apply(_ event: TraceEvent) throws(LifecycleViolation) {
        // Only the phase before a willDisplay or deinit is needed; copying the whole state per event would be slow.
        var phaseBefore: CellPhase?
        switch event.body {
        case .willDisplay(_, let cell), .deinitCell(let cell): phaseBefore = metrics.state.cell(cell)?.phase
        default: break
        }
        try metrics.apply(event)
        facts.note(event, phaseBefore: phaseBefore)
        if case .note(let text) = event.body { notes.append(VisibleText.escape(text)) }
    }

    public var header: TraceHeader { metrics.state.header }
    public var stepCount: Int { metrics.state.eventCount }
    public var report: MetricsReport { metrics.report }
}
