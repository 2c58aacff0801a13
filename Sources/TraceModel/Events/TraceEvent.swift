/// One entry of a trace: its place in the sequence, its virtual time, and what happened.
public struct TraceEvent: Sendable, Equatable {
    /// The most rows one `prefetchRowsAt`, `cancelPrefetchingForRowsAt` or
    /// `reloadRows` or `reconfigureRows` may list: real ones name a screenful or two, so a longer list
    /// can only come from a broken or hostile file, and would cost memory.
    public static let maximumListedRows = 10_000

    /// 0, 1, 2, … without gaps.
    public var seq: Int
    /// Virtual time of the event.
    public var time: VirtualTime
    public var body: EventBody
    /// What `reuselab import` inferred of the event rather than read in the
    /// device's log, if anything (nil in recorded traces).
    public var inferred: Inference?
    /// The line of the app's code the event happened at, in the code the trace's
    /// header carries (`"line"`, and `"file"` unless it is the first file).
    public var code: CodeLine?

    public init(seq: Int, time: VirtualTime, body: EventBody, inferred: Inference? = nil, code: CodeLine? = nil) {
        self.seq = seq
        self.time = time
        self.body = body
        self.inferred = inferred
        self.code = code
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

    // MARK: Images, network, caches, main thread
    /// The app asked for an image (`request` numbers count 1, 2, … across all requests).
    /// `sync` is true when the calling thread waits for it (`Data(contentsOf:)` on the main thread).
    case imageRequest(request: Int, row: Int, image: Int, cause: RequestCause, sync: Bool)
    /// Batch paging: the app asked for the next page of `count` rows starting at `firstRow`.
    case pageRequest(request: Int, firstRow: Int, count: Int)
    /// A connection picked the request up (at most `connectionsPerHost` run at once; the rest wait).
    case requestStarted(request: Int)
    /// A request for an image already being downloaded joined that download instead of starting another.
    case requestCoalesced(request: Int, row: Int)
    /// The request finished with `bytes` of data, from the network or (`fromCache`) from `URLCache`.
    case response(request: Int, bytes: Int, fromCache: Bool)
    case requestFailed(request: Int, reason: String)
    case requestCancelled(request: Int)
    /// An image was found in a cache: on the model object, in an `NSCache`, or in `URLCache`.
    case cacheHit(row: Int, image: Int, layer: CacheLayer)
    /// A cache dropped an image to stay within its limits.
    case cacheEvict(image: Int, layer: CacheLayer)
    /// A cell's image view was set: to nothing, to the placeholder, or to image N.
    case imageSet(cell: Int, image: ImageShown)
    /// The main thread was busy for `ms` doing `cause` (synchronous I/O, decoding, …).
    case mainThreadBlocked(ms: Double, cause: String)
    /// The main thread missed `missedFrames` display frames starting at `frame`, `ms` late, because of `cause`.
    case hitch(frame: Int, missedFrames: Int, ms: Double, cause: String)
    /// Memory held by images (their data, and the bitmaps of those decoded) changed to `bytes`.
    case imageMemory(bytes: Int)
    /// The table view asked `numberOfRowsInSection` and got `rows` (batch paging grows it).
    case numberOfRows(rows: Int)

    // MARK: Self-sizing rows
    /// A self-sizing table measured `cell`, which `cellForRowAt` just configured
    /// for `row`: the row is `height` points tall, where it was laid out at `estimated`.
    case rowHeightMeasured(row: Int, cell: Int, height: Double, estimated: Double)
    /// Real heights replaced estimates: the content is now `contentHeight` points
    /// tall, and the content offset moved by `offsetChange` points so that the
    /// rows already on screen stay where they were (0 when none moved).
    case estimatesCorrected(contentHeight: Double, offsetChange: Double)

    // MARK: App and system actions
    case reloadData
    case reloadRows(rows: [Int])
    /// `reconfigureRows(at:)`: each named row with a cell gets `cellForRowAt` again with that same cell.
    case reconfigureRows(rows: [Int])
    /// `deleteRows(at:with:)`: the rows, numbered as before the update.
    case deleteRows(rows: [Int])
    /// `insertRows(at:with:)`: the rows, numbered as after the update.
    case insertRows(rows: [Int])
    /// `moveRow(at:to:)`: `row` before the update goes to `toRow` after it.
    case moveRow(row: Int, toRow: Int)
    /// `performBatchUpdates(_:completion:)` begins: the calls until `endUpdates`
    /// are one update (`RowUpdate`), applied together when the block returns.
    case performBatchUpdates
    /// The batch's block returned and the table view applies its calls together
    /// (UIKit's `endUpdates`).
    case endUpdates
    /// `reloadSections(_:with:)`: every row of these sections gets a cell anew.
    case reloadSections(sections: [Int])
    case didReceiveMemoryWarning
    case viewDidDisappear
    /// An instructor's note, shown when the trace is replayed.
    case note(text: String)
    /// An imported log was abridged here (`...`, `(중략)`): lines are missing, so
    /// what each cell did in between is unknown and the replay starts afresh.
    /// `text` is what the log printed there.
    case gap(text: String)
    /// The script is over: the screen stayed as the last frame showed it until now.
    /// (Frames are recorded only when something changes, so this marks how long
    /// the last one lasted.)
    case recordingEnded

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
        case .imageRequest: return .imageRequest
        case .pageRequest: return .pageRequest
        case .requestStarted: return .requestStarted
        case .requestCoalesced: return .requestCoalesced
        case .response: return .response
        case .requestFailed: return .requestFailed
        case .requestCancelled: return .requestCancelled
        case .cacheHit: return .cacheHit
        case .cacheEvict: return .cacheEvict
        case .imageSet: return .imageSet
        case .mainThreadBlocked: return .mainThreadBlocked
        case .hitch: return .hitch
        case .imageMemory: return .imageMemory
        case .numberOfRows: return .numberOfRows
        case .rowHeightMeasured: return .rowHeightMeasured
        case .estimatesCorrected: return .estimatesCorrected
        case .reloadData: return .reloadData
        case .reloadRows: return .reloadRows
        case .reconfigureRows: return .reconfigureRows
        case .deleteRows: return .deleteRows
        case .insertRows: return .insertRows
        case .moveRow: return .moveRow
        case .performBatchUpdates: return .performBatchUpdates
        case .endUpdates: return .endUpdates
        case .reloadSections: return .reloadSections
        case .didReceiveMemoryWarning: return .didReceiveMemoryWarning
        case .viewDidDisappear: return .viewDidDisappear
        case .note: return .note
        case .gap: return .gap
        case .recordingEnded: return .recordingEnded
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
    case imageRequest
    case pageRequest
    case requestStarted
    case requestCoalesced
    case response
    case requestFailed
    case requestCancelled
    case cacheHit
    case cacheEvict
    case imageSet
    case mainThreadBlocked
    case hitch
    case imageMemory
    case numberOfRows
    case reloadData
    case reloadRows
    case reconfigureRows
    case didReceiveMemoryWarning
    case viewDidDisappear
    case note
    case gap
    case recordingEnded
    case deleteRows
    case insertRows
    case moveRow
    case performBatchUpdates
    case endUpdates
    case reloadSections
    case rowHeightMeasured
    case estimatesCorrected

    /// The UIKit lifecycle callbacks (docs/trace-format.md lists them); the rest are bookkeeping.
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

/// Event kinds are hashed and compared by case. An enum with raw values otherwise
/// takes the standard library's `RawRepresentable` hashing, which spells out and
/// hashes the raw `String` ("cellForRowAt"): every `Set<EventKind>` or dictionary
/// lookup did that, a few times per replayed step.
extension EventKind: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
    public static func == (a: EventKind, b: EventKind) -> Bool { a.ordinal == b.ordinal }

    /// The case's place in `allCases`.
    package var ordinal: Int {
        switch self {
        case .initCell: return 0
        case .prepareForReuse: return 1
        case .cellForRowAt: return 2
        case .willDisplay: return 3
        case .didEndDisplaying: return 4
        case .prefetchRowsAt: return 5
        case .cancelPrefetchingForRowsAt: return 6
        case .deinitCell: return 7
        case .enqueue: return 8
        case .keepAside: return 9
        case .scrollViewWillBeginDragging: return 10
        case .scrollViewDidEndDragging: return 11
        case .scrollViewDidEndDecelerating: return 12
        case .scrollToRow: return 13
        case .frame: return 14
        case .imageRequest: return 15
        case .pageRequest: return 16
        case .requestStarted: return 17
        case .requestCoalesced: return 18
        case .response: return 19
        case .requestFailed: return 20
        case .requestCancelled: return 21
        case .cacheHit: return 22
        case .cacheEvict: return 23
        case .imageSet: return 24
        case .mainThreadBlocked: return 25
        case .hitch: return 26
        case .imageMemory: return 27
        case .numberOfRows: return 28
        case .reloadData: return 29
        case .reloadRows: return 30
        case .reconfigureRows: return 31
        case .didReceiveMemoryWarning: return 32
        case .viewDidDisappear: return 33
        case .note: return 34
        case .gap: return 35
        case .recordingEnded: return 36
        case .deleteRows: return 37
        case .insertRows: return 38
        case .moveRow: return 39
        case .performBatchUpdates: return 40
        case .endUpdates: return 41
        case .reloadSections: return 42
        case .rowHeightMeasured: return 43
        case .estimatesCorrected: return 44
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

/// What an image view holds: nothing, the placeholder, or image number N. Row r's
/// own image is number r (or r mod `images.distinct` when the scenario shares images).
public enum ImageShown: Sendable, Equatable, Hashable {
    case nothing
    case placeholder
    case image(Int)
}

/// Why an image was requested.
public enum RequestCause: String, Sendable, CaseIterable {
    /// From `tableView(_:cellForRowAt:)` (or a closure it scheduled); written
    /// `cellForItemAt` in a collection view's trace.
    case cellForRowAt
    /// From `tableView(_:prefetchRowsAt:)`.
    case prefetch
    /// Before the table is shown, for every row.
    case preload

    /// The cause as a trace about `list` writes it.
    public func name(in list: ListStyle) -> String {
        self == .cellForRowAt ? list.name(of: .cellForRowAt) : rawValue
    }

    /// The cause a trace about `list` names `name` (one of `named(in:)`'s).
    package static func cause(named name: String, in list: ListStyle) -> RequestCause {
        named(in: list).first { $0.name == name }?.cause ?? .cellForRowAt
    }

    /// The causes by the names a trace about `list` writes.
    public static func named(in list: ListStyle) -> [(name: String, cause: RequestCause)] {
        allCases.map { ($0.name(in: list), $0) }
    }
}

/// Where a cached image was found.
public enum CacheLayer: String, Sendable, CaseIterable {
    /// Memoized on the model object (`mvo.thumbnailImage`, seed 000).
    case model
    /// An `NSCache` of images (seed 003).
    case memory
    /// `URLCache`'s memory and disk stores (seed 001).
    case urlCacheMemory = "urlCache.memory"
    case urlCacheDisk = "urlCache.disk"
}

extension EventBody {
    /// The cell a lifecycle event names (`cell`), if it names one.
    public var cellField: Int? {
        switch self {
        case .initCell(let cell, _), .prepareForReuse(let cell, _, _), .cellForRowAt(_, let cell), .willDisplay(_, let cell),
             .didEndDisplaying(_, let cell), .deinitCell(let cell), .enqueue(let cell, _), .keepAside(let cell, _), .imageSet(let cell, _),
             .rowHeightMeasured(_, let cell, _, _):
            return cell
        default: return nil
        }
    }
}
