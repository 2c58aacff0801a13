import TraceFormat
import Replay

/// Where a lesson talks to the learner: a terminal, or a script of answers.
public protocol LessonConsole: AnyObject {
    func say(_ text: String)
    /// The learner's next line, or nil when there is no more input.
    func ask(_ prompt: String) -> String?
    /// True when answers come from a file: one answer per question, no retries.
    var isScripted: Bool { get }
}

/// How one question went.
public struct QuestionReport: Sendable, Equatable {
    public var step: Int
    public var question: String
    public var answer: String
    public var expected: String
    public var correct: Bool
    public var attempts: Int
}

/// Runs a lesson: narrates each step, replays the trace up to the pause with its
/// annotations, asks the question, checks the answer against the trace, then
/// reveals what happened next beside the learner's guess.
public struct LessonRun {
    public let loaded: LoadedLesson
    let annotations: [Annotation]

    public init(_ loaded: LoadedLesson) throws(ReuseLabError) {
        self.loaded = loaded
        self.annotations = try Annotator.annotate(loaded.trace, file: loaded.path)
    }

    /// Runs steps from `start`; `save` is called after each step with the progress so far.
    public func run(console: LessonConsole, from start: Int, progress: LessonProgress,
                    save: (LessonProgress) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> [QuestionReport] {
        let lesson = loaded.lesson
        var progress = progress
        var reports: [QuestionReport] = []
        if start == 0 {
            console.say("\(VisibleText.escape(lesson.title))\n\n\(VisibleText.escape(lesson.introduction))\n")
        } else {
            console.say("\(VisibleText.escape(lesson.title)) — resuming at step \(start + 1) of \(lesson.steps.count).\n")
        }
        var shownUpTo = start == 0 ? 0 : (try loaded.resolve(step: start - 1).pause)
        for index in start..<lesson.steps.count {
            let step = lesson.steps[index]
            let (pause, truth) = try loaded.resolve(step: index)
            let wording = loaded.wording(for: step.question)
            console.say("\nStep \(index + 1) of \(lesson.steps.count)\n" + (step.narration.isEmpty ? "" : VisibleText.escape(step.narration) + "\n"))
            console.say(excerpt(from: min(shownUpTo, pause), to: pause, limit: 25))
            console.say("\n? " + VisibleText.escape(step.question.ask) + "\n")
            var attempts = 0
            var firstAnswer: String?
            var correct = false
            var guessWords = "(no answer)"
            asking: while true {
                guard let line = console.ask(console.isScripted ? "" : "> ") else {
                    // A file of answers that runs out is graded as unanswered; a learner
                    // who ends the input (Ctrl-D) or presses Ctrl-C stops here, keeping
                    // every answer given and recording nothing for this question.
                    if console.isScripted { break asking }
                    console.say("\n\nStopped at question \(index + 1) of \(lesson.steps.count). "
                                + (reports.isEmpty && start == 0 ? "Nothing was answered yet, so there is nothing to save. "
                                                                 : "Your answers so far are saved. ")
                                + "Run 'reuselab lesson \(VisibleText.escape(lesson.id))' to carry on from question \(index + 1).\n")
                    return reports
                }
                let answer = line.trimming(" \t\r\n")
                if !console.isScripted {
                    if ["hint", "?", "h"].contains(answer.lowercased()) {
                        console.say(step.question.hint.map { "Hint: " + VisibleText.escape($0) + "\n" } ?? "No hint for this one: look at the last few steps above.\n")
                        continue
                    }
                    if ["show", "skip", "give up"].contains(answer.lowercased()) { break asking }
                }
                guard let guess = AnswerReader.read(answer, for: step.question.query, wording: wording) else {
                    if console.isScripted {
                        attempts += 1
                        firstAnswer = firstAnswer ?? answer
                        guessWords = "\"\(VisibleText.shortened(answer))\" (not readable as an answer)"
                        break asking
                    }
                    console.say("I could not read that as an answer. " + Self.example(for: step.question.query) + "\n")
                    continue
                }
                attempts += 1
                firstAnswer = firstAnswer ?? answer
                guessWords = wording.describe(guess)
                if truth.accepts(guess) {
                    correct = attempts == 1
                    console.say(attempts == 1 ? "Right.\n" : "Right this time.\n")
                    break asking
                }
                if console.isScripted { break asking }
                console.say("Not quite: you said \(guessWords). Try again, or type 'hint' or 'show'.\n")
            }
            let revealed = excerptEnd(from: pause, limit: 6)
            console.say("\nYour guess: \(guessWords)\nThe trace:  \(wording.describe(truth))\n" + excerpt(from: pause, to: nil, limit: 6))
            reports.append(QuestionReport(step: index + 1, question: step.question.ask, answer: firstAnswer ?? "",
                                          expected: wording.describe(truth), correct: correct, attempts: attempts))
            progress.results.removeAll { $0.step == index }
            progress.results.append(.init(step: index, answer: firstAnswer ?? "", correct: correct))
            progress.nextStep = index + 1
            try save(progress)
            shownUpTo = revealed
        }
        console.say("\nDone: \(reports.filter(\.correct).count) of \(reports.count) right first time.\n")
        return reports
    }

    /// The annotated events from `start` up to (not including) `end`, frames
    /// left out unless they show something wrong; at most `limit` lines.
    func excerpt(from start: Int, to end: Int?, limit: Int) -> String {
        let stop = min(end ?? annotations.count, annotations.count)
        guard start < stop else { return "" }
        let interesting = annotations[start..<stop].filter { $0.kind != .frame || !$0.marks.isEmpty }
        let shown = end == nil ? Array(interesting.prefix(limit)) : Array(interesting.suffix(limit))
        var lines = shown.map { "  \($0.seq)  \(JSONWriter.formatNumber($0.time.milliseconds)) ms  \($0.text)" }
        if end != nil && interesting.count > limit {
            lines.insert("  … \(interesting.count - limit) earlier steps (see reuselab replay)", at: 0)
        }
        if end == nil { lines.insert("What happened next:", at: 0) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The index just after the last event `excerpt(from:to: nil, limit:)` shows.
    func excerptEnd(from start: Int, limit: Int) -> Int {
        var shown = 0
        var index = start
        while index < annotations.count, shown < limit {
            if annotations[index].kind != .frame || !annotations[index].marks.isEmpty { shown += 1 }
            index += 1
        }
        return index
    }

    static func example(for query: Query) -> String {
        switch query {
        case .nextCall: return "Answer init or prepareForReuse."
        case .nextCalls: return "Name the calls in order, e.g. prepareForReuse, cellForRowAt, didEndDisplaying, willDisplay."
        case .cellForRow: return "Answer new, or the row whose cell it reuses (row 0), or the cell (#1)."
        case .nextPrefetchBatch, .nextCancellation: return "Give the rows, e.g. 19-28 or 19, 20, …, 28."
        case .cellCount, .cellForRowAtCount, .rowCount: return "Answer with a number."
        case .imageShown: return "Answer nothing, placeholder, or an image number (image 2)."
        case .isStale: return "Answer yes or no."
        case .compare: return "Answer with the strategy's name, or this / other."
        }
    }
}
