import TraceModel

/// How many columns the grid of a collection view's log has: a log prints items,
/// never the layout, so `--columns` says, or the log shows it, or one is assumed.
///
/// A flow layout lays `columns` items to a row of items, and a whole row enters
/// and leaves the screen together; so when the log shows rows of items leaving —
/// runs of consecutive `didEndDisplaying` lines of neighbouring items, in one
/// section, each run starting at a multiple of its length — at least twice, all
/// runs of the same length of two or more, that length is the grid's columns.
/// Anything less clear is no evidence, and one column is assumed, saying so.
struct GridColumns: Sendable {
    let columns: Int
    /// What the summary says of the columns: how many, and why.
    let sentence: String

    /// Rows of items seen leaving that make the inference.
    static let evidence = 2

    /// The columns `lines` (lifecycle lines and gap markers) show, unless `given`.
    init(_ lines: [LogLine], given: Int?) {
        var reading = Reading()
        for line in lines { reading.take(line) }
        self.init(reading, given: given)
    }

    /// The runs of `didEndDisplaying` lines, judged as the lines come: only the
    /// run being read is kept, and of it no more items than a row of the widest
    /// grid has (a longer run is no row, whatever its items). Placing the lines in
    /// UIKit's order (`PrintOrder`) moves no line across a run, so the lines may
    /// come in the log's order.
    struct Reading: Sendable {
        fileprivate var runs = 0
        /// The first run's length: the width every run must have.
        fileprivate var width: Int?
        /// False once a run is no row of `width` items.
        fileprivate var allRows = true
        private var current: [LogIndexPath] = []
        private var currentCount = 0

        /// How many items it holds in all (`BoundedImportTests` checks that this does not grow with the log).
        var heldItems: Int { current.count }

        mutating func take(_ line: LogLine) {
            if case .callback(.didEndDisplaying) = line.content, let path = line.indexPaths.first {
                if current.count <= CollectionSpec.maximumColumns { current.append(path) }
                currentCount += 1
            } else if case .other = line.content {
                return
            } else {
                endRun()
            }
        }

        /// Ends the run being read, if any: at a line of another kind, or at the end of the log.
        fileprivate mutating func endRun() {
            guard currentCount > 0 else { return }
            runs += 1
            if width == nil { width = currentCount }
            if allRows, let width { allRows = currentCount == width && GridColumns.isRow(current, width: width) }
            current.removeAll(keepingCapacity: true)
            currentCount = 0
        }
    }

    /// What `reading` shows, unless `given`.
    init(_ reading: Reading, given: Int?) {
        if let given {
            columns = given
            sentence = "The grid has \(given) column\(given == 1 ? "" : "s"), as --columns says."
            return
        }
        var reading = reading
        reading.endRun()
        if let width = Self.rowWidth(runs: reading.runs, width: reading.width, allRows: reading.allRows) {
            columns = width
            sentence = "The grid is taken to have \(width) columns: \(ProfileEvidence.times(reading.runs)) a whole row of \(width) items leaves the screen together; give --columns N if it has another number."
        } else {
            columns = 1
            sentence = "The grid is assumed to have 1 column: the log does not show how many items share a row (it prints items, never the layout); give --columns N for a grid of N."
        }
    }

    /// The common length of the runs when each is a whole row of items, else nil.
    static func rowWidth(runs: Int, width: Int?, allRows: Bool) -> Int? {
        guard runs >= evidence, let width, width >= 2, width <= CollectionSpec.maximumColumns, allRows else { return nil }
        return width
    }

    /// Whether `run` (of `width` items) is a whole row of a grid that wide: one
    /// section, neighbouring items, the first at a multiple of `width`.
    static func isRow(_ run: [LogIndexPath], width: Int) -> Bool {
        guard run.count == width, width > 0, let first = run.first else { return false }
        let items = run.map(\.row).sorted()
        guard run.allSatisfy({ $0.section == first.section }), let low = items.first,
              low % width == 0, zip(items, items.dropFirst()).allSatisfy({ pair in
                  let step = pair.1.subtractingReportingOverflow(pair.0)
                  return !step.overflow && step.partialValue == 1
              }) else { return false }
        return true
    }
}
