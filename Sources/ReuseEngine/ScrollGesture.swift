import TraceModel

/// What moves the content while a script step runs: the content offset it wants
/// at a given time, and whether it is done. Frames ask it at their own times, so a
/// frame drawn late (after a hitch) jumps to where the finger already is.
protocol ScrollGesture {
    mutating func offset(at time: VirtualTime) -> Double
    /// True once the frame at `time` is the gesture's last.
    func isFinished(at time: VirtualTime) -> Bool
    /// The scrollable range changed, and corrections moved the content offset by
    /// `shift` since the gesture began (a self-sizing table): a gesture that stops
    /// at the range's edges follows them, in its own coordinates (`offset − shift`).
    mutating func follow(range: ClosedRange<Double>, shiftedBy shift: Double)
}

extension ScrollGesture {
    mutating func follow(range: ClosedRange<Double>, shiftedBy shift: Double) {}
}

/// A finger dragging at steady speed.
struct DragGesture: ScrollGesture {
    let start: Double
    let distance: Double
    let startTime: VirtualTime
    let duration: VirtualTime

    func offset(at time: VirtualTime) -> Double {
        ScrollMotion.dragOffset(start: start, distance: distance, elapsed: time - startTime, duration: duration)
    }

    func isFinished(at time: VirtualTime) -> Bool { time - startTime >= duration }
}

/// The scroll view decelerating after a flick.
struct FlingGesture: ScrollGesture {
    var motion: ScrollMotion.Deceleration
    let startTime: VirtualTime
    var range: ClosedRange<Double>
    var stopped = false

    mutating func follow(range: ClosedRange<Double>, shiftedBy shift: Double) {
        self.range = (range.lowerBound - shift)...(range.upperBound - shift)
    }

    mutating func offset(at time: VirtualTime) -> Double {
        let hitEdge = motion.advance(to: Int((time - startTime).microseconds / 1000), within: range)
        stopped = hitEdge || motion.isResting
        return ScrollMotion.rounded(motion.offset)
    }

    func isFinished(at time: VirtualTime) -> Bool { stopped }
}

/// `scrollToRow(…, animated: true)`: ease in and out over 300 ms.
struct ScrollAnimation: ScrollGesture {
    let start: Double
    let target: Double
    let startTime: VirtualTime

    func offset(at time: VirtualTime) -> Double {
        let fraction = Double((time - startTime).microseconds) / Double(ScrollMotion.scrollAnimation.microseconds)
        return ScrollMotion.rounded(start + (target - start) * ScrollMotion.easeInOut(fraction))
    }

    func isFinished(at time: VirtualTime) -> Bool { time - startTime >= ScrollMotion.scrollAnimation }
}

/// `scrollToRow(…, animated: false)`: the next frame shows the target.
struct ScrollJump: ScrollGesture {
    let target: Double
    func offset(at time: VirtualTime) -> Double { ScrollMotion.rounded(target) }
    func isFinished(at time: VirtualTime) -> Bool { true }
}
