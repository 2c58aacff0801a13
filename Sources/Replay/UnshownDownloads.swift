import TraceModel

/// Downloads whose image never reached the screen: each image download (a
/// `response` from the network to an image request) counts until a frame snapshot
/// at or after it shows that image number in any cell. Images are matched by
/// number, so rows that share an image share the showing.
struct UnshownDownloads: Sendable {
    /// Downloads not yet shown, by image number.
    private var waiting: [Int: Int] = [:]

    var count: Int { waiting.values.reduce(0) { $0.saturatingAdd($1) } }

    mutating func downloaded(image: Int) {
        waiting[image, default: 0] = waiting[image, default: 0].saturatingAdd(1)
    }

    /// An image set again, the same, in a cell the screen already shows it in: no
    /// new frame is recorded (nothing on screen changed), yet the download is on screen.
    mutating func shownAgain(image: Int) {
        waiting[image] = nil
    }

    mutating func note(frame snapshot: FrameSnapshot) {
        guard !waiting.isEmpty else { return }
        for visible in snapshot.cells {
            if case .image(let number) = visible.image { waiting[number] = nil }
        }
    }
}
