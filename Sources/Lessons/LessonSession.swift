import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// One sitting of a lesson: walks the steps from where the progress left off,
/// keeping the replay state at the current pause (for `picture`) and the
/// answers given (for `back` and the arrow keys).
struct LessonSession {
    let run: LessonRun
    let console: LessonConsole
    var progress: LessonProgress
    let next: NextLesson?
    let text: LessonText

    /// The replay state just before event `folded`.
    private var state: ReplayState
    private var folded = 0
    /// Answers typed in this sitting, oldest first.
    private var typed: [String] = []
    private var reports: [QuestionReport] = []

    init(run: LessonRun, console: LessonConsole, progress: LessonProgress, next: NextLesson?) {
        self.run = run
        self.console = console
        self.progress = progress
        self.next = next
        self.text = LessonText(width: console.width)
        self.state = ReplayState(header: run.loaded.trace.header)
    }

    var lesson: Lesson { run.loaded.lesson }
    var total: Int { run.loaded.questionCount }

    mutating func run(save: (LessonProgress) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> LessonRun.Outcome {
        let start = min(progress.nextStep, lesson.steps.count)
        if start == 0 && progress.results.isEmpty {
            console.say(text.prose(lesson.title) + String(repeating: "=", count: min(text.width, max(3, TextWrap.columns(lesson.title)))) + "\n\n"
                        + (lesson.introduction.isEmpty ? "" : text.prose(lesson.introduction)))
            if console.mode == .learner {
                console.say("\n" + text.prose("At each question, answer in your own words, or type help to see what else you can do (hint, picture, more, show, back, quit)."))
            }
        } else {
            let answered = progress.settledCount
            console.say(text.prose("\(lesson.title): carrying on at question \(firstOpen(in: start)) of \(total), with \(answered) answered before. To start over instead:")
                        + "    reuselab lesson \(VisibleText.escape(lesson.id)) --restart\n")
        }
        var shownUpTo = start == 0 ? 0 : try run.revealEnd(ofStep: start - 1)
        for index in start..<lesson.steps.count {
            let step = lesson.steps[index]
            let resolved = try run.loaded.resolve(step: index)
            advance(to: resolved.pause)
            let from = min(shownUpTo, resolved.pause)
            console.say("\n" + text.heading("Step \(index + 1) of \(lesson.steps.count)")
                        + (step.narration.isEmpty ? "" : text.prose(step.narration)))
            console.say(context(from: from, to: resolved.pause, step: step))
            if let code = run.loaded.trace.header.code, !resolved.code.isEmpty {
                let listing = CodeListing(code: code, width: text.width)
                console.say("\n" + resolved.code.flatMap(listing.function).map { $0 + "\n" }.joined())
            }
            console.say("\n" + picture())
            for (number, question) in step.questions.enumerated() where !progress.isSettled(step: index, question: number) {
                guard try ask(question, number: number, step: index, resolved: resolved, from: from, save: save) else {
                    return stop(at: index, question: number)
                }
            }
            console.say(reveal(step: index, resolved: resolved))
            progress.nextStep = index + 1
            if console.mode != .preview { try save(progress) }
            shownUpTo = try run.revealEnd(ofStep: index)
        }
        console.say(LessonEnding(run: run, progress: progress, next: next, text: text, mode: console.mode).screen())
        return LessonRun.Outcome(reports: reports, progress: progress, stopped: false)
    }

    /// Asks one question until it is answered (or shown); false if the learner quit.
    private mutating func ask(_ question: Question, number: Int, step index: Int, resolved: ResolvedStep, from: Int,
                              save: (LessonProgress) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> Bool {
        let numberInLesson = run.loaded.questionNumber(step: index, question: number)
        console.say("\n" + text.labelled("Question \(numberInLesson) of \(total): ", question.ask))
        let truth = resolved.answers[number]
        let wording = run.loaded.wording(for: question)
        if console.mode == .preview {
            if let hint = question.hint { console.say(text.labelled("Hint: ", hint)) }
            return true
        }
        // A first answer kept from an earlier run, wrong, still counts as the first.
        let earlier = progress.result(step: index, question: number).flatMap { $0.settled ? nil : $0 }
        var attempts = earlier == nil ? 0 : 1
        var firstAnswer = earlier?.answer
        var correct = false
        var guessWords = "(no answer)"
        asking: while true {
            guard let line = console.ask(console.mode == .scripted ? "" : "> ", history: typed) else {
                // A file of answers that runs out leaves the rest unanswered; a learner
                // who ends the input (Ctrl-D) or presses Ctrl-C stops here.
                if console.mode == .scripted { break asking }
                return false
            }
            let answer = line.trimming(" \t\r\n")
            if console.mode == .learner {
                if answer.isEmpty { continue }
                if let command = PromptCommand(answer) {
                    switch command {
                    case .hint:
                        console.say(question.hint.map { text.labelled("Hint: ", $0) }
                                    ?? text.prose("No hint for this one: look at the steps and the picture above (type picture to see it again)."))
                    case .show:
                        guessWords = attempts == 0 ? "(you asked to see the answer)" : guessWords
                        break asking
                    case .picture:
                        console.say(picture())
                    case .more:
                        console.say(more(from: from, to: resolved.pause))
                    case .back:
                        console.say(back(before: numberInLesson))
                    case .help:
                        console.say(PromptCommand.summary + "\n" + text.prose(LessonRun.example(for: question.query, list: run.loaded.trace.header.list)))
                    case .quit:
                        return false
                    }
                    continue
                }
            }
            guard let guess = AnswerReader.read(answer, for: question.query, wording: wording) else {
                if console.mode == .scripted {
                    attempts += 1
                    firstAnswer = firstAnswer ?? answer
                    guessWords = "\"\(VisibleText.shortened(answer))\" (not readable as an answer)"
                    break asking
                }
                let quoted = "\"" + VisibleText.shortened(answer) + "\""
                if let near = PromptCommand.closest(to: answer) {
                    console.say(text.prose("\(quoted) is not an answer here; did you mean \(near.rawValue)? Type help for commands."))
                } else {
                    console.say(text.prose("\(quoted) is not an answer to this question. " + LessonRun.example(for: question.query, list: run.loaded.trace.header.list) + " Type help for commands."))
                }
                continue
            }
            attempts += 1
            firstAnswer = firstAnswer ?? answer
            typed.append(answer)
            guessWords = wording.describe(guess)
            if truth.accepts(guess) {
                correct = attempts == 1
                console.say(attempts == 1 ? "Right.\n" : "Right this time (the score counts first answers).\n")
                break asking
            }
            if console.mode == .scripted { break asking }
            if attempts == 1 {
                // Kept at once: a learner who stops now still has this first answer counted.
                progress.record(.init(step: index, question: number, answer: firstAnswer ?? answer, correct: false, settled: false))
                try save(progress)
            }
            console.say(text.prose("Not quite: you said \(guessWords). Try again, or type hint, show or help."))
        }
        reports.append(QuestionReport(number: numberInLesson, step: index + 1, question: question.ask, answer: firstAnswer ?? "",
                                      expected: wording.describe(truth), correct: correct, attempts: attempts))
        progress.record(.init(step: index, question: number, answer: firstAnswer ?? "", correct: correct))
        try save(progress)
        return true
    }

    /// The steps since the last pause that matter to this step's questions.
    private func context(from start: Int, to end: Int, step: LessonStep) -> String {
        let context = PauseContext(annotations: run.annotations, from: start, to: end, questions: step.questions, narration: step.narration)
        guard end > start else { return "" }
        var out = "\n"
        if context.leftOut > 0 {
            let others = context.leftOut == 1 ? "1 other step" : "\(context.leftOut) other steps"
            out += text.prose("… \(others) since the last question" + (console.mode == .learner ? " (type more to see every step)" : ""), indent: 2)
        }
        return out + text.steps(context.shown.map { run.annotations[$0] })
    }

    /// Every step from `start` to `end`.
    private func more(from start: Int, to end: Int) -> String {
        guard end > start else { return text.prose("No steps since the last question.") }
        return "Every step since the last question:\n" + text.steps(Array(run.annotations[start..<end]))
    }

    /// The first unanswered question of step `index`, numbered over the lesson.
    private func firstOpen(in index: Int) -> Int {
        let questions = index < lesson.steps.count ? lesson.steps[index].questions.count : 0
        let open = (0..<questions).first { !progress.isSettled(step: index, question: $0) } ?? 0
        return run.loaded.questionNumber(step: index, question: open)
    }

    private mutating func advance(to index: Int) {
        let events = run.loaded.trace.events
        while folded < min(index, events.count) {
            // The trace was checked when the lesson was loaded, so this fold cannot fail;
            // if it ever did, the picture stays at the last good state.
            guard (try? state.apply(events[folded])) != nil else { break }
            folded += 1
        }
    }

    private func picture() -> String {
        CompactPicture.draw(state, width: text.width).joined(separator: "\n") + "\n"
    }

    /// One reveal for all of a step's questions: each answer with its reason, then
    /// what happened next (leaving out the steps the reasons already quote).
    private func reveal(step index: Int, resolved: ResolvedStep) -> String {
        let step = lesson.steps[index]
        var out = "\n"
        var quoted: Set<Int> = []
        for (number, question) in step.questions.enumerated() {
            let wording = run.loaded.wording(for: question)
            let truth = wording.describe(resolved.answers[number])
            let numberInLesson = run.loaded.questionNumber(step: index, question: number)
            var line = "Question \(numberInLesson): the trace says \(truth)."
            if console.mode != .preview, let result = progress.result(step: index, question: number) {
                line += result.correct ? " You had it first time."
                    : result.answer.isEmpty ? " (Not answered.)" : " You said \"\(VisibleText.shortened(result.answer))\" first."
            }
            out += text.prose(line)
            let reason = run.reason(step: index, question: number, resolved: resolved)
            quoted.formUnion(reason.quoted)
            if !reason.text.isEmpty { out += text.labelled("  Why: ", reason.text) }
        }
        let end = (try? run.revealEnd(ofStep: index)) ?? resolved.pause
        let following = (resolved.pause..<end).filter { !quoted.contains($0) && run.annotations[$0].isWorthShowing }
        if !following.isEmpty {
            out += "\nWhat happened next:\n" + text.steps(following.map { run.annotations[$0] })
        }
        return out
    }

    /// The question before question `number`, read-only.
    private func back(before number: Int) -> String {
        guard number > 1 else { return text.prose("This is the first question; there is nothing to go back to.") }
        var remaining = number - 1
        for (index, step) in lesson.steps.enumerated() {
            guard remaining > step.questions.count else {
                let question = step.questions[remaining - 1]
                var out = text.labelled("Question \(number - 1) of \(total): ", question.ask)
                guard let result = progress.result(step: index, question: remaining - 1) else {
                    return out + text.prose("You did not answer it.")
                }
                out += text.labelled("You said: ", result.answer.isEmpty ? "(nothing)" : result.answer + (result.correct ? " (right first time)" : ""))
                // Questions at the current pause are revealed together, after the last of them.
                guard index < progress.nextStep, let resolved = try? run.loaded.resolve(step: index) else {
                    return out + text.prose("Its answer is revealed with this one.")
                }
                out += text.labelled("The trace: ", run.loaded.wording(for: question).describe(resolved.answers[remaining - 1]))
                let reason = run.reason(step: index, question: remaining - 1, resolved: resolved)
                return out + (reason.text.isEmpty ? "" : text.labelled("Why: ", reason.text))
            }
            remaining -= step.questions.count
        }
        return ""
    }

    /// The learner quit at question `number` of step `index`.
    private func stop(at index: Int, question number: Int) -> LessonRun.Outcome {
        let at = run.loaded.questionNumber(step: index, question: number)
        let kept = progress.results.isEmpty ? "Nothing was answered yet, so there is nothing to keep."
            : "Your \(progress.results.count == 1 ? "answer is" : "\(progress.results.count) answers are") kept."
        console.say("\n\n" + text.prose("Stopped at question \(at) of \(total). \(kept) To carry on, run:")
                    + "    reuselab lesson \(VisibleText.escape(lesson.id))\n")
        return LessonRun.Outcome(reports: reports, progress: progress, stopped: true)
    }
}
