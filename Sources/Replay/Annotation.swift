import TraceModel
import TraceCoding

/// One step of a trace explained: the event, when it happened, and a sentence in
/// plain words saying what happened and why — derived from the trace alone.
public struct Annotation: Sendable, Equatable {
    public var seq: Int
    public var time: VirtualTime
    public var kind: EventKind
    /// The display frame this event belongs to (the last frame drawn before it).
    public var frame: Int
    /// The explanation, one or more sentences.
    public var text: String
    public var utf8Text: [UInt8] {
        get { Array(text.utf8) }
        set { text = String(decoding: newValue, as: UTF8.self) }
    }
    /// Marks a student should not miss: a stale or late image, a hitch, a new cell.
    public var marks: Set<Mark>
    /// The undocumented rule the explanation rests on, if any (its note ends `text`).
    public var inferred: InferredRule?
    /// For `init` and `prepareForReuse`: the `seq` of the `cellForRowAt` they run
    /// inside (in its `dequeueReusableCell` call), which a trace lists after them
    /// because it finishes after them. Nil for any other step, or when no such call follows.
    public var inside: Int?
    /// The line of the app's code the step happened at, when the trace carries its
    /// code; at a frame that newly shows a STALE image, the line that set that image.
    public var code: CodePlace?
    /// Other lines that explain the step: at such a frame, the app's
    /// `prepareForReuse`, which left the image in the cell.
    public var relatedCode: [CodePlace] = []

    public init(seq: Int, time: VirtualTime, kind: EventKind, frame: Int, text: String, marks: Set<Mark>,
                inferred: InferredRule? = nil, inside: Int? = nil, code: CodePlace? = nil) {
        self.seq = seq
        self.time = time
        self.kind = kind
        self.frame = frame
        self.text = text
        self.marks = marks
        self.inferred = inferred
        self.inside = inside
        self.code = code
    }

    /// A line of the code a trace carries, as readers show it: the file's name,
    /// the line's number and its text (as written, indentation and all).
    public struct CodePlace: Sendable, Equatable {
        /// The line as an event names it: the index of its file, its number.
        public var at: CodeLine
        public var file: String
        public var line: Int { at.line }
        public var text: String

        /// The line of `code` that `place` names, or nil when the code has none.
        public init?(_ place: CodeLine, in code: CarriedCode?) {
            guard let code, let text = code.text(at: place) else { return nil }
            at = place
            file = code.files[place.file].name
            self.text = text
        }
    }

    /// Something an annotation calls out.
    public enum Mark: String, Sendable, CaseIterable, Comparable {
        /// A visible cell shows another row's image.
        case stale = "STALE"
        /// A response was written into a cell that has moved on to another row.
        case late = "LATE"
        /// The main thread missed frames.
        case hitch = "HITCH"
        /// A new cell object was created.
        case newCell = "NEW"
        /// A cell was reused.
        case reused = "REUSE"
        /// An answer was written, by an index path kept from before a row update,
        /// into the row that index path names now, which shows another item.
        case wrongRow = "WRONG ROW"

        public static func < (a: Mark, b: Mark) -> Bool { a.rawValue < b.rawValue }

        /// Every mark in name order (`<`), as sorted marks are listed.
        public static let byName = allCases.sorted()

        // By case, not by the raw String (see `EventKind`'s hashing): marks go in and
        // out of sets on most steps.
        public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
        public static func == (a: Mark, b: Mark) -> Bool { a.ordinal == b.ordinal }

        /// The case's place in `allCases`.
        public var ordinal: Int {
            switch self {
            case .stale: return 0
            case .late: return 1
            case .hitch: return 2
            case .newCell: return 3
            case .reused: return 4
            case .wrongRow: return 5
            }
        }
    }
}

/// Named groups of event kinds, for `replay --only`.
public enum EventGroup: String, CaseIterable, Sendable {
    case reuse, display, prefetch, scroll, frames, network, cache, images, mainThread = "main", stale, notes, app

    public func contains(_ annotation: Annotation) -> Bool {
        switch self {
        case .stale: return annotation.marks.contains(.stale) || annotation.marks.contains(.late) || annotation.marks.contains(.wrongRow)
        default: return kinds.contains(annotation.kind)
        }
    }

    public var kinds: Set<EventKind> {
        switch self {
        case .reuse: return [.initCell, .prepareForReuse, .enqueue, .keepAside, .deinitCell]
        case .display: return [.cellForRowAt, .willDisplay, .didEndDisplaying, .rowHeightMeasured]
        case .prefetch: return [.prefetchRowsAt, .cancelPrefetchingForRowsAt]
        case .scroll: return [.scrollViewWillBeginDragging, .scrollViewDidEndDragging, .scrollViewDidEndDecelerating, .scrollToRow, .estimatesCorrected]
        case .frames: return [.frame]
        case .network: return [.imageRequest, .pageRequest, .requestStarted, .requestCoalesced, .response, .requestFailed, .requestCancelled]
        case .cache: return [.cacheHit, .cacheEvict]
        case .images: return [.imageSet, .imageMemory]
        case .mainThread: return [.mainThreadBlocked, .hitch]
        case .stale: return []
        case .notes: return [.note, .gap]
        case .app: return [.reloadData, .reloadRows, .reconfigureRows, .deleteRows, .insertRows, .moveRow, .performBatchUpdates, .endUpdates,
                           .reloadSections, .didReceiveMemoryWarning, .viewDidDisappear, .numberOfRows, .recordingEnded]
        }
    }
}
