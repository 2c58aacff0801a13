import TraceModel

/// The screen, frame by frame: a slice for each `frame` event, lasting until the
/// next one (a trace writes a frame only when something on screen changed, so a
/// frame stays up until then), named "frame 60", and "frame 60 · STALE" when a
/// visible cell shows another row's image — the stale cells listed in its
/// arguments, as `ReplayState.staleCells(in:)` finds them.
struct FrameTrack {
    private struct Shown {
        var since: Int64
        var seq: Int
        var snapshot: FrameSnapshot
        var stale: [String]
    }

    private var shown: Shown?
    let naming: RowNaming

    init(naming: RowNaming) {
        self.naming = naming
    }

    mutating func draw(_ event: TraceEvent, state: ReplayState, writer: TraceEventWriter) {
        guard case .frame(let snapshot) = event.body else { return }
        let time = Microseconds.of(event.time)
        close(at: time, writer: writer)
        let stale = state.staleCells(in: snapshot).map { visible -> String in
            let held: String
            if case .image(let number) = visible.image { held = "image \(number)" } else { held = "another image" }
            return "\(naming.name(visible.row)) (cell #\(visible.cell)) shows \(held), not image \(state.expectedImage(forRow: visible.row))"
        }
        shown = Shown(since: time, seq: event.seq, snapshot: snapshot, stale: stale)
    }

    /// Ends the frame on screen at `end`: the next frame, or the end of the trace.
    mutating func close(at end: Int64, writer: TraceEventWriter) {
        guard let shown else { return }
        self.shown = nil
        let snapshot = shown.snapshot
        writer.begin(.complete, on: .frames, at: shown.since,
                     name: "frame \(snapshot.frame)" + (shown.stale.isEmpty ? "" : " · STALE"))
        writer.duration(Microseconds.difference(end, shown.since))
        writer.arg("seq", shown.seq)
        writer.arg("frame", snapshot.frame)
        writer.arg("offset", snapshot.offset)
        let rows = snapshot.cells.map(\.row)
        if let first = rows.min(), let last = rows.max() {
            writer.arg(naming.list.isCollection ? "items" : "rows", naming.span(first, last))
        }
        writer.arg("visibleCells", snapshot.cells.count)
        writer.arg("staleCells", shown.stale.count)
        if !shown.stale.isEmpty { writer.arg("stale", shown.stale) }
        writer.end()
    }
}
