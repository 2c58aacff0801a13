/// A group of tracks ("lanes") whose slices must never overlap on one track, as
/// the trace-event format requires of slices on a thread (they may only nest):
/// each slice goes on the lowest lane free for its whole span, and a new lane is
/// made only when every lane is busy.
///
/// A lane is either held (a request running on a connection: `acquire` at its
/// start, `release` at its end) or busy until the end of the slices placed on it
/// (`place`, for slices known whole: main-thread work, hitches). A slice placed on
/// a lane starts no earlier than the end of everything already on that lane, so
/// nothing on a lane can overlap, in whatever order slices arrive.
struct SliceLanes {
    /// What the lanes are called, and where they go.
    let process: TimelineProcess
    /// Lane `n`'s name ("connection 1" for lane 0).
    let name: @Sendable (Int) -> String
    /// Lane `n`'s `thread_sort_index` is `firstSortIndex + n`.
    let firstSortIndex: Int
    /// The track lane 0 draws on, when it is a fixed one (the main thread).
    let firstTrack: TimelineTrack?

    /// Per lane: when it is free again, or nil while it is held.
    private var freeFrom: [Int64?] = []
    private var tracks: [TimelineTrack] = []

    init(process: TimelineProcess, firstSortIndex: Int, firstTrack: TimelineTrack? = nil, name: @escaping @Sendable (Int) -> String) {
        self.process = process
        self.firstSortIndex = firstSortIndex
        self.firstTrack = firstTrack
        self.name = name
    }

    /// How many lanes have been made.
    var count: Int { tracks.count }

    /// The track lane `lane` draws on.
    func track(_ lane: Int) -> TimelineTrack { tracks[lane] }

    /// Holds the lowest lane free at `start` until `release`.
    mutating func acquire(at start: Int64, writer: TraceEventWriter) -> Int {
        let lane = lowestFree(at: start, writer: writer)
        freeFrom[lane] = nil
        return lane
    }

    /// Lets `lane` go at `end`.
    mutating func release(_ lane: Int, at end: Int64) {
        guard freeFrom.indices.contains(lane) else { return }
        freeFrom[lane] = end
    }

    /// The lowest lane free from `start` on, busy from then until `end`.
    mutating func place(from start: Int64, to end: Int64, writer: TraceEventWriter) -> Int {
        let lane = lowestFree(at: start, writer: writer)
        freeFrom[lane] = max(start, end)
        return lane
    }

    private mutating func lowestFree(at start: Int64, writer: TraceEventWriter) -> Int {
        if let lane = freeFrom.firstIndex(where: { free in free.map { $0 <= start } ?? false }) {
            return lane
        }
        let lane = tracks.count
        if lane == 0, let firstTrack {
            tracks.append(firstTrack)
        } else {
            tracks.append(TimelineTrack(process: process, tid: writer.newLaneTid(), name: name(lane), sortIndex: firstSortIndex + lane))
        }
        freeFrom.append(0)
        return lane
    }
}
