extension Scenario {
    /// Limits that keep a scenario's recording small enough to run on any machine.
    public enum Limits {
        public static let maximumRows = 1_000_000
        /// Sections a table may have (UIKit has no limit; a lesson needs a handful).
        public static let maximumSections = 10_000
        /// The tallest section header, in points.
        public static let maximumHeaderHeight = 10_000.0
        public static let maximumScriptMilliseconds = 3_600_000
        public static let maximumScriptSteps = 10_000
        /// More rows than this on screen at once would make every frame enormous.
        public static let maximumVisibleRows = 1_000
        /// Row heights in points: at least a point (a shorter row would put more rows
        /// on screen than any frame could list), at most ten thousand.
        public static let rowHeights: ClosedRange<Double> = 1...10_000
        /// The viewport's height in points.
        public static let viewportHeights: ClosedRange<Double> = 1...100_000
        /// Each content inset in points.
        public static let maximumContentInset = 10_000.0
        /// A drag's distance in points, either way.
        public static let maximumDragDistance = 10_000_000.0
        /// A fling's speed in points per second, either way.
        public static let maximumFlingVelocity = 100_000.0
        /// A latency in milliseconds (ten minutes).
        public static let maximumLatencyMilliseconds = 600_000
        /// `countLimit` of the NSCache: at most one entry per row.
        public static let maximumCacheCount = maximumRows
        /// `totalCostLimit` and the URLCache capacities in bytes (1 TB).
        public static let maximumCacheBytes = 1_000_000_000_000
        /// Each main-thread cost in milliseconds.
        public static let maximumMainThreadMilliseconds = 10_000.0
    }
}
