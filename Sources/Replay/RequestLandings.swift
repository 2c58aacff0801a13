import TraceModel

/// Where each request's answer ends up, read ahead from the whole trace: the
/// cell its response handler writes the image into, or the row it reloads.
///
/// While a request is in flight the state knows only its row; a handler that
/// captured a cell writes into that cell whatever row it shows by the time the
/// answer comes (the late response). A page knows the whole trace, so it can
/// draw, before the answer lands, the cell it will land in. The image set that
/// follows a response before any reload or `cellForRowAt` is the handler's own;
/// a reload or reconfigure first means the handler went through the data source.
/// `Follower` applies that rule event by event, for readers that stream a trace
/// (the timeline export's flows).
public struct RequestLandings: Sendable {
    public enum Landing: Sendable, Equatable {
        /// The handler set the image in this cell.
        case cell(Int)
        /// The handler reloaded (or reconfigured) rows; the data source set the image.
        case reload
    }

    /// Requests that one event landed, and where.
    public struct Landed: Sendable, Equatable {
        /// In the order they were answered (for a cell), else ascending.
        public var requests: [Int]
        public var landing: Landing
    }

    /// The landing rule, one event at a time: it remembers only the image each
    /// request in flight asked for and the requests answered whose image is not
    /// set yet.
    public struct Follower: Sendable {
        private var imageOf: [Int: Int] = [:]
        /// Requests answered whose image is not set yet, by image, in the order answered.
        private var answered: [Int: [Int]] = [:]

        public init() {}

        /// Takes the trace's next event; returns the requests it lands, if any.
        public mutating func take(_ event: TraceEvent) -> Landed? {
            switch event.body {
            case .imageRequest(let request, _, let image, _, _):
                imageOf[request] = image
            case .response(let request, _, _):
                if let image = imageOf.removeValue(forKey: request) { answered[image, default: []].append(request) }
            case .requestFailed(let request, _), .requestCancelled(let request):
                imageOf[request] = nil
            case .imageSet(let cell, .image(let image)):
                if let requests = answered.removeValue(forKey: image) { return Landed(requests: requests, landing: .cell(cell)) }
            case .reloadRows, .reconfigureRows, .reloadData, .cellForRowAt:
                guard !answered.isEmpty else { return nil }
                let requests = answered.values.joined().sorted()
                answered.removeAll()
                return Landed(requests: requests, landing: .reload)
            default:
                break
            }
            return nil
        }

        /// True while `request` has been answered and its image not set yet.
        public func isWaiting(_ request: Int) -> Bool {
            answered.values.contains { $0.contains(request) }
        }
    }

    private var landings: [Int: Landing] = [:]

    public init(_ events: some Sequence<TraceEvent>) {
        var follower = Follower()
        for event in events {
            guard let landed = follower.take(event) else { continue }
            for request in landed.requests { landings[request] = landed.landing }
        }
    }

    public subscript(request: Int) -> Landing? { landings[request] }
}
