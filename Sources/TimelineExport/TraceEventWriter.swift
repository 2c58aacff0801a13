import TraceModel
import ToolSupport

/// Writes Chrome's trace-event JSON ("JSON Object Format"), the file Perfetto
/// (ui.perfetto.dev) and chrome://tracing open: `{"displayTimeUnit": …,
/// "otherData": {…}, "traceEvents": [ … ]}`, one event per line.
///
/// It only spells events; what they mean is decided by the timeline's parts. The
/// text goes into one `ByteBuffer` (numbers and strings spelled by `JSONBytes`,
/// the project's one JSON writer, so every string is escaped as JSON requires and
/// control and bidirectional characters never appear raw), and the caller hands
/// it on in blocks with `flush(to:)`: the file is never held whole.
///
/// Each event's members start with `ts`: Perfetto's tokenizer looks `ts` up
/// member by member, and older versions of it stop at a string holding a `\u`
/// escape. A track is declared (its process's and its own name and sort order, as
/// `M` events) just before its first event, so only tracks in use appear.
final class TraceEventWriter {
    /// How an event is drawn: Chrome's `ph` values.
    enum Phase {
        /// `X`: a slice with a start and a duration.
        case complete
        /// `i`: a moment, on its track (`"s": "t"`).
        case instant
        /// `C`: the values of a counter from this moment on.
        case counter
        /// `M`: a name or a sort order for a process or a track.
        case metadata

        var letter: StaticString {
            switch self {
            case .complete: return "X"
            case .instant: return "i"
            case .counter: return "C"
            case .metadata: return "M"
            }
        }
    }

    /// How the file begins: what `PerfettoTrace.whyNotAnExport` looks for.
    static let marker = "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"generator\":\"reuselab export\""

    /// The buffer is handed on once it holds this much.
    static let blockSize = 1 << 16

    private var buffer = ByteBuffer(capacity: (1 << 16) + (1 << 12))
    private let title: String
    private var declaredTracks: Set<Int> = []
    private var declaredProcesses: Set<Int> = []
    private var lanesMade = 0
    private var wroteEvent = false
    private var argsState = ArgsState.none

    private enum ArgsState { case none, open, closed }

    /// Trace events written, metadata included.
    private(set) var eventCount = 0
    /// Tracks declared.
    private(set) var trackCount = 0
    /// Bytes handed on so far.
    private(set) var byteCount = 0

    /// Starts the document: the display unit, then `otherData` (what made the file
    /// and from what), then the event list. `details` are shown as the trace's
    /// metadata by both viewers.
    init(title: String, details: [(key: String, value: String)]) {
        self.title = title
        buffer.appendText(Self.marker)
        for (key, value) in details {
            buffer.append(0x2C) // ,
            buffer.appendString(key)
            buffer.append(0x3A) // :
            buffer.appendString(value)
        }
        buffer.append("},\"traceEvents\":[\n")
    }

    // MARK: Events

    /// Starts an event on `track` at `ts` microseconds, declaring the track first if
    /// this is its first event. Members and arguments follow; `end()` closes it.
    func begin(_ phase: Phase, on track: TimelineTrack, at ts: Int64, name: String) {
        declare(track)
        open(phase, pid: track.process.pid, tid: track.tid, at: ts, name: name)
    }

    /// The slice's duration in microseconds (`X` events).
    func duration(_ us: Int64) {
        buffer.append(",\"dur\":")
        buffer.appendInteger(Int(us))
    }

    /// An instant belongs to its track (`"s": "t"`), not to the process or the trace.
    func threadScope() {
        buffer.append(",\"s\":\"t\"")
    }

    /// Binds the slice being written (an `X` event, before its arguments) to a
    /// flow: `"bind_id"` names the flow, `"flow_in"` says an arrow arrives here,
    /// `"flow_out"` that one leaves (the trace-event format's flow events, version 2,
    /// which Perfetto binds to the slice that carries them).
    func flow(_ step: FlowStep) {
        buffer.append(",\"bind_id\":")
        buffer.appendInteger(step.id)
        if step.incoming { buffer.append(",\"flow_in\":true") }
        if step.outgoing { buffer.append(",\"flow_out\":true") }
    }

    func arg(_ key: StaticString, _ value: Int) {
        guard argKey(key) else { return }
        buffer.appendInteger(value)
    }

    func arg(_ key: StaticString, _ value: Double) {
        guard argKey(key) else { return }
        buffer.appendNumber(value.isFinite ? value : 0)
    }

