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
    private var window = EventWindow()
    /// The state after the events annotated so far.
    public private(set) var state: ReplayState
    /// The phase, before the step taken last, of the cell its event names (nil when
    /// it names none): what a summary counts of a willDisplay or a deinit.
    public private(set) var phaseBefore: CellPhase?
    private var next = 0
    private var frame = 0
    private var prefetchBatches = 0
    /// When each cell was last handed out by prepareForReuse, and whether its image
    /// view was cleared after that.
    private var reusedAt: [Int: Int] = [:]
    private var clearedSinceReuse: Set<Int> = []
    /// Stale (cell, image) pairs already called out, so each is announced once.
    private var announcedStale: [StalePair] = []
    /// When the app last called reloadData (its cells are replaced in that same pass).
    private var reloadDataAt: VirtualTime?
    /// When each cell's `cellForRowAt` last ran.
    private var configuredAt: [Int: VirtualTime] = [:]
    /// Cells configured for a row that was not shown in the same layout pass: the
    /// ones a later willDisplay calls "prepared ahead".
    private var preparedAhead: Set<Int> = []
    /// True when the number of rows changed since the last prefetch call.
    private var rowCountChanged = false

    /// When each reused cell's image view was last set to an image since its reuse.
    private var imageSetSinceReuse: Set<Int> = []
    /// How rows are named: by section when the table has sections.
    private let naming: RowNaming
    /// The list's words: a table's rows, or a collection view's items and its grid.
    private let words: ListWords
    /// The row of the grid whose items a sentence already said are prepared
    /// together, and when (a collection view prepares its cells a row of items at a time).
    private var preparedGridRow: (row: Int, time: VirtualTime)?
    /// The row of the grid a sentence already said enters (or leaves) the screen, and when.
    private var movingGridRow: (row: Int, time: VirtualTime, entering: Bool)?
    /// True for a trace imported from a device's log (`reuselab import`).
    private let isImported: Bool
    /// True when the scenario turned `isPrefetchingEnabled` off. Read from the
    /// header once (`header.scenario?` copies the whole scenario out each time).
    private let prefetchingOff: Bool
    /// True when fewer distinct images than rows are shared among the rows: an
    /// image is then named by its number, not by its row.
    private let imagesNamedByNumber: Bool
    /// What the step taken last needs for its words: the state before it, and
    /// what noting it found (see `words(for:)`).
    private var taken: (before: Before, noted: StepNote)?
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
        if let distinct = header.scenario?.world.images.distinct, distinct < (header.rowCount ?? Int.max) {
            imagesNamedByNumber = true
        } else {
            imagesNamedByNumber = false
        }
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
    private func hasFrames(at index: Int) -> Bool { window.firstFrame.map { $0 <= index + Self.lookAhead } ?? false }

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
        let annotation = Annotation(seq: event.seq, time: event.time, kind: event.kind, frame: frame, text: "",
                                    marks: noted.marks, inferred: isImported ? nil : noted.inferred)
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
        if step.event.inferred { text += " (Inferred by reuselab import: the log does not say which cell, or does not print this call.)" }
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
    private func samePass(after index: Int) -> ArraySlice<TraceEvent> {
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
    private func beforeNextFrame(after index: Int) -> ArraySlice<TraceEvent> {
        // In a device log a row shown at once has its willDisplay right after its cellForRowAt.
        if isImported { return window.slice((index + 1)..<(index + 2)) }
        guard hasFrames(at: index) else { return samePass(after: index) }
        let limit = min(window.total, index + 1 + Self.lookAhead)
        let end = window.firstIndex(in: (index + 1)..<limit) { $0.kind == .frame } ?? limit
        return window.slice((index + 1)..<end)
    }

    /// The row the next `cellForRowAt` with `cell` configures (right after a dequeue).
    private func rowConfigured(for cell: Int, after index: Int) -> Int? {
        for event in samePass(after: index) {
            if case .cellForRowAt(let row, let id) = event.body, id == cell { return row }
        }
        return nil
    }

    /// The row whose cell leaves the screen later in the pass of the init at
    /// `index` (why the pool was empty then); nil when none does, or the row is being reloaded.
    private func leavingLater(index: Int, before: Before) -> Int? {
        guard before.reloadingRows.isEmpty else { return nil }
        for event in samePass(after: index) {
            if case .didEndDisplaying(let row, _) = event.body { return row }
        }
        return nil
    }

    /// The row `cell` belongs to, in the state after the step: the one its phase
    /// names, else the one it showed last.
    private func rowOfCell(_ record: CellRecord?) -> Int? {
        switch record?.phase {
        case .displayed(let row), .configured(let row), .keptAside(let row), .offscreen(let row): return row
        default: return record?.lastRow
        }
    }

    private func imageOwner(_ image: Int) -> String {
        if imagesNamedByNumber {
            return "image \(image)"
        }
        return "\(named(image))'s image"
    }

    // MARK: Naming rows

    /// "row 15", or "section 1 row 3" in a table with sections.
    private func named(_ row: Int) -> String { naming.name(row) }
    private func capital(_ row: Int) -> String { naming.name(row).capitalizedFirst }
    /// "rows 19–28" (sorted), or by section in a table with sections.
    private func rowsNamed(_ rows: [Int]) -> String { Wording.rows(rows, naming: naming) }

    /// "rows 3–22", or "section 0 rows 10–11 and section 1 rows 0–8".
    private func span(_ first: Int, _ last: Int) -> String { naming.span(first, last) }

    // MARK: Noting a step

    /// Notes the step of `event` (folded into `state` already) in what later steps
    /// rely on, and gives its marks, its rule and what its words need to know of
    /// that bookkeeping as it stood before.
    private mutating func note(_ event: TraceEvent, index: Int, before: Before) -> StepNote {
        var noted = StepNote()
        switch event.body {
        case .initCell:
            noted.marks.insert(.newCell)
            if leavingLater(index: index, before: before) != nil, header.profile == .modern { noted.inferred = .modernPassOrder }
        case .prepareForReuse(let cell, _, _):
            noted.marks.insert(.reused)
            reusedAt[cell] = index
            clearedSinceReuse.remove(cell)
            if before.waitingInPool > 1 { noted.inferred = .poolOrder }
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
            if !(before.reloadingRows.contains(row) || reloadDataAt == event.time) {
                noted.detail = .left(gridRow: noteGridRowMoving(row, index: index, time: event.time, entering: false))
            }
        case .keepAside:
            noted.inferred = .preparedCellRange
        case .enqueue(let cell, _):
            switch before.cell(cell)?.phase {
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
        case .hitch:
            noted.marks.insert(.hitch)
        case .numberOfRows:
            rowCountChanged = true
        case .reloadData:
            reloadDataAt = event.time
        default:
            break
        }
        return noted
    }

    /// A cellForRowAt of a reconfigureRows: the row's own cell configured again where it is.
    private static func isReconfigured(row: Int, cell: Int, before: Before) -> Bool {
        guard before.reconfiguringRows.contains(row), let phase = before.cell(cell)?.phase else { return false }
        return [.displayed(row: row), .configured(row: row), .keptAside(row: row)].contains(phase)
    }

    /// A collection view configures `item` before it is on screen: whether a
    /// sentence already said its row of the grid is prepared together, or this one
    /// says it (when other items of the row are configured in the same pass).
    private mutating func notePreparedInGrid(_ item: Int, index: Int, time: VirtualTime) -> GridPreparation? {
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
    private mutating func noteGridRowMoving(_ item: Int, index: Int, time now: VirtualTime, entering: Bool) -> GridRowMove? {
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
    private mutating func noteFrame(_ snapshot: FrameSnapshot, marks: inout Set<Annotation.Mark>) -> StepNote.Detail {
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

    private mutating func noteImageSet(cell: Int, image: ImageShown, marks: inout Set<Annotation.Mark>) {
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
            if number != state.expectedImage(forRow: row) { marks.insert(.late) }
        }
    }

    /// True if the cell's image view was set (to an image) after its last prepareForReuse.
    private func setAfterReuse(_ cell: Int) -> Bool {
        reusedAt[cell] != nil && imageSetSinceReuse.contains(cell)
    }

    // MARK: Wording a step

    /// The sentences of the step of `event`, from the state after it, `before`,
    /// the events around it and what noting it found (`noted`).
    private func sentence(_ event: TraceEvent, index: Int, before: Before, noted: StepNote.Detail) -> String {
        switch event.body {
        case .initCell(let cell, let identifier):
            let row = rowConfigured(for: cell, after: index)
            let who = row.map { "\(capital($0)) gets a new cell" } ?? "A new cell is created"
            return "\(who) (init, cell #\(cell)) because the \(VisibleText.escape(identifier)) reuse pool is empty: \(emptyPoolReason(index: index, before: before))."
        case .prepareForReuse(let cell, _, let previousRow):
            let row = rowConfigured(for: cell, after: index)
            var text = "\(row.map { "\(capital($0)) reuses" } ?? "dequeueReusableCell hands out") cell #\(cell) (prepareForReuse)"
            text += previousRow.map { ", which showed \(named($0))." } ?? "."
            let waiting = before.waitingInPool
            if waiting > 1 {
                text += " It is the most recently pooled of the \(waiting) cells waiting."
            }
            if case .image(let image) = before.cell(cell)?.image ?? .nothing {
                text += " Its image view still holds image \(image) until something resets it."
            }
            return text
        case .cellForRowAt(let row, let cell):
            if Self.isReconfigured(row: row, cell: cell, before: before) {
                let place = before.cell(cell)?.phase == .displayed(row: row) ? "on screen" : "held off screen for it"
                return "\(words.call(.reconfigureRows)): the data source configures \(named(row))'s own cell #\(cell) again, \(place): dequeuing hands back that same cell, so there is no init, no prepareForReuse and no willDisplay."
            }
            var text = "The data source configures cell #\(cell) for \(named(row))."
            let reloading = before.reloadingRows.contains(row) || before.displayed(row) != nil
            if prefetchingOff {
                // Nothing is prepared ahead with the property off (Apple: "When false, the
                // table view requests cells when they need to display"), whatever the times say.
                if !reloading, header.profile == .modern {
                    text += " isPrefetchingEnabled is false, so the \(words.view) asks for \(words.aRow)'s cell only when the \(words.row) is about to appear, never ahead of time."
                }
            } else if case .configured(true, let grid) = noted {
                if words.isCollection {
                    text += " " + preparedInGrid(row, grid)
                } else {
                    text += " \(capital(row)) is not on screen yet: while scrolling, the modern table view prepares the next row's cell ahead of time; the row will appear with it, without another cellForRowAt."
                }
            }
            if reloading {
                text += " The \(words.row) is being reloaded: its old cell stays on screen until the new one is displayed."
            }
            return text
        case .willDisplay(let row, let cell):
            guard case .shown(let preparedAt, let gridRow) = noted else { return "" }
            let moving = gridRowMoving(gridRow)
            switch before.cell(cell)?.phase {
            case .keptAside, .offscreen:
                return "\(capital(row)) comes back on screen with cell #\(cell), which was kept aside: it is shown again without \(words.call(.cellForRowAt)) or prepareForReuse." + moving
            default:
                if let at = preparedAt {
                    // An imported log without timestamps has times that are only its line order.
                    let synthetic = header.source?.syntheticTimes == true
                    return "\(capital(row)) appears with cell #\(cell), prepared ahead \(synthetic ? "earlier" : "at \(Wording.ms(at))")." + moving
                }
                return "\(capital(row)) appears with cell #\(cell) (willDisplay)." + moving
            }
        case .didEndDisplaying(let row, let cell):
            var fate = ""
            for later in samePass(after: index) {
                if case .keepAside(let id, _) = later.body, id == cell { fate = " Cell #\(cell) is kept aside, not pooled, in case \(named(row)) comes back."; break }
                if case .enqueue(let id, let identifier) = later.body, id == cell { fate = " Cell #\(cell) joins the \(VisibleText.escape(identifier)) reuse pool at once."; break }
                if case .viewDidDisappear = later.body { break }
            }
            // Recordings no longer send this at teardown; a hand-written or older trace may.
            if before.hasDisappeared { fate = " The \(words.view) is going away (UIKit is not known to send didEndDisplaying then)." }
            guard case .left(let gridRow) = noted else {
                return "\(capital(row))'s old cell #\(cell) ends displaying (didEndDisplaying): the reload replaces it, while the \(words.row) itself stays on screen." + fate
            }
            return "\(capital(row)) leaves the screen (didEndDisplaying, cell #\(cell))." + gridRowMoving(gridRow) + fate
        case .keepAside(let cell, let row):
            let near = words.isCollection ? "stays near the screen" : "stays within one row of the screen"
            return "Cell #\(cell) is kept aside with \(named(row))'s content, out of the reuse pool, while \(named(row)) \(near): if it comes back, it is shown again without \(words.call(.cellForRowAt))."
        case .enqueue(let cell, let rawIdentifier):
            let identifier = VisibleText.escape(rawIdentifier)
            let waiting = Wording.count(state.poolCount(rawIdentifier), "cell")
            switch before.cell(cell)?.phase {
            case .keptAside(let row):
                return "Cell #\(cell), kept aside since \(named(row)) left, joins the \(identifier) reuse pool (\(waiting) waiting): \(letGoReason(row: row))"
            case .configured(let row):
                return "Cell #\(cell) was prepared for \(named(row)), which did not appear; it goes back to the \(identifier) pool (\(waiting) waiting) without didEndDisplaying: \(letGoReason(row: row))"
            default:
                return "Cell #\(cell) joins the \(identifier) reuse pool (\(waiting) waiting)."
            }
        case .deinitCell(let cell):
            guard before.hasDisappeared else {
                return "Cell #\(cell) is deallocated (deinit): the pool was emptied (memory warning). Cells live as long as the \(words.view), not as long as \(words.aRow)."
            }
            // Teardown: the table or collection view is deallocated, and every cell it holds with it.
            switch before.cell(cell)?.phase {
            case .displayed(let row):
                return "Cell #\(cell), still showing \(named(row)), is deallocated (deinit) with the \(words.view), without didEndDisplaying: UIKit sends none when the screen goes away."
            case .keptAside(let row), .offscreen(let row):
                return "Cell #\(cell), kept aside since \(named(row)) left, is deallocated (deinit) with the \(words.view)."
            case .configured(let row):
                return "Cell #\(cell), prepared ahead for \(named(row)), is deallocated (deinit) with the \(words.view); \(named(row)) never appeared."
            case .pooled:
                return "Cell #\(cell), waiting in the reuse pool, is deallocated (deinit) with the \(words.view)."
            default:
                return "Cell #\(cell) is deallocated (deinit) with the \(words.view)."
            }
        case .prefetchRowsAt(let rows):
            if words.isCollection { return itemPrefetch(rows, before: before) }
            var text = "Prefetch batch \(prefetchBatches): \(rowsNamed(rows)) (\(Wording.count(rows.count, "row")))"
            if let visible = before.visibleRows {
                let below = rows.allSatisfy { $0 > visible.upperBound }, above = rows.allSatisfy { $0 < visible.lowerBound }
                if below {
                    text += ", past the bottom edge (\(named(visible.upperBound)) is the last on screen)"
                    text += visible.lowerBound == 0 ? ", looking down as it always does while the first row is on screen" : ", scrolling down"
                } else if above {
                    text += ", above the top edge (\(named(visible.lowerBound)) is the first on screen), nearest first"
                    if let count = state.currentRowCount, visible.upperBound == count - 1 {
                        text += ": the screen reaches the last row, so the table looks up even before the finger turns"
                    } else {
                        text += ", scrolling up"
                    }
                } else {
                    text += ", on both sides of the screen: away from either end of the list, the first batch looks both ways"
                }
            }
            return text + (rows.count == 1 ? ". It is not needed yet; the app can start loading its data." : ". They are not needed yet; the app can start loading their data.")
        case .cancelPrefetchingForRowsAt(let rows):
            let changed: Bool
            if case .cancelled(let rowCountChanged) = noted { changed = rowCountChanged } else { changed = false }
            let one = rows.count == 1
            if words.isCollection {
                if changed {
                    return "The number of items changed, so the collection view cancels every prefetch still outstanding: \(rowsNamed(rows)). Whatever the app started for them may now be for the wrong items."
                }
                return "The collection view cancels the prefetch of \(rowsNamed(rows)): \(one ? "it is" : "they are") no longer expected soon, and the app can stop loading \(one ? "its" : "their") data."
            }
            if changed {
                return "The number of rows changed, so the table cancels every prefetch still outstanding: \(rowsNamed(rows)). Whatever the app started for them may now be for the wrong rows."
            }
            let window = before.visibleRows.map { " (the window now reaches \(span(max(0, $0.lowerBound - 15), $0.upperBound + 15)))" } ?? ""
            return "\(rowsNamed(rows).capitalizedFirst) \(one ? "is" : "are") now more than 15 rows from the screen\(window): the table cancels \(one ? "its" : "their") prefetch. Cancellation is conservative: a change of direction alone cancels nothing, only distance does."
        case .scrollViewWillBeginDragging(let offset):
            return "A finger touches down at offset \(Wording.points(offset)) and starts dragging."
        case .scrollViewDidEndDragging(let offset, let willDecelerate):
            return willDecelerate ? "The finger lifts with speed at offset \(Wording.points(offset)): the content keeps moving and slows down."
                                  : "The finger stops and lifts at offset \(Wording.points(offset))."
        case .scrollViewDidEndDecelerating(let offset):
            return "The content comes to rest at offset \(Wording.points(offset))."
        case .scrollToRow(let row, let position, let animated):
            return "The app scrolls \(named(row)) to the \(position)\(animated ? ", animated" : " at once")."
        case .frame(let snapshot):
            return frameSentence(snapshot, noted: noted)
        case .imageRequest(let request, let row, let image, let cause, let sync):
            var text = "\(capital(row)) asks for image \(image) (request \(request), \(Wording.cause(cause, words: words)))."
            if sync {
                let blocksMain = samePass(after: index).contains { later in
                    if case .mainThreadBlocked(_, let cause) = later.body { return cause.contains("synchronous download of image \(image) ") }
                    return false
                }
                text += blocksMain ? " It is a synchronous download (Data(contentsOf:)) on the main thread: nothing else can happen there until it arrives."
                                   : " A background thread waits for the whole download (Data(contentsOf:)); the main thread stays free."
            }
            return text
        case .pageRequest(let request, let firstRow, let count):
            return "The loading cell asks for the next page: \(words.rows) \(firstRow)–\(firstRow + count - 1) (request \(request))."
        case .requestStarted(let request):
            let running = state.runningRequestCount
            let waited = event.time > (state.request(request)?.requestedAt ?? event.time)
            return "Request \(request) gets a connection (\(running) running)" + (waited ? ", after waiting for one to free up." : ".")
        case .requestCoalesced(let request, let row):
            return "\(capital(row)) wants the same image as request \(request), which is already downloading: it waits for that download instead of starting another."
        case .response(let request, let bytes, let fromCache):
            guard let record = state.request(request) else { return "Request \(request) answers." }
            let took = Wording.ms(event.time - record.requestedAt)
            if let row = record.row, let image = record.image {
                let source = fromCache ? "from URLCache" : "over the network (\(Wording.bytes(bytes)))"
                var text = "Image \(image) for \(named(row)) arrives \(source), \(took) after it was asked for."
                if !record.coalescedRows.isEmpty { text += " \(rowsNamed(record.coalescedRows).capitalizedFirst) waited for it too." }
                return text
            }
            return "The page arrives (\(Wording.bytes(bytes))), \(took) after it was asked for."
        case .requestFailed(let request, let reason):
            return "Request \(request) fails: \(VisibleText.escape(reason))."
        case .requestCancelled(let request):
            let record = state.request(request)
            let what = record?.row.map { "\(named($0))'s image" } ?? "the page"
            return "Request \(request) for \(what) is cancelled" + (record?.cause == .prefetch ? " (it was a prefetch)." : ".")
        case .cacheHit(let row, let image, let layer):
            return "Image \(image) for \(named(row)) is found \(Wording.layer(layer)): no download."
        case .cacheEvict(let image, _):
            return "The NSCache drops image \(image) to stay within its limits."
        case .imageSet(let cell, let image):
            return imageSetSentence(cell: cell, image: image, index: index)
        case .mainThreadBlocked(let ms, let cause):
            return "The main thread is busy for \(Wording.ms(ms)): \(VisibleText.escape(cause)). No frame can be drawn until it is done."
        case .hitch(let first, let missed, let ms, let cause):
            return "HITCH: \(Wording.count(missed, "frame")) missed from frame \(first) (\(Wording.ms(ms)) of frozen screen), because of \(VisibleText.escape(cause))."
        case .imageMemory(let bytes):
            return "Decoded images now take \(Wording.bytes(bytes)) of memory."
        case .numberOfRows(let rows):
            let asks = words.isCollection ? "numberOfItemsInSection" : "numberOfRowsInSection"
            return "The \(words.view) asks \(asks): now \(Wording.count(rows, words.row))."
        case .reloadData:
            return "The app calls reloadData: every visible cell ends displaying and returns to the pool, then each visible \(words.row) is configured again with a dequeued cell."
        case .reloadRows(let rows):
            let discards = header.profile == .modern ? "; a cell prepared off screen for it is discarded to the pool" : ""
            let cellFor = words.call(.cellForRowAt)
            let which = rows.count == 1 ? "if it is on screen, it gets \(cellFor) again" : "each one on screen gets \(cellFor) again"
            return "The app reloads \(rowsNamed(rows)): \(which) with a dequeued cell, not its own (\(words.call(.reconfigureRows)) would keep its own)\(discards)."
        case .reconfigureRows(let rows):
            let row = words.row
            return "The app reconfigures \(rowsNamed(rows)) (\(words.call(.reconfigureRows)), iOS 15+): " + (rows.count == 1 ? "if the \(row) has a cell" : "each \(row) that has a cell") + ", on screen or prepared off screen, gets \(words.call(.cellForRowAt)) again with that same cell. Unlike \(words.call(.reloadRows)) there is no new cell, no prepareForReuse, no willDisplay, and prepared cells are kept; \(words.aRow) without a cell is left alone."
        case .didReceiveMemoryWarning:
            return "A memory warning: the \(words.view) empties its reuse pools."
        case .viewDidDisappear:
            return "The screen goes away (viewDidDisappear); then the \(words.view) is deallocated with every cell it holds: on screen, kept aside, prepared ahead or pooled. The \(words.rows) still on screen get no didEndDisplaying, so per-\(words.row) work has to stop here."
        case .note(let text):
            return "NOTE: \(VisibleText.escape(text))"
        case .gap(let text):
            let afresh = " What each cell did in between is not known, so the replay starts afresh: each cell's next call is taken as it comes."
            if text.hasPrefix(Self.importersGap) {
                return "GAP: \(VisibleText.escape(String(text.dropFirst(Self.importersGap.count))).capitalizedFirst).\(afresh)"
            }
            let printed = text.isEmpty ? "" : " (it prints \"\(VisibleText.escape(text))\")"
            return "GAP: the log leaves lines out here\(printed).\(afresh)"
        case .recordingEnded:
            if before.hasDisappeared { return "The recording ends; the screen has gone away with its \(words.view) and cells." }
            return "The recording ends; the screen stays as the last frame showed it."
        }
    }

    /// Why the pool was empty.
    private func emptyPoolReason(index: Int, before: Before) -> String {
        if !before.reloadingRows.isEmpty {
            return "the \(words.row) is being reloaded, and its old cell stays in use until the new one is displayed"
        }
        var reasons: [String] = []
        if let first = leavingLater(index: index, before: before) {
            reasons.append("\(named(first))'s cell leaves the screen in this same pass, but only after this \(words.row) asked for a cell")
        }
        let kept = before.keptAside.compactMap { id -> String? in
            guard case .keptAside(let row) = before.cell(id)?.phase else { return nil }
            return "cell #\(id) (\(named(row))'s) is kept aside, not in the pool, in case \(named(row)) comes back"
        }
        reasons.append(contentsOf: kept)
        if reasons.isEmpty {
            let live = before.liveCellCount
            switch live {
            case 0: reasons.append("no cell exists yet")
            case 1: reasons.append("the only cell that exists is in use")
            default: reasons.append("all \(live) cells that exist are on screen or in use")
            }
        }
        return reasons.joined(separator: "; ")
    }

    // MARK: A collection view's grid

    /// Why a collection view configures `item` before it is on screen: cells are
    /// prepared ahead, and when other items of its row of the grid are configured
    /// in the same pass, the sentence says the row is prepared together (once).
    private func preparedInGrid(_ item: Int, _ grid: GridPreparation?) -> String {
        let cellFor = words.call(.cellForRowAt)
        switch grid {
        case nil:
            return ""
        case .told(let gridRow):
            return "\(capital(item)) is not on screen yet either: it is prepared with the rest of row \(gridRow) of the grid, and will appear with this cell, without another \(cellFor)."
        case .alone:
            return "\(words.nameInGrid(item).capitalizedFirst) is not on screen yet: while scrolling, the collection view prepares cells ahead of time; the item will appear with this cell, without another \(cellFor)."
        case .together(let gridRow, let items):
            return "\(capital(item)) is not on screen yet: while scrolling, the collection view prepares cells ahead of time, a row of the grid at a time: row \(gridRow), \(rowsNamed(items)). Each will appear with its cell, without another \(cellFor)."
        }
    }

    /// " Row 5 of the grid enters the screen: items 10–11 appear together.", or
    /// nothing when noting the step found no row of the grid moving together.
    private func gridRowMoving(_ move: GridRowMove?) -> String {
        guard let move else { return "" }
        return move.entering ? " Row \(move.gridRow) of the grid enters the screen: \(rowsNamed(move.items)) appear together."
                             : " Row \(move.gridRow) of the grid leaves the screen: \(rowsNamed(move.items)) leave together."
    }

    /// A collection view's prefetch batch: the items, their rows of the grid and
    /// where they lie from the screen. A collection view's prefetching follows the
    /// scrolling's speed and direction; the table view's rules of which rows a
    /// batch names are not claimed for it.
    private func itemPrefetch(_ items: [Int], before: Before) -> String {
        var text = "Prefetch batch \(prefetchBatches): \(rowsNamed(items)) (\(Wording.count(items.count, "item"))"
        if let low = items.min(), let high = items.max(), let rows = words.gridRows(low, high) { text += ", \(rows)" }
        text += ")"
        if let visible = before.visibleRows {
            if items.allSatisfy({ $0 > visible.upperBound }) {
                text += ", past the bottom edge (\(named(visible.upperBound)) is the last on screen)"
            } else if items.allSatisfy({ $0 < visible.lowerBound }) {
                text += ", above the top edge (\(named(visible.lowerBound)) is the first on screen)"
            } else {
                text += ", on both sides of the screen"
            }
        }
        return text + (items.count == 1 ? ". It is not needed yet; the app can start loading its data." : ". They are not needed yet; the app can start loading their data.")
    }

    /// Why a prepared or kept cell is let go: its row is now more than one row from the screen.
    private func letGoReason(row: Int) -> String {
        let rows = state.displayed.keys
        guard words.isCollection else {
            guard let first = rows.min(), let last = rows.max() else {
                return "\(named(row)) is no longer within one row of the screen."
            }
            return "\(named(row)) is no longer within one row of the screen (\(span(first, last)) are on screen)."
        }
        // A collection view: said by rows of the grid, without claiming how far "near" reaches.
        guard let first = rows.min(), let last = rows.max() else {
            return "\(words.nameInGrid(row)) is no longer near the screen."
        }
        let grid = words.gridRows(first, last).map { ", \($0)," } ?? ""
        return "\(words.nameInGrid(row)) is no longer near the screen (\(span(first, last))\(grid) are on screen)."
    }

    private func imageSetSentence(cell: Int, image: ImageShown, index: Int) -> String {
        let record = state.cell(cell)
        if record?.phase == .dequeued {
            let next = rowConfigured(for: cell, after: index).map { " before it is configured for \(named($0))" } ?? ""
            return "prepareForReuse clears cell #\(cell)'s image view (\(image.describe))\(next), so the previous \(words.row)'s image cannot show there."
        }
        guard let row = rowOfCell(record) else { return "Cell #\(cell)'s image view is set to \(image.describe)." }
        switch image {
        case .nothing, .placeholder:
            return "Cell #\(cell) (\(named(row))) is cleared: its image view shows \(image.describe)."
        case .image(let number):
            if number == state.expectedImage(forRow: row) {
                return "Cell #\(cell) (\(named(row))) now shows its image, image \(number)."
            }
            return "LATE: image \(number) (\(imageOwner(number))) is written into cell #\(cell), which has moved on to \(named(row)): the response arrived after the cell was reused, and nothing checked which \(words.row) the cell shows now."
        }
    }

    private func frameSentence(_ snapshot: FrameSnapshot, noted: StepNote.Detail) -> String {
        var text = "Frame \(snapshot.frame): offset \(Wording.points(snapshot.offset)), "
        if let first = snapshot.cells.first?.row, let last = snapshot.cells.last?.row {
            let grid = words.gridRows(first, last).map { " (\($0))" } ?? ""
            text += "\(span(first, last))\(grid) on screen (\(Wording.count(snapshot.cells.count, "cell")))."
        } else {
            text += "no \(words.rows) on screen."
        }
        guard case .frame(let stale, let gone) = noted else { return text }
        for image in stale {
            if image.carriedOver {
                text += " STALE: cell #\(image.cell) now shows \(named(image.row)) but its image view still holds \(imageOwner(image.image)) (image \(image.image)) — nothing reset it in prepareForReuse."
            } else {
                text += " STALE: \(named(image.row)) (cell #\(image.cell)) shows \(imageOwner(image.image)) (image \(image.image)), written there by a response for another \(words.row)."
            }
        }
        for pair in gone {
            text += " Cell #\(pair.cell) no longer shows image \(pair.image)."
        }
        return text
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

/// What noting a step found: its marks and rule, and what its words need to
/// know of the Annotator's bookkeeping as it stood before the step.
struct StepNote {
    var marks: Set<Annotation.Mark> = []
    var inferred: InferredRule?
    var detail = Detail.none

    enum Detail {
        case none
        /// A cellForRowAt: whether its cell is prepared ahead of its row (and
        /// how a collection view's sentence tells its row of the grid).
        case configured(preparedAhead: Bool, grid: GridPreparation?)
        /// A willDisplay: when the cell was prepared ahead, if it was, and the row
        /// of the grid entering the screen with it.
        case shown(preparedAt: VirtualTime?, gridRow: GridRowMove?)
        /// A didEndDisplaying that is not a reload's: the row of the grid leaving with it.
        case left(gridRow: GridRowMove?)
        /// A cancellation: whether the number of rows changed since the last prefetch.
        case cancelled(rowCountChanged: Bool)
        /// A frame: the stale images no sentence called out before, and those
        /// called out that are gone.
        case frame(stale: [StaleImage], gone: [StalePair])
    }
}

/// How a collection view's cellForRowAt tells the row of the grid it prepares.
enum GridPreparation {
    /// A sentence already said this row is prepared together.
    case told(gridRow: Int)
    /// No other item of its row is prepared in the same pass.
    case alone
    /// This sentence says the row is prepared together: these items.
    case together(gridRow: Int, items: [Int])
}

/// A row of a collection view's grid entering or leaving the screen as a whole.
struct GridRowMove {
    let gridRow: Int
    let items: [Int]
    let entering: Bool
}

/// A cell and the image it shows that is not its row's.
struct StalePair: Hashable { let cell: Int, image: Int }

/// A stale image a frame shows: in which cell and row, and whether the cell
/// carried it over from its last row (nothing reset it in prepareForReuse).
struct StaleImage {
    let cell: Int
    let row: Int
    let image: Int
    let carriedOver: Bool
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

/// The parts of the replay state an explanation reads from just before an event.
/// Copying only these (and never the growing list of requests) keeps annotating a
/// long trace linear.
struct Before {
    /// The record of the cell the event names and, before an init, those of the
    /// kept-aside cells (the reasons the pool was empty): apart, so the usual event
    /// makes no array.
    private let eventCell: (id: Int, record: CellRecord)?
    private let keptAsideRecords: [(id: Int, record: CellRecord)]
    /// Before a prepareForReuse: how many cells waited in its pool.
    let waitingInPool: Int
    let keptAside: [Int]
    /// The row the event names, and the cells displaying it.
    private let namedRow: Int?
    private let namedRowCells: [Int]?
    let reloadingRows: Set<Int>
    /// The event's row, if a reconfigureRows named it and its cellForRowAt has not come yet.
    let reconfiguringRows: Set<Int>
    let hasDisappeared: Bool
    let liveCellCount: Int
    /// The rows on screen, first to last, for the events that are told relative to
    /// them (prefetching and its cancellation); nil for the others.
    let visibleRows: ClosedRange<Int>?

    init(_ state: borrowing ReplayState, event: EventBody) {
        eventCell = event.cellField.flatMap { id in state.cell(id).map { (id, $0) } }
        var kept: [(id: Int, record: CellRecord)] = []
        if case .initCell = event {
            for id in state.keptAside { if let record = state.cell(id) { kept.append((id, record)) } }
        }
        keptAsideRecords = kept
        if case .prepareForReuse(_, let identifier, _) = event {
            waitingInPool = state.poolCount(identifier)
        } else {
            waitingInPool = 0
        }
        keptAside = state.keptAside
        namedRow = event.namedRow
        namedRowCells = event.namedRow.flatMap { state.displayed[$0] }
        reloadingRows = event.namedRow.map { state.reloadingRows.contains($0) ? [$0] : [] } ?? []
        reconfiguringRows = event.namedRow.map { state.reconfiguringRows.contains($0) ? [$0] : [] } ?? []
        hasDisappeared = state.hasDisappeared
        liveCellCount = state.liveCellCount
        switch event {
        case .prefetchRowsAt, .cancelPrefetchingForRowsAt:
            let rows = state.displayed.keys
            visibleRows = rows.min().flatMap { low in rows.max().map { low...$0 } }
        default:
            visibleRows = nil
        }
    }

    /// The phase of the cell the event names, before it.
    var eventCellPhase: CellPhase? { eventCell?.record.phase }

    func cell(_ id: Int) -> CellRecord? {
        if let eventCell, eventCell.id == id { return eventCell.record }
        return keptAsideRecords.first { $0.id == id }?.record
    }

    /// The cells displaying `row`, known for the row the event names.
    func displayed(_ row: Int) -> [Int]? { row == namedRow ? namedRowCells : nil }
}

private extension EventBody {
    /// The row a display event names.
    var namedRow: Int? {
        switch self {
        case .cellForRowAt(let row, _), .willDisplay(let row, _), .didEndDisplaying(let row, _), .keepAside(_, let row): return row
        default: return nil
        }
    }
}
