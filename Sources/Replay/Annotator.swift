import TraceModel
import ToolSupport
import TraceCoding

/// Explains every step of a trace in plain words — why a row got a new cell or a
/// reused one, what a prefetch batch holds, when a cell shows another row's image —
/// from the trace alone.
///
/// It folds each event through `ReplayState.apply` (the same fold as validation
/// and metrics) and reads the state just before and after. Where the reason lies in
/// the same layout pass (a cell released right after another row asked for one), it
/// looks ahead at the events with the same time.
///
/// Taking a step and wording it are apart: `nextStep` folds the event and notes
/// what later steps rely on (when a cell was reused, which stale images were
/// called out, which cells were prepared ahead) with the step's marks, and
/// `words(for:)` puts that step into words. A reader that shows only some steps
/// (the summary, a filtered listing) words only those; every step is noted, so
/// the words of any step are the same whichever steps before it were worded.
public struct Annotator {
    public let header: TraceHeader
    /// The events around the next one to explain.
    private(set) var window = EventWindow()
    /// The state after the events annotated so far.
    public private(set) var state: ReplayState
    /// The phase, before the step taken last, of the cell its event names (nil when
    /// it names none): what a summary counts of a willDisplay or a deinit.
    public private(set) var phaseBefore: CellPhase?
    private(set) var next = 0
    private(set) var frame = 0
    private(set) var prefetchBatches = 0
    /// When each cell was last handed out by prepareForReuse, and whether its image
    /// view was cleared after that.
    private(set) var reusedAt: [Int: Int] = [:]
    private(set) var clearedSinceReuse: Set<Int> = []
    /// Stale (cell, image) pairs already called out, so each is announced once.
    private(set) var announcedStale: [StalePair] = []
    /// When the app last called reloadData (its cells are replaced in that same pass).
    private(set) var reloadDataAt: VirtualTime?
    /// When each cell's `cellForRowAt` last ran.
    private(set) var configuredAt: [Int: VirtualTime] = [:]
    /// Cells configured for a row that was not shown in the same layout pass: the
    /// ones a later willDisplay calls "prepared ahead".
    private(set) var preparedAhead: Set<Int> = []
    /// True when the number of rows changed since the last prefetch call.
    private(set) var rowCountChanged = false

    /// When each reused cell's image view was last set to an image since its reuse.
    private(set) var imageSetSinceReuse: Set<Int> = []
    /// How rows are named: by section when the table has sections.
    let naming: RowNaming
    /// The list's words: a table's rows, or a collection view's items and its grid.
    let words: ListWords
    /// The row of the grid whose items a sentence already said are prepared
    /// together, and when (a collection view prepares its cells a row of items at a time).
    private(set) var preparedGridRow: (row: Int, time: VirtualTime)?
    /// The row of the grid a sentence already said enters (or leaves) the screen, and when.
    private(set) var movingGridRow: (row: Int, time: VirtualTime, entering: Bool)?
    /// True for a trace imported from a device's log (`reuselab import`).
    let isImported: Bool
    /// True when the scenario turned `isPrefetchingEnabled` off. Read from the
    /// header once (`header.scenario?` copies the whole scenario out each time).
    let prefetchingOff: Bool
    /// The image memory past which the scenario's device is short of memory and
    /// NSCache gives images up (nil without a scenario, or with no budget).
    let memoryBudget: Int?
    /// True when fewer distinct images than rows are shared among the rows: an
    /// image is then named by its number, not by its row.
    let imagesNamedByNumber: Bool
    /// The line of the carried code that last set each cell's image, by cell: what
    /// a STALE frame points at (the closure that wrote an image into a cell that
    /// has since moved on, or kept it there).
    private(set) var imageSetLines: [Int: CodeLine] = [:]
    /// The main thread's work since the last frame drawn: what a hitch's sentence counts.
    private(set) var frameWork: FrameWork
    /// The app's `prepareForReuse` in the carried code, if it overrides it: its
    /// lines when it is short (so an empty one shows as empty), else its first.
    let prepareForReuseCode: [Annotation.CodePlace]
    /// What the step taken last needs for its words: the state before it, and
    /// what noting it found (see `words(for:)`).
    private(set) var taken: (before: Before, noted: StepNote)?
    /// How far ahead an explanation looks within one pass. What it looks for (the
    /// cell's own cellForRowAt, a cell leaving in the same pass) comes within a few
    /// rows' events; the bound keeps a trace whose every event shares one time
    /// linear to annotate.
    static let lookAhead = 500
    /// How a gap `reuselab import` made itself begins (the log marked no gap there; see `TraceBuilder.ownGap`).
    static let importersGap = "reuselab import: "

