import TraceModel

/// The content offset of a gesture at each frame: a drag at steady speed, a fling
/// that decelerates like `UIScrollView`, or an animated `scrollToRow`.
///
/// Only addition and multiplication are used, so every machine computes the same
/// offsets to the last bit; offsets are rounded to a thousandth of a point.
public enum ScrollMotion {
    public static func rounded(_ offset: Double) -> Double {
        (offset * 1000).rounded() / 1000
    }

    /// Offset of a drag of `distance` points lasting `duration`, `elapsed` into it.
    public static func dragOffset(start: Double, distance: Double, elapsed: VirtualTime, duration: VirtualTime) -> Double {
        let fraction = min(1, Double(elapsed.microseconds) / Double(duration.microseconds))
        return rounded(start + distance * fraction)
    }

    /// Deceleration after a fling, simulated in one-millisecond ticks: each tick moves
    /// by the current velocity and multiplies the velocity by the rate (0.998 for
    /// `.normal`), as `UIScrollView.decelerationRate` is defined per millisecond.
    public struct Deceleration {
        public private(set) var offset: Double
        public private(set) var velocity: Double // points per second
        public let rate: Double
        public private(set) var elapsedMilliseconds = 0
        /// Below this speed the scroll view comes to rest.
        public static let restingSpeed = 10.0

        public init(offset: Double, velocity: Double, rate: Double) {
            self.offset = offset
            self.velocity = velocity
            self.rate = rate
        }

        public var isResting: Bool { abs(velocity) < Self.restingSpeed }

        /// Advances to `milliseconds` after the release, stopping at `range`'s edges.
        /// Returns true if an edge was hit.
        public mutating func advance(to milliseconds: Int, within range: ClosedRange<Double>) -> Bool {
            while elapsedMilliseconds < milliseconds && !isResting {
                offset += velocity / 1000
                velocity *= rate
                elapsedMilliseconds += 1
                if offset <= range.lowerBound || offset >= range.upperBound {
                    offset = min(max(offset, range.lowerBound), range.upperBound)
                    velocity = 0
                    return true
                }
            }
            return false
        }
    }

    /// How long an animated `scrollToRow` takes.
    public static let scrollAnimation = VirtualTime.milliseconds(300)

    /// Ease-in-ease-out progress (0...1) for an animation `fraction` of the way through.
    public static func easeInOut(_ fraction: Double) -> Double {
        let t = min(max(fraction, 0), 1)
        return t * t * (3 - 2 * t)
    }
}
