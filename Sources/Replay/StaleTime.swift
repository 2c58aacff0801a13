import TraceModel

/// How long the screen showed a stale image: each frame snapshot in which some
/// visible cell shows another row's image (`ReplayState.staleCells(in:)`) counts
/// from its time to the next frame snapshot, or to the trace's last event. A frame
/// snapshot is written only when the screen changed, so the screen looked like
/// that snapshot for the whole of that time.
struct StaleTime: Sendable {
    private(set) var total = VirtualTime.zero
    /// When the stale snapshot now on screen was taken; nil when the screen is not stale.
    private(set) var since: VirtualTime?

    /// Call with each frame snapshot, after it is applied to `state`.
    mutating func note(frame snapshot: FrameSnapshot, at time: VirtualTime, in state: ReplayState) {
        if let since { total = total.saturatingAdd(time - since) }
        since = state.staleCells(in: snapshot).isEmpty ? nil : time
    }

    /// The total, counting a stale screen still shown at the end until `end`.
    func total(endingAt end: VirtualTime) -> VirtualTime {
        guard let since else { return total }
        return total.saturatingAdd(end - since)
    }
}
