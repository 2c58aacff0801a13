import TraceModel

// Sums of values taken from a trace. Each value is bounded by the reader, but a huge
// hand-made trace could add enough of them to overflow; a sum stops at the largest
// value instead of crashing.

extension Int {
    /// `self + other`, or `Int.max` if that overflows.
    func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}

extension VirtualTime {
    /// `self + other`, or the largest time if that overflows.
    func saturatingAdd(_ other: VirtualTime) -> VirtualTime {
        let (sum, overflow) = microseconds.addingReportingOverflow(other.microseconds)
        return VirtualTime(microseconds: overflow ? .max : sum)
    }
}
