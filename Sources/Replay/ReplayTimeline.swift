import TraceFormat

/// A trace to step through, back and forth, in memory that does not grow with
/// what is shown: the events, one byte of marks per step, and the `Annotator`
/// itself kept every `interval` steps. A step's explanation is annotated again
/// from the checkpoint before it when it is wanted (the block around the
/// current step is kept), and the state after a step is folded from there.
/// Checkpoints share the trace's events and copy only the state: cells and
/// requests are kept in `ChunkedList`s, so a checkpoint's cost does not grow
/// with the trace.
public final class ReplayTimeline {
    public let trace: Trace
    public let file: String
    /// `checkpoints[i]`: the Annotator before step `i * interval`.
    private let checkpoints: [Annotator]
    /// Each step's marks, as bits of `Annotation.Mark.allCases`.
    private let markBits: [UInt8]
    /// The annotations of the block last asked for.
    private var cachedBlock: (index: Int, annotations: [Annotation])?
    public static let interval = 1024

    /// Annotates every event of `trace` once (keeping only marks and
    /// checkpoints), or reports the first that cannot happen.
    public init(trace: Trace, file: String) throws(ReuseLabError) {
        var annotator = Annotator(trace: trace)
        var checkpoints: [Annotator] = []
        var markBits: [UInt8] = []
        markBits.reserveCapacity(trace.events.count)
        while true {
            if markBits.count % Self.interval == 0 { checkpoints.append(annotator) }
            guard let annotation = try annotator.step(file: file) else { break }
            markBits.append(Self.bits(annotation.marks))
        }
        self.trace = trace
        self.file = file
        self.checkpoints = checkpoints
        self.markBits = markBits
    }

    /// How many steps (events) the trace has.
    public var count: Int { markBits.count }

    /// The last step's number, or nil for a trace without events.
    public var lastSeq: Int? { markBits.isEmpty ? nil : markBits.count - 1 }

    /// Step `seq`'s annotation (0 ≤ seq < count).
    public func annotation(_ seq: Int) -> Annotation {
        let block = seq / Self.interval
        if let cached = cachedBlock, cached.index == block { return cached.annotations[seq - block * Self.interval] }
        var annotator = checkpoints[block]
        var annotations: [Annotation] = []
        annotations.reserveCapacity(Self.interval)
        // Every event was annotated once already: none fails here.
        while annotations.count < Self.interval, let annotation = try? annotator.step(file: file) {
            annotations.append(annotation)
        }
        cachedBlock = (block, annotations)
        return annotations[seq - block * Self.interval]
    }

    /// The state after step `seq` (its event applied), folded from the nearest
    /// checkpoint. A step before 0 gives the state before any event; one past the
    /// end, the state after the last.
    public func state(after seq: Int) -> ReplayState {
        let applied = min(max(seq + 1, 0), trace.events.count)
        let index = min(applied / Self.interval, checkpoints.count - 1)
        var state = checkpoints[index].state
        for event in trace.events[(index * Self.interval)..<applied] {
            // Every event was applied once already while annotating, so none fails here.
            do throws(LifecycleViolation) { try state.apply(event) } catch { break }
        }
        return state
    }

    /// The first step after `seq` that `filter` matches.
    public func next(after seq: Int, matching filter: EventFilter) -> Annotation? {
        let start = max(seq + 1, 0)
        guard start < markBits.count else { return nil }
        for index in start..<markBits.count {
            let event = trace.events[index]
            // Kinds and marks are all a filter reads.
            let sketch = Annotation(seq: index, time: event.time, kind: event.kind, frame: 0, text: "", marks: Self.marks(markBits[index]))
            if filter.matches(sketch) { return annotation(index) }
        }
        return nil
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
