/// Which rows the table view asks the prefetch data source for.
///
/// The candidates are the `depth` rows just past the visible edge in the scroll
/// direction, nearest first — never rows already on screen. As the edge moves one
/// row, one new row enters the window (one `prefetchRowsAt` per row scrolled; a
/// fast frame that moves several rows asks for several at once). Rows that stop
/// being candidates before they are shown — after a change of direction or a jump —
/// are cancelled with `cancelPrefetchingForRowsAt`.
public struct PrefetchWindow {
    /// About ten rows, as seed 004's log shows (rows 19–28 for 19 rows on screen).
    public static let depth = 10

    /// Rows asked for and neither shown nor cancelled yet, in the order asked.
    public private(set) var pending: [Int] = []

    public init() {}

    public struct Update: Equatable {
        public var cancel: [Int] = []
        public var prefetch: [Int] = []
    }

    /// Computes what to cancel and what to ask for, given the rows now visible and
    /// the scroll direction (+1 down, -1 up).
    public mutating func update(visible: ClosedRange<Int>?, direction: Int, rowCount: Int) -> Update {
        guard let visible else { return Update() }
        // Rows that came on screen were needed, not cancelled: they just leave the window.
        pending.removeAll { visible.contains($0) }
        var candidates: [Int] = []
        if direction >= 0 {
            let end = min(rowCount - 1, visible.upperBound + Self.depth)
            if visible.upperBound + 1 <= end { candidates = Array((visible.upperBound + 1)...end) }
        } else {
            let start = max(0, visible.lowerBound - Self.depth)
            if start <= visible.lowerBound - 1 { candidates = Array((start...(visible.lowerBound - 1)).reversed()) }
        }
        let candidateSet = Set(candidates)
        var update = Update()
        update.cancel = pending.filter { !candidateSet.contains($0) }
        pending.removeAll { !candidateSet.contains($0) }
        let pendingSet = Set(pending)
        update.prefetch = candidates.filter { !pendingSet.contains($0) }
        pending.append(contentsOf: update.prefetch)
        return update
    }

    /// Forgets every pending row without cancelling (after `reloadData` the old index paths mean nothing).
    public mutating func reset() {
        pending = []
    }
}
