/// One entry of a trace: its place in the sequence, its virtual time, and what happened.
public struct TraceEvent: Sendable, Equatable {
    /// 0, 1, 2, … without gaps.
    public var seq: Int
    /// Virtual time of the event.
    public var time: VirtualTime
    public var body: EventBody

    public init(seq: Int, time: VirtualTime, body: EventBody) {
        self.seq = seq
        self.time = time
        self.body = body
    }

    public var kind: EventKind { body.kind }
}

/// What happened at one step of a trace. The lifecycle cases are named after the
/// UIKit callbacks they record; the others record the table view's own bookkeeping
/// (reuse pool, scrolling, frames) so a reader of the trace can see why each callback came.
public enum EventBody: Sendable, Equatable {
    // MARK: Cell lifecycle (UIKit callbacks)
    /// A new cell object was created by `dequeueReusableCell` because its pool was empty.
    case initCell(cell: Int, identifier: String)
    /// `dequeueReusableCell` took this cell from its pool and reset it for reuse.
    case prepareForReuse(cell: Int, identifier: String, previousRow: Int?)
    /// The data source configured `cell` for `row`.
    case cellForRowAt(row: Int, cell: Int)
    /// The cell is about to appear in `row`.
    case willDisplay(row: Int, cell: Int)
    /// The cell left the screen (or its row was reloaded).
    case didEndDisplaying(row: Int, cell: Int)
    /// The prefetch data source is told which rows are likely needed soon, nearest first.
    case prefetchRowsAt(rows: [Int])
    /// Rows asked for earlier are no longer expected to be needed soon.
    case cancelPrefetchingForRowsAt(rows: [Int])
    /// The cell object was released.
    case deinitCell(cell: Int)

    // MARK: Reuse bookkeeping
    /// The cell joined the reuse pool for `identifier`; the next dequeue may hand it out.
    case enqueue(cell: Int, identifier: String)
    /// (modern profile) The cell that left `row` is kept aside, out of the pool, in
    /// case the row comes back; it goes to the pool when the next cell is kept aside.
    case keepAside(cell: Int, row: Int)

    // MARK: Scrolling and the screen
    case scrollViewWillBeginDragging(offset: Double)
    case scrollViewDidEndDragging(offset: Double, willDecelerate: Bool)
    case scrollViewDidEndDecelerating(offset: Double)
    case scrollToRow(row: Int, position: String, animated: Bool)
    /// What the screen shows after a frame's layout: the content offset and, for
    /// each visible row from top to bottom, the cell showing it. Written only for
    /// frames in which something on screen changed.
    case frame(FrameSnapshot)

    // MARK: App and system actions
    case reloadData
    case reloadRows(rows: [Int])
    case didReceiveMemoryWarning
    case viewDidDisappear
    /// An instructor's note, shown when the trace is replayed.
    case note(text: String)

    public var kind: EventKind {
        switch self {
        case .initCell: return .initCell
        case .prepareForReuse: return .prepareForReuse
        case .cellForRowAt: return .cellForRowAt
        case .willDisplay: return .willDisplay
        case .didEndDisplaying: return .didEndDisplaying
        case .prefetchRowsAt: return .prefetchRowsAt
        case .cancelPrefetchingForRowsAt: return .cancelPrefetchingForRowsAt
        case .deinitCell: return .deinitCell
        case .enqueue: return .enqueue
        case .keepAside: return .keepAside
        case .scrollViewWillBeginDragging: return .scrollViewWillBeginDragging
        case .scrollViewDidEndDragging: return .scrollViewDidEndDragging
        case .scrollViewDidEndDecelerating: return .scrollViewDidEndDecelerating
        case .scrollToRow: return .scrollToRow
        case .frame: return .frame
        case .reloadData: return .reloadData
        case .reloadRows: return .reloadRows
        case .didReceiveMemoryWarning: return .didReceiveMemoryWarning
        case .viewDidDisappear: return .viewDidDisappear
        case .note: return .note
        }
    }
}

/// The `kind` string of each event, exactly as written in a trace.
public enum EventKind: String, Sendable, CaseIterable {
    case initCell = "init"
    case prepareForReuse
    case cellForRowAt
    case willDisplay
    case didEndDisplaying
    case prefetchRowsAt
    case cancelPrefetchingForRowsAt
    case deinitCell = "deinit"
    case enqueue
    case keepAside
    case scrollViewWillBeginDragging
    case scrollViewDidEndDragging
    case scrollViewDidEndDecelerating
    case scrollToRow
    case frame
    case reloadData
    case reloadRows
    case didReceiveMemoryWarning
    case viewDidDisappear
    case note

    /// The UIKit lifecycle callbacks DESIGN.md names; the rest are bookkeeping.
    public var isLifecycle: Bool {
        switch self {
        case .initCell, .prepareForReuse, .cellForRowAt, .willDisplay, .didEndDisplaying,
             .prefetchRowsAt, .cancelPrefetchingForRowsAt, .deinitCell:
            return true
        default:
            return false
        }
    }
}

/// The screen after one frame.
public struct FrameSnapshot: Sendable, Equatable {
    /// Frame number since launch (frame 0 is the first layout).
    public var frame: Int
    /// `contentOffset.y` in points.
    public var offset: Double
    /// The visible rows from top to bottom and the cell showing each.
    public var cells: [VisibleCell]

    public init(frame: Int, offset: Double, cells: [VisibleCell]) {
        self.frame = frame
        self.offset = offset
        self.cells = cells
    }
}

/// One visible row in a frame snapshot.
public struct VisibleCell: Sendable, Equatable {
    public var row: Int
    public var cell: Int
    /// What the cell's image view shows, for strategies that load images; nil for text-only cells.
    public var image: ImageShown?

    public init(row: Int, cell: Int, image: ImageShown? = nil) {
        self.row = row
        self.cell = cell
        self.image = image
    }
}

/// What an image view holds: nothing, the placeholder, or the image loaded for a row.
public enum ImageShown: Sendable, Equatable {
    case nothing
    case placeholder
    case imageOfRow(Int)
}
