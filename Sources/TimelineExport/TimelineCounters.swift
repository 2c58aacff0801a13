import TraceFormat

/// Counters (`C` events) read from the state after each event, written whenever
/// they change: memory held by decoded images, cells alive, and requests running
/// on a connection and waiting for one. Each starts with its value before the
/// trace's first change (0) at time 0, so its line begins at the start.
struct TimelineCounters {
    private var imageMemory: Int?
    private var cellsAlive: Int?
    private var requests: (running: Int, waiting: Int)?

    mutating func draw(_ event: TraceEvent, state: ReplayState, writer: TraceEventWriter) {
        let time = Microseconds.of(event.time)
        switch event.kind {
        case .imageMemory:
            if imageMemory != state.imageMemory {
                if imageMemory == nil, time > 0 { write(.mainThread, "image memory", "bytes", 0, at: 0, writer: writer) }
                imageMemory = state.imageMemory
                write(.mainThread, "image memory", "bytes", state.imageMemory, at: time, writer: writer)
            }
        case .initCell, .deinitCell:
            if cellsAlive != state.liveCellCount {
                if cellsAlive == nil, time > 0 { write(.mainThread, "cells", "alive", 0, at: 0, writer: writer) }
                cellsAlive = state.liveCellCount
                write(.mainThread, "cells", "alive", state.liveCellCount, at: time, writer: writer)
            }
        case .imageRequest, .pageRequest, .requestStarted, .response, .requestFailed, .requestCancelled:
            let running = state.runningRequestCount
            let waiting = max(state.requestsInFlight.count - running, 0)
            if requests?.running != running || requests?.waiting != waiting {
                if requests == nil, time > 0 { writeRequests(0, 0, at: 0, writer: writer) }
                requests = (running, waiting)
                writeRequests(running, waiting, at: time, writer: writer)
            }
        default:
            break
        }
    }

    private func write(_ track: TimelineTrack, _ name: String, _ series: StaticString, _ value: Int, at time: Int64, writer: TraceEventWriter) {
        writer.begin(.counter, on: track, at: time, name: name)
        writer.arg(series, value)
        writer.end()
    }

    private func writeRequests(_ running: Int, _ waiting: Int, at time: Int64, writer: TraceEventWriter) {
        writer.begin(.counter, on: .requests, at: time, name: "requests")
        writer.arg("running", running)
        writer.arg("waiting", waiting)
        writer.end()
    }
}
