import Foundation
import TraceModel
import ToolSupport
import TraceCoding

/// A trace to step through, back and forth, in memory that does not hold the
/// trace: one byte of marks and one of kind per step, and every `interval` steps
/// the `Annotator` as it stood there (without the events it had read ahead) and
/// where that step's event starts in the file. A stretch of steps is read from
/// the file again, and explained again from its checkpoint, when it is wanted
/// (the stretch around the current step is kept); the state after a step is
/// folded from there. Checkpoints copy only the state: cells and requests are
/// kept in `ChunkedList`s, so a checkpoint's cost does not grow with the trace.
public final class ReplayTimeline {
    public let header: TraceHeader
    public let source: TraceSource
    /// How many steps (events) the trace has.
    public let count: Int
    /// The widest step time as the listing prints it (see `StepMeasure`).
    public let widestTime: Int
    /// `checkpoints[i]`: the Annotator before step `i * interval`, holding no events.
    private let checkpoints: [Annotator]
    /// `blockStarts[i]`: where step `i * interval`'s event starts.
    private let blockStarts: [EventStart]
    /// Each step's marks, as bits of `Annotation.Mark.allCases`, and its kind.
    private let markBits: [UInt8]
    private let kinds: [EventKind]
    /// The file as it was read, to tell when it has changed since.
    private let stamp: FileStamp?
    /// The stretch last asked for: its events (and those its explanations looked
    /// ahead at) and its annotations.
    private var cachedBlock: (index: Int, events: [TraceEvent], annotations: [Annotation])?
    public static let interval = 1024

    /// Reads the trace once, taking every step (keeping only marks, kinds and
    /// checkpoints, and where every `interval`th step's event starts) and so
    /// checking it, or reports what `validate` says is wrong with it. No step is
    /// put into words here.
    public init(source: TraceSource) throws(ReuseLabError) {
        var header: TraceHeader?
        var measure: StepMeasure?
        var checkpoints: [Annotator] = []
        var blockStarts: [EventStart] = []
        var markBits: [UInt8] = []
        var kinds: [EventKind] = []
        let stamp = FileStamp(source)
        try source.replay(notingStarts: { start in
            if start.index % Self.interval == 0 { blockStarts.append(start) }
        }, onHeader: { read in
            header = read
            measure = StepMeasure(header: read)
            checkpoints = [Annotator(header: read)]
        }) { step, annotator in
            markBits.append(Self.bits(step.annotation.marks))
            kinds.append(step.event.kind)
            measure?.apply(step.event)
            if markBits.count % Self.interval == 0 { checkpoints.append(annotator.resting) }
            return true
        }
        guard let header, let measure else { throw ReuseLabError(.badInput, file: source.name, "the trace has no header") }
        self.header = header
        self.source = source
        count = measure.stepCount
        widestTime = measure.widestTime
        self.checkpoints = checkpoints
        self.blockStarts = blockStarts
        self.markBits = markBits
        self.kinds = kinds
        self.stamp = stamp
    }

    public var file: String { source.name }

    /// The last step's number, or nil for a trace without events.
    public var lastSeq: Int? { count == 0 ? nil : count - 1 }

    /// Step `seq`'s annotation; a step the trace does not have is an error.
    public func annotation(_ seq: Int) throws(ReuseLabError) -> Annotation {
        try block(of: seq).annotations[seq % Self.interval]
    }

    /// Step `seq`'s event; a step the trace does not have is an error.
    public func event(_ seq: Int) throws(ReuseLabError) -> TraceEvent {
        try block(of: seq).events[seq % Self.interval]
    }

    /// The stretch that holds step `seq`.
    private func block(of seq: Int) throws(ReuseLabError) -> (events: [TraceEvent], annotations: [Annotation]) {
        guard seq >= 0, seq < count else {
            throw ReuseLabError(.usage, file: file, count == 0 ? "no step \(seq): the trace has no events" : "no step \(seq): steps go from 0 to \(count - 1)")
        }
        return try block(seq / Self.interval)
    }