    /// Annotates a trace held in memory.
    public init(trace: Trace) {
        self.init(header: trace.header)
        window = EventWindow(whole: trace.events)
    }

    /// Annotates a trace as it is read: `feed` each event, `endOfTrace` after the
    /// last; `nextStep` takes a step once the events it may look at have come.
    public init(header: TraceHeader) {
        self.header = header
        self.state = ReplayState(header: header)
        naming = header.rowNaming
        words = ListWords(naming: naming)
        isImported = header.source != nil
        prefetchingOff = header.scenario?.isPrefetchingEnabled == false
        memoryBudget = header.scenario.map(\.world.cache.memoryBudget).flatMap { $0 > 0 ? $0 : nil }
        if let distinct = header.scenario?.world.images.distinct, distinct < (header.rowCount ?? Int.max) {
            imagesNamedByNumber = true
        } else {
            imagesNamedByNumber = false
        }
        prepareForReuseCode = header.code.map(Self.prepareForReuse(in:)) ?? []
        frameWork = FrameWork(fps: header.scenario?.fps ?? 60)
    }

    /// The first `prepareForReuse` the code declares: all of it when it is at
    /// most five lines long, else its first line.
    static func prepareForReuse(in code: CarriedCode) -> [Annotation.CodePlace] {
        guard let declared = code.declaration(of: "prepareForReuse") else { return [] }
        let lines = code.function(containing: declared).map(\.lines) ?? declared.line...declared.line
        let shown = lines.count <= 5 ? lines : declared.line...declared.line
        return shown.compactMap { Annotation.CodePlace(CodeLine(file: declared.file, line: $0), in: code) }
    }

    /// The next event of a trace being read.
    public mutating func feed(_ event: TraceEvent) { window.append(event) }

    /// This Annotator without the events it holds: a checkpoint to take up again
    /// by feeding it the trace from the event it explains next.
    var resting: Annotator {
        var copy = self
        copy.window = EventWindow(resumingAt: next, firstFrame: window.firstFrame.flatMap { $0 < next ? $0 : nil })
        return copy
    }

    /// How many events the Annotator holds in memory (for tests of its bound).
    var heldEvents: Int { window.storedCount }

    /// The trace has no more events.
    public mutating func endOfTrace() { window.end() }

    /// Whether the trace records frames, as far as an explanation of event `index`
    /// may look (a recorded trace does from its first frame; a hand-written one may not).
    func hasFrames(at index: Int) -> Bool { window.firstFrame.map { $0 <= index + Self.lookAhead } ?? false }

    /// Annotates every event of `trace`, or reports the first that cannot happen.
    public static func annotate(_ trace: Trace, file: String) throws(ReuseLabError) -> [Annotation] {
        var annotator = Annotator(trace: trace)
        var result: [Annotation] = []
        result.reserveCapacity(trace.events.count)
        while let annotation = try annotator.step(file: file) { result.append(annotation) }
        return result
    }

    /// Annotates the next event, in words; nil at the end, or (while a trace is
    /// being fed) until the events it may look at have come.
    public mutating func step(file: String = "trace") throws(ReuseLabError) -> Annotation? {
        guard let step = try nextStep(file: file) else { return nil }
        return worded(step)
    }

