import ToolSupport
import TraceModel
import Replay

/// The strict reviewer's look at one question, at its pause: does anything the
/// learner reads before answering give the answer away, is the pause before
/// the moment asked about, can the page's choices be guessed? Each finding is
/// named (`ReviewFinding`) so that an author can accept it with a reason.
struct QuestionReview {
    let loaded: LoadedLesson
    let step: Int
    let number: Int
    let resolved: ResolvedStep
    /// The replay state at the pause, as the picture shows it.
    let state: ReplayState

    struct Finding {
        var finding: ReviewFinding
        /// Where in the lesson file: `steps[1].question.hint`.
        var place: String
        var message: String
    }

    var question: Question { loaded.lesson.steps[step].questions[number] }
    var place: String { loaded.lesson.steps[step].questions.count == 1 ? "steps[\(step)].question" : "steps[\(step)].questions[\(number)]" }
    var truth: LessonAnswer { resolved.answers[number] }

    func findings() -> [Finding] {
        giveaways() + moment() + choices()
    }

    /// The answer in what the learner reads before answering: the lesson's
    /// title and introduction, the step's narration, and the asks and hints of
    /// the step up to this question (a step's first question must not answer
    /// its second; a later one is read only once this one is answered).
    func giveaways() -> [Finding] {
        let lesson = loaded.lesson, wording = loaded.wording(for: question)
        var texts: [(member: String, place: String, text: String)] = [
            ("title", "title", lesson.title), ("introduction", "introduction", lesson.introduction),
            ("narration", "steps[\(step)].narration", lesson.steps[step].narration),
        ]
        let questions = lesson.steps[step].questions
        for (index, other) in questions.enumerated() where index <= number {
            let at = questions.count == 1 ? "steps[\(step)].question" : "steps[\(step)].questions[\(index)]"
            texts.append(("ask", at + ".ask", other.ask))
            if let hint = other.hint { texts.append(("hint", at + ".hint", hint)) }
        }
        return texts.compactMap { member, place, text in
            guard let words = AnswerLeak.find(truth, for: question.query, in: text, wording: wording),
                  let finding = ReviewFinding.inText(member) else { return nil }
            return Finding(finding: finding, place: place,
                           message: "the \(member) gives away the answer to question \(questionNumber) (it says \"\(VisibleText.shortened(words))\"; the answer is \(wording.describe(truth)))")
        }
    }

    var questionNumber: Int { loaded.lesson.questionNumber(step: step, question: number) }

