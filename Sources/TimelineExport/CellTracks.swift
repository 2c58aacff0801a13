import TraceModel
import Replay

/// A track per cell object ("cell #3"), telling its life as `ReplayState` sees it:
/// a slice for each row it displayed ("row 23", from `willDisplay` to
/// `didEndDisplaying`, to its `deinit` when the table view goes, or to the end of
/// the trace), and between them where it waited — prepared ahead for a row, kept
/// aside, in the reuse pool.
///
/// Nothing here works out where a cell is: after each event, the cell the event
/// names is looked up in the state (`CellRecord.phase`), and a slice ends where
/// its phase changed. (A `gap` in an imported log changes every live cell at
/// once, so then every open slice is looked at.) A cell is in one phase at a time,
/// so its slices follow one another and never overlap.
struct CellTracks {
    private struct OpenPhase {
        var phase: CellPhase
        var since: Int64
        var seq: Int
    }

    /// The phase each live cell has been in since when.
    private var open: [Int: OpenPhase] = [:]
    let naming: RowNaming
    /// A table's rows or a collection view's items, for the phases' words.
    let words: ListWords

    init(naming: RowNaming) {
        self.naming = naming
        words = ListWords(naming: naming)
    }

    mutating func draw(_ event: TraceEvent, state: ReplayState, writer: TraceEventWriter) {
        if let id = event.body.cellField {
            refresh(id, state: state, at: event, writer: writer)
        }
        if event.kind == .gap {
            for id in open.keys.sorted() {
                refresh(id, state: state, at: event, writer: writer)
            }
        }
    }

    /// Ends every slice still open at `end`, the end of the trace.
    mutating func finish(at end: Int64, writer: TraceEventWriter) {
        for id in open.keys.sorted() {
            if let phase = open.removeValue(forKey: id) { close(phase, cell: id, at: end, endSeq: nil, writer: writer) }
        }
    }

    private mutating func refresh(_ id: Int, state: ReplayState, at event: TraceEvent, writer: TraceEventWriter) {
        let now = state.cell(id)?.phase
        let previous = open[id]
        guard previous?.phase != now else { return }
        let time = Microseconds.of(event.time)
        if let previous { close(previous, cell: id, at: time, endSeq: event.seq, writer: writer) }
        if let now, now != .deallocated {
            open[id] = OpenPhase(phase: now, since: time, seq: event.seq)
        } else {
            open[id] = nil
        }
    }

    /// Writes the slice of one phase. A displayed row is always drawn; a phase that
    /// lasted no time (a cell configured and displayed at once) is not.
    private func close(_ phase: OpenPhase, cell id: Int, at end: Int64, endSeq: Int?, writer: TraceEventWriter) {
        let duration = Microseconds.difference(end, phase.since)
        let displayed: Bool
        if case .displayed = phase.phase { displayed = true } else { displayed = false }
        guard displayed || duration > 0 else { return }
        writer.begin(.complete, on: .cell(id), at: phase.since, name: name(of: phase.phase))
        writer.duration(duration)
        writer.arg("cell", id)
        writer.arg("phase", words.describe(phase.phase))
        if let row = row(of: phase.phase) {
            let path = naming.indexPath(ofRow: row)
            if naming.hasSections { writer.arg("section", path.section) }
            writer.arg(naming.list.isCollection ? "item" : "row", path.row)
        }
        writer.arg("fromSeq", phase.seq)
        if let endSeq { writer.arg("toSeq", endSeq) } else { writer.arg("untilEndOfTrace", true) }
        writer.end()
    }

    private func name(of phase: CellPhase) -> String {
        switch phase {
        case .displayed(let row): return naming.name(row)
        case .configured(let row): return "prepared for \(naming.name(row))"
        case .offscreen(let row): return "off screen after \(naming.name(row))"
        case .keptAside(let row): return "kept aside after \(naming.name(row))"
        case .pooled: return "in the reuse pool"
        case .fresh: return "new, not configured"
        case .dequeued: return "dequeued, not configured"
        case .unknown: return "unknown (the log left lines out)"
        case .deallocated: return "deallocated"
        }
    }

    private func row(of phase: CellPhase) -> Int? {
        switch phase {
        case .displayed(let row), .configured(let row), .offscreen(let row), .keptAside(let row): return row
        default: return nil
        }
    }
}
