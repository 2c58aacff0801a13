/// Where one cell object is in its life, as far as a trace shows it.
public enum CellPhase: Sendable, Equatable {
    /// Just created by `init`; not yet configured.
    case fresh
    /// Handed out again by `dequeueReusableCell` after `prepareForReuse`; not yet configured.
    case dequeued
    /// Configured by `cellForRowAt` for a row, not (yet) on screen. In the modern
    /// profile this is a cell prepared ahead of its row becoming visible.
    case configured(row: Int)
    /// On screen in a row.
    case displayed(row: Int)
    /// Left the screen (`didEndDisplaying`); a recorded trace says next whether it was
    /// kept aside or put in the pool.
    case offscreen(row: Int)
    /// Kept aside out of the pool (modern profile), still holding its row's content.
    case keptAside(row: Int)
    /// Waiting in the reuse pool for its identifier.
    case pooled
    /// Released by `deinit`.
    case deallocated
    /// Not known: an imported log left lines out (a `gap` event) since the cell
    /// was last seen, so its next event is taken as it comes.
    case unknown

    /// The row the phase names, if it names one.
    public var row: Int? {
        switch self {
        case .configured(let row), .displayed(let row), .offscreen(let row), .keptAside(let row): return row
        default: return nil
        }
    }

    public var describe: String {
        switch self {
        case .fresh: return "newly created and not yet configured"
        case .dequeued: return "just dequeued and not yet configured"
        case .configured(let row): return "configured for row \(row) but not displayed"
        case .displayed(let row): return "displayed in row \(row)"
        case .offscreen(let row): return "off screen after showing row \(row)"
        case .keptAside(let row): return "kept aside after showing row \(row)"
        case .pooled: return "waiting in the reuse pool"
        case .deallocated: return "deallocated"
        case .unknown: return "of unknown state (the log left lines out)"
        }
    }
}

/// Everything a trace says about one cell object.
public struct CellRecord: Sendable, Equatable {
    public var id: Int
    public var identifier: String
    public var phase: CellPhase
    /// The row it was last configured for; nil until the first `cellForRowAt`.
    public var lastRow: Int?
    /// How many times `prepareForReuse` has handed it out again.
    public var reuseCount: Int
    /// What its image view holds (`imageSet`); `.nothing` until set.
    public var image: ImageShown = .nothing
}
