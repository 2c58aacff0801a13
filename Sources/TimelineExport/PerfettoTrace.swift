import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// A trace as a timeline for Perfetto (ui.perfetto.dev) and chrome://tracing:
/// Chrome's trace-event JSON, written as the trace is read.
///
/// The tracks, top to bottom: the app (named after the trace) with its main
/// thread's work, the hitches, the frames (STALE ones marked), scrolling and the
/// table view's own calls; the network, with a lane per connection and the
/// requests' own events; and a track per cell with the rows it displayed. Counters
/// give image memory, cells alive and requests running and waiting. Times are the
/// trace's virtual clock in microseconds, so the same trace always gives the same
/// bytes.
public enum PerfettoTrace {
    /// What an export wrote.
    public struct Summary: Sendable, Equatable {
        /// Events of the trace read.
        public var events: Int
        /// Trace events written (slices, instants, counters, metadata).
        public var traceEvents: Int
        /// Tracks on the timeline.
        public var tracks: Int
        /// Bytes written.
        public var bytes: Int
    }

    /// Folds the trace in `source` through `ReplayState` and hands the timeline to
    /// `sink` in blocks of about 64 KB as it goes. A trace that cannot be read, or
    /// that no table view could have produced, is refused with `validate`'s error
    /// (its file, line and column, event and reason) — possibly after some blocks
    /// were handed on, so a caller writing somewhere it cannot take back checks the
    /// trace first.
    @discardableResult
    public static func export(_ source: TraceSource, generator: String, to sink: OutputFile.Sink) throws(ReuseLabError) -> Summary {
        final class Run {
            var timeline: PerfettoTimeline?
            var index = 0
        }
        let run = Run()
        let file = source.name
        try source.stream(onHeader: { header in
            run.timeline = PerfettoTimeline(header: header, generator: generator)
        }, onEvent: { event, position throws(ReuseLabError) in
            guard let timeline = run.timeline else { return false }
            do throws(LifecycleViolation) {
                try timeline.fold(event)
            } catch {
                // The words, place and status `validate` gives (TraceFold).
                throw error.error(at: event, index: run.index, position: position, file: file, list: timeline.state.header.list)
            }
            run.index += 1
            timeline.draw(event)
            if timeline.writer.isFull { try timeline.writer.flush(to: sink) }
            return true
        })
        guard let timeline = run.timeline else { throw ReuseLabError(.badInput, file: file, "the trace has no header") }
        timeline.finish()
        try timeline.writer.flush(to: sink)
        return Summary(events: run.index, traceEvents: timeline.writer.eventCount,
                       tracks: timeline.writer.trackCount, bytes: timeline.writer.byteCount)
    }

    /// The whole export in memory (for tests, and small traces).
    public static func bytes(of source: TraceSource, generator: String) throws(ReuseLabError) -> [UInt8] {
        var bytes: [UInt8] = []
        try export(source, generator: generator) { (chunk: UnsafeRawBufferPointer) throws(ReuseLabError) in bytes.append(contentsOf: chunk) }
        return bytes
    }

    /// Nil when the file at `path` begins as an export does (so it may be replaced
    /// by another), else why not.
    public static func whyNotAnExport(path: String) -> String? {
        let marker = Array(TraceEventWriter.marker.utf8)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return "it cannot be read" }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: marker.count)
        let count = head.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        return count == marker.count && head == marker ? nil : "it is not a timeline written by 'reuselab export'"
    }
}
