import TraceModel

/// When the list was moving: a slice while a finger drags it
/// (`scrollViewWillBeginDragging` to `scrollViewDidEndDragging`) and one while it
/// decelerates after a fling (to `scrollViewDidEndDecelerating`, or the next
/// touch), so a hitch can be seen to fall while scrolling or not. One slice at a
/// time: a new one ends the one before.
struct ScrollTrack {
    private struct Motion {
        var name: String
        var since: Int64
        var offset: Double
        var seq: Int
    }

    private var motion: Motion?

    mutating func draw(_ event: TraceEvent, writer: TraceEventWriter) {
        let time = Microseconds.of(event.time)
        switch event.body {
        case .scrollViewWillBeginDragging(let offset):
            close(at: time, offset: offset, writer: writer)
            motion = Motion(name: "dragging", since: time, offset: offset, seq: event.seq)
        case .scrollViewDidEndDragging(let offset, let willDecelerate):
            close(at: time, offset: offset, writer: writer)
            if willDecelerate { motion = Motion(name: "decelerating", since: time, offset: offset, seq: event.seq) }
        case .scrollViewDidEndDecelerating(let offset):
            close(at: time, offset: offset, writer: writer)
        default:
            break
        }
    }

    /// Ends the motion under way at `end`; `offset` is where it stopped, if known.
    mutating func close(at end: Int64, offset: Double?, writer: TraceEventWriter) {
        guard let motion else { return }
        self.motion = nil
        writer.begin(.complete, on: .scrolling, at: motion.since, name: motion.name)
        writer.duration(Microseconds.difference(end, motion.since))
        writer.arg("fromOffset", motion.offset)
        if let offset { writer.arg("toOffset", offset) }
        writer.arg("fromSeq", motion.seq)
        writer.end()
    }
}
