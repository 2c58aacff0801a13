/// Checks a trace file: its structure (format, version, members and types, `seq`
/// without gaps, time never going back) and that every event is possible for a
/// real table view, by folding it through `ReplayState.apply`.
public enum TraceValidator {
    /// What a successful check found.
    public struct Summary: Sendable, Equatable {
        public var header: TraceHeader
        public var eventCount: Int
        public var cellsCreated: Int
        public var duration: VirtualTime
    }

    /// Validates the trace at `path` (or standard input for `-`), stopping at the
    /// first problem with an error that names the event, its line and column, and why.
    public static func validate(path: String) throws(ReuseLabError) -> Summary {
        let bytes = try InputFile.read(path, limit: TraceReader.maximumBytes)
        return try validate(bytes: bytes, file: InputFile.displayName(path))
    }

    public static func validate(bytes: [UInt8], file: String) throws(ReuseLabError) -> Summary {
        var state: ReplayState?
        try TraceReader.stream(bytes: bytes, file: file, onHeader: { header in
            state = ReplayState(header: header)
        }, onEvent: { event, position throws(ReuseLabError) in
            let index = state?.eventCount ?? 0
            do throws(LifecycleViolation) {
                // Mutate in place: a local copy would duplicate the whole state on every event.
                try state?.apply(event)
            } catch {
                throw ReuseLabError(.badInput, file: file,
                                    location: InputLocation(position: position, path: "events[\(index)]", eventIndex: index),
                                    "\(event.kind.rawValue): \(error.message)")
            }
        })
        guard let state else { throw ReuseLabError(.badInput, file: file, "the trace has no header") }
        return Summary(header: state.header, eventCount: state.eventCount, cellsCreated: state.cells.count, duration: state.time)
    }
}