    /// Takes the next step: folds its event and notes it, with everything but its
    /// words (its marks, the rule it rests on, its frame); nil at the end, or
    /// until the events it may look at have come. `words(for:)` words it.
    public mutating func nextStep(file: String = "trace") throws(ReuseLabError) -> AnnotatedStep? {
        guard next < window.total, window.ended || window.total > next + Self.lookAhead else { return nil }
        // The step taken before this one is worded by now, or never will be.
        window.drop(before: next)
        let index = next
        let event = window[index]
        let before = Before(state, event: event.body)
        do throws(LifecycleViolation) {
            try state.apply(event)
        } catch {
            throw error.error(at: event, index: index, file: file, list: state.header.list)
        }
        let noted = note(event, index: index, before: before)
        if case .frame(let snapshot) = event.body { frame = snapshot.frame }
        switch event.body {
        case .prepareForReuse(let cell, _, _): imageSetSinceReuse.remove(cell)
        case .imageSet(let cell, .image): imageSetSinceReuse.insert(cell)
        default: break
        }
        next += 1
        phaseBefore = before.eventCellPhase
        var inside: Int?
        switch event.body {
        case .initCell(let cell, _), .prepareForReuse(let cell, _, _): inside = configuringCall(for: cell, after: index)?.seq
        default: break
        }
        var code = event.code.flatMap { Annotation.CodePlace($0, in: header.code) }
        var relatedCode: [Annotation.CodePlace] = []
        if case .imageSet(let cell, _) = event.body, let line = event.code { imageSetLines[cell] = line }
        if case .frame(let stale, _) = noted.detail, let first = stale.first {
            // A STALE frame: the line that put the image there, and the prepareForReuse that left it.
            code = imageSetLines[first.cell].flatMap { Annotation.CodePlace($0, in: header.code) }
            if first.carriedOver { relatedCode = prepareForReuseCode }
        }
        var annotation = Annotation(seq: event.seq, time: event.time, kind: event.kind, frame: frame, text: "",
                                    marks: noted.marks, inferred: isImported ? nil : noted.inferred, inside: inside, code: code)
        annotation.relatedCode = relatedCode
        taken = (before, noted)
        return AnnotatedStep(annotation: annotation, event: event, index: index)
    }

    /// The words of `step`, the step taken last (before the next is taken; any
    /// other step gets none): one or more sentences.
    public func words(for step: AnnotatedStep) -> String {
        guard step.index == next - 1, let taken else { return "" }
        var text = sentence(step.event, index: step.index, before: taken.before, noted: taken.noted.detail)
        // A device log shows what UIKit did: the engine's undocumented rules are not what it rests on.
        if let inferred = taken.noted.inferred, !isImported {
            text += " " + inferred.note
        }
        if let inferred = step.event.inferred { text += " " + inferred.note }
        return text
    }

    /// The annotation of `step`, the step taken last, with its words.
    public func worded(_ step: AnnotatedStep) -> Annotation {
        var annotation = step.annotation
        annotation.text = words(for: step)
        return annotation
    }

    // MARK: Looking around

    /// Events after `index` with the same time: the rest of this layout pass. An
    /// imported device log has no passes (its times are one per line, or the
    /// device's own): there, the calls up to the next dequeue or gap.
    func samePass(after index: Int) -> ArraySlice<TraceEvent> {
        guard !isImported else {
            let limit = min(window.total, index + 1 + Self.lookAhead)
            let end = window.firstIndex(in: (index + 1)..<limit) { [.initCell, .prepareForReuse, .gap].contains($0.kind) } ?? limit
            return window.slice((index + 1)..<end)
        }
        let end = min(window.passEnd(index), index + 1 + Self.lookAhead)
        return window.slice((index + 1)..<end)
    }

    /// The events after `index` up to the next drawn frame: one layout pass, even
    /// when the main thread was busy inside it (a synchronous download in
    /// cellForRowAt moves the clock on without a frame). A trace without frames
    /// (hand-written) falls back to the events at the same time.
    func beforeNextFrame(after index: Int) -> ArraySlice<TraceEvent> {
        // In a device log a row shown at once has its willDisplay right after its cellForRowAt.
        if isImported { return window.slice((index + 1)..<(index + 2)) }
        guard hasFrames(at: index) else { return samePass(after: index) }
        let limit = min(window.total, index + 1 + Self.lookAhead)
        let end = window.firstIndex(in: (index + 1)..<limit) { $0.kind == .frame } ?? limit
        return window.slice((index + 1)..<end)
    }

