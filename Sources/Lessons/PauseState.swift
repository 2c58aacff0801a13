import TraceModel

/// The replay state at a lesson's successive pauses, folded forward once
/// (the walkthrough behind the page, and `lesson check`).
struct PauseState {
    let loaded: LoadedLesson
    private var state: ReplayState
    private var folded = 0

    init(loaded: LoadedLesson) {
        self.loaded = loaded
        state = ReplayState(header: loaded.trace.header)
    }

    /// The state before event `pause` (steps go forward; a step that goes back starts again).
    mutating func fold(to pause: Int) -> ReplayState {
        let events = loaded.trace.events
        if pause < folded {
            state = ReplayState(header: loaded.trace.header)
            folded = 0
        }
        while folded < min(pause, events.count) {
            // The trace was checked when the lesson was loaded: this fold cannot fail.
            guard (try? state.apply(events[folded])) != nil else { break }
            folded += 1
        }
        return state
    }
}
