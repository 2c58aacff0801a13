import TraceModel
import ToolSupport
import TraceCoding

/// What a listing must know before its first line, measured as the trace is
/// read: how many steps there are and how wide the time column gets. It checks
/// nothing: `ReplaySurvey` measures while checking, and a streamed replay checks
/// on the thread that explains (see `TraceSource.annotateOnce`).
public struct StepMeasure: TraceFolder {
    public let header: TraceHeader
    public private(set) var stepCount = 0
    /// The widest step time as the listing prints it ("916.7 ms").
    public private(set) var widestTime = 4
    private var lastTime: VirtualTime?
    /// The last new time as the listing spells it, rewritten in place for the next
    /// (a `String` made for each of a million steps cost a tenth of the reading thread).
    private var timeText: [UInt8] = []

    public init(header: TraceHeader) {
        self.header = header
    }

    public mutating func apply(_ event: TraceEvent) {
        stepCount += 1
        // Times repeat within a pass: each is measured once.
        if event.time != lastTime {
            lastTime = event.time
            timeText.removeAll(keepingCapacity: true)
            timeText.appendMilliseconds(event.time.milliseconds)
            widestTime = max(widestTime, timeText.count)
        }
    }

    /// The widest the time column can get in a trace whose last step is at `last`
    /// (times never go backwards): the whole milliseconds of `last`, a decimal and
    /// " ms". A step time with no tenths is narrower ("5500 ms"), so a trace may
    /// need less than this.
    public static func widestTime(upTo last: VirtualTime) -> Int {
        max(4, ReadableNumber.ms(last).count, String(last.microseconds / 1000).count + ".0 ms".count)
    }
}

/// A first pass of a replay: the trace checked as `validate` checks it (through
/// `ReplayState`), and measured (`StepMeasure`).
public struct ReplaySurvey: TraceFolder {
    public private(set) var state: ReplayState
    private var measure: StepMeasure

    public init(header: TraceHeader) {
        state = ReplayState(header: header)
        measure = StepMeasure(header: header)
    }

    public mutating func apply(_ event: TraceEvent) throws(LifecycleViolation) {
        try state.apply(event)
        measure.apply(event)
    }

    public var header: TraceHeader { state.header }
    public var stepCount: Int { state.eventCount }
    public var widestTime: Int { measure.widestTime }
}
