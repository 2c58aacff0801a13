import TraceModel

/// Every call and bookkeeping event of the trace as an instant (`i`) on the
/// track it concerns, named by its kind as the trace names it (`cellForItemAt`
/// in a collection view's trace), with the event itself — exactly as the
/// trace writes it — as its arguments: on the cell's track when the event names a
/// cell (`init`, `cellForRowAt`, `prepareForReuse`, `willDisplay`,
/// `didEndDisplaying`, `enqueue`, `keepAside`, `imageSet`, `deinit`), on the
/// "requests" track for the network and the caches, else on the "table view"
/// track, or "collection view" (`prefetchRowsAt`, `cancelPrefetchingForRowsAt`,
/// scrolling, reloads, notes, …).
///
/// Main-thread work, hitches and frames are slices of their own, and image
/// memory a counter; they get no instant.
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

    static func draw(_ event: TraceEvent, naming: RowNaming, writer: TraceEventWriter) {
        guard let track = track(for: event, list: naming.list) else { return }
        writer.begin(.instant, on: track, at: Microseconds.of(event.time), name: naming.list.name(of: event.kind))
        writer.threadScope()
        writer.args(json: event.jsonLine(naming: naming))
        writer.end()
    }
}
