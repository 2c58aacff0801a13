import TraceModel
import ToolSupport
import Replay

/// Why the trace gives a question the answer it does, in one or two sentences
/// that name the steps to look at: "cell #1: it showed row 0 and joined the
/// pool at step 134." Found in the trace and its annotations, never written by
/// hand, so `show` and the reveal can only say what the trace says.
struct AnswerReason {
    let trace: Trace
    let annotations: [Annotation]
    let queries: TraceQueries

    /// The explanation, and the events whose annotations it quotes (so a reveal
    /// does not print them a second time).
    struct Reason {
        var text: String
        var quoted: Set<Int>
    }

    func explain(_ query: Query, answer: LessonAnswer, pausedAt pause: Int, wording: AnswerWording) -> Reason {
        var quoted: Set<Int> = []
        let text = sentence(query, pausedAt: pause, wording: wording) { index in
            quoted.insert(index)
            return index < annotations.count ? annotations[index].text : ""
        }
        return Reason(text: text, quoted: quoted)
    }

    private func sentence(_ query: Query, pausedAt pause: Int, wording: AnswerWording, text: (Int) -> String) -> String {
        let events = trace.events
        let start = min(pause, events.count)
        let naming = trace.header.rowNaming, list = naming.list
        /// "Steps 91–92, in one layout pass at 916.7 ms: …" quoting the events at `indices`.
        func inOnePass(_ indices: [Int]) -> String {
            guard let first = indices.first, let last = indices.last else { return "" }
            let span = first == last ? "Step \(step(first))" : "Steps \(step(first))–\(step(last))"
            return span + ", in one layout pass at \(ReadableNumber.ms(events[first].time.milliseconds)): " + indices.map { text($0) }.joined(separator: " ")
        }
        switch query {
        case .nextCall(let row), .cellForRow(let row):
            guard let configure = events[start...].firstIndex(where: { if case .cellForRowAt(row, _) = $0.body { return true } else { return false } }),
                  case .cellForRowAt(_, let cell) = events[configure].body,
                  let dequeue = events[..<configure].lastIndex(where: { $0.body.cellField == cell && ($0.kind == .initCell || $0.kind == .prepareForReuse) })
            else { return "" }
            // reconfigureRows: the row's own cell, configured since its last dequeue, is configured again.
            if let configuredBefore = events[..<configure].lastIndex(where: { $0.kind == .cellForRowAt && $0.body.cellField == cell }),
               configuredBefore > dequeue {
                return "Step \(step(configure)): " + text(configure)
            }
            if events[dequeue].kind == .initCell {
                return "Step \(step(dequeue)): " + text(dequeue)
            }
            var reason = "Cell #\(cell)"
            if case .prepareForReuse(_, _, let previous?) = events[dequeue].body { reason += " showed \(naming.name(previous)) before" }
            if let joined = events[..<dequeue].lastIndex(where: { $0.body.cellField == cell && [.enqueue, .didEndDisplaying, .keepAside].contains($0.kind) }) {
                reason += (reason.hasSuffix("before") ? " and" : "") + " went into the reuse pool at step \(step(joined))"
            }
            return reason + "; step \(step(dequeue)): " + text(dequeue)
        case .comesBack(let row):
            guard let shown = events[start...].firstIndex(where: { if case .willDisplay(row, _) = $0.body { return true } else { return false } }),
                  let left = events[..<shown].lastIndex(where: { if case .didEndDisplaying(row, _) = $0.body { return true } else { return false } })
            else { return "" }
            let configured = events[left..<shown].lastIndex { if case .cellForRowAt(row, _) = $0.body { return true } else { return false } }
            var quoted = [left]
            if let cell = events[left].body.cellField,
               let went = events[(left + 1)..<shown].firstIndex(where: { $0.body.cellField == cell && [.keepAside, .enqueue].contains($0.kind) }) {
                quoted.append(went)
            }
            quoted.append(configured ?? shown)
            if let configured, configured != shown { quoted.append(shown) }
            return quoted.map { "Step \(step($0)): " + text($0) }.joined(separator: " ")
        case .nextCalls(let count):
            let found = events.indices[start...].filter { events[$0].kind.isLifecycle }.prefix(count)
            guard let first = found.first, let last = found.last else { return "" }
            let span = first == last ? "Step \(step(first))" : "Steps \(step(first))–\(step(last))"
            return span + ": " + found.map { text($0) }.joined(separator: " ")
        case .nextPrefetchBatch, .nextCancellation:
            let kind: EventKind = query == .nextPrefetchBatch ? .prefetchRowsAt : .cancelPrefetchingForRowsAt
            guard let index = events[start...].firstIndex(where: { $0.kind == kind }) else { return "" }
            return "Step \(step(index)): " + text(index)
        case .cellCount(let at):
            let end = (try? at.map { point throws(TraceQueries.Unanswerable) in try queries.index(of: point) }) ?? nil
            let stop = min(end ?? events.count, events.count)
            let created = events[..<stop].filter { $0.kind == .initCell }.count
            let released = events[..<stop].filter { $0.kind == .deinitCell }.count
            return "\(place(end)): \(created) " + (created == 1 ? "cell was" : "cells were") + " created (init)"
                + (released > 0 ? " and \(released) released (deinit)" : " and none released (deinit)") + "."
                + firstScreen(before: stop)
        case .cellForRowAtCount(let at):
            let end = (try? at.map { point throws(TraceQueries.Unanswerable) in try queries.index(of: point) }) ?? nil
            let stop = min(end ?? events.count, events.count)
            let rows = events[..<stop].compactMap { event -> Int? in if case .cellForRowAt(let row, _) = event.body { return row } else { return nil } }
            let configure = list.name(of: .cellForRowAt)
            guard !rows.isEmpty else { return "\(place(end)): \(configure) never ran." }
            return "\(place(end)): \(configure) ran for " + RowList.describe(Array(Set(rows)).sorted(), list: list)
                + (Set(rows).count < rows.count ? ", some \(list.plural) more than once" : "") + "."
        case .rowCount(let at):
            let end = (try? at.map { point throws(TraceQueries.Unanswerable) in try queries.index(of: point) }) ?? nil
            let stop = min(end ?? events.count, events.count)
            guard let index = events[..<stop].lastIndex(where: { $0.kind == .numberOfRows }) else { return "" }
            return "Step \(step(index)): " + text(index)
        case .imageShown(let row, let at), .isStale(let row, let at):
            let end = (try? at.map { point throws(TraceQueries.Unanswerable) in try queries.index(of: point) }) ?? nil
            let stop = min(end ?? events.count, events.count)
            guard let shown = events[..<stop].lastIndex(where: { if case .willDisplay(row, _) = $0.body { return true } else { return false } }),
                  let cell = events[shown].body.cellField else { return "" }
            guard let set = events[..<stop].lastIndex(where: { $0.kind == .imageSet && $0.body.cellField == cell }) else {
                return "\(place(end)): nothing has set the image view of cell #\(cell), which shows \(naming.name(row))."
            }
            return "\(place(end)), \(naming.name(row)) shows cell #\(cell); its image view was last set at step \(step(set)): " + text(set)
        case .compare(let metric, let other):
            guard let mine = try? queries.measurement(metric, of: trace),
                  let theirs = try? queries.measurement(metric, of: try queries.loadOther(other)) else { return "" }
            return "\(metric.readableName): \(wording.thisTrace) \(metric.describe(mine)), \(wording.otherTrace) \(metric.describe(theirs))."
        case .nextPass(let kind), .nextPassCount(let kind):
            guard let first = events[start...].firstIndex(where: { $0.kind == kind }) else { return "" }
            let span = queries.pass(containing: first)
            return inOnePass(Array(max(span.lowerBound, start)..<span.upperBound).filter { events[$0].kind == kind })
        case .samePass(let row, let kind):
            guard let own = events[start...].firstIndex(where: { $0.kind == kind && $0.body.rowField == row }) else { return "" }
            return inOnePass(queries.pass(containing: own).filter { events[$0].kind == kind })
        case .nextPreparedAhead:
            let ahead = queries.preparedAhead(upTo: events.count)
            guard let first = ahead.first(where: { $0 >= start }) else { return "" }
            let span = queries.pass(containing: first)
            let here = ahead.filter { $0 >= max(span.lowerBound, start) && $0 < span.upperBound }
            return inOnePass(here) + (here.count == 1 ? " It is not on screen yet, and its willDisplay does not come in that pass."
                                                      : " None of them is on screen yet, and their willDisplay does not come in that pass.")
        case .preparedAheadCount(let at):
            let end = (try? at.map { point throws(TraceQueries.Unanswerable) in try queries.index(of: point) }) ?? nil
            let ahead = queries.preparedAhead(upTo: min(end ?? events.count, events.count))
            let configure = list.name(of: .cellForRowAt)
            guard !ahead.isEmpty else {
                return "\(place(end)): \(configure) never ran for \(list.isCollection ? "an item" : "a row") before it was on screen; each got its cell in the pass that showed it."
            }
            let rows = ahead.compactMap { events[$0].body.rowField }
            return "\(place(end)): \(configure) ran ahead of \(list.name(of: .willDisplay)), in an earlier pass, for "
                + RowList.describe(Array(Set(rows)).sorted(), list: list) + "."
        }
    }

