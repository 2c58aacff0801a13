import TraceFormat

/// Where a replay reads its trace: a file, read afresh for each pass, or bytes
/// already in memory (standard input, which cannot be read twice).
///
/// Replaying a long trace takes two passes, each folding events as they are
/// read: the first checks the trace as `validate` does and measures what the
/// output needs up front (how many steps, how wide the columns), the second
/// annotates and prints. Neither holds the trace's events.
public enum TraceSource: Sendable {
    case file(String)
    case bytes([UInt8], name: String)

    /// The trace at `path`; `-` is standard input, read into memory once.
    public static func open(_ path: String) throws(ReuseLabError) -> TraceSource {
        guard path == "-" else { return .file(path) }
        return .bytes(try InputFile.read(path, limit: TraceReader.maximumBytes), name: InputFile.displayName(path))
    }

    /// The name errors give the trace.
    public var name: String {
        switch self {
        case .file(let path): return InputFile.displayName(path)
        case .bytes(_, let name): return name
        }
    }

    /// Folds the whole trace through `Folder`, refusing it as `validate` does.
    public func fold<Folder: TraceFolder>(_ type: Folder.Type) throws(ReuseLabError) -> Folder {
        switch self {
        case .file(let path): return try TraceFold.run(type, path: path)
        case .bytes(let bytes, let name): return try TraceFold.run(type, bytes: bytes, file: name)
        }
    }

    /// Reads the header, then each event in order with where it starts; reading
    /// stops early when `onEvent` returns false.
    public func stream(onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                       onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Bool) throws(ReuseLabError) {
        let handler = { (event: TraceEvent, position: SourcePosition) throws(ReuseLabError) -> Void in
            guard try onEvent(event, position) else { throw Self.enough }
        }
        do {
            switch self {
            case .file(let path):
                try TraceReader.stream(path: path, onHeader: onHeader, onEvent: handler)
            case .bytes(let bytes, let name):
                try TraceReader.stream(bytes: bytes, file: name, onHeader: onHeader, onEvent: handler)
            }
        } catch {
            if error != Self.enough { throw error }
        }
    }

    /// Thrown to end a reading early; never leaves `stream`.
    private static let enough = ReuseLabError(.checkFailed, "a streamed reading has read all it needs")

    /// Annotates every event in order, calling `body` with each annotation, its
    /// event and the state after it, holding only the Annotator's window of the
    /// trace. Steps after `last` are not annotated, and reading stops once the
    /// events they look at have come, or when `body` returns false.
    @discardableResult
    public func annotate(through last: Int = Int.max,
                         _ body: (Annotation, TraceEvent, ReplayState) throws(ReuseLabError) -> Bool) throws(ReuseLabError) -> Bool {
        // The Annotator lives in a box the reading closure changes in place: held in
        // an optional, each event would copy its every field in and out.
        final class Holder { var annotator: Annotator?; var fed = 0; var stopped = false }
        let holder = Holder()
        let file = name
        // Events past `last` and the look-ahead it needs are not read.
        let feedLimit = last > Int.max - Annotator.lookAhead - 2 ? Int.max : last + Annotator.lookAhead + 2
        func drain() throws(ReuseLabError) {
            while !holder.stopped, let annotation = try holder.annotator?.step(file: file) {
                guard annotation.seq <= last else {
                    holder.stopped = true
                    return
                }
                if let event = holder.annotator?.lastEvent, let state = holder.annotator?.state,
                   try !body(annotation, event, state) {
                    holder.stopped = true
                }
            }
        }
        try stream(onHeader: { header in holder.annotator = Annotator(header: header) }, onEvent: { event, _ throws(ReuseLabError) in
            guard !holder.stopped, holder.fed < feedLimit, holder.annotator != nil else { return false }
            holder.annotator?.feed(event)
            holder.fed += 1
            try drain()
            return !holder.stopped
        })
        if !holder.stopped, holder.annotator != nil {
            holder.annotator?.endOfTrace()
            try drain()
        }
        return !holder.stopped
    }
}
