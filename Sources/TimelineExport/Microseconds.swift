import TraceModel

/// Times on the exported timeline: whole microseconds of the trace's virtual
/// clock, the unit Chrome's trace-event format gives `ts` and `dur` in.
///
/// A trace's times are already whole microseconds (`VirtualTime`), so `ts` is
/// exact and needs no rounding; durations written in milliseconds (`ms` of
/// `mainThreadBlocked` and `hitch`) are rounded to the microsecond. Every
/// conversion and sum saturates instead of trapping: the reader bounds these
/// numbers (`t` up to 10¹⁰ ms, `ms` up to 10⁹), but nothing here relies on it.
enum Microseconds {
    /// The largest time written: far beyond any trace, and still exact as a
    /// JSON number and in nanoseconds (Perfetto's unit) as a 64-bit integer.
    static let maximum: Int64 = 1 << 52

    /// `time` in microseconds, at most `maximum`.
    static func of(_ time: VirtualTime) -> Int64 {
        min(max(time.microseconds, 0), maximum)
    }

    /// `ms` milliseconds in whole microseconds, rounded; 0 for anything not a
    /// positive finite number, `maximum` past it.
    static func of(milliseconds ms: Double) -> Int64 {
        guard ms.isFinite, ms > 0 else { return 0 }
        let us = (ms * 1000).rounded()
        return us >= Double(maximum) ? maximum : Int64(us)
    }

    /// `a + b`, at most `maximum` (both are at least 0).
    static func sum(_ a: Int64, _ b: Int64) -> Int64 {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? maximum : min(total, maximum)
    }

    /// `a - b`, at least 0.
    static func difference(_ a: Int64, _ b: Int64) -> Int64 {
        let (rest, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? 0 : max(rest, 0)
    }

    /// Microseconds as milliseconds, for arguments a person reads (`queuedMs`).
    static func milliseconds(_ us: Int64) -> Double {
        Double(us) / 1000
    }
}
