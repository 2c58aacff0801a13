import TraceModel

/// Counters (`C` events) read from the state after each event: memory held by
/// images, cells alive, and requests running and waiting for a
/// connection. A counter is written each time its value changes — several times
/// at one moment if it changes several times then, so its highest value is the
/// state's peak — and starts with its value before the trace's first change (0)
/// at time 0, so its line begins at the start.
struct TimelineCounters {
    private struct Requests: Equatable {
        var running: Int
        var waiting: Int
    }

    private var imageMemory: Int?
    private var cellsAlive: Int?
    private var requests: Requests?

    mutating func draw(_ event: TraceEvent, state: ReplayState, writer: TraceEventWriter) {
        let time = Microseconds.of(event.time)
        switch event.kind {
        case .imageMemory:
            guard imageMemory != state.imageMemory else { return }
            if imageMemory == nil, time > 0 { write("image memory", "bytes", 0, at: 0, writer: writer) }
            imageMemory = state.imageMemory
            write("image memory", "bytes", state.imageMemory, at: time, writer: writer)
        case .initCell, .deinitCell:
            guard cellsAlive != state.liveCellCount else { return }
            if cellsAlive == nil, time > 0 { write("cells", "alive", 0, at: 0, writer: writer) }
            cellsAlive = state.liveCellCount
            write("cells", "alive", state.liveCellCount, at: time, writer: writer)
        case .imageRequest, .pageRequest, .requestStarted, .response, .requestFailed, .requestCancelled:
            let running = state.runningRequestCount
            let now = Requests(running: running, waiting: max(state.requestsInFlight.count - running, 0))
            guard requests != now else { return }
            if requests == nil, time > 0 { writeRequests(Requests(running: 0, waiting: 0), at: 0, writer: writer) }
            requests = now
            writeRequests(now, at: time, writer: writer)
        default:
            break
        }
    }

    private func write(_ name: String, _ series: StaticString, _ value: Int, at time: Int64, writer: TraceEventWriter) {
        writer.begin(.counter, on: .mainThread, at: time, name: name)
        writer.arg(series, value)
        writer.end()
    }

    private func writeRequests(_ value: Requests, at time: Int64, writer: TraceEventWriter) {
        writer.begin(.counter, on: .requests, at: time, name: "requests")
        writer.arg("running", value.running)
        writer.arg("waiting", value.waiting)
        writer.end()
    }
}
