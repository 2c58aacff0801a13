import TraceFormat

/// A lesson: a trace to watch, an introduction, and steps that each pause the
/// trace and ask the learner what happens next. Every answer is derived from the
/// trace by a named query, so a lesson can never disagree with its trace.
public struct Lesson: Sendable {
    public var id: String
    public var title: String
    /// The trace's path as written in the lesson (relative to the lesson file).
    public var tracePath: String
    public var introduction: String
    public var steps: [LessonStep]
    /// What to remember, shown on the end screen (a few sentences). Required by
    /// `lesson check`; a lesson without one still runs.
    public var takeaway: String
    /// Where a strategy is involved: the fix, in UIKit code, shown after the takeaway.
    public var fix: LessonFix?
    /// Where each part was written, for error messages.
    var positions: [String: SourcePosition] = [:]
}

extension Lesson {
    /// How many questions the lesson asks in all (a step may ask several).
    public var questionCount: Int { steps.reduce(0) { $0 + $1.questions.count } }

    /// The number (1-based, over the whole lesson) of question `question` of step `step`.
    public func questionNumber(step: Int, question: Int) -> Int {
        steps.prefix(step).reduce(0) { $0 + $1.questions.count } + question + 1
    }
}

/// One stop in a lesson: narration, where to pause, and the questions to ask
/// there. Questions that share a pause are asked one after another and answered
/// by one reveal.
public struct LessonStep: Sendable {
    public var narration: String
    public var pause: PausePoint
    public var questions: [Question]
}

/// The fix a lesson teaches, as UIKit code: a sentence saying what it changes,
/// and the code itself, line by line (shown as written, indented as written).
public struct LessonFix: Sendable, Equatable {
    public var summary: String
    public var code: [String]
}

/// Where a step pauses the trace: before event N, or before the n-th event that
/// matches a selector ("the first cellForRowAt for row 21").
public enum PausePoint: Sendable, Equatable {
    case event(Int)
    case before(EventSelector)
}

/// Matches events by kind and, optionally, row and cell.
public struct EventSelector: Sendable, Equatable {
    public var kind: EventKind
    /// The row (global once the lesson is loaded; see `Lesson.resolvingSections`).
    public var row: Int?
    /// The section `row` was written in (0 when the lesson leaves it out).
    public var section = 0
    /// Where the selector was written, for errors about its row.
    var position: SourcePosition?
    public var cell: Int?
    /// Which match (1 = the first).
    public var occurrence: Int

    public func matches(_ event: TraceEvent) -> Bool {
        guard event.kind == kind else { return false }
        if let row, event.body.rowField != row { return false }
        if let cell, event.body.cellField != cell { return false }
        return true
    }

    /// "the first cellForRowAt for row 21"
    public var describe: String {
        var text = "the " + Self.ordinal(occurrence) + " \(kind.rawValue)"
        if let row { text += " for row \(row)" }
        if let cell { text += " of cell #\(cell)" }
        return text
    }

    /// "first", "second", … "fifth", then "6th", "21st", "22nd", "111th".
    static func ordinal(_ number: Int) -> String {
        let words = ["first", "second", "third", "fourth", "fifth"]
        if number >= 1 && number <= words.count { return words[number - 1] }
        let lastTwo = number % 100, last = number % 10
        let suffix = (11...13).contains(lastTwo) ? "th" : last == 1 ? "st" : last == 2 ? "nd" : last == 3 ? "rd" : "th"
        return "\(number)\(suffix)"
    }
}

/// A question: what it asks, the query that answers it from the trace, and
/// optionally an instructor's fixed answer (checked against the query) and a hint.
public struct Question: Sendable {
    public var ask: String
    /// The query; a row it names is global once the lesson is loaded.
    public var query: Query
    /// The section the query's row was written in (0 when the lesson leaves it out).
    public var section = 0
    /// Where the question was written, for errors about its row.
    var position: SourcePosition?
    public var expected: String?
    public var hint: String?
}

/// The named queries a question can use; each is answered from the trace alone.
public enum Query: Sendable, Equatable {
    /// Will row R's next cell come from `init` or `prepareForReuse`?
    case nextCall(row: Int)
    /// The next N lifecycle callbacks, in order.
    case nextCalls(count: Int)
    /// Which cell row R will get: a new one, or the one that showed which row.
    case cellForRow(row: Int)
    /// The rows of the next `prefetchRowsAt` batch.
    case nextPrefetchBatch
    /// The rows of the next `cancelPrefetchingForRowsAt`.
    case nextCancellation
    /// How many cells exist at a point (default: the end of the trace).
    case cellCount(at: PausePoint?)
    /// How many times `cellForRowAt` has run by a point (default: the end).
    case cellForRowAtCount(at: PausePoint?)
    /// How many rows the table view has at a point (default: the end).
    case rowCount(at: PausePoint?)
    /// What row R's cell shows in its image view at a point (default: the end).
    case imageShown(row: Int, at: PausePoint?)
    /// Whether row R shows another row's image at a point (default: the end).
    case isStale(row: Int, at: PausePoint?)
    /// Which of two traces has the larger value of a metric.
    case compare(metric: ComparedMetric, otherTrace: String)

    public var name: String {
        switch self {
        case .nextCall: return "nextCall"
        case .nextCalls: return "nextCalls"
        case .cellForRow: return "cellForRow"
        case .nextPrefetchBatch: return "nextPrefetchBatch"
        case .nextCancellation: return "nextCancellation"
        case .cellCount: return "cellCount"
        case .cellForRowAtCount: return "cellForRowAtCount"
        case .rowCount: return "rowCount"
        case .imageShown: return "imageShown"
        case .isStale: return "isStale"
        case .compare: return "compare"
        }
    }

    public static let names = ["nextCall", "nextCalls", "cellForRow", "nextPrefetchBatch", "nextCancellation",
                               "cellCount", "cellForRowAtCount", "rowCount", "imageShown", "isStale", "compare"]
}

/// Metrics two traces can be compared on ("which strategy downloads more?").
public enum ComparedMetric: String, Sendable, CaseIterable {
    case downloads, staleFrames, cellsCreated, hitches, mainThreadBlocked, peakImageMemory, firstCompleteScreen, imageWaitAverage, cacheHits
}

extension EventBody {
    /// The event's `row`, if it has one.
    var rowField: Int? {
        switch self {
        case .cellForRowAt(let row, _), .willDisplay(let row, _), .didEndDisplaying(let row, _), .keepAside(_, let row),
             .scrollToRow(let row, _, _), .imageRequest(_, let row, _, _, _), .requestCoalesced(_, let row), .cacheHit(let row, _, _):
            return row
        case .prepareForReuse(_, _, let previous): return previous
        default: return nil
        }
    }
}
