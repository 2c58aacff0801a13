import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// Where a lesson talks to the learner: a terminal, a script of answers, or an
/// instructor's preview.
public protocol LessonConsole: AnyObject {
    func say(_ text: String)
    /// The learner's next line, or nil when there is no more input (or Ctrl-C).
    /// `history` holds the answers given so far, for recalling with the arrow keys.
    func ask(_ prompt: String, history: [String]) -> String?
    var mode: LessonMode { get }
    /// Columns to wrap text to.
    var width: Int { get }
    /// Lines a pause's screen must fit in, so the narration stays in sight of
    /// the question (the terminal's height; 24 when there is none).
    var height: Int { get }
    /// Colour for verdicts, marks and the row asked about; plain off a terminal.
    var style: TerminalStyle { get }
    /// Holds what is on screen until the learner presses Enter, showing `prompt`;
    /// false when they stop instead (Ctrl-C, Ctrl-D, quit). Returns at once off a terminal.
    func waitForEnter(_ prompt: String) -> Bool
}

extension LessonConsole {
    public var height: Int { LessonRun.standardHeight }
    public var style: TerminalStyle { .plain }
    public func waitForEnter(_ prompt: String) -> Bool { true }
}

/// Who is on the other side of a lesson.
public enum LessonMode: Sendable {
    /// A student at the keyboard: prompt commands, retries, progress saved.
    case learner
    /// Answers from a file: one per question, no retries, no commands.
    case scripted
    /// An instructor previewing: every pause with its answers, nothing asked.
    case preview
}

/// How one question went.
public struct QuestionReport: Sendable, Equatable {
    /// The question's number over the whole lesson (1-based).
    public var number: Int
    public var step: Int
    public var question: String
    public var answer: String
    public var expected: String
    public var correct: Bool
    public var attempts: Int
}

/// The lesson after this one, for the end screen.
public struct NextLesson: Sendable {
    public var number: Int
    public var id: String
    public var title: String

    public init(number: Int, id: String, title: String) {
        self.number = number
        self.id = id
        self.title = title
    }
}

/// Runs a lesson: at each step the narration, the steps since the last pause
/// that matter (`PauseContext`) and a picture of the table view
/// (`CompactPicture`); then its questions, checked against the trace; then one
/// reveal with each answer's reason (`AnswerReason`) and what happened next.
/// The end screen gives the score over the whole lesson, the takeaway, the fix
/// and the next lesson. The same code serves learners, answer files and the
/// instructor's preview, so what a preview shows is what a learner sees.
public struct LessonRun {
    /// The height a pause fits when the console has no terminal to measure: the
    /// smallest terminal a lesson is made for.
    public static let standardHeight = 24

    public let loaded: LoadedLesson
    let annotations: [Annotation]
    let reasons: AnswerReason

    /// Every step is resolved first: a mistake in the lesson file is reported
    /// before the learner starts, not when they reach it.
    public init(_ loaded: LoadedLesson) throws(ReuseLabError) {
        for index in loaded.lesson.steps.indices { _ = try loaded.resolve(step: index) }
        self.loaded = loaded
        self.annotations = try Annotator.annotate(loaded.trace, file: loaded.path)
        self.reasons = AnswerReason(trace: loaded.trace, annotations: annotations, queries: loaded.queries)
    }

    /// How a run ended.
    public struct Outcome {
        public var reports: [QuestionReport]
        public var progress: LessonProgress
        /// True when the learner quit (quit, Ctrl-D, Ctrl-C) before the end.
        public var stopped: Bool
    }

    /// Runs the lesson from where `progress` left off; `save` is called after each
    /// answer with the progress so far.
    public func run(console: LessonConsole, progress: LessonProgress, next: NextLesson?,
                    save: (LessonProgress) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> Outcome {
        var session = LessonSession(run: self, console: console, progress: progress, next: next)
        return try session.run(save: save)
    }

    // MARK: Pieces shared by the session, `back` and the preview

    /// The reason for question `number` of step `index`, with the events it quotes.
    func reason(step index: Int, question number: Int, resolved: ResolvedStep) -> AnswerReason.Reason {
        let question = loaded.lesson.steps[index].questions[number]
        return reasons.explain(question.query, answer: resolved.answers[number], pausedAt: resolved.pause,
                               wording: loaded.wording(for: question))
    }

    /// The index just after what the reveal of a step pausing at `pause` shows:
    /// up to `limit` steps that are not plain frames, never past `stop` (the next
    /// step's pause), so a reveal cannot give away the next answer.
    func revealEnd(from pause: Int, stop: Int, limit: Int = 6) -> Int {
        var shown = 0
        var index = pause
        let end = min(stop, annotations.count)
        while index < end, shown < limit {
            if annotations[index].isWorthShowing { shown += 1 }
            index += 1
        }
        return index
    }

    /// Where step `index`'s reveal stops: its own pause's reveal, cut at the next step's pause.
    func revealEnd(ofStep index: Int) throws(ReuseLabError) -> Int {
        let pause = try loaded.resolve(step: index).pause
        let next = index + 1 < loaded.lesson.steps.count ? try loaded.resolve(step: index + 1).pause : annotations.count
        return revealEnd(from: pause, stop: max(pause, next))
    }

    static func example(for query: Query, list: ListStyle = .table) -> String {
        let (noun, plural) = (list.noun, list.plural)
        switch query {
        case .nextCall: return "Answer init or prepareForReuse."
        case .nextCalls: return "Name the calls in order, e.g. prepareForReuse, \(list.name(of: .cellForRowAt)), willDisplay."
        case .cellForRow: return "Answer new, or the \(noun) whose cell it reuses (\(noun) 0), or the cell (#1)."
        case .nextPrefetchBatch, .nextCancellation: return "Give the \(plural), e.g. 19-28 or 19, 20, …, 28."
        case .nextPass, .samePass, .nextPreparedAhead: return "Give the \(plural), e.g. 10-11 or 10, 11."
        case .cellCount, .cellForRowAtCount, .rowCount, .nextPassCount, .preparedAheadCount: return "Answer with a number."
        case .imageShown: return "Answer nothing, placeholder, or an image number (image 2)."
        case .isStale: return "Answer yes or no."
        case .comesBack: return "Answer yes (the same cell, willDisplay alone) or no (\(list.name(of: .cellForRowAt)) again)."
        case .compare: return "Answer with the strategy's name, or this / other."
        }
    }
}

extension Annotation {
    /// Everything but a plain frame: a frame only counts when it shows something
    /// wrong (STALE, HITCH). What a reveal lists and how far it reaches.
    var isWorthShowing: Bool { kind != .frame || !marks.isEmpty }
}
