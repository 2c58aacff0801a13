import TraceModel
import ToolSupport

/// The second pass of an import: recognised log lines in, trace events out.
///
/// Logs rarely say which cell object a line is about, so the builder infers it,
/// reading where each cell is from the same `ReplayState` every reader folds:
/// - `init` / `awakeFromNib` creates the next cell; the next `cellForRowAt` is for it.
/// - `prepareForReuse` takes the cell that last showed the row the line prints
///   (seed 004's `prepareForReuse, row:0`); else the one the profile's rules would
///   hand out: the most recently released (last in, first out), in the modern
///   profile skipping a cell still kept aside within one row of the screen.
/// - A printed object address (`0x7fb8…`) is the cell's identity.
/// - A call the log leaves out (a `cellForRowAt` with no dequeue before it, a
///   `willDisplay` with no `cellForRowAt`) is reconstructed.
/// Every inferred event is marked `inferred`, and `replay` says so.
///
/// Each event is folded through `ReplayState.apply` as it is made. A log that is
/// abridged (`...`, `(중략)`) gets a `gap` event, after which nothing is assumed
/// about the cells; one whose calls stop fitting together without a marker gets a
/// gap at that point too, saying why.
///
/// The builder takes the lines one at a time, in the order placed (`take`), and
/// keeps only the events of the line being placed (`events`), which the importer
/// takes away after each line: what it holds is the state of the cells, never the
/// log or the trace.
struct TraceBuilder {
    let options: ImportOptions
    let file: String
    let naming: RowNaming
    let header: TraceHeader
    var state: ReplayState
    /// The events made since the importer last took them (`handOver`).
    var events: [TraceEvent] = []
    /// How many events have been made in all: the next one's `seq`.
    var eventCount = 0
    /// When each cell last left the screen (a counter), for last in, first out.
    var releasedAt: [Int: Int] = [:]
    var releases = 0
    /// Cell ids by printed address.
    var addresses: [String: Int] = [:]
    /// The cell the last `init` / `prepareForReuse` handed out, waiting for its
    /// `cellForRowAt`, and the line that dequeued it (whether it was reused, the
    /// state says: `.dequeued` rather than `.fresh`).
    var dequeued: Int?
    var dequeuedLine = 0
    /// For each live cell, the row it showed before the one it shows now (and
    /// the other way about), and the line that last configured it and whether
    /// its cell was the import's choice there: what a contradiction with a
    /// stated previous row is explained by. One entry per live cell at most.
    var formerRow: [Int: Int] = [:]
    var formerCell: [Int: Int] = [:]
    var configuredAt: [Int: (line: Int, inferred: Bool)] = [:]
    /// Lines saying a cell is new or reused that had no `cellForRowAt` to go to.
    var statementsLeftOut = 0
    /// Where what the log states contradicts what the import had inferred before.
    var contradictions: [LeftOutLine] = []
    var time = VirtualTime.zero
    var gaps = 0, inferredCount = 0, unplaced = 0
    /// Where each live cell is, for finding one without walking them all.
    var whereabouts = CellWhereabouts()
    /// The log line being placed, and the lifecycle lines left out of the trace so far.
    var currentLine = 0
    var leftOut: [LeftOutLine] = []
    /// Lines taken so far, and the first time the log printed (its times count from it).
    var linesTaken = 0
    var firstSeconds: Double?
    /// Whether the log prints times; else each line is a millisecond after the one before.
    let timed: Bool

    static let identifier = "Cell"

    /// Where the app prints `cellForRowAt`, read from the log; the lines are placed in UIKit's order.
    let printOrder: PrintOrder
    /// The profile, as given or as the log shows it.
    let profileEvidence: ProfileEvidence
    /// For a collection view's log, its grid's columns and why; nil for a table view's.
    let gridColumns: GridColumns?
    /// For a collection view's log, the first line that says so.
    let firstItems: LogLine?
    /// The lines that say whether a cell is new or reused: where they are printed, how many, the first.
    let origins: CellOriginBinding.Reading

    /// The header the whole log's `facts` make, or the error that refuses the log.
    init(facts: LogFacts, lineCount: Int, skipped: Int, options: ImportOptions, file: String) throws(ReuseLabError) {
        printOrder = facts.order
        let list = try Self.list(firstItems: facts.firstItems, firstRows: facts.firstRows, options: options, file: file)
        profileEvidence = facts.profileEvidence(given: options.profile)
        gridColumns = list.isCollection ? facts.gridColumns(given: options.columns) : nil
        firstItems = facts.firstItems
        timed = facts.timed
        origins = facts.origins
        self.options = options
        self.file = file
        // Sections: each section's row count is the highest row the log names in it, plus one.
        let highest = facts.highestRow
        var sections: [Int]?
        if let last = highest.keys.max(), last > 0 {
            sections = (0...last).map { section in highest[section].map { $0 + 1 } ?? 0 }
        }
        if let rows = options.rows, sections != nil {
            throw ReuseLabError(.usage, file: file, "--rows \(rows) gives one section's \(list.noun) count, but the log names \(list.plural) of several sections; leave --rows out")
        }
        if let rows = options.rows, let beyond = facts.beyondRows {
            throw ReuseLabError(.badInput, file: file, location: InputLocation(position: SourcePosition(line: beyond.line, column: 1)),
                                "the log names \(list.noun) \(beyond.row), but --rows says the \(list.isCollection ? "collection view" : "table") has \(rows) \(list.plural) (0–\(rows - 1))")
        }
        let source = ImportSource(log: options.logName, lines: lineCount, recognised: facts.recognised, skipped: skipped,
                                  syntheticTimes: !facts.timed, rows: options.rows, sections: sections,
                                  unprinted: ImportSource.lifecycleCalls.filter { !facts.printed.contains($0) })
        // A collection view has no profile: its trace says modern, as recorded grids do.
        let style: ListStyle = gridColumns.map { .collection(columns: $0.columns) } ?? .table
        header = TraceHeader(title: options.title ?? "Imported from \(options.logName)",
                             profile: style.isCollection ? .modern : profileEvidence.profile, list: style, source: source)
        naming = header.rowNaming
        state = ReplayState(header: header)
    }

