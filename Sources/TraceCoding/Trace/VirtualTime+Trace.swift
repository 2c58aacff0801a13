import TraceModel
import ToolSupport

extension VirtualTime {
    /// The time a trace writes as `"t"` (milliseconds, to the microsecond), as
    /// every decoder of an event reads it.
    init(traceMilliseconds ms: Double) {
        self.init(microseconds: Int64((ms * 1000).rounded()))
    }
}

extension ReadableNumber {
    /// "1583.3 ms".
    public static func ms(_ time: VirtualTime) -> String { ms(time.milliseconds) }
}
