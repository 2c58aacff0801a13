import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import ReuseLabTestSupport
@testable import Lessons

/// What a learner sees at a pause, pinned as golden text: the narration, the
/// steps that matter, the picture of the table view (with the cell prepared
/// ahead and the one kept aside), the question, the reveal with its reason,
/// and the end screen with the takeaway and the fix.
@Suite
final class LessonPauseGoldenTests {
    static let lesson = """
    {
      "id": "golden-pause",
      "title": "A pause in the slow scroll",
      "trace": "../traces/seed004-slow-scroll.trace.json",
      "introduction": "The slow scroll of seed 004, paused twice.",
      "steps": [
        {
          "narration": "Row 0 has just left the screen, and row 22's cell was prepared before it shows.",
          "pause": {"event": 130},
          "questions": [
            {"ask": "Which cell will row 23 get?", "query": "cellForRow", "row": 23, "hint": "Where is cell #1 now?"},
            {"ask": "How many cells exist at this pause?", "query": "cellCount", "at": {"event": 130}}
          ]
        },
        {
          "narration": "The scroll goes on.",
          "pause": {"before": {"kind": "cellForRowAt", "row": 24}},
          "question": {"ask": "Will row 24's cell come from init or prepareForReuse?", "query": "nextCall", "row": 24}
        }
      ],
      "takeaway": "A cell kept aside joins the pool one step later.",
      "fix": {"summary": "Nothing to fix here.", "code": ["override func prepareForReuse() {", "    super.prepareForReuse()", "}"]}
    }
    """

    func project() throws -> String {
        let root = try lessonProject()
        let path = root.appendingPathComponent("lessons/golden-pause.json").path
        try Data(Self.lesson.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func testThePreviewOfAPauseMatchesItsGoldenText() throws {
        let loaded = try LoadedLesson.load(path: try project())
        let console = RecordingConsole([], mode: .preview, width: 80)
        _ = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: loaded.lesson.id),
                                      next: NextLesson(number: 2, id: "next", title: "The next one"), save: { _ in })
        let excerpt = Golden.lines(of: console.transcript, from: "The table view at 883.3 ms", to: "What happened next:")
            + "…\n" + Golden.lines(of: console.transcript, from: "── End of the lesson")
        try Golden.assertExcerpt(excerpt, "pause-preview.txt", shows: """
            A lesson's first pause as an instructor previews it: the picture (the cell
            prepared ahead, the one kept aside), the questions with a hint, and the reveal
            with each answer's reason from the trace; then the end screen.
            """, suite: "LessonTests", filter: "LessonPauseGoldenTests")
        #expect(console.transcript.contains("Prepared, not on screen yet: #23 (row 22)"), Comment(rawValue: console.transcript))
        #expect(console.transcript.contains("Kept aside (not in the pool): #1 (row 0)"), Comment(rawValue: console.transcript))
        for line in console.transcript.split(separator: "\n") {
            #expect(TextWrap.columns(line) <= 80, Comment(rawValue: String(line)))
        }
    }