    /// Places the next line (in UIKit's order: see `PrintOrder.Placer`); `gapText`
    /// is what the log printed there when it is a gap marker.
    mutating func take(_ line: LogLine, gapText: String?) {
        // Times: from the log's timestamps (never going back), else one millisecond per line.
        if timed {
            if let seconds = line.seconds {
                let first = firstSeconds ?? seconds
                firstSeconds = first
                let ms = min(max((seconds - first) * 1000, 0), 1e9)
                time = max(time, VirtualTime(microseconds: Int64((ms * 1000).rounded())))
            }
        } else {
            time = .milliseconds(linesTaken)
        }
        linesTaken += 1
        currentLine = line.lineNumber
        switch line.content {
        case .gap:
            gap(gapText ?? "...", marked: true)
        case .callback(let callback):
            handle(callback, line)
        case .other, .origin:
            break
        }
    }

    /// How many items it holds in all (`BoundedImportTests` checks that this does not grow with the log).
    var heldItems: Int {
        events.count + releasedAt.count + addresses.count + whereabouts.heldItems + leftOut.count
            + formerRow.count + formerCell.count + configuredAt.count
            + state.cells.count + state.displayed.count + state.pendingPrefetchCount + state.keptAside.count
    }

    /// Hands the events made since the last call to `body`, in order, and forgets them.
    mutating func handOver<E: Error>(_ body: (TraceEvent) throws(E) -> Void) throws(E) {
        defer { events.removeAll(keepingCapacity: true) }
        for event in events { try body(event) }
    }

    /// What the import made, once every line is placed: the trace's header with
    /// no events (they were taken as they came), and what the summary says.
    func report() -> ImportReport {
        let source = header.source
        let list = header.list
        var report = ImportReport(trace: Trace(header: header, events: []), lines: source?.lines ?? 0, recognised: source?.recognised ?? 0,
                                  skipped: source?.skipped ?? 0, gaps: gaps, inferred: inferredCount, unplaced: unplaced,
                                  syntheticTimes: source?.syntheticTimes ?? true, leftOut: leftOut, printOrder: list.reword(printOrder.sentence),
                                  profile: list.isCollection ? collectionSentence : profileEvidence.sentence)
        report.columns = gridColumns?.sentence ?? ""
        report.eventCount = eventCount
        report.statements = origins.count
        report.origins = origins.sentence(list.reword, leftOut: statementsLeftOut)
        report.contradictions = contradictions
        report.leftOut.sort { $0.line < $1.line }
        return report
    }

    // MARK: Emitting

    /// Folds `body` into the state and keeps it; if it cannot happen now, marks a
    /// gap (saying why) and tries once more from the forgetful state after it.
    mutating func emit(_ body: EventBody, inferred: Inference? = nil) {
        if tryEmit(body, inferred: inferred) { return }
        if case .gap = body { return }
        var reason = "the log's calls stop fitting together here"
        let probe = TraceEvent(seq: eventCount, time: time, body: body)
        var copy = state
        do { try copy.apply(probe) } catch { reason += " (\(error.message))" }
        gap(reason)
        if !tryEmit(body, inferred: inferred) {
            unplaced += 1
            leaveOut("its \(body.kind.rawValue) does not fit even after a gap (\(reason))")
        }
    }

    /// Notes that the line being placed is not in the trace, and why (in a
    /// collection view's words for its log).
    mutating func leaveOut(_ reason: String) {
        leaveOut(line: currentLine, reason)
    }

    /// Notes that line `line` is not in the trace, and why.
    mutating func leaveOut(line: Int, _ reason: String) {
        leftOut.append(LeftOutLine(line: line, reason: header.list.reword(reason)))
    }

