import TraceModel
import ToolSupport

/// What a trace teaches, in a few sentences computed from the trace: how many cells
/// served how many rows, the first reuse, prefetching, the first STALE and LATE
/// moments, hitches, the first complete screen, downloads and caches, and what
/// the app or the system did (reloads, a memory warning, the screen going away).
///
/// It reads the annotations (quoting their sentences for the moments it points
/// at) and the metrics of `TraceMetrics`; beyond counting events it measures
/// nothing itself. Everything taken from the trace is made visible.
public struct ReplaySummary: Sendable, Equatable {
    /// The trace's title, control characters made visible.
    public var title: String
    /// "modern profile, strategy async-no-reset, 1225 steps over 6066.7 ms".
    public var details: String
    /// The instructor's notes in the trace, in order.
    public var notes: [String]
    /// The narrative, one point per entry.
    public var points: [String]

    /// The summary from what one replay of the trace counted (`SummarySurvey`)
    /// and the moments it noted.
    public init(survey: SummarySurvey, moments: SummaryMoments) {
        let header = survey.header
        let report = survey.report
        title = VisibleText.escape(header.title)
        let words = ListWords(header: header)
        var parts = [words.setup(profile: header.profile)]
        if let strategy = header.scenario?.strategy { parts.append("strategy " + VisibleText.escape(strategy)) }
        parts.append("\(Wording.count(survey.stepCount, "step")) over \(Wording.ms(report.duration))")
        details = parts.joined(separator: ", ")
        notes = survey.notes
        let story = Story(moments: moments, facts: survey.facts, report: report, words: words,
                          prefetching: header.scenario?.prefetching,
                          isPrefetchingEnabled: header.scenario?.isPrefetchingEnabled)
        points = story.cells() + story.prefetch() + story.network() + story.screen()
            + story.stale() + story.late() + story.hitches() + story.appEvents() + story.memory()
    }

    /// Replays `source` once, measuring every step (`SummarySurvey`) from the
    /// Annotator's own fold and noting the moments the summary quotes, the only
    /// steps put into words; the summary and the trace's metrics.
    public static func of(_ source: TraceSource) throws(ReuseLabError) -> (summary: ReplaySummary, report: MetricsReport) {
        var survey: SummarySurvey?
        var moments = SummaryMoments()
        try source.replay(onHeader: { survey = SummarySurvey(header: $0) }) { step, annotator in
            annotator.note(step, into: &survey, and: &moments)
            return true
        }
        guard let survey else { throw ReuseLabError(.badInput, file: source.name, "the trace has no header") }
        return (ReplaySummary(survey: survey, moments: moments), survey.report)
    }

    /// "once", "twice", "3 times".
    static func times(_ count: Int) -> String {
        count == 1 ? "once" : count == 2 ? "twice" : "\(count) times"
    }

    /// The points, topic by topic; each gives none, one or more.
    struct Story {
        let moments: SummaryMoments
        let facts: SummaryFacts
        let report: MetricsReport
        /// A table's rows or a collection view's items.
        let words: ListWords
        let prefetching: Bool?
        let isPrefetchingEnabled: Bool?

        /// "step 243, at 900 ms: " and the annotation, from after `marker: ` if given.
        func moment(_ annotation: Annotation, after marker: String? = nil) -> String {
            var text = annotation.text
            if let marker, let range = text.range(of: marker + ": ") { text = String(text[range.upperBound...]) }
            return "step \(annotation.seq), at \(Wording.ms(annotation.time)): " + VisibleText.escape(text)
        }

        func first(_ kind: EventKind) -> Annotation? { moments.first[kind] }

