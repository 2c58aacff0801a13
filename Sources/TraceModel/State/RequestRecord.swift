/// One request for an image (or a page of rows) as a trace tells it: what asked,
/// why, and how it ended.
public struct RequestRecord: Sendable, Equatable {
    public enum Phase: Sendable, Equatable {
        /// Waiting for one of the host's connections.
        case waiting
        /// Running on a connection.
        case started
        case finished
        case failed
        case cancelled

        public var isInFlight: Bool { self == .waiting || self == .started }
    }

    public var id: Int
    /// The row whose image was asked for; nil for a page request.
    public var row: Int?
    /// The item that row showed when it was asked for (`RowItems`); nil for a page request.
    public var item: Int?
    public var image: Int?
    public var cause: RequestCause?
    /// True when the asking thread waited for the answer.
    public var sync: Bool
    public var phase: Phase
    /// Rows that asked for the same image while this request was running.
    public var coalescedRows: [Int] = []
    public var bytes = 0
    public var fromCache = false
    public var requestedAt: VirtualTime
    public var endedAt: VirtualTime?
}

extension ImageShown {
    /// "nothing", "the placeholder", "image 7".
    public var describe: String {
        switch self {
        case .nothing: return "nothing"
        case .placeholder: return "the placeholder"
        case .image(let number): return "image \(number)"
        }
    }
}
