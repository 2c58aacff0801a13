import TraceModel

/// How long rows waited for their images, read from what the screen showed: the
/// frame snapshots alone.
///
/// Waits are an item's: a row's, until a row update moves its item to another row
/// (`ReplayState.rowItems`), where its wait goes on. Below, "row" means the item.
///
/// A row's wait starts at the first frame that shows the row on screen and ends at
/// the first frame that shows it with its own image
/// (`ReplayState.expectedImage(forRow:)`), whichever cell shows it then: a reload
/// that swaps the row's cell does not end the wait, it goes on in the new cell. A
/// row whose first frame already shows its image waited 0 ms, and counts. A row
/// that leaves the screen (a frame no longer lists it) before its image ends its
/// wait unfinished: it is counted as gone before its image, and its time is not
/// averaged; if it comes back, a new wait starts. A row still waiting when the
/// trace ends (teardown sends no frame that drops it) counts as still waiting.
///
/// Time the main thread is frozen is not a wait that this measures: no frame is
/// drawn then, so a synchronous download shows its row with the image in the first
/// frame after it and waits 0 ms; the freeze is counted as hitches instead.
struct ImageWait: Sendable {
    /// Rows on screen in the last frame, by item: whether each already showed its image during
    /// this stay on screen (nil), or since when it has been waiting.
    private var onScreen: [Int: VirtualTime?] = [:]
    /// Waits that ended with the image shown, and their total time.
    private(set) var count = 0
    private(set) var total = VirtualTime.zero
    /// Waits that ended because the row left the screen before its image showed.
    private(set) var endedBeforeImage = 0

    /// Rows still waiting when the trace ended.
    var stillWaiting: Int { onScreen.values.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// Call with each event after it is applied to `state`.
    mutating func note(_ event: TraceEvent, in state: ReplayState) {
        guard case .frame(let snapshot) = event.body else { return }
        var next: [Int: VirtualTime?] = [:]
        next.reserveCapacity(snapshot.cells.count)
        for visible in snapshot.cells {
            let item = state.rowItems.item(atRow: visible.row)
            guard next[item] == nil else { continue }
            let shown = visible.image == .image(state.expectedImage(ofItem: item))
            // Since when this row has waited: carried over from the last frame, or from now.
            let since: VirtualTime?
            if let previous = onScreen[item] { since = previous } else { since = event.time }
            guard let start = since else {
                next[item] = .some(nil)
                continue
            }
            if shown {
                count += 1
                total = total.saturatingAdd(event.time - start)
                next[item] = .some(nil)
            } else {
                next[item] = start
            }
        }
        for (row, waiting) in onScreen where next[row] == nil && waiting != nil {
            endedBeforeImage += 1
        }
        onScreen = next
    }
}