    /// Before any scrolling or reuse, why the screen holds the cells it does:
    /// " One for each of rows 0–18: the 797 pt below the status bar hold
    /// 797 ÷ 44 = 18.1 rows of 44 pt, and the row only partly on screen needs a
    /// cell too." Empty when cells were reused, the list moved, or the table is
    /// not one of equal rows, where the sum would not be the whole story.
    private func firstScreen(before stop: Int) -> String {
        let events = trace.events[..<stop]
        let moved: Set<EventKind> = [.prepareForReuse, .scrollViewWillBeginDragging, .scrollToRow, .reloadData, .numberOfRows]
        guard !events.contains(where: { moved.contains($0.kind) }) else { return "" }
        var created: Set<Int> = [], rows: [Int] = []
        for event in events {
            switch event.body {
            case .initCell(let cell, _): created.insert(cell)
            case .cellForRowAt(let row, let cell) where created.contains(cell): rows.append(row)
            default: break
            }
        }
        guard !rows.isEmpty, rows == Array(0..<rows.count) else { return "" }
        let list = trace.header.rowNaming.list
        var sentence = " One for each of " + RowList.describe(rows, list: list)
        guard let scenario = trace.header.scenario, scenario.collection == nil, scenario.table.sections == nil,
              scenario.table.rowHeights == nil, scenario.table.rowHeight > 0 else { return sentence + "." }
        let visible = scenario.table.viewportHeight - scenario.table.contentInsetTop
        let fits = visible / scenario.table.rowHeight
        guard visible > 0, fits.isFinite, Int(fits.rounded(.up)) == rows.count else { return sentence + "." }
        let below = scenario.table.contentInsetTop > 0 ? " below the status bar" : ""
        sentence += ": the \(ReadableNumber.points(visible))\(below) hold \(ReadableNumber.oneDecimal(visible)) ÷ \(ReadableNumber.oneDecimal(scenario.table.rowHeight)) = \(ReadableNumber.oneDecimal(fits)) rows of \(ReadableNumber.points(scenario.table.rowHeight))"
        if fits.rounded(.down) != fits { sentence += ", and the row only partly on screen needs a cell too" }
        return sentence + "."
    }

