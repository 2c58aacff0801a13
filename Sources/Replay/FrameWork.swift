import TraceModel

/// The main thread's work behind a hitch, as the engine decides that a frame is
/// late: the `mainThreadBlocked` time from the vsync of the frame before the hitch
/// to the hitch. Only the blocks since the last frame drawn are kept, since no
/// later hitch reaches back past it: a screenful of work, not the whole trace.
struct FrameWork: Sendable {
    private var blocks: [(start: VirtualTime, ms: Double)] = []
    private let fps: Int

    init(fps: Int) { self.fps = max(fps, 1) }

    /// One frame's budget, in ms: the work a frame may have behind it and still be on time.
    var budgetMs: Double { 1000 / Double(fps) }

    private func vsync(_ frame: Int) -> VirtualTime { .vsync(ofFrame: max(frame, 0), fps: fps) }

    /// The work behind a hitch whose first missed frame is `frame`, in ms; nil when
    /// the trace records no main-thread work then (a hand-written trace).
    func work(beforeMissing frame: Int, at time: VirtualTime) -> Double? {
        let start = vsync(max(frame, 1) - 1)
        let inside = blocks.filter { $0.start >= start && $0.start < time }
        return inside.isEmpty ? nil : inside.reduce(0) { $0 + $1.ms }
    }

    /// Call with each event, after reading `work` for a hitch.
    mutating func note(_ event: TraceEvent) {
        switch event.body {
        case .mainThreadBlocked(let ms, _):
            blocks.append((event.time, ms))
        case .frame(let snapshot):
            forget(before: vsync(snapshot.frame))
        case .hitch(let frame, let missed, _, _):
            let (drawn, overflow) = frame.addingReportingOverflow(missed)
            forget(before: vsync(overflow ? .max : drawn))
        default:
            break
        }
    }

    /// Drops the blocks no later hitch can count: those before the vsync of a frame drawn.
    private mutating func forget(before time: VirtualTime) {
        if let first = blocks.first, first.start < time { blocks.removeAll { $0.start < time } }
    }
}