    @Test func testALearnerAtThePauseCanAskForEveryCommand() throws {
        let loaded = try LoadedLesson.load(path: try project())
        let console = RecordingConsole(["help", "hint", "p", "more", "back", "hnit", "banana", "#1", "22", "back", "show", "show"], scripted: false, width: 80)
        let outcome = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in })
        let text = console.transcript
        #expect(text.contains("Besides an answer you can type:"), Comment(rawValue: text))
        #expect(text.contains("Hint: Where is cell #1 now?"), Comment(rawValue: text))
        // The picture at each pause, once more for p, and with the pause drawn again
        // around the hint and around the reply to the wrong "#1", so that neither
        // pushes the narration off the screen.
        #expect((text.components(separatedBy: "The table view at").count - 1) == 5, Comment(rawValue: text))
        #expect(text.contains("Every step since the last question:"), Comment(rawValue: text))
        #expect(text.contains("This is the first question; there is nothing to go back to."), Comment(rawValue: text))
        #expect(text.contains("\"hnit\" is not an answer here; did you mean hint?"), Comment(rawValue: text))
        #expect(text.contains("\"banana\" is not an answer to this question."), Comment(rawValue: text))
        #expect(text.contains("Type help for commands."), Comment(rawValue: text))
        // back at question 2 shows question 1, answered but revealed only with question 2.
        #expect(text.contains("You said: #1 (right first time)"), Comment(rawValue: text))
        #expect(text.contains("Its answer is revealed with this one."), Comment(rawValue: text))
        // show: the answer and its reason, derived from the trace.
        #expect(text.contains("Question 3: the trace says prepareForReuse."), Comment(rawValue: text))
        #expect(text.contains("That was the last lesson."), Comment(rawValue: text))
        #expect(outcome.reports.map(\.correct) == [true, false, false])
        #expect(outcome.reports.map(\.attempts) == [1, 1, 0])
        #expect(!outcome.stopped)
    }

    @Test func testQuittingKeepsTheAnswersAndTheEndScreenCountsTheWholeLesson() throws {
        let loaded = try LoadedLesson.load(path: try project())
        let run = try LessonRun(loaded)
        var saved = LessonProgress(lesson: loaded.lesson.id)
        let first = RecordingConsole(["#1", "quit"], scripted: false)
        let stopped = try run.run(console: first, progress: saved, next: nil, save: { saved = $0 })
        #expect(stopped.stopped)
        #expect(first.transcript.contains("Stopped at question 2 of 3. Your answer is kept. To carry on, run:\n    reuselab lesson golden-pause\n"), Comment(rawValue: first.transcript))
        #expect(saved.results.map(\.correct) == [true])
        #expect(saved.nextStep == 0, "the step's second question is still open")

        let second = RecordingConsole(["22", "23", "prepareForReuse"], scripted: false)
        let finished = try run.run(console: second, progress: saved, next: nil, save: { saved = $0 })
        #expect(!finished.stopped)
        #expect(second.transcript.contains("carrying on at question 2 of 3"), Comment(rawValue: second.transcript))
        #expect(!(second.transcript.contains("Question 1 of 3")), "an answered question is not asked again")
        #expect(second.transcript.contains("You answered 2 of 3 questions right first time."), Comment(rawValue: second.transcript))
        #expect(second.transcript.contains("Takeaway\n  A cell kept aside joins the pool one step later."), Comment(rawValue: second.transcript))
        #expect(second.transcript.contains("    override func prepareForReuse() {"), Comment(rawValue: second.transcript))
        #expect(saved.nextStep == 2)
    }

    /// The cells a picture names ("#12"), each once.
    static func cellsDrawn(_ lines: [String]) -> Int {
        lines.joined(separator: " ").split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0.hasPrefix("#") && $0.dropFirst().first?.isNumber == true }.count
    }

    /// After every 20th event of six traces; every 5th in `LessonPauseSecondTierTests`.
    @Test func testEveryLiveCellIsInThePicture() throws {
        try Self.checkPictures(every: 20)
    }

    static func checkPictures(every stride: Int) throws {
        for name in ["seed004-slow-scroll", "fast-fling", "images-async-reset", "memory-warning", "reload-data", "down-then-up-classic"] {
            let trace = try TraceReader.read(path: projectRoot.appendingPathComponent("traces/\(name).trace.json").path)
            var state = ReplayState(header: trace.header)
            for (index, event) in trace.events.enumerated() {
                try state.apply(event)
                guard index % stride == 0 else { continue }
                let lines = CompactPicture.draw(state, width: 80)
                #expect(Self.cellsDrawn(lines) == state.liveCellCount, "\(name) after event \(index): \(lines.joined(separator: "\n"))")
                #expect(lines.count <= 20, "\(name) after event \(index)")
                // replay's picture too (it lists at most 24 rows on screen).
                if state.displayed.count <= 23 {
                    let replay = StatePicture.draw(state)
                    #expect(Self.cellsDrawn(replay) == state.liveCellCount, "\(name) after event \(index): \(replay.joined(separator: "\n"))")
                }
            }
        }
    }
}

/// The lesson list counts questions, not steps, and shows where a learner who
/// quit inside a step of several questions stands.
@Suite
final class LessonListQuestionCountTests {
    @Test func testTheListCountsQuestionsAndProgressInsideAStep() throws {
        let root = try lessonProject()
        try Data(LessonPauseGoldenTests.lesson.utf8).write(to: root.appendingPathComponent("lessons/golden-pause.json"))
        let progress = try temporaryFolder()
        try ProgressStore(folder: progress).save(LessonProgress(lesson: "golden-pause", nextStep: 0,
                                                                results: [.init(step: 0, question: 0, answer: "#1", correct: true)]))
        let (status, out, _) = lessonCommand(["lesson", "--lessons", root.appendingPathComponent("lessons").path],
                                             progress: progress.path)
        #expect(status == 0)
        #expect(out.contains("[at question 2 of 3]"), Comment(rawValue: out))
    }
}

/// `LessonPauseGoldenTests`' pictures after every 5th event of six traces.
@Suite(SecondTier.enabled("the pictures after every 5th event of six traces"))
final class LessonPauseSecondTierTests {

    @Test func testEveryLiveCellIsInThePicture() throws {
        try LessonPauseGoldenTests.checkPictures(every: 5)
    }
}
