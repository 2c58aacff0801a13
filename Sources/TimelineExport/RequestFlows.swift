import TraceModel
import Replay

/// One slice's place in a flow: the flow's id, and whether an arrow arrives at
/// the slice, leaves it, or both (a step).
struct FlowStep: Equatable {
    var id: Int
    var incoming: Bool
    var outgoing: Bool
}

/// The way an image request's answer travels, as flow arrows Perfetto draws
/// between slices: from the request's slice on its connection lane (the arrow
/// leaves where the slice ends, at the response), to the response on the
/// "requests" track, to the image set on the track of the cell the image landed
/// in — inside the slice of the row that cell showed then, so a late response is
/// an arrow into a cell showing another row.
///
/// Which image set is a request's own follows `RequestLandings.Follower`, the rule
/// the page uses: the image set that follows a response before any reload or
/// `cellForRowAt`. When several answered requests land in one image set, the one
/// answered last carries its flow on; the others end at their response. A
/// response answered through the data source (a reload first) ends its flow at
/// the response.
///
/// Each flow has one id, the request's number, and its slices in strictly
/// increasing time, because Perfetto binds a flow's slices in time order: the
/// request's slice joins only when it lasted (a response at once leaves it out),
/// the response only when the image was set later than it came. A flow of one
/// slice is no flow. The response's fate is known only once its image is set or
/// a reload comes, so its slice waits until then (or the trace's end) to be
/// written; a viewer sorts events by time.
///
/// Flows are version 2 of the format's flow events (`bind_id` with `flow_in` and
/// `flow_out` on an `X` slice): Perfetto binds them to the slice that carries
/// them, where the older `s`/`t`/`f` events bind to whatever slice happens to
/// enclose their time. Instants cannot carry them, so a response or image set on a
/// flow is written as a slice of no length instead of an instant.
struct RequestFlows {
    /// A response whose image is not set yet, not written yet.
    private struct Waiting {
        var event: TraceEvent
        /// True when the request's slice carries the flow out.
        var fromRequestSlice: Bool
    }

    private var follower = RequestLandings.Follower()
    private var waiting: [Int: Waiting] = [:]
    let naming: RowNaming

    init(naming: RowNaming) {
        self.naming = naming
    }

    /// Draws `event` when it is part of a flow and returns true, so that it is
    /// not drawn again as an instant; `fromRequestSlice` is true for a response
    /// whose request slice was drawn with a flow leaving it.
    mutating func draw(_ event: TraceEvent, fromRequestSlice: Bool, writer: TraceEventWriter) -> Bool {
        let landed = follower.take(event)
        if case .response(let request, _, _) = event.body, follower.isWaiting(request) {
            waiting[request] = Waiting(event: event, fromRequestSlice: fromRequestSlice)
            return true
        }
        guard let landed else { return false }
        guard case .cell = landed.landing, let last = landed.requests.last else {
            for request in landed.requests { end(request, writer: writer) }
            return false
        }
        for request in landed.requests.dropLast() { end(request, writer: writer) }
        return land(last, in: event, writer: writer)
    }

    /// Writes every response still waiting, at the end of the trace, in request order.
    mutating func finish(writer: TraceEventWriter) {
        for request in waiting.keys.sorted() { end(request, writer: writer) }
    }

    /// The flow of `request` ends at its response.
    private mutating func end(_ request: Int, writer: TraceEventWriter) {
        guard let response = waiting.removeValue(forKey: request) else { return }
        let step = response.fromRequestSlice ? FlowStep(id: request, incoming: true, outgoing: false) : nil
        EventInstants.draw(response.event, naming: naming, writer: writer, flow: step)
    }

    /// The flow of `request` goes on from its response to `imageSet`; true when
    /// the image set was drawn as the flow's end.
    private mutating func land(_ request: Int, in imageSet: TraceEvent, writer: TraceEventWriter) -> Bool {
        guard let response = waiting.removeValue(forKey: request) else { return false }
        let responseStep: FlowStep?
        if response.event.time < imageSet.time {
            responseStep = FlowStep(id: request, incoming: response.fromRequestSlice, outgoing: true)
        } else {
            // Set at the moment of the answer: the request's slice, if it lasted, leads
            // straight to the image set.
            responseStep = nil
        }
        EventInstants.draw(response.event, naming: naming, writer: writer, flow: responseStep)
        guard responseStep != nil || response.fromRequestSlice else { return false }
        EventInstants.draw(imageSet, naming: naming, writer: writer, flow: FlowStep(id: request, incoming: true, outgoing: false))
        return true
    }
}
