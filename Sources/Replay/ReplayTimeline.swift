import TraceFormat

/// A trace annotated once, step by step, with the replay state kept at regular
/// checkpoints, so that stepping back and forth shows the same explanations again
/// and the state after any step is rebuilt by folding at most `interval` events.
public struct ReplayTimeline: Sendable {
    public let trace: Trace
    /// One annotation per event, in order: `annotations[n].seq == n`.
    public let annotations: [Annotation]
    /// `checkpoints[i]` is the state after the first `i * interval` events.
    private let checkpoints: [ReplayState]
    public static let interval = 256

    /// Annotates every event of `trace`, or reports the first that cannot happen.
    public init(trace: Trace, file: String) throws(ReuseLabError) {
        var annotator = Annotator(trace: trace)
        var annotations: [Annotation] = []
        annotations.reserveCapacity(trace.events.count)
        var checkpoints = [annotator.state]
        while let annotation = try annotator.step(file: file) {
            annotations.append(annotation)
            if annotations.count % Self.interval == 0 { checkpoints.append(annotator.state) }
        }
        self.trace = trace
        self.annotations = annotations
        self.checkpoints = checkpoints
    }

    /// How many steps (events) the trace has.
    public var count: Int { annotations.count }

    /// The last step's number, or nil for a trace without events.
    public var lastSeq: Int? { annotations.isEmpty ? nil : annotations.count - 1 }

    /// The state after step `seq` (its event applied), folded from the nearest
    /// checkpoint. A step before 0 gives the state before any event; one past the
    /// end, the state after the last.
    public func state(after seq: Int) -> ReplayState {
        let applied = min(max(seq + 1, 0), trace.events.count)
        let index = min(applied / Self.interval, checkpoints.count - 1)
        var state = checkpoints[index]
        for event in trace.events[(index * Self.interval)..<applied] {
            // Every event was applied once already while annotating, so none fails here.
            do throws(LifecycleViolation) { try state.apply(event) } catch { break }
        }
        return state
    }

    /// The first step after `seq` that `filter` matches.
    public func next(after seq: Int, matching filter: EventFilter) -> Annotation? {
        let start = max(seq + 1, 0)
        guard start < annotations.count else { return nil }
        return annotations[start...].first { filter.matches($0) }
    }
}