    /// The row the next `cellForRowAt` with `cell` configures (right after a dequeue).
    func rowConfigured(for cell: Int, after index: Int) -> Int? {
        guard case .cellForRowAt(let row, _)? = configuringCall(for: cell, after: index)?.body else { return nil }
        return row
    }

    /// The `cellForRowAt` that configures `cell` next in this pass: after a dequeue
    /// (`init`, `prepareForReuse` at `index`), the call the dequeue ran inside.
    func configuringCall(for cell: Int, after index: Int) -> TraceEvent? {
        samePass(after: index).first { event in
            if case .cellForRowAt(_, let id) = event.body { return id == cell }
            return false
        }
    }

    /// The row whose cell leaves the screen later in the pass of the init at
    /// `index` (why the pool was empty then); nil when none does, or the row is being reloaded.
    func leavingLater(index: Int, before: Before) -> Int? {
        guard before.reloadingRows.isEmpty else { return nil }
        for event in samePass(after: index) {
            if case .didEndDisplaying(let row, _) = event.body { return row }
        }
        return nil
    }

    /// The row `cell` belongs to, in the state after the step: the one its phase
    /// names, else the one it showed last.
    func rowOfCell(_ record: CellRecord?) -> Int? {
        switch record?.phase {
        case .displayed(let row), .configured(let row), .keptAside(let row), .offscreen(let row): return row
        default: return record?.lastRow
        }
    }

    func imageOwner(_ image: Int) -> String {
        if imagesNamedByNumber {
            return "image \(image)"
        }
        // After a row update an image belongs to its item, wherever that is now.
        if state.rowItems.updateCount > 0 {
            return state.rowItems.row(ofItem: image).map { "\(named($0))'s image" } ?? "a deleted row's image"
        }
        return "\(named(image))'s image"
    }

    // MARK: Naming rows

    /// "row 15", or "section 1 row 3" in a table with sections.
    func named(_ row: Int) -> String { naming.name(row) }
    func capital(_ row: Int) -> String { naming.name(row).capitalizedFirst }
    /// "rows 19–28" (sorted), or by section in a table with sections.
    func rowsNamed(_ rows: [Int]) -> String { Wording.rows(rows, naming: naming) }

    /// "rows 3–22", or "section 0 rows 10–11 and section 1 rows 0–8".
    func span(_ first: Int, _ last: Int) -> String { naming.span(first, last) }

    // MARK: Noting a step