        func cells() -> [String] {
            let row = words.row
            guard !facts.rowsShown.isEmpty else { return ["No \(row) is displayed in this trace."] }
            let served = "\(Wording.count(report.cellsCreated, "cell")) served \(Wording.count(facts.rowsShown.count, "different \(row)"))"
            guard let reuse = first(.prepareForReuse) else {
                return [served + ": every \(row) that appears gets a new cell (init); no cell is ever reused."]
            }
            var points = [served + ": each cell is created once (init), and cells are reused \(ReplaySummary.times(report.reuses)) (prepareForReuse).",
                          "The first reuse, " + moment(reuse)]
            var aside: [String] = []
            if facts.keptAside > 0 {
                aside.append("\(ReplaySummary.times(facts.keptAside).capitalizedFirst) a cell leaving the screen is kept aside instead of pooled at once")
            }
            if facts.cameBack > 0 {
                aside.append("\(ReplaySummary.times(facts.cameBack)) \(words.aRow) comes back on screen with the cell it had, without \(words.call(.cellForRowAt))")
            }
            if !aside.isEmpty { points.append(aside.joined(separator: "; ").capitalizedFirst + ".") }
            return points
        }

        func prefetch() -> [String] {
            guard let batch = first(.prefetchRowsAt) else {
                if isPrefetchingEnabled == false {
                    let source = prefetching == true ? "never calls the prefetch data source the app set" : "has no prefetch data source either"
                    return ["No prefetching: isPrefetchingEnabled is false, so the \(words.view) requests each cell only when its \(words.row) is about to appear, never ahead, and \(source)."]
                }
                return prefetching == false ? ["No prefetching: the \(words.view) has no prefetch data source."] : []
            }
            var text = "\(Wording.count(facts.prefetchBatches, "prefetch batch", "prefetch batches")) \(facts.prefetchBatches == 1 ? "asks" : "ask") for \(Wording.count(facts.prefetchedRows, words.row)) ahead of time; the first, " + moment(batch)
            if let cancel = first(.cancelPrefetchingForRowsAt) {
                text += " \(Wording.count(facts.cancellations, "cancellation")) \(facts.cancellations == 1 ? "takes" : "take") back \(Wording.count(facts.cancelledRows, words.row)); the first, " + moment(cancel)
            } else {
                text += " No prefetch is cancelled."
            }
            if let cancelled = report.cancelledPrefetches.value, cancelled > 0 {
                text += " \(Wording.count(cancelled, "prefetch download")) \(cancelled == 1 ? "is" : "are") cancelled."
            }
            return [text]
        }

        /// Downloads, pages, cache hits by layer, coalesced, cancelled and failed requests, downloads never shown.
        func network() -> [String] {
            guard facts.imageRequests + facts.pageRequests > 0 else { return [] }
            var sentences: [String] = []
            let downloads = report.downloads.value ?? 0
            if downloads > 0 || facts.imageRequests > 0 {
                var text = Wording.count(downloads, "download")
                if let bytes = report.downloadBytes.value, bytes > 0 { text += " (\(Wording.bytes(bytes)))" }
                sentences.append(text)
            }
            if let pages = report.pageLoads.value, pages > 0 { sentences.append(Wording.count(pages, "page") + " loaded") }
            let hits = CacheLayer.allCases.compactMap { layer -> String? in
                guard let count = report.cacheHits.value?[layer], count > 0 else { return nil }
                return "\(count) \(Wording.layer(layer))"
            }
            if !hits.isEmpty {
                sentences.append(Wording.count(report.totalCacheHits.value ?? 0, "cache hit") + ": " + hits.joined(separator: ", "))
            } else if facts.imageRequests > 0 {
                sentences.append("no cache hit")
            }
            let requests = [(report.coalesced, "coalesced"), (report.cancelled, "cancelled"), (report.failed, "failed")].compactMap { value, name -> String? in
                guard let count = value.value, count > 0 else { return nil }
                return "\(count) \(name)"
            }
            if !requests.isEmpty { sentences.append("requests: " + requests.joined(separator: ", ")) }
            if let never = report.downloadsNeverShown.value, never > 0 {
                sentences.append("\(Wording.count(never, "download")) \(never == 1 ? "is" : "are") never shown on screen")
            }
            return [sentences.map(\.capitalizedFirst).joined(separator: ". ") + "."]
        }

