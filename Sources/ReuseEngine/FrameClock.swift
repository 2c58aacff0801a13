import TraceModel

/// The virtual clock: display frames at a fixed rate, counted from launch.
///
/// Time never comes from the wall clock; frame `n` is at `n / fps` seconds,
/// computed in whole microseconds so every machine gets the same numbers.
public struct FrameClock: Sendable {
    public let fps: Int
    public private(set) var frame: Int = 0

    public init(fps: Int) { self.fps = fps }

    public var now: VirtualTime { time(ofFrame: frame) }

    public func time(ofFrame frame: Int) -> VirtualTime {
        .vsync(ofFrame: frame, fps: fps)
    }

    /// Moves to the next frame and returns its time.
    @discardableResult
    public mutating func tick() -> VirtualTime {
        frame += 1
        return now
    }
}
