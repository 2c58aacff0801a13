import TraceModel

/// The main thread as the trace tells it: a slice for each piece of work that
/// held it (`mainThreadBlocked`: a synchronous `Data(contentsOf:)`, decoding an
/// image, the app's own `cellForRowAt` cost), named by its cause, and on a track
/// of their own the hitches (`hitch`): the frames the display could not draw
/// because of that work, from the first missed frame to when drawing resumed.
///
/// A hitch spans many pieces of work and starts inside one, so hitches cannot nest
/// under the work slices: they get the "hitches" track beside the main thread.
/// The main thread does one thing at a time, so its slices never overlap in a
/// recording; in a hand-made trace that says otherwise, the overlapping work goes
/// on a lane of its own below ("main thread (overlapping work 2)"), and so do
/// overlapping hitches, so every track stays valid.
struct MainThreadTracks {
    private var work = SliceLanes(process: .app, firstSortIndex: TimelineTrack.mainThread.sortIndex,
                                  firstTrack: .mainThread) { "main thread (overlapping work \($0 + 1))" }
    private var hitches = SliceLanes(process: .app, firstSortIndex: TimelineTrack.hitches.sortIndex,
                                     firstTrack: .hitches) { "hitches (overlapping \($0 + 1))" }

    mutating func draw(_ event: TraceEvent, naming: RowNaming, writer: TraceEventWriter) {
        switch event.body {
        case .mainThreadBlocked(let ms, let cause):
            let start = Microseconds.of(event.time)
            let end = Microseconds.sum(start, Microseconds.of(milliseconds: ms))
            let lane = work.place(from: start, to: end, writer: writer)
            writer.begin(.complete, on: work.track(lane), at: start, name: cause.isEmpty ? "main thread busy" : cause)
            writer.duration(Microseconds.difference(end, start))
            writer.args(json: event.jsonLine(naming: naming))
            writer.end()
        case .hitch(_, let missedFrames, let ms, _):
            // Recorded when drawing resumes: the hitch is the `ms` before it.
            let end = Microseconds.of(event.time)
            let start = Microseconds.difference(end, Microseconds.of(milliseconds: ms))
            let lane = hitches.place(from: start, to: end, writer: writer)
            writer.begin(.complete, on: hitches.track(lane), at: start,
                         name: "hitch: \(missedFrames) frame\(missedFrames == 1 ? "" : "s") missed")
            writer.duration(Microseconds.difference(end, start))
            writer.args(json: event.jsonLine(naming: naming))
            writer.end()
        default:
            break
        }
    }
}
