import TraceModel

/// The network as lanes: a track per URLSession connection ("connection 1",
/// "connection 2", …), each request a slice from when a connection picked it up
/// (`requestStarted`) to its response, failure or cancellation. URLSession runs
/// at most 6 requests per host at once (the scenario's `connectionsPerHost`), so
/// a recording needs at most that many lanes; each request takes the lowest lane
/// free when it starts, so the slices on a lane never overlap and the lanes show
/// how many connections were busy.
///
/// A synchronous download (`Data(contentsOf:)`, `sync` in the trace) does not go
/// through URLSession's connections or their limit: it is drawn the same way on
/// lanes of its own ("Data(contentsOf:) 1", …), one per download running at once.
/// A request that never started — answered from `URLCache`, or cancelled or failed
/// while it waited — goes on a "no connection" lane, from when it was asked for
/// to when it ended. The time a request waited for a connection is in its
/// arguments (`queuedMs`), with what it was for and how it ended, read from the
/// state's `RequestRecord` once it is over.
struct ConnectionLanes {
    private var connections = SliceLanes(process: .network, firstSortIndex: 10) { "connection \($0 + 1)" }
    private var synchronous = SliceLanes(process: .network, firstSortIndex: 100_000) { "Data(contentsOf:) \($0 + 1)" }
    private var unconnected = SliceLanes(process: .network, firstSortIndex: 1_000_000) { "no connection \($0 + 1)" }

    private struct Running {
        var sync: Bool
        var lane: Int
        var since: Int64
        var seq: Int
    }

    /// Requests running on a connection, by number.
    private var running: [Int: Running] = [:]
    /// The rows each page request in flight asked for (`RequestRecord` keeps none).
    private var pages: [Int: (firstRow: Int, count: Int)] = [:]
    let naming: RowNaming

    init(naming: RowNaming) {
        self.naming = naming
    }

    /// Draws what `event` ends or starts; true when it drew an image request's
    /// slice with a flow leaving it (a response, after the request lasted: see
    /// `RequestFlows`).
    @discardableResult
    mutating func draw(_ event: TraceEvent, state: ReplayState, writer: TraceEventWriter) -> Bool {
        let time = Microseconds.of(event.time)
        switch event.body {
        case .pageRequest(let id, let firstRow, let count):
            pages[id] = (firstRow, count)
        case .requestStarted(let id):
            let sync = state.request(id)?.sync ?? false
            let lane = sync ? synchronous.acquire(at: time, writer: writer) : connections.acquire(at: time, writer: writer)
            running[id] = Running(sync: sync, lane: lane, since: time, seq: event.seq)
        case .response(let id, _, _):
            return end(id, outcome: "response", reason: nil, at: time, seq: event.seq, state: state, writer: writer)
        case .requestFailed(let id, let reason):
            end(id, outcome: "failed", reason: reason, at: time, seq: event.seq, state: state, writer: writer)
        case .requestCancelled(let id):
            end(id, outcome: "cancelled", reason: nil, at: time, seq: event.seq, state: state, writer: writer)
        default:
            break
        }
        return false
    }

    /// Ends the requests still in flight at `end`, the end of the trace.
    mutating func finish(at end: Int64, state: ReplayState, writer: TraceEventWriter) {
        for record in state.requestsInFlight {
            self.end(record.id, outcome: "unfinished", reason: nil, at: end, seq: nil, state: state, writer: writer)
        }
    }

    /// Writes the request's slice; true when a flow leaves it: an image request
    /// answered after some time, whose answer `RequestFlows` follows on.
    @discardableResult
    private mutating func end(_ id: Int, outcome: String, reason: String?, at end: Int64, seq: Int?,
                              state: ReplayState, writer: TraceEventWriter) -> Bool {
        guard let record = state.request(id) else { return false }
        let requested = Microseconds.of(record.requestedAt)
        let start: Int64
        let track: TimelineTrack
        // Waiting ends when a connection takes the request up; one that never got
        // a connection waited all along.
        let queued: Int64
        let run = running.removeValue(forKey: id)
        if let run {
            start = run.since
            queued = Microseconds.difference(run.since, requested)
            if run.sync {
                track = synchronous.track(run.lane)
                synchronous.release(run.lane, at: end)
            } else {
                track = connections.track(run.lane)
                connections.release(run.lane, at: end)
            }
        } else {
            start = requested
            queued = Microseconds.difference(end, requested)
            let lane = unconnected.place(from: requested, to: end, writer: writer)
            track = unconnected.track(lane)
        }
        let page = pages.removeValue(forKey: id)
        let flows = outcome == "response" && record.image != nil && start < end
        writer.begin(.complete, on: track, at: start, name: name(record, page: page, outcome: outcome))
        writer.duration(Microseconds.difference(end, start))
        if flows { writer.flow(FlowStep(id: id, incoming: false, outgoing: true)) }
        writer.arg("request", id)
        if let row = record.row {
            let path = naming.indexPath(ofRow: row)
            if naming.hasSections { writer.arg("section", path.section) }
            writer.arg(naming.list.isCollection ? "item" : "row", path.row)
        }
        if let image = record.image { writer.arg("image", image) }
        if let cause = record.cause { writer.arg("cause", cause.name(in: naming.list)) }
        if let page {
            writer.arg("firstRow", page.firstRow)
            writer.arg("count", page.count)
        }
        writer.arg("sync", record.sync)
        writer.arg("outcome", outcome)
        if record.phase == .finished {
            writer.arg("bytes", record.bytes)
            writer.arg("fromCache", record.fromCache)
        }
        if let reason { writer.arg("reason", reason) }
        if !record.coalescedRows.isEmpty {
            writer.arg(naming.list.isCollection ? "coalescedItems" : "coalescedRows", naming.names(record.coalescedRows))
        }
        writer.arg("onConnection", run.map { !$0.sync } ?? false)
        writer.arg("requestedAtMs", Microseconds.milliseconds(requested))
        writer.arg("queuedMs", Microseconds.milliseconds(queued))
        writer.arg("endedAtMs", Microseconds.milliseconds(end))
        if let seq { writer.arg("seq", seq) }
        writer.end()
        return flows
    }

    /// "row 23 · image 23", "page: rows 15–29", with how it ended when not answered
    /// over the network.
    private func name(_ record: RequestRecord, page: (firstRow: Int, count: Int)?, outcome: String) -> String {
        var name: String
        if let row = record.row {
            name = naming.name(row) + (record.image.map { " · image \($0)" } ?? "")
        } else if let page {
            let (last, overflow) = page.firstRow.addingReportingOverflow(max(page.count, 1) - 1)
            name = "page: " + naming.span(page.firstRow, overflow ? page.firstRow : last)
        } else {
            name = "request \(record.id)"
        }
        switch outcome {
        case "response": if record.fromCache { name += " (URLCache)" }
        case "unfinished": name += " (unfinished)"
        default: name += " " + outcome
        }
        return name
    }
}