        func screen() -> [String] {
            if let time = report.firstCompleteScreen.value, let frame = moments.completeScreen(at: time) {
                return [(facts.framesShowImages ? "The first complete screen (every visible \(words.row) showing its own image) is drawn at "
                                                : "The first screen with cells is drawn at ") + "\(Wording.ms(time)), step \(frame.seq)."]
            }
            if facts.frames > 0, let reason = report.firstCompleteScreen.reason { return ["No complete screen: \(reason)."] }
            return []
        }

        func stale() -> [String] {
            guard let firstStale = moments.firstStale else {
                return facts.framesShowImages ? ["No visible cell ever shows another \(words.row)'s image (no STALE frame)."] : []
            }
            var text = "The first STALE moment, " + moment(firstStale, after: "STALE")
            if let time = report.staleTime.value, let frames = report.staleFrames.value, time > .zero {
                text += " In all, a stale image is on screen for \(Wording.ms(time)) (\(Wording.count(frames, "frame")))."
            }
            return [text]
        }

        func late() -> [String] {
            guard let firstLate = moments.firstLate else {
                return facts.imageRequests > 0 ? ["No response is written into a cell that has moved on (no LATE image)."] : []
            }
            return ["The first LATE moment, " + moment(firstLate, after: "LATE")
                    + (moments.lateCount > 1 ? " It happens \(ReplaySummary.times(moments.lateCount)) in all." : "")]
        }

        func hitches() -> [String] {
            guard let count = report.hitches.value else { return [] }
            guard count > 0, let worst = moments.worstHitch else {
                return ["No hitch: the main thread never makes the screen miss a frame."]
            }
            var text = count == 1 ? "One hitch, " : "\(count) hitches"
            if count > 1, let total = report.hitchTime.value { text += " freeze the screen for \(Wording.ms(total)) in all; the worst, " }
            text += moment(worst, after: "HITCH")
            if let blocked = report.mainThreadBlocked.value { text += " The main thread is busy for \(Wording.ms(blocked)) in all." }
            return [text]
        }

        /// Reloads, a memory warning, the screen going away: the first of each, with its sentence.
        func appEvents() -> [String] {
            var points: [String] = []
            if let reload = first(.reloadData) { points.append("reloadData, " + moment(reload)) }
            if let rows = first(.reloadRows) { points.append("\(words.call(.reloadRows)), " + moment(rows)) }
            if let warning = first(.didReceiveMemoryWarning) {
                points.append("didReceiveMemoryWarning, " + moment(warning) + " \(Wording.count(facts.deallocatedBeforeDisappearing, "cell")) \(facts.deallocatedBeforeDisappearing == 1 ? "is" : "are") deallocated while the screen is up.")
            }
            if let gone = first(.viewDidDisappear) {
                var text = "The screen goes away at step \(gone.seq) (\(Wording.ms(gone.time))); \(Wording.count(facts.deallocatedAfterDisappearing, "cell")) \(facts.deallocatedAfterDisappearing == 1 ? "is" : "are") deallocated with the \(words.view)"
                let onScreen = facts.deallocatedOnScreen
                if onScreen > 0 {
                    text += onScreen == facts.deallocatedAfterDisappearing
                        ? (onScreen == 1 ? ", still on screen and without didEndDisplaying" : ", all still on screen and without didEndDisplaying")
                        : ", \(onScreen) of them still on screen and without didEndDisplaying"
                }
                points.append(text + ".")
            }
            return points
        }

        func memory() -> [String] {
            guard let peak = report.peakImageMemory.value, peak > 0 else { return [] }
            return ["Images take at most \(Wording.bytes(peak)) of memory at once."]
        }
    }
}

