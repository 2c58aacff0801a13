import TraceModel
import ToolSupport
import TraceCoding

/// What a listing must know before its first line, measured as the trace is
/// read: how many steps there are and how wide the time column gets. It checks
/// nothing: the replay that follows does (see `TraceSource.listingMeasure`).
public struct StepMeasure: TraceFolder {
    public let header: TraceHeader
    public private(set) var stepCount = 0
    /// The widest step time as the listing prints it ("916.7 ms").
    public private(set) var widestTime = 4
    private var lastTime: VirtualTime?

    public init(header: TraceHeader) {
        self.header = header
    }

    public mutating func apply(_ event: TraceEvent) {
        stepCount += 1
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
}

extension TraceSource {
    /// How many steps the trace has and how wide its time column gets, before
    /// its first step is listed. The trace's tail says both when its last time
    /// shows a tenth ("6066.7 ms"): times never go backwards, so none is wider.
    /// Otherwise ("2444200 ms") a first reading measures the times, until one is
    /// as wide as a time before the last can be, or to the end. Neither checks
    /// the trace (the replay after it does); a bad trace the first reading meets
    /// is refused with `validate`'s error.
    public func listingMeasure() throws(ReuseLabError) -> (steps: Int, widestTime: Int) {
        let tail = self.tail
        let widest = tail.map { StepMeasure.widestTime(upTo: $0.lastTime) }
        if let tail, let widest, ReadableNumber.ms(tail.lastTime).count == widest { return (tail.lastSeq + 1, widest) }
        var measure: StepMeasure?
        do throws(ReuseLabError) {
            try stream(onHeader: { measure = StepMeasure(header: $0) }, onEvent: { event, _ in
                measure?.apply(event)
                return measure?.widestTime != widest
            })
        } catch {
            throw validationError() ?? error
        }
        guard let measure else { throw ReuseLabError(.badInput, file: name, "the trace has no header") }
        return (tail.map { $0.lastSeq + 1 } ?? measure.stepCount, measure.widestTime)
    }
}
