import TraceModel

/// One step the `Annotator` took: its annotation and the event it explains.
///
/// A named struct, not a tuple: an optional tuple of the two is destroyed through
/// the runtime's generic tuple witness, which cost a replay about a twentieth of
/// its explaining thread (callgrind, 110k events).
public struct AnnotatedStep {
    public let annotation: Annotation
    public let event: TraceEvent
}
