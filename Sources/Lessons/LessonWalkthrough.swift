import TraceModel
import ToolSupport
import Replay

/// A whole lesson laid out in advance, for a page to run without a terminal:
/// at each stop the narration, where the trace pauses, the steps shown before
/// the questions, each question with its choices (one right, by the runner's
/// own rule), hint, answer and reason, and what the reveal shows after.
///
/// Built from the same pieces the terminal runner uses — `LoadedLesson.resolve`
/// for the pause and answers, `PauseContext` for the steps shown, `AnswerReason`
/// for the reason, `revealEnd` for how far a reveal reaches — so the page and
/// `reuselab lesson` teach the same thing.
public struct LessonWalkthrough: Sendable {
    public struct Stop: Sendable {
        public var narration: String
        /// The index of the event the trace stops before (the picture shows the state before it).
        public var pause: Int
        /// The steps shown before the questions (indices into the trace's events).
        public var context: [Int]
        public var questions: [Question]
        /// Every question's answer and reason, together, as the terminal reveals them.
        public var revealText: [String]
        /// The steps the reveal shows after the pause.
        public var revealSteps: [Int]
        /// The functions of the trace's code shown at the pause.
        public var code: [CodeFunction] = []
    }

    public struct Question: Sendable {
        public var ask: String
        public var hint: String?
        public var choices: [AnswerChoices.Choice]
        /// The right answer in words.
        public var answer: String
    }

    public var id: String
    public var title: String
    public var introduction: String
    public var stops: [Stop]
    public var takeaway: String
    public var fix: LessonFix?
    /// Every step of the trace, annotated (the stops index into these).
    public var annotations: [Annotation]
    /// The code the trace carries, which the stops' `code` points into.
    public var carriedCode: CarriedCode?

    public init(_ run: LessonRun) throws(ReuseLabError) {
        let loaded = run.loaded
        let lesson = loaded.lesson
        let events = loaded.trace.events
        let reconfigures = events.contains { $0.kind == .reconfigureRows }
        var pauses = PauseState(loaded: loaded)
        var stops: [Stop] = []
        var shownUpTo = 0
        for (index, step) in lesson.steps.enumerated() {
            let resolved = try loaded.resolve(step: index)
            let state = pauses.fold(to: resolved.pause)
            let from = min(shownUpTo, resolved.pause)
            let context = PauseContext(annotations: run.annotations, from: from, to: resolved.pause,
                                       questions: step.questions, narration: step.narration)
            var questions: [Question] = []
            var revealText: [String] = []
            var quoted: Set<Int> = []
            for (number, question) in step.questions.enumerated() {
                let wording = loaded.wording(for: question)
                let truth = resolved.answers[number]
                let answer = wording.describe(truth)
                questions.append(Question(ask: question.ask, hint: question.hint,
                                          choices: AnswerChoices.make(for: question.query, truth: truth, state: state,
                                                                      wording: wording, traceReconfigures: reconfigures,
                                                                      mistakes: resolved.mistakes[number]),
                                          answer: answer))
                let reason = run.reason(step: index, question: number, resolved: resolved)
                quoted.formUnion(reason.quoted)
                let numberInLesson = loaded.questionNumber(step: index, question: number)
                revealText.append("Question \(numberInLesson): the trace says \(answer)." + (reason.text.isEmpty ? "" : " Why: " + reason.text))
            }
            let end = try run.revealEnd(ofStep: index)
            let following = (resolved.pause..<end).filter { !quoted.contains($0) && run.annotations[$0].isWorthShowing }
            stops.append(Stop(narration: step.narration, pause: resolved.pause, context: context.shown,
                              questions: questions, revealText: revealText, revealSteps: following, code: resolved.code))
            shownUpTo = end
        }
        id = lesson.id
        title = lesson.title
        introduction = lesson.introduction
        self.stops = stops
        takeaway = lesson.takeaway
        fix = lesson.fix
        annotations = run.annotations
        carriedCode = loaded.trace.header.code
    }
}
