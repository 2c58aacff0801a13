/// A self-sizing table's row heights as far as the table view knows them: each
/// row's estimate until its cell has been measured, the measured height after —
/// and the layout those heights make.
///
/// The engine lays its table out by it, and `ReplayState` keeps one from the
/// trace's events, so a reader knows where every row sits at each step and can
/// check a correction's content height against the heights measured so far.
public struct RowHeightEstimates: Sendable {
    public let spec: TableSpec
    /// The height of a row not yet measured.
    public let estimate: Double
    private var measured: [Int: Double] = [:]
    /// The layout by the heights known at the last `layOut()`.
    public private(set) var geometry: TableGeometry
    /// Rows measured since the last `layOut()` or `adopt(_:)`: the layout still has them at their estimate.
    public private(set) var rowsNotLaidOut: Set<Int> = []
    /// True when a row was measured since the last `layOut()` or `adopt(_:)`.
    public var hasHeightsNotLaidOut: Bool { !rowsNotLaidOut.isEmpty }

    /// True when the layout has `row` at its real height.
    public func isLaidOutAtRealHeight(_ row: Int) -> Bool {
        measured[row] != nil && !rowsNotLaidOut.contains(row)
    }

    /// The heights of `spec`'s table, when its rows size themselves; nil for fixed heights.
    public init?(_ spec: TableSpec) {
        guard let selfSizing = spec.selfSizing else { return nil }
        self.spec = spec
        estimate = selfSizing.estimate
        geometry = TableGeometry(spec)
    }

    /// How many rows have been measured.
    public var measuredCount: Int { measured.count }

    /// `row`'s measured height, or nil while it has only its estimate.
    public func measuredHeight(ofRow row: Int) -> Double? { measured[row] }

    /// The height `row` is laid out at now.
    public func height(ofRow row: Int) -> Double { measured[row] ?? estimate }

    /// Notes `row`'s real height; the layout follows at the next `layOut()`.
    public mutating func measure(row: Int, height: Double) {
        measured[row] = height
        rowsNotLaidOut.insert(row)
    }

    /// The layout the heights known now make, without adopting it.
    public func layout() -> TableGeometry {
        TableGeometry(spec) { measured[$0] ?? estimate }
    }

    /// Lays the table out again by the heights known now.
    public mutating func layOut() {
        adopt(layout())
    }

    /// Adopts a layout `layout()` made.
    public mutating func adopt(_ layout: TableGeometry) {
        geometry = layout
        rowsNotLaidOut = []
    }
}
