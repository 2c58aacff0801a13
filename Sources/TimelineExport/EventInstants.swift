import TraceModel

/// Every call and bookkeeping event of the trace as an instant (`i`) on the
/// track it concerns, named by its kind as the trace names it (`cellForItemAt`
/// in a collection view's trace), with the event itself — exactly as the
/// trace writes it — as its arguments: on the cell's track when the event names a
/// cell (`init`, `cellForRowAt`, `prepareForReuse`, `willDisplay`,
/// `didEndDisplaying`, `enqueue`, `keepAside`, `imageSet`, `deinit`,
/// `rowHeightMeasured`), on the
/// "requests" track for the network and the caches, else on the "table view"
/// track, or "collection view" (`prefetchRowsAt`, `cancelPrefetchingForRowsAt`,
/// scrolling, reloads, notes, …).
///
/// Main-thread work, hitches and frames are slices of their own, and image
/// memory a counter; they get no instant. A response or image set on a request's
/// flow is drawn by `RequestFlows`, as a slice of no length.
enum EventInstants {
    /// The track an event's instant goes on, or nil when the event is drawn otherwise.
    static func track(for event: TraceEvent, list: ListStyle = .table) -> TimelineTrack? {
        if let cell = event.body.cellField { return .cell(cell) }
        switch event.kind {
        case .mainThreadBlocked, .hitch, .frame, .imageMemory:
            return nil
        case .imageRequest, .pageRequest, .requestStarted, .requestCoalesced, .response, .requestFailed,
             .requestCancelled, .cacheHit, .cacheEvict:
            return .requests
        default:
            return .listView(list)
        }
    }

    /// Draws the event's instant; on a flow (`RequestFlows`), a slice of no length
    /// instead, which carries the flow (an instant cannot).
    static func draw(_ event: TraceEvent, naming: RowNaming, writer: TraceEventWriter, flow: FlowStep? = nil) {
        guard let track = track(for: event, list: naming.list) else { return }
        let name = naming.list.name(of: event.kind)
        if let flow {
            writer.begin(.complete, on: track, at: Microseconds.of(event.time), name: name)
            writer.duration(0)
            writer.flow(flow)
        } else {
            writer.begin(.instant, on: track, at: Microseconds.of(event.time), name: name)
            writer.threadScope()
        }
        writer.args(json: event.jsonLine(naming: naming))
        writer.end()
    }
}
