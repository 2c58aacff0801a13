import ReuseLabTestSupport
import Testing
import Foundation
import TraceModel
import Replay
@testable import Lessons

/// A learner's console that keeps each piece said apart, so a test can measure
/// what one screen holds, and counts the times it was asked to wait for Enter.
final class ScreenConsole: LessonConsole {
    var answers: [String]
    var said: [String] = []
    var waits: [String] = []
    let height: Int
    let style: TerminalStyle
    init(_ answers: [String], height: Int = 24, colour: Bool = false) {
        self.answers = answers
        self.height = height
        self.style = TerminalStyle(enabled: colour)
    }
    var mode: LessonMode { .learner }
    var width: Int { 80 }
    var transcript: String { said.joined() }
    func say(_ text: String) { said.append(text) }
    func ask(_ prompt: String, history: [String]) -> String? {
        guard !answers.isEmpty else { return nil }
        return answers.removeFirst()
    }
    func waitForEnter(_ prompt: String) -> Bool {
        waits.append(prompt)
        return true
    }
}

private func lineCount(_ text: String) -> Int { text.filter { $0 == "\n" }.count }

@Suite struct LessonScreenTests {
    /// Carrying on after a stop, the message that says so (and that a wrong
    /// first try still counts) stays on the screen above the first pause.
    @Test func testTheCarryingOnMessageAndThePauseShareOneScreen() throws {
        let loaded = try LoadedLesson.load(path: lessonsFolder.appendingPathComponent("19-grid-rows.json").path)
        let first = ScreenConsole(Array(try rightAnswers(loaded).prefix(3)) + ["4"])
        let stopped = try LessonRun(loaded).run(console: first, progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in })
        let again = ScreenConsole([])
        _ = try LessonRun(loaded).run(console: again, progress: stopped.progress, next: nil, save: { _ in })
        let opening = again.said[0], pause = again.said[1], question = again.said[2]
        #expect(opening.contains("carrying on at question 4 of 7") && opening.contains("\"4\", is kept and counts"), Comment(rawValue: opening))
        #expect(pause.contains("── Step 4 of 5") && question.contains("Question 4 of 7"), Comment(rawValue: pause + question))
        let lines = lineCount(opening) + lineCount(pause) + lineCount(question) + 1
        #expect(lines <= 24, "\(lines) lines:\n\(opening)\(pause)\(question)")
    }

    /// At 24 lines, the reply to a wrong answer comes with the pause drawn again
    /// above it, the narration at its top and the whole within the screen; on a
    /// tall terminal, where it fits below, nothing is drawn twice.
    @Test func testAWrongAnswersReplyKeepsTheNarrationOnScreen() throws {
        let loaded = try LoadedLesson.load(path: lessonsFolder.appendingPathComponent("10-stale-image.json").path)
        let narration = String(loaded.lesson.steps[0].narration.prefix(30))
        for height in [24, 30, 200] {
            let console = ScreenConsole(["prepareForReuse", "init"], height: height)
            _ = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in })
            let reply = try #require(console.said.firstIndex { $0.contains("Not quite") })
            let redrawn = console.said[reply].contains("── Step 1 of 3")
            #expect(redrawn == (height < 100), "height \(height)")
            if redrawn {
                let screen = console.said[reply]
                #expect(screen.contains(narration) && screen.contains("Question 1 of 4"), Comment(rawValue: screen))
                #expect(lineCount(screen) + 1 <= height, "\(lineCount(screen)) lines at height \(height):\n\(screen)")
            }
        }
    }

    /// Every pause of every bundled lesson, with its first question and the
    /// prompt, fits 24 lines; so does every reveal with the line above it and
    /// the prompt to go on. This is what keeps the narration in sight. Over the
    /// sample lessons and lesson 10; over every lesson in `LessonScreenSecondTierTests`.
    @Test(arguments: (BundledFiles.sampleLessons + ["10-stale-image"]).map(BundledFiles.lessonPath))
    func testEveryPauseAndRevealFitsTwentyFourLines(_ path: String) throws {
        try Self.checkFits(path)
    }

    static func checkFits(_ path: String) throws {
        let loaded = try LoadedLesson.load(path: path)
        let console = ScreenConsole(try rightAnswers(loaded))
        _ = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in })
        var pauses = 0
        for (index, piece) in console.said.enumerated() where piece.hasPrefix("\n── Step ") {
            pauses += 1
            let question = console.said[index + 1]
            #expect(question.contains("Question "), "the question follows the pause")
            let lines = lineCount(piece) + lineCount(question) + 1
            #expect(lines <= 24, "\(path): a pause of \(lines) lines:\n\(piece)\(question)")
            #expect(!piece.hasPrefix("\n── Step ") || piece.contains("── Step"), "the heading is in the same screen")
        }
        #expect(pauses == loaded.lesson.steps.count)
        for piece in console.said where piece.hasPrefix("\nQuestion ") && piece.contains(": the trace says") {
            #expect(lineCount(piece) + 2 <= 24, "\(path): a reveal of \(lineCount(piece)) lines:\n\(piece)")
        }
        // The introduction has its own screen, and each reveal but the last waits for Enter.
        #expect(console.waits.count == loaded.lesson.steps.count, "\(console.waits)")
    }

    /// A small terminal loses the picture's rows, then the picture, never the
    /// narration or the question.
    @Test func testASmallTerminalKeepsTheNarrationAndTheQuestion() throws {
        let loaded = try LoadedLesson.load(path: lessonsFolder.appendingPathComponent("10-stale-image.json").path)
        let console = ScreenConsole(try rightAnswers(loaded), height: 18)
        _ = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in })
        for (index, piece) in console.said.enumerated() where piece.hasPrefix("\n── Step ") {
            let step = Int(piece.dropFirst("\n── Step ".count).prefix { $0.isNumber }) ?? 0
            let narration = loaded.lesson.steps[step - 1].narration
            let firstWords = narration.split(separator: " ").prefix(4).joined(separator: " ")
            #expect(piece.contains(firstWords), "the narration is on the screen: \(piece)")
            #expect(lineCount(piece) + lineCount(console.said[index + 1]) + 1 <= 18, "\(piece)")
        }
        #expect(console.transcript.contains("type picture to see it") || console.transcript.contains("On screen: rows"))
    }

    /// The steps since the last question are summed up in a sentence, and an
    /// undocumented rule's caveat is said once per block, as a numbered note.
    @Test func testTheSummaryAndOneCaveatPerBlock() throws {
        let loaded = try LoadedLesson.load(path: lessonsFolder.appendingPathComponent("04-kept-aside.json").path)
        let console = ScreenConsole(try rightAnswers(loaded) , height: 60)
        _ = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in })
        let pauses = console.said.filter { $0.hasPrefix("\n── Step ") }
        #expect(pauses.contains { $0.contains("appeared") && $0.contains("Steps ") }, "\(pauses)")
        for block in console.said {
            for rule in InferredRule.allCases {
                let sentence = rule.sentence
                #expect(block.components(separatedBy: sentence.prefix(30)).count <= 2, "said once: \(block)")
                #expect(!block.contains(rule.note), "never the bracketed note on a line: \(block)")
            }
        }
        #expect(console.transcript.contains("[1] Modelled from"), "\(console.transcript)")
    }

    /// A wrong answer the author explained gets the author's feedback, in any
    /// spelling the reader takes; the reveal names it again.
    @Test func testTheAuthorsFeedbackForAWrongAnswer() throws {
        let project = try lessonProject(copying: "first-screen")
        let lesson = """
        {"id": "count", "title": "Count", "trace": "../traces/first-screen.trace.json", "takeaway": "t",
         "steps": [{"narration": "The first screen.", "pause": {"before": {"kind": "init"}},
           "question": {"ask": "How many cells?", "query": "cellCount",
             "wrongAnswers": [{"answer": "18", "feedback": "Only whole rows? The 19th, partly on screen, needs a cell too."}]}}]}
        """
        let path = project.appendingPathComponent("lessons/count.json").path
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = try LoadedLesson.load(path: path)
        let console = ScreenConsole(["eighteen?", "18 cells", "19"])
        let outcome = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: "count"), next: nil, save: { _ in })
        #expect(console.transcript.contains("Not quite: you said \"18 cells\". Only whole rows? The 19th, partly on screen,"), "\(console.transcript)")
        #expect(console.transcript.contains("Your answer: Only whole rows?"), "the reveal names the misconception")
        #expect(outcome.reports.first?.correct == false)
        // The page offers the explained answer as a choice, with the same feedback;
        // every other wrong choice is explained from the trace.
        let choices = try #require(try LessonWalkthrough(LessonRun(loaded)).stops.first?.questions.first?.choices)
        let eighteen = try #require(choices.first { $0.answer == .number(18) })
        #expect(eighteen.feedback.hasPrefix("Only whole rows?"))
        #expect(choices.allSatisfy { $0.isRight == $0.feedback.isEmpty }, "\(choices)")
    }

    /// Without the author's feedback, a wrong answer is still explained from the
    /// trace: the pool at the pause, and what the other call would need.
    @Test func testFeedbackWorkedOutFromTheTrace() throws {
        // Lesson 10's first question, without the feedback the bundled lesson gives.
        let project = try lessonProject(copying: "images-async-no-reset")
        let lesson = """
        {"id": "worked-out", "title": "Worked out", "trace": "../traces/images-async-no-reset.trace.json", "takeaway": "t",
         "steps": [{"narration": "Row 22 is about to be prepared.", "pause": {"before": {"kind": "cellForRowAt", "row": 22}},
           "question": {"ask": "Row 22: init or prepareForReuse?", "query": "nextCall", "row": 22}}]}
        """
        let path = project.appendingPathComponent("lessons/worked-out.json").path
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: path))
        let loaded = try LoadedLesson.load(path: path)
        let resolved = try loaded.resolve(step: 0)
        // The question asks init or prepareForReuse for row 22, and the answer is init.
        #expect(resolved.answers[0] == .call(.initCell))
        let console = ScreenConsole(["prepareForReuse", "init"])
        _ = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in })
        let text = console.transcript.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Not quite: you said \"prepareForReuse\". "), "\(text)")
        #expect(text.contains("At this pause the reuse pool is empty, and cell #1 is kept aside"), "\(text)")
    }

    /// An answer wins over a command's word; a colon forces the command; a
    /// command's word the question offers as a choice is explained, not run.
    @Test func testAnswersBeforeCommands() {
        #expect(LessonSession.offers("As many as now, or more?", "more"))
        #expect(!LessonSession.offers("How many cells will there be?", "more"))
        #expect(PromptCommand.read(":more")?.command == .more)
        #expect(PromptCommand.read("define kept aside")?.command == .define)
        #expect(PromptCommand.read("define kept aside")?.argument == "kept aside")
        #expect(PromptCommand.read("h")?.command == .hint, "h is hint, as on the page")
        #expect(PromptCommand.read("?")?.command == .help)
        #expect(PromptCommand.read("more cells") == nil)
    }

    /// "Why 19?" is answered with the sum that decides it, not by restating 19.
    @Test func testTheFirstScreensCountIsExplainedByItsArithmetic() throws {
        let loaded = try LoadedLesson.load(path: lessonsFolder.appendingPathComponent("01-first-screen.json").path)
        let run = try LessonRun(loaded)
        let step = try #require(loaded.lesson.steps.indices.first { loaded.lesson.steps[$0].questions.first?.query.name == "cellCount" })
        let reason = run.reason(step: step, question: 0, resolved: try loaded.resolve(step: step)).text
        #expect(reason.contains("One for each of rows 0–18: the 797 pt below the status bar hold 797 ÷ 44 = 18.1 rows of 44 pt"), "\(reason)")
        #expect(reason.contains("the row only partly on screen needs a cell too"))
    }

    @Test func testTheGlossaryHasTheWordsLessonsUse() {
        for word in ["kept aside", "prepared", "pool", "the pool", "profile", "modern", "offset", "pass", "prefetch batch", "stale", "late", "a hitch"] {
            #expect(Glossary.lookup(word) != nil, Comment(rawValue: word))
        }
        #expect(Glossary.lookup("poool") == nil)
        #expect(Glossary.closest(to: "poool") == "reuse pool", "a typo finds the entry through its aliases")
        let terms = Glossary.entries.flatMap { [$0.term] + $0.aliases }.map(Glossary.normalised)
        #expect(Set(terms).count == terms.count, "no word names two entries")
    }

    /// Verdicts and marks in colour on a terminal; never an escape without it.
    @Test func testColourOnlyWhenAsked() throws {
        let loaded = try LoadedLesson.load(path: lessonsFolder.appendingPathComponent("10-stale-image.json").path)
        for colour in [false, true] {
            let console = ScreenConsole(["prepareForReuse"] + (try rightAnswers(loaded)), colour: colour)
            _ = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in })
            #expect(console.transcript.contains("\u{1B}[") == colour)
            if colour {
                #expect(console.transcript.contains("\u{1B}[1;31mNot quite\u{1B}[0m"))
                #expect(console.transcript.contains("\u{1B}[1;32mRight"))
            }
        }
    }
}

/// `LessonScreenTests`' fitting over every bundled lesson.
@Suite(SecondTier.enabled("every bundled lesson's pauses and reveals at 24 lines"))
struct LessonScreenSecondTierTests {
    @Test(arguments: try bundledLessons())
    func testEveryPauseAndRevealOfEveryLessonFitsTwentyFourLines(_ path: String) throws {
        try LessonScreenTests.checkFits(path)
    }
}
