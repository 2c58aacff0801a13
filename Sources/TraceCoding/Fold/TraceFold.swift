import TraceModel
import ToolSupport

/// The one loop that reads a trace file and folds its events, turning a lifecycle
/// violation into an error that names the file, the event's line and column, its
/// number, and why — so every reader of a trace rejects a bad one in the same words.
public enum TraceFold {
    /// Folds the trace at `path` (standard input for `-`). The file is read in chunks, each event folded and let go: memory holds the
    /// folder's state and one window of the file, not the trace.
    public static func run<Folder: TraceFolder>(_ type: Folder.Type, path: String) throws(ReuseLabError) -> Folder {
        try run(type, file: InputFile.displayName(path)) { onHeader, onEvent throws(ReuseLabError) in
            try TraceReader.stream(path: path, onHeader: onHeader, onEvent: onEvent)
        }
    }

    /// Folds a trace held in memory; `file` names it in errors.
    public static func run<Folder: TraceFolder>(_ type: Folder.Type, bytes: [UInt8], file: String) throws(ReuseLabError) -> Folder {
        try run(type, file: file) { onHeader, onEvent throws(ReuseLabError) in
            try TraceReader.stream(bytes: bytes, file: file, onHeader: onHeader, onEvent: onEvent)
        }
    }

    /// The fold itself, over whichever way the trace is read.
    static func run<Folder: TraceFolder>(
        _ type: Folder.Type, file: String,
        reading: (_ onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                  _ onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> Void
    ) throws(ReuseLabError) -> Folder {
        var checking: Checking<Folder>?
        try reading({ header in
            checking = Checking(header: header, file: file)
        }, { event, position throws(ReuseLabError) in
            // Mutate in place: a local copy would duplicate the whole state on every event.
            try checking?.apply(event, at: position)
        })
        guard let checking else { throw ReuseLabError(.badInput, file: file, "the trace has no header") }
        return checking.folder
    }

    /// A folder fed events as they are read, each with where it starts: a
    /// violation becomes the error every reader gives (file, line and column, the
    /// event's number, why). `run` is this over a whole trace.
    struct Checking<Folder: TraceFolder> {
        private(set) var folder: Folder
        /// How many events have been folded.
        private(set) var index = 0
        private let list: ListStyle
        private let file: String

        init(header: TraceHeader, file: String) {
            folder = Folder(header: header)
            list = header.list
            self.file = file
        }

        mutating func apply(_ event: TraceEvent, at position: SourcePosition) throws(ReuseLabError) {
            do throws(LifecycleViolation) {
                try folder.apply(event)
            } catch {
                throw error.error(at: event, index: index, position: position, file: file, list: list)
            }
            index += 1
        }
    }
}

/// A trace read into memory and checked on the way: every event folded through
/// `ReplayState`, so a bad trace is refused with the same words, line and column
/// as `validate` gives, and whatever reads the result may rely on it.
public struct CheckedTraceReader: TraceFolder {
    let header: TraceHeader
    var state: ReplayState
    var events: [TraceEvent] = []

    public init(header: TraceHeader) {
        self.header = header
        self.state = ReplayState(header: header)
    }

    public mutating func apply(_ event: TraceEvent) throws(LifecycleViolation) {
        try state.apply(event)
        events.append(event)
    }

    /// The trace at `path` (standard input for `-`), checked.
    public static func read(path: String) throws(ReuseLabError) -> Trace {
        let reader = try TraceFold.run(CheckedTraceReader.self, path: path)
        return Trace(header: reader.header, events: reader.events)
    }

    /// A trace held in memory, checked; `file` names it in errors.
    public static func read(bytes: [UInt8], file: String) throws(ReuseLabError) -> Trace {
        let reader = try TraceFold.run(CheckedTraceReader.self, bytes: bytes, file: file)
        return Trace(header: reader.header, events: reader.events)
    }
}
