/// Anything built by folding a trace's events in order, starting from its header:
/// the replay state itself, and everything that reads a trace through it
/// (metrics, annotations, lessons, the differ).
public protocol TraceFolder {
    init(header: TraceHeader)
    /// Folds one event, or explains why it cannot happen now.
    mutating func apply(_ event: TraceEvent) throws(LifecycleViolation)
}

extension ReplayState: TraceFolder {}