    /// The step number a learner sees for event `index`.
    func step(_ index: Int) -> Int { index < annotations.count ? annotations[index].seq : index }

    /// "By step 57" or "At the end of the recording".
    func place(_ end: Int?) -> String {
        guard let end, end < annotations.count else { return "At the end of the recording" }
        return "Before step \(step(end))"
    }
}

extension ComparedMetric {
    /// "main thread blocked", for a sentence.
    var readableName: String {
        switch self {
        case .downloads: return "Downloads"
        case .staleFrames: return "Frames with a stale image"
        case .cellsCreated: return "Cells created"
        case .hitches: return "Hitches"
        case .mainThreadBlocked: return "Main thread blocked"
        case .peakImageMemory: return "Peak image memory"
        case .firstCompleteScreen: return "First complete screen at"
        case .imageWaitAverage: return "Average wait for an image"
        case .cacheHits: return "Cache hits"
        case .cellsPreparedAhead: return "Cells configured ahead of display"
        }
    }

    /// A value of this metric with its unit: "14103.3 ms", "34.3 MB", "45".
    func describe(_ value: Double) -> String {
        switch self {
        case .mainThreadBlocked, .firstCompleteScreen, .imageWaitAverage: return ReadableNumber.ms(value)
        case .peakImageMemory:
            guard value.isFinite, abs(value) < 1e15 else { return ReadableNumber.oneDecimal(value) + " bytes" }
            return InputFile.describeSize(Int(value))
        default: return ReadableNumber.oneDecimal(value)
        }
    }
}
