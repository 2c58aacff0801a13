import TraceModel

/// Which kinds of events a trace contains, and whether its frame snapshots say what
/// each cell's image view shows: what decides, for a hand-written trace, which
/// metrics it can give.
struct EventPresence: Sendable {
    private(set) var kinds: Set<EventKind> = []
    /// True once a frame snapshot gives an `image` for at least one cell.
    private(set) var framesShowImages = false

    /// The kinds that requests, responses and caches produce.
    static let network: Set<EventKind> = [.imageRequest, .pageRequest, .requestStarted, .requestCoalesced, .response,
                                          .requestFailed, .requestCancelled, .cacheHit, .cacheEvict]
    /// The kinds that record the main thread's work.
    static let mainThread: Set<EventKind> = [.mainThreadBlocked, .hitch]

    mutating func note(_ event: TraceEvent) {
        kinds.insert(event.kind)
        if !framesShowImages, case .frame(let snapshot) = event.body {
            framesShowImages = snapshot.cells.contains { $0.image != nil }
        }
    }

    func hasAny(_ wanted: Set<EventKind>) -> Bool { !kinds.isDisjoint(with: wanted) }

    // MARK: Why a hand-written trace cannot give a metric (nil: it can)

    /// The kinds about images that are not network events: what image views show, memory.
    static let imageViews: Set<EventKind> = [.imageSet, .imageMemory]

    var noNetwork: String? {
        if hasAny(Self.network) { return nil }
        if hasAny(Self.imageViews) || framesShowImages {
            return "the trace has no network events (requests, responses or cache hits)"
        }
        return "the trace has no image or network events"
    }

    var noFrames: String? {
        kinds.contains(.frame) ? nil : "the trace has no frame snapshots"
    }

    /// Frames are needed, and they must show images.
    var noImagesInFrames: String? {
        noFrames ?? (framesShowImages ? nil : "the trace's frame snapshots do not say what the cells' image views show")
    }

    var noMainThread: String? {
        hasAny(Self.mainThread) ? nil : "the trace has no main-thread events (mainThreadBlocked, hitch)"
    }

    var noScrolling: String? {
        kinds.contains(.scrollViewWillBeginDragging) ? nil : "the trace has no scrolling (no scrollViewWillBeginDragging)"
    }

    var noImageMemory: String? {
        kinds.contains(.imageMemory) ? nil : "the trace has no imageMemory events"
    }
}
