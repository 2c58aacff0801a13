import TraceModel
import ToolSupport
import Replay

/// Answers a lesson's named queries from its trace: what really happens after the
/// pause, computed by folding events through `ReplayState.apply` — never typed in.
public struct TraceQueries {
    public let trace: Trace
    /// Loads another trace for `compare` questions (path as written in the lesson).
    let loadOther: (String) throws(ReuseLabError) -> Trace

    public init(trace: Trace, loadOther: @escaping (String) throws(ReuseLabError) -> Trace) {
        self.trace = trace
        self.loadOther = loadOther
    }

    /// Why a query has no answer in this trace.
    public struct Unanswerable: Error, Sendable {
        public var message: String
    }

    /// The index of the event a pause point stops before.
    public func index(of point: PausePoint) throws(Unanswerable) -> Int {
        switch point {
        case .event(let index):
            guard index <= trace.events.count else {
                throw Unanswerable(message: "event \(index) does not exist; the trace has \(trace.events.count) events (0–\(trace.events.count - 1))")
            }
            return index
        case .before(let selector):
            var seen = 0
            for (index, event) in trace.events.enumerated() where selector.matches(event) {
                seen += 1
                if seen == selector.occurrence { return index }
            }
            throw Unanswerable(message: "the pause is before \(selector.describe(naming: trace.header.rowNaming)), which the trace does not have"
                                        + (seen > 0 ? " (it has only \(seen) such events)" : ""))
        }
    }

    /// The state just before event `index` (after all events when `index` is the count).
    public func state(before index: Int) throws(Unanswerable) -> ReplayState {
        var state = ReplayState(header: trace.header)
        for event in trace.events.prefix(index) {
            do throws(LifecycleViolation) {
                try state.apply(event)
            } catch {
                throw Unanswerable(message: "the trace is not valid at event \(event.seq): \(error.message)")
            }
        }
        return state
    }

