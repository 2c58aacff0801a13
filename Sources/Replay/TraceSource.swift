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

    /// Reads the header, then each event in order.
    public func stream(onHeader: (TraceHeader) throws(ReuseLabError) -> Void,
                       onEvent: (TraceEvent) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        switch self {
        case .file(let path):
            try TraceReader.stream(bytes: try InputFile.read(path, limit: TraceReader.maximumBytes), file: name,
                                   onHeader: onHeader, onEvent: { event, _ throws(ReuseLabError) in try onEvent(event) })
        case .bytes(let bytes, let name):
            try TraceReader.stream(bytes: bytes, file: name, onHeader: onHeader,
                                   onEvent: { event, _ throws(ReuseLabError) in try onEvent(event) })
        }
    }

    /// Annotates every event in order, calling `body` with each annotation, its
    /// event and the state after it, holding only the Annotator's window of the
    /// trace. Steps after `last` are not annotated.
    public func annotate(through last: Int = Int.max,
                         _ body: (Annotation, TraceEvent, ReplayState) throws(ReuseLabError) -> Void) throws(ReuseLabError) {
        var annotator: Annotator?
        let file = name
        // Events past `last` and the look-ahead it needs are not fed.
        let feedLimit = last > Int.max - Annotator.lookAhead - 2 ? Int.max : last + Annotator.lookAhead + 2
        var fed = 0
        func drain(_ annotator: inout Annotator) throws(ReuseLabError) {
            while let annotation = try annotator.step(file: file) {
                guard annotation.seq <= last else { return }
                if let event = annotator.lastEvent { try body(annotation, event, annotator.state) }
            }
        }
        try stream(onHeader: { header in annotator = Annotator(header: header) }, onEvent: { event throws(ReuseLabError) in
            guard fed < feedLimit, var current = annotator else { return }
            annotator = nil
            current.feed(event)
            fed += 1
            try drain(&current)
            annotator = current
        })
        guard var current = annotator else { return }
        current.endOfTrace()
        try drain(&current)
    }
}