    func arg(_ key: StaticString, _ value: String) {
        guard argKey(key) else { return }
        buffer.appendString(value)
    }

    func arg(_ key: StaticString, _ value: Bool) {
        guard argKey(key) else { return }
        buffer.append(value ? "true" : "false")
    }

    func arg(_ key: StaticString, _ values: [String]) {
        guard argKey(key) else { return }
        buffer.appendStrings(values)
    }

    func arg(_ key: StaticString, _ values: [Int]) {
        guard argKey(key) else { return }
        buffer.append(0x5B) // [
        for (index, value) in values.enumerated() {
            if index > 0 { buffer.append(0x2C) }
            buffer.appendInteger(value)
        }
        buffer.append(0x5D) // ]
    }

    /// The event's arguments are `json`, an object already written by the
    /// project's writer (a trace event as the trace spells it); nothing may follow.
    func args(json: String) {
        guard argsState == .none else { return }
        buffer.append(",\"args\":")
        buffer.appendText(json)
        argsState = .closed
    }

    /// Closes the event begun last.
    func end() {
        if argsState == .open { buffer.append(0x7D) } // }
        buffer.append(0x7D) // }
        argsState = .none
        eventCount += 1
    }

    // MARK: Tracks

    /// A `tid` for a new lane track (a connection, an overflow lane).
    func newLaneTid() -> Int {
        defer { lanesMade += 1 }
        return TimelineTrack.laneTid(lanesMade)
    }

    /// Writes the names and sort order of `track` (and of its process, the first
    /// time), once.
    func declare(_ track: TimelineTrack) {
        guard declaredTracks.insert(track.tid).inserted else { return }
        let process = track.process
        if declaredProcesses.insert(process.pid).inserted {
            // The process's metadata names one of its own threads: Perfetto takes a
            // missing tid to be the pid, which here is another process's track.
            metadata("process_name", pid: process.pid, tid: track.tid, name: process.name(title: title))
            metadata("process_sort_index", pid: process.pid, tid: track.tid, sortIndex: process.sortIndex)
        }
        metadata("thread_name", pid: process.pid, tid: track.tid, name: track.name)
        metadata("thread_sort_index", pid: process.pid, tid: track.tid, sortIndex: track.sortIndex)
        trackCount += 1
    }

    // MARK: Output

    /// True once the buffer holds a block's worth.
    var isFull: Bool { buffer.count >= Self.blockSize }

    /// Hands everything written so far to `sink` and forgets it. Blocks end
    /// between events, so each is whole UTF-8.
    func flush(to sink: OutputFile.Sink) throws(ReuseLabError) {
        guard buffer.count > 0 else { return }
        try buffer.withBytes { (bytes: UnsafeRawBufferPointer) throws(ReuseLabError) in try sink(bytes) }
        byteCount += buffer.count
        buffer.removeAll()
    }

    /// Ends the document; `flush(to:)` hands on the rest.
    func finish() {
        buffer.append("\n]}\n")
    }

    // MARK: Spelling

    private func open(_ phase: Phase, pid: Int, tid: Int, at ts: Int64, name: String) {
        if wroteEvent { buffer.append(",\n") }
        wroteEvent = true
        buffer.append("{\"ts\":")
        buffer.appendInteger(Int(ts))
        buffer.append(",\"ph\":\"")
        buffer.append(phase.letter)
        buffer.append("\",\"pid\":")
        buffer.appendInteger(pid)
        buffer.append(",\"tid\":")
        buffer.appendInteger(tid)
        buffer.append(",\"name\":")
        buffer.appendString(name)
        argsState = .none
    }

    /// Writes `"key":` inside the arguments; false (writing nothing) once they are closed.
    private func argKey(_ key: StaticString) -> Bool {
        switch argsState {
        case .none:
            buffer.append(",\"args\":{\"")
            argsState = .open
        case .open:
            buffer.append(",\"")
        case .closed:
            return false
        }
        buffer.append(key)
        buffer.append("\":")
        return true
    }

    private func metadata(_ kind: StaticString, pid: Int, tid: Int, name: String) {
        open(.metadata, pid: pid, tid: tid, at: 0, name: kind.description)
        arg("name", name)
        end()
    }

    private func metadata(_ kind: StaticString, pid: Int, tid: Int, sortIndex: Int) {
        open(.metadata, pid: pid, tid: tid, at: 0, name: kind.description)
        arg("sort_index", sortIndex)
        end()
    }
}
