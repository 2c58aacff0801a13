/// One metric of one strategy over several recordings (one per seed): the
/// median, its 95% interval, the lowest and the highest value.
///
/// The median, not the mean, because one unlucky seed (a request in the long
/// tail landing on the first screen) should not move the figure a reader takes
/// away; the range is kept beside it so that reader sees how much chance alone
/// moves the metric. The interval (`MedianInterval`, from six recordings up) is
/// where the median itself may lie, which is what decides whether a difference
/// means anything (see `BestMark`).
public struct MetricSpread: Sendable, Equatable {
    public var median: Double
    public var min: Double
    public var max: Double
    /// How many recordings measured the metric.
    public var count: Int
    /// The median's 95% interval; nil for fewer than `MedianInterval.minimumCount` values.
    public var interval: MedianInterval?

    public init(median: Double, min: Double, max: Double, count: Int, interval: MedianInterval? = nil) {
        self.median = median
        self.min = min
        self.max = max
        self.count = count
        self.interval = interval
    }

    /// The spread of `values`; nil for none. With an even count the median is the
    /// mean of the two middle values. NaN never comes from a metric; it would sort last.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted { $0 < $1 || (!$0.isNaN && $1.isNaN) }
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted[0]
        max = sorted[sorted.count - 1]
        count = sorted.count
        interval = MedianInterval(sorted)
    }

    /// One value: median, min and max all equal (a single recording).
    public init(single value: Double) {
        self.init(median: value, min: value, max: value, count: 1)
    }

    /// True when every recording gave the same value.
    public var isExact: Bool { min == max }
}