    private mutating func tryEmit(_ body: EventBody, inferred: Inference?) -> Bool {
        let event = TraceEvent(seq: eventCount, time: time, body: body, inferred: inferred)
        do {
            try state.apply(event)
        } catch {
            return false
        }
        events.append(event)
        eventCount += 1
        if inferred != nil { inferredCount += 1 }
        if case .gap = body {
            whereabouts.rebuild(from: state)
        } else if let cell = body.cellField {
            whereabouts.update(cell, from: state)
        }
        if case .didEndDisplaying(_, let cell) = body {
            releases += 1
            releasedAt[cell] = releases
        }
        if case .deinitCell(let cell) = body {
            // A cell gone explains no contradiction any more.
            if let row = formerRow.removeValue(forKey: cell), formerCell[row] == cell { formerCell[row] = nil }
            configuredAt[cell] = nil
        }
        return true
    }

    /// A gap: where the log printed a marker (`marked`, with its text), or where
    /// the builder found the calls no longer fit (`text` says why, and starts with
    /// `TraceBuilder.ownGap` so replay can tell the two apart).
    mutating func gap(_ text: String, marked: Bool = false) {
        gaps += 1
        dequeued = nil
        _ = tryEmit(.gap(text: marked ? text : Self.ownGap + header.list.reword(text)), inferred: nil)
    }

    /// How a gap the importer made (not one the log marked) begins its text.
    static let ownGap = "reuselab import: "

    /// What the summary says in place of the profile for a collection view's log.
    var collectionSentence: String {
        guard let first = firstItems else { return "" }
        return "The log prints a collection view's calls (line \(first.lineNumber): \(first.callName)), so the trace is a collection view's, which has no table profile."
    }

    /// Whether the log is a table view's or a collection view's, from the names of
    /// its calls: any collection view name (`cellForItemAt`, `forItemAt`) makes it a
    /// collection view's, any table name (`cellForRowAt`, `prefetchRowsAt`) a table
    /// view's, and both are refused, naming the first line of the kind that came
    /// second. The options that belong to the other list are refused too.
    static func list(firstItems: LogLine?, firstRows: LogLine?, options: ImportOptions, file: String) throws(ReuseLabError) -> ListStyle {
        if let items = firstItems, let rows = firstRows {
            let (first, other) = items.lineNumber < rows.lineNumber ? (items, rows) : (rows, items)
            let firstView = first.namesItems ? "a collection view's" : "a table view's"
            let otherView = other.namesItems ? "a collection view's" : "a table view's"
            throw ReuseLabError(.badInput, file: file, location: InputLocation(position: SourcePosition(line: other.lineNumber, column: 1)),
                                "line \(other.lineNumber) prints \(otherView) \(other.callName), but line \(first.lineNumber) printed \(firstView) "
                                + "\(first.callName): a log must come from one kind of list; import each list's lines separately")
        }
        guard firstItems != nil else {
            if let columns = options.columns {
                throw ReuseLabError(.usage, file: file, "--columns \(columns) gives a collection view's grid, but the log prints a table view's calls; leave --columns out")
            }
            return .table
        }
        if let profile = options.profile {
            throw ReuseLabError(.usage, file: file, "--profile \(profile.rawValue) gives a table view's profile, but the log prints a collection view's calls; leave --profile out")
        }
        return .collection(columns: options.columns ?? 1)
    }

    // MARK: Reading the state

    func phase(_ cell: Int) -> CellPhase? { state.cell(cell)?.phase }

    /// The live cells not on screen and not being configured, most recently released first.
    func releasedCells() -> [Int] {
        // The order reads only `releasedAt`: a closure that read `self` copied the whole builder at each comparison.
        let releasedAt = self.releasedAt
        return whereabouts.released.sorted { (releasedAt[$0] ?? 0, $0) > (releasedAt[$1] ?? 0, $1) }
    }

    /// The cell the profile's rules would hand out next: last in, first out; the
    /// modern profile keeps a cell whose row is within one row of the screen
    /// aside, out of the pool, so when every released cell is kept aside there
    /// is none to hand out and the dequeue makes a new cell (lesson 2's lag).
    func cellToReuse() -> Int? {
        let candidates = releasedCells()
        // (The screen's edges are looked for only when there is a cell to choose from.)
        guard !candidates.isEmpty, header.profile == .modern,
              let first = state.displayed.keys.min(), let last = state.displayed.keys.max() else {
            return candidates.first
        }
        let kept = (first - 1)...(last + 1)
        for id in candidates where !(state.cell(id)?.lastRow.map(kept.contains) ?? false) { return id }
        return nil
    }

    func cellConfigured(forRow row: Int) -> Int? {
        whereabouts.cellConfigured(forRow: row)
    }

    func cellHeld(forRow row: Int) -> Int? {
        whereabouts.cellHeld(forRow: row)
    }

    /// After a gap nothing is certain, but a cell that last showed `row` is the best guess for it.
    func cellLastShowing(_ row: Int) -> Int? {
        whereabouts.cellLastShowing(row)
    }

    /// The cell a printed address names, if it is one we know and still alive.
    func cell(at address: String?) -> Int? {
        guard let address, let id = addresses[address], let phase = phase(id), phase != .deallocated else { return nil }
        return id
    }

    func globalRow(_ path: LogIndexPath?) -> Int? {
        guard let path else { return nil }
        return naming.globalRow(section: path.section, row: path.row) ?? (naming.hasSections ? nil : path.row)
    }
}