    /// The answer to `query` for a learner paused before event `pause`.
    public func answer(_ query: Query, pausedAt pause: Int) throws(Unanswerable) -> LessonAnswer {
        let future = trace.events[min(pause, trace.events.count)...]
        let naming = trace.header.rowNaming, list = naming.list
        switch query {
        case .nextCall(let row), .cellForRow(let row):
            guard let configure = future.firstIndex(where: {
                if case .cellForRowAt(row, _) = $0.body { return true }
                return false
            }), case .cellForRowAt(_, let cell) = trace.events[configure].body else {
                throw Unanswerable(message: "no \(list.name(of: .cellForRowAt)) for \(naming.name(row)) comes after the pause")
            }
            let dequeued = trace.events[..<configure].lastIndex { $0.body.cellField == cell && ($0.kind == .initCell || $0.kind == .prepareForReuse) }
            // reconfigureRows: the row's own cell, configured already since its last dequeue, is configured again.
            if let configuredBefore = trace.events[..<configure].lastIndex(where: { $0.kind == .cellForRowAt && $0.body.cellField == cell }),
               configuredBefore > (dequeued ?? -1) {
                if case .nextCall = query { return .call(.cellForRowAt) }
                return .reusedCell(cell: cell, previousRow: nil)
            }
            let dequeue = dequeued.map { trace.events[$0] }
            switch dequeue?.body {
            case .initCell?:
                if case .nextCall = query { return .call(.initCell) }
                return .newCell
            case .prepareForReuse(_, _, let previous)?:
                if case .nextCall = query { return .call(.prepareForReuse) }
                return .reusedCell(cell: cell, previousRow: previous)
            default:
                throw Unanswerable(message: "the cell \(naming.name(row)) gets was neither created nor dequeued before it")
            }
        case .comesBack(let row):
            guard let shown = future.firstIndex(where: { if case .willDisplay(row, _) = $0.body { return true } else { return false } }) else {
                throw Unanswerable(message: "\(naming.name(row)) does not appear after the pause")
            }
            let before = trace.events[..<shown]
            guard let left = before.lastIndex(where: { if case .didEndDisplaying(row, _) = $0.body { return true } else { return false } }) else {
                throw Unanswerable(message: "\(naming.name(row)) has not been on screen before it appears after the pause, so it does not come back")
            }
            let configured = before.lastIndex { if case .cellForRowAt(row, _) = $0.body { return true } else { return false } }
            return .yesNo((configured ?? -1) < left)
        case .nextCalls(let count):
            let calls = future.filter { $0.kind.isLifecycle }.prefix(count).map(\.kind)
            guard calls.count == count else {
                throw Unanswerable(message: "only \(calls.count) lifecycle calls come after the pause, not \(count)")
            }
            return .calls(Array(calls))
        case .nextPrefetchBatch:
            for event in future { if case .prefetchRowsAt(let rows) = event.body { return .rows(rows) } }
            throw Unanswerable(message: "no \(list.name(of: .prefetchRowsAt)) comes after the pause")
        case .nextCancellation:
            for event in future { if case .cancelPrefetchingForRowsAt(let rows) = event.body { return .rows(rows) } }
            throw Unanswerable(message: "no \(list.name(of: .cancelPrefetchingForRowsAt)) comes after the pause")
        case .cellCount(let at):
            return .number(try state(before: at.map { point throws(Unanswerable) in try index(of: point) } ?? trace.events.count).liveCellCount)
        case .cellForRowAtCount(let at):
            let end = try at.map { point throws(Unanswerable) in try index(of: point) } ?? trace.events.count
            return .number(trace.events.prefix(end).filter { $0.kind == .cellForRowAt }.count)
        case .rowCount(let at):
            let state = try state(before: at.map { point throws(Unanswerable) in try index(of: point) } ?? trace.events.count)
            guard let rows = state.currentRowCount else {
                throw Unanswerable(message: "the trace does not say how many \(list.plural) the \(list.isCollection ? "collection view" : "table") has")
            }
            return .number(rows)
        case .imageShown(let row, let at), .isStale(let row, let at):
            let state = try state(before: at.map { point throws(Unanswerable) in try index(of: point) } ?? trace.events.count)
            guard let cell = state.displayed[row]?.last, let record = state.cell(cell) else {
                throw Unanswerable(message: "\(naming.name(row)) is not on screen at that point")
            }
            if case .imageShown = query { return .image(record.image) }
            if case .image(let number) = record.image { return .yesNo(number != state.expectedImage(forRow: row)) }
            return .yesNo(false)
        case .compare(let metric, let otherPath):
            let other: Trace
            do {
                other = try loadOther(otherPath)
            } catch {
                throw Unanswerable(message: error.description)
            }
            let mine = try measurement(metric, of: trace)
            let theirs = try measurement(metric, of: other)
            guard mine != theirs else {
                throw Unanswerable(message: "both traces have the same \(metric.rawValue) (\(ReadableNumber.oneDecimal(mine))); compare them on something else")
            }
            return .trace(isLessonTrace: mine > theirs)
        case .nextPass(let kind):
            guard let first = future.firstIndex(where: { $0.kind == kind }) else {
                throw Unanswerable(message: "no \(list.name(of: kind)) comes after the pause")
            }
            let span = pass(containing: first)
            return .rows(Self.rows(of: kind, in: trace.events[max(span.lowerBound, pause)..<span.upperBound]))
        case .nextPassCount(let kind):
            guard let first = future.firstIndex(where: { $0.kind == kind }) else {
                throw Unanswerable(message: "no \(list.name(of: kind)) comes after the pause")
            }
            let span = pass(containing: first)
            return .number(trace.events[max(span.lowerBound, pause)..<span.upperBound].filter { $0.kind == kind }.count)
        case .samePass(let row, let kind):
            guard let own = future.firstIndex(where: { $0.kind == kind && $0.body.rowField == row }) else {
                throw Unanswerable(message: "no \(list.name(of: kind)) for \(naming.name(row)) comes after the pause")
            }
            return .rows(Self.rows(of: kind, in: trace.events[pass(containing: own)]))
        case .nextPreparedAhead:
            let ahead = preparedAhead(upTo: trace.events.count)
            guard let first = ahead.first(where: { $0 >= pause }) else {
                throw Unanswerable(message: "no \(list.name(of: .cellForRowAt)) after the pause configures \(list.isCollection ? "an item" : "a row") ahead of its willDisplay")
            }
            let span = pass(containing: first)
            let rows = ahead.filter { $0 >= max(span.lowerBound, pause) && $0 < span.upperBound }.compactMap { trace.events[$0].body.rowField }
            return .rows(Array(Set(rows)).sorted())
        case .preparedAheadCount(let at):
            let end = try at.map { point throws(Unanswerable) in try index(of: point) } ?? trace.events.count
            return .number(preparedAhead(upTo: end).count)
        }
    }