    /// The state after step `seq` (its event applied), folded from the nearest
    /// checkpoint. A step before 0 gives the state before any event; one past the
    /// end, the state after the last.
    public func state(after seq: Int) throws(ReuseLabError) -> ReplayState {
        // Worked out without seq + 1, which could overflow.
        let applied = seq < 0 ? 0 : (seq >= count ? count : seq + 1)
        let index = min(applied / Self.interval, checkpoints.count - 1)
        var state = checkpoints[index].state
        let more = applied - index * Self.interval
        guard more > 0 else { return state }
        for event in try block(index).events.prefix(more) {
            // Every event was applied once already while annotating, so none fails here.
            do throws(LifecycleViolation) { try state.apply(event) } catch { break }
        }
        return state
    }

    /// The first step after `seq` that `filter` matches.
    public func next(after seq: Int, matching filter: EventFilter) throws(ReuseLabError) -> Annotation? {
        let start = seq < 0 ? 0 : (seq >= count ? count : seq + 1)
        guard start < count else { return nil }
        for index in start..<count {
            // Kinds and marks are all a filter reads.
            let sketch = Annotation(seq: index, time: .zero, kind: kinds[index], frame: 0, text: "", marks: Self.marks(markBits[index]))
            if filter.matches(sketch) { return try annotation(index) }
        }
        return nil
    }

    /// Stretch `index`: its events read again from the file, with those after it
    /// its explanations may look at, and annotated from its checkpoint.
    private func block(_ index: Int) throws(ReuseLabError) -> (events: [TraceEvent], annotations: [Annotation]) {
        if let cached = cachedBlock, cached.index == index { return (cached.events, cached.annotations) }
        let first = index * Self.interval
        let steps = min(Self.interval, count - first)
        let wanted = min(Self.interval + Annotator.lookAhead, count - first)
        guard index < blockStarts.count, steps > 0 else { throw changed(at: first) }
        if let stamp, stamp != FileStamp(source) { throw changed(at: first) }
        let events: [TraceEvent]
        do throws(ReuseLabError) {
            events = try source.events(header: header, from: blockStarts[index], count: wanted)
        } catch {
            throw changed(at: first)
        }
        // A trace read whole once numbers its events in order: a stretch read again must too.
        guard events.count == wanted, events.first?.seq == first, events.last?.seq == first + wanted - 1 else { throw changed(at: first) }
        var annotator = checkpoints[index]
        for event in events { annotator.feed(event) }
        if first + wanted == count { annotator.endOfTrace() }
        var annotations: [Annotation] = []
        annotations.reserveCapacity(steps)
        while annotations.count < steps {
            do throws(ReuseLabError) {
                guard let annotation = try annotator.step(file: file) else { throw changed(at: first) }
                annotations.append(annotation)
            } catch {
                throw changed(at: first)
            }
        }
        cachedBlock = (index, events, annotations)
        return (events, annotations)
    }

    /// The error for a trace file that no longer reads as it did when the session began.
    private func changed(at seq: Int) -> ReuseLabError {
        ReuseLabError(.badInput, file: file, "the trace changed while it was being stepped through: step \(seq) on no longer reads as it did; start the replay again")
    }

    static func bits(_ marks: Set<Annotation.Mark>) -> UInt8 {
        var bits: UInt8 = 0
        for (index, mark) in Annotation.Mark.allCases.enumerated() where marks.contains(mark) { bits |= 1 << UInt8(index) }
        return bits
    }

    static func marks(_ bits: UInt8) -> Set<Annotation.Mark> {
        Set(Annotation.Mark.allCases.enumerated().filter { bits & (1 << UInt8($0.offset)) != 0 }.map(\.element))
    }
}

/// A file's size and modification time, to tell whether it changed between two readings.
struct FileStamp: Equatable {
    let size: Int
    let modified: Date?

    /// The stamp of a source's file now; nil for bytes in memory, or a file gone.
    init?(_ source: TraceSource) {
        guard case .file(let path) = source,
              let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? Int else { return nil }
        self.size = size
        modified = attributes[.modificationDate] as? Date
    }
}
