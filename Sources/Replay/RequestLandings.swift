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
public struct RequestLandings: Sendable {
    public enum Landing: Sendable, Equatable {
        /// The handler set the image in this cell.
        case cell(Int)
        /// The handler reloaded (or reconfigured) rows; the data source set the image.
        case reload
    }

    private var landings: [Int: Landing] = [:]

    public init(_ events: some Sequence<TraceEvent>) {
        var imageOf: [Int: Int] = [:]
        // Requests answered whose image is not set yet, by image.
        var answered: [Int: [Int]] = [:]
        for event in events {
            switch event.body {
            case .imageRequest(let request, _, let image, _, _):
                imageOf[request] = image
            case .response(let request, _, _):
                if let image = imageOf[request] { answered[image, default: []].append(request) }
            case .imageSet(let cell, .image(let image)):
                for request in answered.removeValue(forKey: image) ?? [] { landings[request] = .cell(cell) }
            case .reloadRows, .reconfigureRows, .reloadData, .cellForRowAt:
                for request in answered.values.joined() { landings[request] = .reload }
                answered.removeAll()
            default:
                break
            }
        }
    }

    public subscript(request: Int) -> Landing? { landings[request] }
}
