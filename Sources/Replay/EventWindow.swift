import TraceModel

/// The stretch of a trace the `Annotator` can see: from the event it explains
/// next to at most `Annotator.lookAhead` events after it. Events come in at the
/// end (all at once for a trace in memory, one by one while a trace is read)
/// and leave from the front once explained, so annotating a trace of any length
/// holds only this window.
///
/// Indices are the events' places in the whole trace. Where each event's layout
/// pass ends (the first later event with another time) is worked out as events
/// come in: a pass still open ends at the end of what has come in so far.
struct EventWindow {
    private var events: [TraceEvent] = []
    /// The index (in the whole trace) of `events[head]`.
    private var base = 0
    private var head = 0
    /// `passEnds[i - base]`: where event i's pass ends, once a later time came.
    private var passEnds: [Int] = []
    /// The first event of the pass still open.
    private var openPass = 0
    /// True once no more events will come.
    private(set) var ended = false
    /// The index of the trace's first frame, once it has come in.
    private(set) var firstFrame: Int?
    /// True for a whole trace given at once: its array is shared, never compacted,
    /// so copies of the window (an Annotator kept as a checkpoint) cost nothing.
    private var isWhole = false

    init() {}

    /// A whole trace, all its events at once.
    init(whole events: [TraceEvent]) {
        self.events = events
        isWhole = true
        ended = true
        var ends = [Int](repeating: events.count, count: events.count)
        var index = events.count - 2
        while index >= 0 {
            ends[index] = events[index + 1].time == events[index].time ? ends[index + 1] : index + 1
            index -= 1
        }
        passEnds = ends
        firstFrame = events.firstIndex { $0.kind == .frame }
        openPass = events.count
    }

    /// An empty window whose next event is the trace's event `index`: for an
    /// Annotator kept as a checkpoint without the events it had read ahead, which
    /// are fed to it again. `firstFrame` is the trace's first frame, if it came before.
    init(resumingAt index: Int, firstFrame: Int?) {
        base = index
        openPass = index
        self.firstFrame = firstFrame
    }

    /// How many events the window keeps in memory now (explained ones not yet compacted away included).
    var storedCount: Int { events.count }

    /// How many events have come in so far.
    var total: Int { base + events.count - head }

    mutating func append(_ event: TraceEvent) {
        events.append(event)
        passEnds.append(Int.max)
        noteArrival(at: events.count - 1)
    }

    /// The event just stored at `position`: the pass before it ends if its time is
    /// new. Times are read in place: copying an event to compare cost more than the rest.
    private mutating func noteArrival(at position: Int) {
        let index = position - head + base
        if position > head, events[position - 1].time != events[position].time {
            for pass in max(openPass, base)..<index { passEnds[pass - base + head] = index }
            openPass = index
        }
        if firstFrame == nil, events[position].kind == .frame { firstFrame = index }
    }

    /// No more events: the open pass ends at the trace's end.
    mutating func end() {
        for pass in max(openPass, base)..<total { passEnds[pass - base + head] = total }
        openPass = total
        ended = true
    }

    subscript(index: Int) -> TraceEvent { events[index - base + head] }

    /// Whether `test` holds for event `index`, read in place.
    func event(_ index: Int, satisfies test: (TraceEvent) -> Bool) -> Bool {
        test(events[index - base + head])
    }

    /// Events `range` (clamped to what has come in).
    func slice(_ range: Range<Int>) -> ArraySlice<TraceEvent> {
        let lower = max(range.lowerBound, base), upper = min(range.upperBound, total)
        guard lower < upper else { return events[events.endIndex..<events.endIndex] }
        return events[(lower - base + head)..<(upper - base + head)]
    }

    /// The index (in the whole trace) of the first event in `range` that
    /// `predicate` accepts. (A slice's own indices are the window's, not the trace's.)
    func firstIndex(in range: Range<Int>, where predicate: (TraceEvent) -> Bool) -> Int? {
        let part = slice(range)
        return part.firstIndex(where: predicate).map { $0 - part.startIndex + max(range.lowerBound, base) }
    }

    /// Where event `index`'s pass ends; the end of what has come in while it is open.
    func passEnd(_ index: Int) -> Int { min(passEnds[index - base + head], total) }

    /// Forgets the events before `index`.
    mutating func drop(before index: Int) {
        let count = min(index - base, events.count - head)
        guard count > 0 else { return }
        head += count
        base += count
        // Compact now and then, so dropping stays linear overall.
        if !isWhole && head > 4096 && head * 2 > events.count {
            events.removeFirst(head)
            passEnds.removeFirst(head)
            head = 0
        }
    }
}