    /// Notes the step of `event` (folded into `state` already) in what later steps
    /// rely on, and gives its marks, its rule and what its words need to know of
    /// that bookkeeping as it stood before.
    mutating func note(_ event: TraceEvent, index: Int, before: Before) -> StepNote {
        var noted = StepNote()
        switch event.body {
        case .initCell:
            noted.marks.insert(.newCell)
            if leavingLater(index: index, before: before) != nil, header.profile == .modern { noted.inferred = .modernPassOrder }
        case .prepareForReuse(let cell, _, _):
            noted.marks.insert(.reused)
            reusedAt[cell] = index
            clearedSinceReuse.remove(cell)
            if reloadDataAt == event.time {
                noted.inferred = .reloadDataOrder
            } else if before.waitingInPool > 1 {
                noted.inferred = .poolOrder
            }
        case .cellForRowAt(let row, let cell):
            configuredAt[cell] = event.time
            guard !Self.isReconfigured(row: row, cell: cell, before: before) else { break }
            preparedAhead.remove(cell)
            let shownNow = beforeNextFrame(after: index).contains { $0.body == .willDisplay(row: row, cell: cell) }
            let ahead = !prefetchingOff && !shownNow && before.displayed(row) == nil && header.profile == .modern
            var grid: GridPreparation?
            if ahead {
                preparedAhead.insert(cell)
                if words.isCollection { grid = notePreparedInGrid(row, index: index, time: event.time) }
            }
            noted.detail = .configured(preparedAhead: ahead, grid: grid)
        case .willDisplay(let row, let cell):
            switch before.cell(cell)?.phase {
            case .keptAside, .offscreen:
                noted.detail = .shown(preparedAt: nil, gridRow: noteGridRowMoving(row, index: index, time: event.time, entering: true))
            default:
                // Prepared ahead only if configured in an earlier pass: a cellForRowAt that
                // blocked the main thread moves the clock on inside one pass.
                var preparedAt: VirtualTime?
                if let at = configuredAt[cell], preparedAhead.remove(cell) != nil, at < event.time { preparedAt = at }
                noted.detail = .shown(preparedAt: preparedAt, gridRow: noteGridRowMoving(row, index: index, time: event.time, entering: true))
            }
        case .didEndDisplaying(let row, _):
            if !(before.reloadingRows.contains(row) || reloadDataAt == event.time || before.leavesRemovedRow) {
                noted.detail = .left(gridRow: noteGridRowMoving(row, index: index, time: event.time, entering: false))
            }
        case .keepAside:
            noted.inferred = .preparedCellRange
        case .rowHeightMeasured, .estimatesCorrected:
            noted.inferred = .selfSizingPass
        case .enqueue(let cell, _):
            switch before.cell(cell)?.phase {
            case .configured(let row) where state.heights.measured(row)?.cell == cell: noted.inferred = .selfSizingPass
            case .keptAside, .configured: noted.inferred = .preparedCellRange
            default: break
            }
        case .prefetchRowsAt(let rows):
            prefetchBatches += 1
            rowCountChanged = false
            if !words.isCollection, let visible = before.visibleRows, !rows.allSatisfy({ $0 > visible.upperBound }) {
                if rows.allSatisfy({ $0 < visible.lowerBound }) {
                    if let count = state.currentRowCount, visible.upperBound == count - 1 { noted.inferred = .prefetchDirection }
                } else {
                    noted.inferred = .prefetchDirection
                }
            }
        case .cancelPrefetchingForRowsAt:
            if !words.isCollection { noted.inferred = .prefetchCancellation }
            noted.detail = .cancelled(rowCountChanged: rowCountChanged)
            rowCountChanged = false
        case .frame(let snapshot):
            noted.detail = noteFrame(snapshot, marks: &noted.marks)
        case .imageSet(let cell, let image):
            noteImageSet(cell: cell, image: image, marks: &noted.marks)
        case .hitch(let frame, _, _, let cause):
            noted.marks.insert(.hitch)
            noted.detail = .late(workMs: frameWork.work(beforeMissing: frame, at: event.time))
            if FirstFrameDecode.isCause(cause) { noted.inferred = .decodeAtFirstFrame }
        case .mainThreadBlocked(_, let cause):
            if FirstFrameDecode.isCause(cause) { noted.inferred = .decodeAtFirstFrame }
        case .cacheEvict:
            if let budget = memoryBudget, state.imageMemory > budget { noted.inferred = .memoryBudget }
        case .numberOfRows:
            rowCountChanged = true
        case .reloadData:
            reloadDataAt = event.time
        default:
            break
        }
        frameWork.note(event)
        return noted
    }

    /// A cellForRowAt of a reconfigureRows: the row's own cell configured again where it is.
    static func isReconfigured(row: Int, cell: Int, before: Before) -> Bool {
        guard before.reconfiguringRows.contains(row), let phase = before.cell(cell)?.phase else { return false }
        return [.displayed(row: row), .configured(row: row), .keptAside(row: row)].contains(phase)
    }

    /// A collection view configures `item` before it is on screen: whether a
    /// sentence already said its row of the grid is prepared together, or this one
    /// says it (when other items of the row are configured in the same pass).
    mutating func notePreparedInGrid(_ item: Int, index: Int, time: VirtualTime) -> GridPreparation? {
        guard let grid = words.grid else { return nil }
        let gridRow = grid.row(of: item)
        if let told = preparedGridRow, told.row == gridRow, told.time == time { return .told(gridRow: gridRow) }
        var together = [item]
        for event in samePass(after: index) {
            if case .cellForRowAt(let other, _) = event.body, other != item, grid.row(of: other) == gridRow,
               state.displayed[other] == nil, !together.contains(other) {
                together.append(other)
            }
        }
        guard together.count > 1 else { return .alone }
        preparedGridRow = (gridRow, time)
        return .together(gridRow: gridRow, items: together)
    }

