import TraceModel

/// How long the user scrolled: the sum of intervals from `scrollViewWillBeginDragging`
/// to the matching `scrollViewDidEndDragging` with `willDecelerate` false, or to
/// `scrollViewDidEndDecelerating`. A drag that starts while the table is still
/// decelerating continues the same interval; one still open when the trace ends
/// runs to the trace's last event.
struct ScrollingTime: Sendable {
    private(set) var total = VirtualTime.zero
    /// When the current interval began; nil when the table is at rest.
    private(set) var since: VirtualTime?
    /// How many intervals began.
    private(set) var intervals = 0

    var isScrolling: Bool { since != nil }

    mutating func note(_ event: TraceEvent) {
        switch event.body {
        case .scrollViewWillBeginDragging:
            if since == nil {
                since = event.time
                intervals += 1
            }
        case .scrollViewDidEndDragging(_, let willDecelerate):
            if !willDecelerate { end(at: event.time) }
        case .scrollViewDidEndDecelerating:
            end(at: event.time)
        default:
            break
        }
    }

    private mutating func end(at time: VirtualTime) {
        guard let start = since else { return }
        total = total.saturatingAdd(time - start)
        since = nil
    }

    /// The total, counting an interval still open as ending at `end`.
    func total(endingAt end: VirtualTime) -> VirtualTime {
        guard let since else { return total }
        return total.saturatingAdd(end - since)
    }
}
