import TraceModel
import ToolSupport

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
    /// Functions of the trace's carried code to show at the pause, by their Swift
    /// names (`prepareForReuse()`, `tableView(_:cellForRowAt:)`).
    public var code: [String] = []

    /// The most functions a step shows: more would push the question off the screen.
    public static let mostFunctions = 3
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
    /// The collection view's words the selector was written with (`item`,
    /// `cellForItemAt`), which only a collection lesson may use.
    var collectionWords: [String] = []

    public init(kind: EventKind, row: Int? = nil, cell: Int? = nil, occurrence: Int = 1) {
        self.kind = kind
        self.row = row
        self.cell = cell
        self.occurrence = occurrence
    }

    public static func == (lhs: EventSelector, rhs: EventSelector) -> Bool {
        lhs.kind == rhs.kind && lhs.row == rhs.row && lhs.section == rhs.section && lhs.cell == rhs.cell && lhs.occurrence == rhs.occurrence
    }

    public func matches(_ event: TraceEvent) -> Bool {
        guard event.kind == kind else { return false }
        if let row, event.body.rowField != row { return false }
        if let cell, event.body.cellField != cell { return false }
        return true
    }

    /// "the first cellForRowAt for row 21"
    public var describe: String { describe(naming: .single) }

    /// "the first cellForItemAt for item 21" in a collection view; rows named as the trace names them.
    public func describe(naming: RowNaming) -> String {
        var text = "the " + Self.ordinal(occurrence) + " \(naming.list.name(of: kind))"
        if let row { text += " for \(naming.name(row))" }
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
    /// Wrong answers learners give, each with what it reveals: shown when a
    /// learner's answer reads the same.
    public var wrongAnswers: [WrongAnswer] = []
    /// Findings of `lesson check` the author says are meant, each with why.
    public var accepted: [AcceptedFinding] = []
    /// The collection view's words the question was written with (`item`,
    /// `cellForItem`, `cellForItemAt`), which only a collection lesson may use.
    var collectionWords: [String] = []
}

/// A wrong answer an author expects, with the feedback that names the
/// misconception behind it ("18 counts only the whole rows; a row partly on
/// screen needs a cell too"). The answer is written as a learner would type it
/// and read by the same reader as theirs.
public struct WrongAnswer: Sendable {
    public var answer: String
    public var feedback: String
    /// Where it was written, for errors.
    var position: SourcePosition?

    /// A page offers at most six choices, one of them right.
    public static let mostPerQuestion = 5
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
    /// The rows named by the events of `kind` in the next layout pass (after the
    /// pause) that has any: "which items appear together?" (`willDisplay`), "whose
    /// cells come out of the pool together?" (`prepareForReuse`, by the row each
    /// cell showed before). In order, each row once.
    case nextPass(kind: EventKind)
    /// How many events of `kind` the next layout pass that has any holds: "how
    /// many items enter the screen together?"
    case nextPassCount(kind: EventKind)
    /// The rows whose events of `kind` share a layout pass with row R's next one
    /// after the pause, R included: "which items get willDisplay with item 10?"
    case samePass(row: Int, kind: EventKind)
    /// The rows configured ahead in the next pass after the pause that configures
    /// a row ahead: `cellForRowAt` for a row not on screen, whose `willDisplay`
    /// does not come in the same pass (cell prefetching, the modern prepared cell).
    case nextPreparedAhead
    /// Whether row R, the next time it appears, comes back with the cell it had
    /// when it left (`willDisplay` without `cellForRowAt`: a kept-aside cell).
    case comesBack(row: Int)
    /// How many times, by a point (default: the end), `cellForRowAt` ran for a row
    /// ahead of its display (as `nextPreparedAhead` counts them).
    case preparedAheadCount(at: PausePoint?)

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
        case .nextPass: return "nextPass"
        case .nextPassCount: return "nextPassCount"
        case .samePass: return "samePass"
        case .nextPreparedAhead: return "nextPreparedAhead"
        case .preparedAheadCount: return "preparedAheadCount"
        case .comesBack: return "comesBack"
        }
    }

    public static let names = ["nextCall", "nextCalls", "cellForRow", "nextPrefetchBatch", "nextCancellation",
                               "cellCount", "cellForRowAtCount", "rowCount", "imageShown", "isStale", "compare",
                               "nextPass", "nextPassCount", "samePass", "nextPreparedAhead", "preparedAheadCount", "comesBack"]

    /// The names a collection lesson may use instead, in the collection view's
    /// words (`cellForItem` for `cellForRow`); a table lesson may not.
    public static let collectionNames = ["cellForItem": "cellForRow", "cellForItemAtCount": "cellForRowAtCount", "itemCount": "rowCount"]

    /// The query's name as a lesson about `list` writes it.
    public func name(in list: ListStyle) -> String {
        guard list.isCollection, let alias = Self.collectionNames.first(where: { $0.value == name })?.key else { return name }
        return alias
    }

    /// The kinds `nextPass` and `samePass` can name rows by: the events that name one row.
    public static let passRowKinds: [EventKind] = [.cellForRowAt, .willDisplay, .didEndDisplaying, .keepAside, .prepareForReuse]
    /// The kinds `nextPassCount` can count: the lifecycle callbacks and the pool's own steps.
    public static let passCountKinds: [EventKind] = [.initCell, .prepareForReuse, .cellForRowAt, .willDisplay, .didEndDisplaying,
                                                     .keepAside, .enqueue, .deinitCell]
}

/// Metrics two traces can be compared on ("which strategy downloads more?").
public enum ComparedMetric: String, Sendable, CaseIterable {
    case downloads, staleFrames, cellsCreated, hitches, mainThreadBlocked, peakImageMemory, firstCompleteScreen, imageWaitAverage, cacheHits
    /// `cellForRowAt` calls made ahead of the row's display (see `Query.preparedAheadCount`).
    case cellsPreparedAhead
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
