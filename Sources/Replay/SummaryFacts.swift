import TraceModel
import ToolSupport

/// Counts of events `ReplaySummary` needs beyond the metrics, taken in one pass
/// over the trace.
struct SummaryFacts: Equatable {
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

/// What `replay --summary` counts as the trace is annotated: the metrics
/// (`MetricTally`), the facts beyond them (`SummaryFacts`) and the instructor's
/// notes, each noted from the event and the Annotator's state after it. The
/// Annotator's fold is the only one: measuring with a `TraceMetrics` of its own
/// folded every event a second time, on the reading thread, which then set the
/// summary's pace.
public struct SummarySurvey: Sendable {
    private(set) var tally: MetricTally
    var facts = SummaryFacts()
    /// The instructor's notes in the trace, in order.
    private(set) var notes: [String] = []

    public init(header: TraceHeader) {
        tally = MetricTally(header: header)
    }

    /// Notes `event`, which `state` has just been folded through; `phaseBefore` is
    /// the phase, before it, of the cell it names (`Annotator.phaseBefore`).
    public mutating func note(_ event: TraceEvent, after state: ReplayState, phaseBefore: CellPhase?) {
        tally.note(event, after: state)
        facts.note(event, phaseBefore: phaseBefore)
        if case .note(let text) = event.body { notes.append(VisibleText.escape(text)) }
    }

    public var header: TraceHeader { tally.header }
    public var stepCount: Int { tally.eventCount }
    public var report: MetricsReport { tally.report }
}
