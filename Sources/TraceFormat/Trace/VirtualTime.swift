/// A moment on the simulation's virtual clock, in whole microseconds since launch.
///
/// Whole numbers keep recordings exact and identical on every machine; traces
/// show the time in milliseconds (`"t": 16.666`).
public struct VirtualTime: Sendable, Equatable, Comparable, Hashable, CustomStringConvertible {
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }
    public static func milliseconds(_ ms: Int) -> VirtualTime { VirtualTime(microseconds: Int64(ms) * 1000) }

    public static let zero = VirtualTime(microseconds: 0)

    public var milliseconds: Double { Double(microseconds) / 1000 }

    public static func < (a: VirtualTime, b: VirtualTime) -> Bool { a.microseconds < b.microseconds }
    public static func + (a: VirtualTime, b: VirtualTime) -> VirtualTime { VirtualTime(microseconds: a.microseconds + b.microseconds) }
    public static func - (a: VirtualTime, b: VirtualTime) -> VirtualTime { VirtualTime(microseconds: a.microseconds - b.microseconds) }

    public var description: String { JSONWriter.formatNumber(milliseconds) + " ms" }
}
