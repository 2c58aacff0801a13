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
    /// The seq of the hitch with the most milliseconds (the first of equals).
    var worstHitch: Int?

    init(_ trace: Trace) {
        // Whether a row comes back with the cell that left it is the replay state's
        // knowledge (the cell's phase before willDisplay), not recomputed here.
        var state = ReplayState(header: trace.header)
        var worstMs = -1.0
        var disappeared = false
        for event in trace.events {
            // Only the phase before a willDisplay or deinit is needed; copying the whole state per event would be slow.
            var phaseBefore: CellPhase?
            switch event.body {
            case .willDisplay(_, let cell), .deinitCell(let cell): phaseBefore = state.cell(cell)?.phase
            default: break
            }
            // The trace was validated when the timeline was built; a violation cannot happen here.
            try? state.apply(event)
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
            case .hitch(_, _, let ms, _):
                if ms > worstMs { worstMs = ms; worstHitch = event.seq }
            default:
                break
            }
        }
    }
}
