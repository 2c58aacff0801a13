import TraceModel
import Replay

/// One export under way: the trace folded event by event through `ReplayState`
/// (the one fold every reader of a trace shares), and each event drawn, once the
/// state has taken it, by the parts of the timeline it concerns.
///
/// Nothing here keeps the trace: only the state, the slices still open (the cells'
/// current phases, requests in flight, the frame on screen) and the writer's
/// buffer, so a trace of any length is exported in bounded memory.
final class PerfettoTimeline {
    private(set) var state: ReplayState
    let writer: TraceEventWriter
    private let naming: RowNaming
    private var mainThread = MainThreadTracks()
    private var cells: CellTracks
    private var connections: ConnectionLanes
    private var flows: RequestFlows
    private var frames: FrameTrack
    private var scrolling = ScrollTrack()
    private var counters = TimelineCounters()

    /// Starts the document for the trace `header` begins; `generator` names the
    /// program and version that writes the export. (The trace's file name is left
    /// out, so the same trace gives the same bytes wherever it lies.)
    init(header: TraceHeader, generator: String) {
        state = ReplayState(header: header)
        naming = header.rowNaming
        // A collection view has no profile: the details say what it is instead.
        var details: [(key: String, value: String)] = [
            ("version", generator), ("title", header.title),
            header.list.isCollection ? ("list", ListWords(header: header).setup(profile: header.profile)) : ("profile", header.profile.rawValue),
        ]
        if let scenario = header.scenario { details.append(("strategy", scenario.strategy)) }
        details.append(("clock", "the trace's virtual time; ts and dur in microseconds since launch"))
        writer = TraceEventWriter(title: header.title, details: details)
        cells = CellTracks(naming: naming)
        connections = ConnectionLanes(naming: naming)
        flows = RequestFlows(naming: naming)
        frames = FrameTrack(naming: naming)
        // The app's process and its main thread lead the file, whatever follows.
        writer.declare(.mainThread)
    }

    /// Takes the event into the state, or says why it cannot happen now.
    func fold(_ event: TraceEvent) throws(LifecycleViolation) {
        try state.apply(event)
    }

    /// Draws an event the state has just taken.
    func draw(_ event: TraceEvent) {
        // One copy of the state (references to its storage, not its contents) for
        // every part to read, rather than one per part.
        let state = self.state
        let fromRequestSlice = connections.draw(event, state: state, writer: writer)
        if !flows.draw(event, fromRequestSlice: fromRequestSlice, writer: writer) {
            EventInstants.draw(event, naming: naming, writer: writer)
        }
        mainThread.draw(event, naming: naming, writer: writer)
        cells.draw(event, state: state, writer: writer)
        frames.draw(event, state: state, writer: writer)
        scrolling.draw(event, writer: writer)
        counters.draw(event, state: state, writer: writer)
    }

    /// Ends every slice still open at the trace's last moment and closes the document.
    func finish() {
        let end = Microseconds.of(state.time)
        frames.close(at: end, writer: writer)
        scrolling.close(at: end, offset: nil, writer: writer)
        connections.finish(at: end, state: state, writer: writer)
        flows.finish(writer: writer)
        cells.finish(at: end, writer: writer)
        writer.finish()
    }
}
