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
    /// Lines printed since the pause was drawn: a reply that would push the
    /// pause's first lines off the screen has the pause drawn again around it.
    private var linesOnScreen = 0
    private var reports: [QuestionReport] = []

    init(run: LessonRun, console: LessonConsole, progress: LessonProgress, next: NextLesson?) {
        self.run = run
        self.console = console
        self.progress = progress
        self.next = next
        self.text = LessonText(width: console.width, style: console.style)
        self.state = ReplayState(header: run.loaded.trace.header)
    }

    var lesson: Lesson { run.loaded.lesson }
    var total: Int { run.loaded.questionCount }

    mutating func run(save: (LessonProgress) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> LessonRun.Outcome {
        let start = min(progress.nextStep, lesson.steps.count)
        var opening: String
        if start == 0 && progress.results.isEmpty {
            opening = text.prose(lesson.title) + String(repeating: "=", count: min(text.width, max(3, TextWrap.columns(lesson.title)))) + "\n\n"
                + (lesson.introduction.isEmpty ? "" : text.prose(lesson.introduction))
            if console.mode == .learner {
                opening += "\n" + text.prose("Answer in your own words. For a word of the glossary, type define and the word (define kept aside); help lists what else you can do.")
            }
        } else {
            let answered = progress.settledCount
            // A wrong first try kept from the last sitting still counts as the first answer: say so.
            let pending = progress.results.first { !$0.settled }.map { " Your first answer to it, \"\(VisibleText.shortened($0.answer))\", is kept and counts." } ?? ""
            opening = text.prose("\(lesson.title): carrying on at question \(firstOpen(in: start)) of \(total), with \(answered) answered before.\(pending) To start over instead:")
                + "    reuselab lesson \(VisibleText.escape(lesson.id)) --restart\n"
        }
        console.say(opening)
        // The introduction has a screen of its own, so the first pause fits below it.
        if console.mode == .learner, start == 0, progress.results.isEmpty, !console.waitForEnter("Press Enter to begin (q to stop)") {
            return stop(at: 0, question: 0)
        }
        var shownUpTo = start == 0 ? 0 : try run.revealEnd(ofStep: start - 1)
        // Carrying on, the message above the first pause stays on its screen.
        var above = start == 0 && progress.results.isEmpty ? 0 : Self.lines(opening)
        for index in start..<lesson.steps.count {
            let step = lesson.steps[index]
            let resolved = try run.loaded.resolve(step: index)
            advance(to: resolved.pause)
            let from = min(shownUpTo, resolved.pause)
            let screen = pauseScreen(step: index, resolved: resolved, from: from, reserve: above)
            console.say(screen)
            linesOnScreen = Self.lines(screen) + above
            above = 0
            for (number, question) in step.questions.enumerated() where !progress.isSettled(step: index, question: number) {
                guard try ask(question, number: number, step: index, resolved: resolved, from: from, save: save) else {
                    return stop(at: index, question: number)
                }
            }
            console.say(reveal(step: index, resolved: resolved))
            progress.nextStep = index + 1
            if console.mode != .preview { try save(progress) }
            shownUpTo = try run.revealEnd(ofStep: index)
            // The verdict and its reason stay in sight until the learner moves on
            // (after the last step the end screen follows, which starts with the score).
            if console.mode == .learner, index + 1 < lesson.steps.count, !console.waitForEnter("Press Enter to go on (q to stop)") {
                return stop(at: index + 1, question: 0)
            }
        }
        console.say(LessonEnding(run: run, progress: progress, next: next, text: text, mode: console.mode).screen())
        return LessonRun.Outcome(reports: reports, progress: progress, stopped: false)
    }

    /// What a pause shows, fitted to the console's height so that the narration
    /// and the question are on the screen together: the step's heading and narration, a summary of the steps since the
    /// last question with the latest of them one line each, the code, the
    /// picture, then the first question. What does not fit is left to `more` and
    /// `picture`, and said so.
    /// `reserve` keeps lines free below the question, for a reply to an answer
    /// (`retryScreen`); `asking` is the question shown, else the first open one.
    private func pauseScreen(step index: Int, resolved: ResolvedStep, from: Int, reserve: Int = 0, asking: Int? = nil) -> String {
        let step = lesson.steps[index]
        let head = "\n" + text.heading("Step \(index + 1) of \(lesson.steps.count)")
            + (step.narration.isEmpty ? "" : text.prose(step.narration))
        var code = codeListing(resolved)
        let firstOpen = asking ?? step.questions.indices.first { !progress.isSettled(step: index, question: $0) } ?? 0
        let questionLines = Self.lines(questionLine(step: index, number: firstOpen)) + 1
        var room = console.height - Self.lines(head) - questionLines - 1 - reserve
        // The picture gives up its grid of rows, line by line, before it is left out;
        // the sentence summing up the steps since the last question stays.
        let summaryLines = resolved.pause > from ? Self.lines(summary(from: from, to: resolved.pause)) + 1 : 0
        var rowLines = CompactPicture.maximumRowLines
        var drawing = "\n" + picture(asking: step.questions.first, rowLines: rowLines)
        while rowLines > 0, Self.lines(code) + Self.lines(drawing) + max(2, summaryLines) > room {
            rowLines -= 1
            drawing = "\n" + picture(asking: step.questions.first, rowLines: rowLines)
        }
        if Self.lines(code) + Self.lines(drawing) > room {
            drawing = "\n" + text.prose("(The picture of the table view does not fit here: type picture to see it.)")
        }
        // Code longer than the room left is cut, and says how to see the rest.
        let codeRoom = room - Self.lines(drawing) - 1
        if Self.lines(code) > codeRoom {
            let kept = code.split(separator: "\n", omittingEmptySubsequences: false).prefix(max(1, codeRoom - 1))
            code = kept.joined(separator: "\n") + "\n" + "│ … (type code to see all of it)\n"
        }
        room -= Self.lines(code) + Self.lines(drawing)
        return head + context(from: from, to: resolved.pause, step: step, room: room) + code + drawing
    }

    /// The pause drawn again with a reply below its question (a wrong answer's
    /// feedback, a hint, a definition), so that the reply does not push the
    /// narration off the top of the screen. Only a learner's screen is redrawn;
    /// a transcript (answers from a file, a preview) gets the reply alone.
    /// On a tall terminal, where the reply fits below what is shown, nothing is redrawn.
    private mutating func retryScreen(_ reply: String, step index: Int, number: Int, resolved: ResolvedStep, from: Int) -> String {
        guard console.mode == .learner, linesOnScreen + Self.lines(reply) + 1 > console.height else { return reply }
        let screen = pauseScreen(step: index, resolved: resolved, from: from, reserve: Self.lines(reply), asking: number)
        linesOnScreen = 0
        return screen + questionLine(step: index, number: number) + reply
    }

    /// Says `text`, counting its lines on the screen.
    private mutating func show(_ text: String) {
        console.say(text)
        linesOnScreen += Self.lines(text)
    }

    /// The functions the step shows, whole, after a blank line; empty when none.
    private func codeListing(_ resolved: ResolvedStep) -> String {
        guard let carried = run.loaded.trace.header.code, !resolved.code.isEmpty else { return "" }
        let listing = CodeListing(code: carried, width: text.width)
        return "\n" + resolved.code.flatMap(listing.function).map { $0 + "\n" }.joined()
    }

    /// The question line, "Question 2 of 4: …".
    private func questionLine(step index: Int, number: Int) -> String {
        let question = lesson.steps[index].questions[number]
        return "\n" + text.labelled("Question \(run.loaded.questionNumber(step: index, question: number)) of \(total): ", question.ask)
    }

    /// Whether `ask` offers `word` as one of its choices ("as many as now, or more?").
    static func offers(_ ask: String, _ word: String) -> Bool {
        let ask = " " + String(ask.lowercased().map { $0.isLetter || $0.isNumber ? $0 : " " }) + " "
        let word = word.lowercased().trimming(" ")
        guard !word.isEmpty else { return false }
        return ask.contains(" or \(word) ") || ask.contains(" \(word) or ")
    }

    static func lines(_ text: String) -> Int { text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } }

    /// Asks one question until it is answered (or shown); false if the learner quit.
    private mutating func ask(_ question: Question, number: Int, step index: Int, resolved: ResolvedStep, from: Int,
                              save: (LessonProgress) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> Bool {
        let numberInLesson = run.loaded.questionNumber(step: index, question: number)
        show(questionLine(step: index, number: number))
        let truth = resolved.answers[number]
        let wording = run.loaded.wording(for: question)
        if console.mode == .preview {
            if let hint = question.hint { show(text.labelled("Hint: ", hint)) }
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
            linesOnScreen += 1
            let answer = line.trimming(" \t\r\n")
            // An answer wins over a command's word ("more" may answer "as many, or more?"),
            // except after a colon, and "define WORD", which no answer begins with.
            let forced = answer.hasPrefix(":") || PromptCommand.read(answer)?.command == .define
            let reading = forced ? nil : AnswerReader.read(answer, for: question.query, wording: wording)
            if console.mode == .learner, reading == nil {
                if answer.isEmpty { continue }
                // A command's word the question itself offers as a choice ("…, or more?") is
                // an attempt at an answer: say what the reader takes instead of running it.
                if PromptCommand.read(answer) != nil, !answer.hasPrefix(":"), Self.offers(question.ask, answer) {
                    show(text.prose("\"\(VisibleText.shortened(answer))\" is not an answer the trace can check here. "
                                           + LessonRun.example(for: question.query, list: run.loaded.trace.header.list)
                                           + " (For the command, type :\(answer.lowercased()).)"))
                    continue
                }
                if let (command, argument) = PromptCommand.read(answer) {
                    switch command {
                    case .hint:
                        show(retryScreen(question.hint.map { text.labelled("Hint: ", $0) }
                                                ?? text.prose("No hint for this one: look at the steps and the picture above (type picture to see it again)."),
                                                step: index, number: number, resolved: resolved, from: from))
                    case .show:
                        guessWords = attempts == 0 ? "(you asked to see the answer)" : guessWords
                        break asking
                    case .picture:
                        show(picture(asking: question))
                    case .code:
                        let listing = codeListing(resolved)
                        show(listing.isEmpty ? text.prose("This step shows no code.") : listing)
                    case .more:
                        show(more(from: from, to: resolved.pause))
                    case .back:
                        show(back(before: numberInLesson))
                    case .define:
                        show(retryScreen(define(argument), step: index, number: number, resolved: resolved, from: from))
                    case .help:
                        show(PromptCommand.summary + "\n" + text.prose(LessonRun.example(for: question.query, list: run.loaded.trace.header.list)))
                    case .quit:
                        return false
                    }
                    continue
                }
            }
            guard let guess = reading else {
                if console.mode == .scripted {
                    attempts += 1
                    firstAnswer = firstAnswer ?? answer
                    guessWords = "\"\(VisibleText.shortened(answer))\" (not readable as an answer)"
                    break asking
                }
                let quoted = "\"" + VisibleText.shortened(answer) + "\""
                if let near = PromptCommand.closest(to: answer) {
                    show(text.prose("\(quoted) is not an answer here; did you mean \(near.rawValue)? Type help for commands."))
                } else {
                    show(text.prose("\(quoted) is not an answer to this question. " + LessonRun.example(for: question.query, list: run.loaded.trace.header.list) + " Type help for commands."))
                }
                continue
            }
            attempts += 1
            firstAnswer = firstAnswer ?? answer
            typed.append(answer)
            guessWords = wording.describe(guess)
            if truth.accepts(guess) {
                correct = attempts == 1
                show(text.style.right(attempts == 1 ? "Right." : "Right this time") + (attempts == 1 ? "\n" : " (the score counts first answers).\n"))
                break asking
            }
            if console.mode == .scripted { break asking }
            if attempts == 1 {
                // Kept at once: a learner who stops now still has this first answer counted.
                progress.record(.init(step: index, question: number, answer: firstAnswer ?? answer, correct: false, settled: false))
                try save(progress)
            }
            let feedback = feedback(for: guess, step: index, question: number, resolved: resolved)
            let reply = text.prose("Not quite: you said \"\(VisibleText.shortened(answer))\"."
                                   + (feedback.isEmpty ? "" : " " + feedback) + " Try again, or type hint, show or help.")
            show(retryScreen(text.style.wrong("Not quite") + reply.dropFirst("Not quite".count),
                                    step: index, number: number, resolved: resolved, from: from))
        }
        reports.append(QuestionReport(number: numberInLesson, step: index + 1, question: question.ask, answer: firstAnswer ?? "",
                                      expected: wording.describe(truth), correct: correct, attempts: attempts))
        progress.record(.init(step: index, question: number, answer: firstAnswer ?? "", correct: correct))
        try save(progress)
        return true
    }

    /// The author's feedback for a wrong answer that reads as `guess`, else the
    /// one worked out from the trace (`MistakeFeedback`).
    func feedback(for guess: LessonAnswer, step index: Int, question number: Int, resolved: ResolvedStep) -> String {
        let question = lesson.steps[index].questions[number]
        let known = number < resolved.mistakes.count ? resolved.mistakes[number] : []
        if let mistake = known.first(where: { $0.matches(guess) }) { return mistake.feedback }
        return MistakeFeedback.explain(guess, truth: resolved.answers[number], query: question.query, state: state,
                                       wording: run.loaded.wording(for: question))
    }

    /// `define WORD`: the glossary's entry, or the list of words.
    private func define(_ word: String) -> String {
        guard !word.isEmpty else {
            return text.prose("Words you can ask about (define WORD): " + Glossary.entries.map(\.term).joined(separator: ", ") + ".")
        }
        if let entry = Glossary.lookup(word) { return text.labelled(entry.term + ": ", entry.meaning) }
        let suggestion = Glossary.closest(to: word).map { " Did you mean \($0)?" } ?? ""
        return text.prose("No entry for \"\(VisibleText.shortened(word))\".\(suggestion) Type define alone for the list.")
    }

    /// The steps since the last pause, in `room` lines: a one-sentence summary,
    /// then the latest steps that matter to the step's questions (and every step
    /// its narration names), one line each. With no room, one line says how many
    /// steps there were and that `more` lists them.
    private func context(from start: Int, to end: Int, step: LessonStep, room: Int) -> String {
        guard end > start else { return "" }
        let more = console.mode == .learner ? " (type more to see every step)" : ""
        let summary = summary(from: start, to: end)
        let spare = room - 1 - Self.lines(summary)
        guard spare >= 0 else {
            let count = end - start
            let since = start == 0 ? "since the recording began" : "since the last question"
            return "\n" + text.prose("\(count == 1 ? "1 step" : "\(count) steps") \(since)" + more + ".")
        }
        // Each undocumented rule adds one note line under the steps; leave room for them.
        var limit = min(spare, PauseContext.defaultLimit)
        while limit > 0 {
            let context = PauseContext(annotations: run.annotations, from: start, to: end, questions: step.questions,
                                       narration: step.narration, limit: limit)
            let listed = text.steps(context.shown.map { run.annotations[$0] }, oneLine: true)
            if Self.lines(listed) <= spare { return "\n" + summary + listed }
            limit -= 1
        }
        return "\n" + summary
    }

    /// The sentence summing up the steps from `start` to `end`, wrapped.
    private func summary(from start: Int, to end: Int) -> String {
        let more = console.mode == .learner ? " (type more to see every step)" : ""
        let sentence = StepSummary(events: run.loaded.trace.events, annotations: run.annotations,
                                   naming: run.loaded.trace.header.rowNaming).sentence(from: start, to: end)
        return text.prose(more.isEmpty ? sentence : String(sentence.dropLast()) + more + ".")
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

    /// The table view at the pause; in colour, STALE in red and the row the
    /// question is about highlighted.
    private func picture(asking question: Question? = nil, rowLines: Int = CompactPicture.maximumRowLines) -> String {
        let lines = CompactPicture.draw(state, width: text.width, rowLines: rowLines)
        guard text.style.enabled else { return lines.joined(separator: "\n") + "\n" }
        let noun = ListWords(header: state.header).row
        let label = question?.query.row.map { " \(state.header.rowNaming.short($0))  #" }
        return lines.map { line in
            // The picture pads row numbers to one width ("row  2  #3"): find the entry however padded.
            let found = label.flatMap { label in
                (0...4).lazy.map { noun + String(repeating: " ", count: $0) + label }.first { line.contains($0) }
            }
            return text.style.compactPicture(line, highlighting: found)
        }.joined(separator: "\n") + "\n"
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
            // The misconception a wrong first answer shows, named again beside the reason.
            if console.mode != .preview, let result = progress.result(step: index, question: number), !result.correct,
               let first = AnswerReader.read(result.answer, for: question.query, wording: wording), !resolved.answers[number].accepts(first) {
                let said = feedback(for: first, step: index, question: number, resolved: resolved)
                if !said.isEmpty { out += text.labelled("  Your answer: ", said) }
            }
        }
        let end = (try? run.revealEnd(ofStep: index)) ?? resolved.pause
        var following = (resolved.pause..<end).filter { !quoted.contains($0) && run.annotations[$0].isWorthShowing }
        // The reveal stays on one screen with the prompt to go on: what happened
        // next gets the lines left, one per step.
        let room = console.height - Self.lines(out) - 4
        while !following.isEmpty {
            let listed = text.steps(following.map { run.annotations[$0] }, oneLine: console.mode != .preview)
            if console.mode == .preview || Self.lines(listed) <= room {
                out += "\nWhat happened next:\n" + listed
                break
            }
            following.removeLast()
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