    /// The layout pass holding event `index`: the events around it at the same
    /// time, the frame drawn after them ending it. (A pass's calls all happen at
    /// one moment of virtual time, before the frame that shows them.)
    public func pass(containing index: Int) -> Range<Int> {
        let events = trace.events
        guard index >= 0, index < events.count else { return index..<index }
        let time = events[index].time
        var start = index
        while start > 0, events[start - 1].time == time, events[start - 1].kind != .frame { start -= 1 }
        var end = index
        while end < events.count, events[end].time == time {
            end += 1
            if events[end - 1].kind == .frame { break }
        }
        return start..<end
    }

    /// The rows the events of `kind` name, lowest first, each once
    /// (`prepareForReuse` names the row its cell showed before).
    static func rows(of kind: EventKind, in events: ArraySlice<TraceEvent>) -> [Int] {
        Array(Set(events.filter { $0.kind == kind }.compactMap { $0.body.rowField })).sorted()
    }

    /// The indices (below `end`) of the `cellForRowAt` calls that configure a row
    /// ahead of its display: a row not on screen, given a cell not already
    /// configured for it, whose `willDisplay` does not come in the same pass.
    func preparedAhead(upTo end: Int) -> [Int] {
        Self.preparedAhead(in: trace.events, upTo: end) { pass(containing: $0) }
    }

    static func preparedAhead(in events: [TraceEvent], upTo end: Int, pass: (Int) -> Range<Int>) -> [Int] {
        var shown: [Int: Set<Int>] = [:]
        var configuredFor: [Int: Int] = [:]
        var found: [Int] = []
        for index in 0..<min(end, events.count) {
            switch events[index].body {
            case .willDisplay(let row, let cell): shown[row, default: []].insert(cell)
            case .didEndDisplaying(let row, let cell): shown[row]?.remove(cell)
            case .initCell(let cell, _), .prepareForReuse(let cell, _, _): configuredFor[cell] = nil
            case .cellForRowAt(let row, let cell):
                defer { configuredFor[cell] = row }
                guard shown[row]?.isEmpty ?? true, configuredFor[cell] != row else { continue }
                let displayedNow = events[pass(index)].contains { if case .willDisplay(row, _) = $0.body { return true } else { return false } }
                if !displayedNow { found.append(index) }
            default: break
            }
        }
        return found
    }

    /// The value of `metric` for a whole trace.
    func measurement(_ metric: ComparedMetric, of trace: Trace) throws(Unanswerable) -> Double {
        var metrics = TraceMetrics(header: trace.header)
        for event in trace.events {
            do throws(LifecycleViolation) { try metrics.apply(event) } catch {
                throw Unanswerable(message: "a compared trace is not valid at event \(event.seq): \(error.message)")
            }
        }
        let report = metrics.report
        let value: Double?
        switch metric {
        case .downloads: value = report.downloads.value.map(Double.init)
        case .staleFrames: value = report.staleFrames.value.map(Double.init)
        case .cellsCreated: value = Double(report.cellsCreated)
        case .hitches: value = report.hitches.value.map(Double.init)
        case .mainThreadBlocked: value = report.mainThreadBlocked.value?.milliseconds
        case .peakImageMemory: value = report.peakImageMemory.value.map(Double.init)
        case .firstCompleteScreen: value = report.firstCompleteScreen.value?.milliseconds
        case .imageWaitAverage: value = report.imageWaitAverage.value?.milliseconds
        case .cacheHits: value = report.cacheHits.value.map { Double($0.values.reduce(0, +)) }
        case .cellsPreparedAhead:
            let other = TraceQueries(trace: trace, loadOther: loadOther)
            value = Double(other.preparedAhead(upTo: trace.events.count).count)
        }
        guard let value else { throw Unanswerable(message: "\(metric.rawValue) cannot be computed for \(trace.header.title)") }
        return value
    }
}
