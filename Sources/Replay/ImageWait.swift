import TraceModel

/// How long rows waited for their images. A display period of a row runs from its
/// `willDisplay` until the first frame snapshot that shows that row's cell with the
/// row's own image (`ReplayState.expectedImage(forRow:)`); a period whose
/// `didEndDisplaying` comes first ended before the image ever showed. Teardown
/// sends no `didEndDisplaying` (the screen goes away, the rows do not leave it), so
/// a row still waiting when its cell is deallocated with the table view counts as
/// still waiting at the end, not as gone before its image.
struct ImageWait: Sendable {
    /// An open display period: the row and when its `willDisplay` came.
    private struct Period: Sendable {
        var row: Int
        var start: VirtualTime
    }

    /// Open periods by cell id (a cell is displayed in one row at a time).
    private var open: [Int: Period] = [:]
    /// Periods that ended with the image shown, and their total wait.
    private(set) var count = 0
    private(set) var total = VirtualTime.zero
    /// Periods that ended (`didEndDisplaying`) before the image showed.
    private(set) var endedBeforeImage = 0

    /// Periods still waiting when the trace ended.
    var stillWaiting: Int { open.count }

    /// Call with each event after it is applied to `state`.
    mutating func note(_ event: TraceEvent, in state: ReplayState) {
        switch event.body {
        case .willDisplay(let row, let cell):
            open[cell] = Period(row: row, start: event.time)
        case .didEndDisplaying(_, let cell):
            if open.removeValue(forKey: cell) != nil { endedBeforeImage += 1 }
        case .frame(let snapshot):
            guard !open.isEmpty else { return }
            for visible in snapshot.cells {
                guard let period = open[visible.cell], period.row == visible.row,
                      visible.image == .image(state.expectedImage(forRow: visible.row)) else { continue }
                open[visible.cell] = nil
                count += 1
                total = total.saturatingAdd(event.time - period.start)
            }
        default:
            break
        }
    }
}
