/// What one line of a console log says about the cell lifecycle, if anything.
///
/// The recogniser (`LineRecogniser`) turns a raw line — with or without an
/// NSLog / os_log / `log show` prefix — into one of these; the importer then
/// turns the sequence into trace events, inferring which cell each line is about.
public struct LogLine: Equatable, Sendable {
    /// The lifecycle callbacks a log can show, named as trace events are.
    public enum Callback: String, Sendable, CaseIterable {
        case initCell = "init"
        case prepareForReuse
        case cellForRowAt
        case willDisplay
        case didEndDisplaying
        case prefetchRowsAt
        case cancelPrefetchingForRowsAt
        case deinitCell = "deinit"

        /// `init` or `prepareForReuse`: the calls `dequeueReusableCell` makes.
        public var isDequeue: Bool { self == .initCell || self == .prepareForReuse }
    }

    /// A collection view's names for the callbacks whose table-view names say
    /// "row" (`cellForItemAt` is `.cellForRowAt`): the kinds `--pattern` and the
    /// canonical line take besides the callbacks' own names.
    static let itemCallbacks: [String: Callback] = [
        "cellForItemAt": .cellForRowAt, "prefetchItemsAt": .prefetchRowsAt, "cancelPrefetchingForItemsAt": .cancelPrefetchingForRowsAt,
    ]

    /// What the line is: a callback, a mark where the log was cut, or anything else.
    public enum Content: Equatable, Sendable {
        /// A lifecycle callback.
        case callback(Callback)
        /// A line that marks where the log was abridged: `...`, `…`, `(중략)`, `[...]`, `(snip)`.
        case gap
        /// A line that is no callback but says whether a `cellForRowAt`'s cell is
        /// new or reused (`oldIndexPath: nil`, `reused cell for row 5`): `origin`
        /// holds what it says, `indexPaths` the row it names, if any. The importer
        /// gives it to the `cellForRowAt` line next to it (`CellOriginBinding`).
        case origin
        /// Anything else (app output, warnings, blank lines): skipped and counted.
        case other
    }

    public var content: Content
    /// The index paths the line names, in the order printed. For `cellForRowAt`,
    /// `willDisplay` and `didEndDisplaying` the first is the row; for the prefetch
    /// calls, all of them; for `init`, `prepareForReuse` and `deinit`, the row the
    /// cell says it last showed, when it prints one.
    public var indexPaths: [LogIndexPath]
    /// True when the line printed its row as `nil` (or `Optional(nil)`).
    public var rowIsNil: Bool
    /// The cell's object address (`0x7fb8…`), when the line prints one (never an
    /// `NSIndexPath`'s own address).
    public var address: String?
    /// When the line was written, in seconds from an arbitrary origin (NSLog,
    /// os_log and `log show` prefixes, or the canonical format's `t=`); nil without.
    public var seconds: Double?
    /// The content offset, when the line prints one (the canonical format's `offset=`).
    public var offset: Double?
    /// 1-based line number in the log.
    public var lineNumber: Int
    /// For a `cellForRowAt` line or an `.origin` line: whether its cell is new or
    /// reused, as the log states it (`CellOrigin`); nil when the log does not say.
    public var origin: CellOrigin?
    /// The line that stated `origin`, when it is another line than this one.
    public var originLine: Int?
    /// True for a line skipped as `.other` that names a cell's previous row or
    /// origin in a form that cannot be read (`oldIndexPath: <…>`): the summary
    /// points to `--pattern` for it.
    public var unreadableOrigin = false
    /// True when the line names the call in a collection view's words:
    /// `cellForItemAt`, `prefetchItemsAt`, `cancelPrefetchingForItemsAt`,
    /// `willDisplay … forItemAt`, `collectionView(_:…)`, a canonical line's `item=`
    /// or `items=` (`CanonicalLine`). The callback is then the table view's
    /// counterpart (`cellForItemAt` is `.cellForRowAt`): both lists share one
    /// lifecycle.
    public var namesItems = false
    /// True when a line whose call both lists share names the table view in its
    /// words (`tableView(_:willDisplay:forRowAt:)`, `forRowAt`).
    public var namesTableView = false

    /// Whether the line is a dequeue's own call (`init`, `prepareForReuse`),
    /// printed inside `dequeueReusableCell`: what `PrintOrder` places and a
    /// statement of a cell's origin may have between it and its `cellForRowAt`.
    public var isDequeue: Bool {
        guard case .callback(let callback) = content else { return false }
        return callback.isDequeue
    }

    /// Whether the line names the call in a table view's words: `cellForRowAt`,
    /// `prefetchRowsAt` or `cancelPrefetchingForRowsAt`, or a shared call with
    /// `forRowAt` or `tableView`. (`willDisplay`, `didEndDisplaying`, `init`,
    /// `prepareForReuse` and `deinit` have one name in both lists, so a line of
    /// them alone says neither.)
    public var namesRows: Bool {
        // A line that says a cell is reused "for row 5" and is its row's only
        // `cellForRowAt` (`originLine` is itself) names no call of either list.
        guard !namesItems, originLine != lineNumber, case .callback(let callback) = content else { return false }
        return namesTableView || callback == .cellForRowAt || callback == .prefetchRowsAt || callback == .cancelPrefetchingForRowsAt
    }

    /// The call's name as the log's list calls it: `cellForItemAt` for an item line.
    public var callName: String {
        guard case .callback(let callback) = content else { return "" }
        guard namesItems else { return callback.rawValue }
        switch callback {
        case .cellForRowAt: return "cellForItemAt"
        case .prefetchRowsAt: return "prefetchItemsAt"
        case .cancelPrefetchingForRowsAt: return "cancelPrefetchingForItemsAt"
        default: return callback.rawValue
        }
    }

    public init(content: Content, indexPaths: [LogIndexPath] = [], rowIsNil: Bool = false, address: String? = nil,
                seconds: Double? = nil, offset: Double? = nil, lineNumber: Int) {
        self.content = content
        self.indexPaths = indexPaths
        self.rowIsNil = rowIsNil
        self.address = address
        self.seconds = seconds
        self.offset = offset
        self.lineNumber = lineNumber
    }
}

/// A row as a log prints it: `[0, 19]`, `{length = 2, path = 0 - 19}`, or a bare row (section 0).
public struct LogIndexPath: Equatable, Hashable, Sendable {
    public var section: Int
    public var row: Int

    public init(section: Int = 0, row: Int) {
        self.section = section
        self.row = row
    }
}