    /// The row of the grid `item` is in, when the sentence of this step says it
    /// enters (or leaves) the screen: at the first item of a row that moves with
    /// others of its row in the same pass; nil for a table, or an item that comes
    /// or goes alone.
    mutating func noteGridRowMoving(_ item: Int, index: Int, time now: VirtualTime, entering: Bool) -> GridRowMove? {
        guard let grid = words.grid else { return nil }
        let gridRow = grid.row(of: item)
        if let told = movingGridRow, told.row == gridRow, told.time == now, told.entering == entering { return nil }
        var together = [item]
        for event in samePass(after: index) {
            switch event.body {
            case .willDisplay(let other, _) where entering, .didEndDisplaying(let other, _) where !entering:
                if other != item, grid.row(of: other) == gridRow, !together.contains(other) { together.append(other) }
            default:
                break
            }
        }
        guard together.count > 1 else { return nil }
        // The whole row moves: no other item of it stays on screen (leaving), or was there already (entering).
        let moving = Set(together)
        let others = state.displayed.keys.contains { grid.row(of: $0) == gridRow && !moving.contains($0) }
        guard !others else { return nil }
        movingGridRow = (gridRow, now, entering)
        return GridRowMove(gridRow: gridRow, items: together, entering: entering)
    }

    /// The stale images a frame shows that no sentence called out yet, and those
    /// called out that it no longer shows.
    mutating func noteFrame(_ snapshot: FrameSnapshot, marks: inout Set<Annotation.Mark>) -> StepNote.Detail {
        let stale = state.staleCells(in: snapshot)
        // A screenful at most: an array searched in order beats hashing.
        var current: [StalePair] = []
        var news: [StaleImage] = []
        for visible in stale {
            guard case .image(let number) = visible.image else { continue }
            let pair = StalePair(cell: visible.cell, image: number)
            if !current.contains(pair) { current.append(pair) }
            if announcedStale.contains(pair) { continue }
            marks.insert(.stale)
            let carriedOver = !clearedSinceReuse.contains(visible.cell) && reusedAt[visible.cell] != nil && !setAfterReuse(visible.cell)
            news.append(StaleImage(cell: visible.cell, row: visible.row, image: number, carriedOver: carriedOver))
        }
        let fixed = announcedStale.filter { !current.contains($0) }.sorted(by: { $0.cell < $1.cell })
        announcedStale = current
        if !stale.isEmpty && marks.isEmpty { marks.insert(.stale) }
        guard !news.isEmpty || !fixed.isEmpty else { return .none }
        return .frame(stale: news, gone: fixed)
    }

    mutating func noteImageSet(cell: Int, image: ImageShown, marks: inout Set<Annotation.Mark>) {
        let record = state.cell(cell)
        if record?.phase == .dequeued {
            // Set inside prepareForReuse, before cellForRowAt gives the cell its new row.
            if image == .nothing || image == .placeholder { clearedSinceReuse.insert(cell) }
            return
        }
        guard let row = rowOfCell(record) else { return }
        switch image {
        case .nothing, .placeholder:
            if reusedAt[cell] != nil { clearedSinceReuse.insert(cell) }
        case .image(let number):
            if number != state.expectedImage(forRow: row) {
                marks.insert(state.landsInAnotherItemsRow(image: number, row: row) ? .wrongRow : .late)
            }
        }
    }

    /// True if the cell's image view was set (to an image) after its last prepareForReuse.
    func setAfterReuse(_ cell: Int) -> Bool {
        reusedAt[cell] != nil && imageSetSinceReuse.contains(cell)
    }
}

/// One step the `Annotator` took: its annotation (without words until
/// `Annotator.words(for:)` gives them) and the event it explains.
public struct AnnotatedStep {
    public internal(set) var annotation: Annotation
    public let event: TraceEvent
    /// The event's place in the trace.
    let index: Int
}

extension String {
    var capitalizedFirst: String {
        // A lowercase ASCII letter first (as in every sentence the Annotator makes) needs no Unicode casing.
        if let first = utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") {
            return String(UnicodeScalar(first - 32)) + dropFirst()
        }
        return prefix(1).uppercased() + dropFirst()
    }
}
