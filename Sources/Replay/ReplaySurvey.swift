import TraceFormat

/// The first pass of a streamed replay: the trace checked as `validate` checks
/// it (through `ReplayState`), with what the output must know before its first
/// line — how many steps there are and how wide the time column gets.
public struct ReplaySurvey: TraceFolder {
    public private(set) var state: ReplayState
    /// The widest step time as the listing prints it ("916.7 ms").
    public private(set) var widestTime = 4
    private var lastTime: VirtualTime?

    public init(header: TraceHeader) {
        state = ReplayState(header: header)
    }

    public mutating func apply(_ event: TraceEvent) throws(LifecycleViolation) {
        try state.apply(event)
        // Times repeat within a pass: each is measured once.
        if event.time != lastTime {
            lastTime = event.time
            widestTime = max(widestTime, ReadableNumber.ms(event.time).count)
        }
    }

    /// The widest the time column can get in a trace whose last step is at `last`
    /// (times never go backwards): the whole milliseconds of `last`, a decimal and
    /// " ms". A step time with no tenths is narrower ("5500 ms"), so a trace may
    /// need less than this.
    public static func widestTime(upTo last: VirtualTime) -> Int {
        max(4, ReadableNumber.ms(last).count, String(last.microseconds / 1000).count + ".0 ms".count)
    }

    public var header: TraceHeader { state.header }
    public var stepCount: Int { state.eventCount }
}
