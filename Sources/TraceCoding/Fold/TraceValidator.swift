import TraceModel
import ToolSupport

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
        summary(try TraceFold.run(ReplayState.self, path: path))
    }

    public static func validate(bytes: [UInt8], file: String) throws(ReuseLabError) -> Summary {
        summary(try TraceFold.run(ReplayState.self, bytes: bytes, file: file))
    }

    static func summary(_ state: ReplayState) -> Summary {
        Summary(header: state.header, eventCount: state.eventCount, cellsCreated: state.cells.count, duration: state.time)
    }
}