    /// A pause at or after the moment the question asks about, or after what
    /// decides the answer has already happened and is on show.
    func moment() -> [Finding] {
        let trace = loaded.trace, queries = loaded.queries, naming = trace.header.rowNaming
        let pause = resolved.pause
        var out: [Finding] = []
        switch question.query {
        case .cellCount(let at), .cellForRowAtCount(let at), .rowCount(let at), .preparedAheadCount(let at),
             .imageShown(_, let at), .isStale(_, let at):
            guard let moment = try? at.map({ point throws(TraceQueries.Unanswerable) in try queries.index(of: point) }) ?? trace.events.count else { break }
            if pause >= moment {
                out.append(Finding(finding: .pauseAfterMoment, place: "steps[\(step)].pause",
                                   message: "question \(questionNumber) asks about the moment before event \(moment), but the pause is at event \(pause), \(pause == moment ? "that very moment" : "after it"): the learner sees the answer instead of predicting it"))
            }
        default:
            break
        }
        switch question.query {
        case .nextCall(let row), .cellForRow(let row):
            let events = trace.events, now = min(pause, events.count)
            let isConfigure = { (event: TraceEvent) in if case .cellForRowAt(row, _) = event.body { return true } else { return false } }
            let isLeave = { (event: TraceEvent) in if case .didEndDisplaying(row, _) = event.body { return true } else { return false } }
            guard let next = events[now...].firstIndex(where: isConfigure) else { break }
            // A row configured again while it stays on screen (reloadRows, reconfigureRows) is
            // the moment asked about; one that leaves and comes back is a later appearance.
            let leavesFirst = events[now..<next].contains(where: isLeave)
            let configured = events[..<now].lastIndex(where: isConfigure)
            let left = events[..<now].lastIndex(where: isLeave)
            if leavesFirst, let configured, configured > (left ?? -1) {
                out.append(Finding(finding: .pauseAfterMoment, place: "steps[\(step)].pause",
                                   message: "\(naming.name(row)) already got its cell at event \(configured), before the pause at event \(pause); question \(questionNumber) is then about the next time it appears, at event \(next). Pause before event \(configured)"))
            } else if !leavesFirst, let dequeue = dequeue(for: next), pause > dequeue, dequeue > max(left ?? -1, configured ?? -1) {
                out.append(Finding(finding: .answerAtPause, place: "steps[\(step)].pause",
                                   message: "the steps shown at the pause end after event \(dequeue), where the cell \(naming.name(row)) gets is \(events[dequeue].kind == .initCell ? "created" : "dequeued"): question \(questionNumber)'s answer is on screen. Pause before event \(dequeue)"))
            }
        case .imageShown(let row, let at):
            // The row is on screen at the pause showing what the question asks about, and
            // nothing before the moment touches it: the picture answers. (Staying the same
            // through a reload is a prediction worth asking; so is whether a row stays stale
            // or fresh, which `isStale` asks, whatever it shows now.)
            let moment = (try? at.map({ point throws(TraceQueries.Unanswerable) in try queries.index(of: point) })) ?? nil ?? trace.events.count
            guard pause < moment, let cell = state.displayed[row]?.last else { break }
            let touched = trace.events[pause..<min(moment, trace.events.count)].contains { $0.body.cellField == cell || $0.body.rowField == row }
            let now = try? queries.answer(question.query.asked(at: .event(pause)), pausedAt: pause)
            if !touched, let now, now == truth {
                out.append(Finding(finding: .answerAtPause, place: "steps[\(step)].pause",
                                   message: "\(naming.name(row)) is on screen at the pause already showing what question \(questionNumber) asks about (\(loaded.wording(for: question).describe(truth))), and nothing changes it before the moment asked"))
            }
        default:
            break
        }
        return out
    }

    /// The `init` or `prepareForReuse` that gave the cell configured at event
    /// `configure` to its row, if it came after the cell's last configuration.
    func dequeue(for configure: Int) -> Int? {
        let events = loaded.trace.events
        guard case .cellForRowAt(_, let cell) = events[configure].body else { return nil }
        let dequeued = events[..<configure].lastIndex { $0.body.cellField == cell && ($0.kind == .initCell || $0.kind == .prepareForReuse) }
        let configuredBefore = events[..<configure].lastIndex { $0.kind == .cellForRowAt && $0.body.cellField == cell }
        guard let dequeued, dequeued > (configuredBefore ?? -1) else { return nil }
        return dequeued
    }

    /// Choices where the right one can be picked without knowing it: fewer than
    /// two, or a right one that every wrong one repeats (the shared core).
    func choices() -> [Finding] {
        let wording = loaded.wording(for: question)
        let reconfigures = loaded.trace.events.contains { $0.kind == .reconfigureRows }
        let offered = AnswerChoices.make(for: question.query, truth: truth, state: state, wording: wording,
                                         traceReconfigures: reconfigures, mistakes: resolved.mistakes[number])
        let wrong = offered.filter { !$0.isRight }
        guard let right = offered.first(where: \.isRight) else { return [] }
        if wrong.isEmpty {
            return [Finding(finding: .guessableChoices, place: place,
                            message: "the page offers question \(questionNumber) only one choice, \"\(right.label)\"; add \"wrongAnswers\" a learner might give")]
        }
        let core = right.label.lowercased()
        if wrong.count >= 2, wrong.allSatisfy({ $0.label.lowercased().contains(core) }) {
            return [Finding(finding: .guessableChoices, place: place,
                            message: "every wrong choice of question \(questionNumber) repeats the right one (\"\(right.label)\"), so it can be picked as the part they share")]
        }
        return []
    }
}

extension Query {
    /// The same question asked about another moment (`imageShown` and `isStale`).
    func asked(at point: PausePoint) -> Query {
        switch self {
        case .imageShown(let row, _): return .imageShown(row: row, at: point)
        case .isStale(let row, _): return .isStale(row: row, at: point)
        default: return self
        }
    }
}
