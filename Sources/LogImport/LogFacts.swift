import TraceModel

/// What an import must know of the whole log before it writes the trace's first
/// event, gathered in its first pass: the header (`TraceHeader`, `ImportSource`)
/// is written first, and how each line is placed depends on the whole log.
///
/// Each fact is read as the lines come, in memory that does not grow with the
/// log's length: counts, each section's highest row, the first line of each kind
/// that matters, and the evidence of `PrintOrder`, `ProfileEvidence` and
/// `GridColumns`. The profile's evidence is read from the lines placed in UIKit's
/// order, and which order that is is known only at the end, so it is read both
/// ways and one is kept.
struct LogFacts: Sendable {
    /// The `--rows` given, to find the first line naming a row beyond them.
    let rows: Int?

    /// Callback lines (what `ImportSource.recognised` counts).
    private(set) var recognised = 0
    /// Whether any line printed a time.
    private(set) var timed = false
    /// The callbacks the log prints (a list of eight at most: a callback's hash is its name's).
    private var printedCallbacks: [LogLine.Callback] = []
    var printed: Set<EventKind> {
        var kinds = Set(printedCallbacks.compactMap { EventKind(rawValue: $0.rawValue) })
        // A stated origin prints its dequeue as surely as an init or prepareForReuse line.
        if statesNew { kinds.insert(.initCell) }
        if statesReused { kinds.insert(.prepareForReuse) }
        return kinds
    }
    /// The highest row the log names in each section.
    private(set) var highestRow: [Int: Int] = [:]
    /// The first line naming items (a collection view's), and the first naming rows (a table view's).
    private(set) var firstItems: LogLine?
    private(set) var firstRows: LogLine?
    /// The first line naming a row of `rows` or beyond, and the highest row it names.
    private(set) var beyondRows: (line: Int, row: Int)?

    private var printOrder = PrintOrder.Reading()
    private var profileAsPrinted = ProfileEvidence.Reading()
    /// The same evidence with each dequeue printed after its `cellForRowAt` moved before it.
    private var profileAsPlaced = ProfileEvidence.Reading()
    private var placer = PrintOrder.Placer(callbackFirst: true)
    private var grid = GridColumns.Reading()
    /// The lines that say whether a cell is new or reused: how many, where printed.
    private(set) var origins = CellOriginBinding.Reading()
    /// Whether such a line says a cell is new, and whether one says a cell is reused.
    private var statesNew = false, statesReused = false

    init(rows: Int?) {
        self.rows = rows
    }

    /// How many items it holds in all (`BoundedImportTests` checks that this does not grow with the log).
    var heldItems: Int {
        highestRow.count + printedCallbacks.count + profileAsPrinted.heldItems + profileAsPlaced.heldItems + grid.heldItems
    }

    /// Takes the next lifecycle line or gap marker, in log order.
    mutating func take(_ line: LogLine) {
        if case .callback(let callback) = line.content {
            recognised += 1
            if !printedCallbacks.contains(callback) { printedCallbacks.append(callback) }
        }
        if line.seconds != nil { timed = true }
        for path in line.indexPaths { highestRow[path.section] = max(highestRow[path.section] ?? 0, path.row) }
        if firstItems == nil, line.namesItems { firstItems = line }
        if firstRows == nil, line.namesRows { firstRows = line }
        if beyondRows == nil, let rows, line.indexPaths.contains(where: { $0.row >= rows }) {
            beyondRows = (line.lineNumber, line.indexPaths.map(\.row).max() ?? 0)
        }
        origins.take(line)
        switch line.origin {
        case .new?: statesNew = true
        case .reused?: statesReused = true
        case nil: break
        }
        if line.content == .origin {
            // It goes to its cellForRowAt in the second pass; here only the profile reads it, as a dequeue.
            profileAsPrinted.take(line)
            profileAsPlaced.take(line)
            return
        }
        printOrder.take(line)
        profileAsPrinted.take(line)
        var placing = placer
        placing.take(line) { profileAsPlaced.take($0) }
        placer = placing
        grid.take(line)
    }

    /// Where the app prints `cellForRowAt`, from the whole log.
    var order: PrintOrder { printOrder.order }

    /// The profile's evidence in the order the lines are placed, and the profile with the one `given`.
    func profileEvidence(given: TableProfile?) -> ProfileEvidence {
        guard order.callbackFirst else { return ProfileEvidence(profileAsPrinted, given: given) }
        var placing = placer, placed = profileAsPlaced
        placing.finish { placed.take($0) }
        return ProfileEvidence(placed, given: given)
    }

    /// The grid's columns the log shows, unless `given`.
    func gridColumns(given: Int?) -> GridColumns { GridColumns(grid, given: given) }
}