/// The annotations a summary quotes, noted as a replay annotates: the first of
/// each kind, the first STALE and LATE moments (and how many LATE there are), the
/// frame of the first complete screen and the worst hitch. Only these are put
/// into words.
public struct SummaryMoments: Sendable {
    var first: [EventKind: Annotation] = [:]
    var firstStale: Annotation?
    var firstLate: Annotation?
    var lateCount = 0
    var worstHitch: Annotation?
    /// The milliseconds of the worst hitch so far: a later one replaces it only with more.
    private var worstHitchMs = -1.0
    /// The first frame with cells, and the first whose every cell shows its own
    /// image: which is the first screen `TraceMetrics` decides only at the end.
    private var firstWithCells: Annotation?
    private var firstComplete: Annotation?

    public init() {}

    /// Why the step noted last is kept, until it is filed with its words.
    private var keeping: (firstOfKind: Bool, stale: Bool, late: Bool, withCells: Bool, complete: Bool, worst: Bool)?

    /// Notes one step as it is annotated, `state` being the state after it;
    /// `words` words it, asked only for a step kept to be quoted.
    public mutating func note(_ step: AnnotatedStep, after state: ReplayState, words: () -> String) {
        guard keeps(step, after: state) else { return }
        var annotation = step.annotation
        annotation.text = words()
        quote(annotation)
    }

    /// Notes one step as it is annotated, `state` being the state after it;
    /// true when it is kept to be quoted: `quote` then files it with its words.
    mutating func keeps(_ step: AnnotatedStep, after state: ReplayState) -> Bool {
        let kind = step.annotation.kind, marks = step.annotation.marks
        let firstOfKind = first.index(forKey: kind) == nil
        let stale = !marks.isEmpty && marks.contains(.stale) && firstStale == nil
        let late = !marks.isEmpty && marks.contains(.late)
        var withCells = false, complete = false, worst = false
        switch step.event.body {
        case .frame(let snapshot) where !snapshot.cells.isEmpty && firstComplete == nil:
            withCells = firstWithCells == nil
            complete = TraceMetrics.isComplete(snapshot, in: state)
        case .hitch(_, _, let ms, _) where ms > worstHitchMs:
            // The most milliseconds, the first of equals.
            worstHitchMs = ms
            worst = true
        default:
            break
        }
        if late { lateCount += 1 }
        guard firstOfKind || stale || (late && firstLate == nil) || withCells || complete || worst else { return false }
        keeping = (firstOfKind, stale, late && firstLate == nil, withCells, complete, worst)
        return true
    }

    /// Files the step `keeps` kept, in words.
    mutating func quote(_ annotation: Annotation) {
        guard let keeping else { return }
        if keeping.firstOfKind { first[annotation.kind] = annotation }
        if keeping.stale { firstStale = annotation }
        if keeping.late { firstLate = annotation }
        if keeping.withCells { firstWithCells = annotation }
        if keeping.complete { firstComplete = annotation }
        if keeping.worst { worstHitch = annotation }
        self.keeping = nil
    }

    /// Every step kept to be quoted, in order of `seq` (for tests).
    var quoted: [Annotation] {
        (Array(first.values) + [firstStale, firstLate, worstHitch, firstWithCells, firstComplete].compactMap { $0 }).sorted { $0.seq < $1.seq }
    }

    /// The first frame of the first complete screen, as the whole trace's metrics give its time.
    func completeScreen(at time: VirtualTime?) -> Annotation? {
        [firstComplete, firstWithCells].compactMap { $0 }.first { $0.time == time }
    }
}

extension Annotator {
    /// `survey` and `moments` note `step`, the step taken last, from the state
    /// after it. (Mutating only so that the Annotator is read in place: a
    /// copy of it, made to pass it along, cost more than the noting.)
    mutating func note(_ step: AnnotatedStep, into survey: inout SummarySurvey?, and moments: inout SummaryMoments) {
        survey?.note(step.event, after: state, phaseBefore: phaseBefore)
        if moments.keeps(step, after: state) { moments.quote(worded(step)) }
    }
}
