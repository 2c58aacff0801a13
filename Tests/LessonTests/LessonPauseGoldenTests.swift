import XCTest
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
final class LessonPauseGoldenTests: XCTestCase {
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

    func testThePreviewOfAPauseMatchesItsGoldenText() throws {
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
        XCTAssertTrue(console.transcript.contains("Prepared, not on screen yet: #23 (row 22)"), console.transcript)
        XCTAssertTrue(console.transcript.contains("Kept aside (not in the pool): #1 (row 0)"), console.transcript)
        for line in console.transcript.split(separator: "\n") {
            XCTAssertLessThanOrEqual(TextWrap.columns(line), 80, String(line))
        }
    }

    func testALearnerAtThePauseCanAskForEveryCommand() throws {
        let loaded = try LoadedLesson.load(path: try project())
        let console = RecordingConsole(["help", "hint", "p", "more", "back", "hnit", "banana", "#1", "22", "back", "show", "show"], scripted: false, width: 80)
        let outcome = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in })
        let text = console.transcript
        XCTAssertTrue(text.contains("Besides an answer you can type:"), text)
        XCTAssertTrue(text.contains("Hint: Where is cell #1 now?"), text)
        XCTAssertEqual(text.components(separatedBy: "The table view at").count - 1, 3, "the picture at each pause, and once more for p")
        XCTAssertTrue(text.contains("Every step since the last question:"), text)
        XCTAssertTrue(text.contains("This is the first question; there is nothing to go back to."), text)
        XCTAssertTrue(text.contains("\"hnit\" is not an answer here; did you mean hint?"), text)
        XCTAssertTrue(text.contains("\"banana\" is not an answer to this question."), text)
        XCTAssertTrue(text.contains("Type help for commands."), text)
        // back at question 2 shows question 1, answered but revealed only with question 2.
        XCTAssertTrue(text.contains("You said: #1 (right first time)"), text)
        XCTAssertTrue(text.contains("Its answer is revealed with this one."), text)
        // show: the answer and its reason, derived from the trace.
        XCTAssertTrue(text.contains("Question 3: the trace says prepareForReuse."), text)
        XCTAssertTrue(text.contains("That was the last lesson."), text)
        XCTAssertEqual(outcome.reports.map(\.correct), [true, false, false])
        XCTAssertEqual(outcome.reports.map(\.attempts), [1, 1, 0])
        XCTAssertFalse(outcome.stopped)
    }

    func testQuittingKeepsTheAnswersAndTheEndScreenCountsTheWholeLesson() throws {
        let loaded = try LoadedLesson.load(path: try project())
        let run = try LessonRun(loaded)
        var saved = LessonProgress(lesson: loaded.lesson.id)
        let first = RecordingConsole(["#1", "quit"], scripted: false)
        let stopped = try run.run(console: first, progress: saved, next: nil, save: { saved = $0 })
        XCTAssertTrue(stopped.stopped)
        XCTAssertTrue(first.transcript.contains("Stopped at question 2 of 3. Your answer is kept. To carry on, run:\n    reuselab lesson golden-pause\n"), first.transcript)
        XCTAssertEqual(saved.results.map(\.correct), [true])
        XCTAssertEqual(saved.nextStep, 0, "the step's second question is still open")

        let second = RecordingConsole(["22", "23", "prepareForReuse"], scripted: false)
        let finished = try run.run(console: second, progress: saved, next: nil, save: { saved = $0 })
        XCTAssertFalse(finished.stopped)
        XCTAssertTrue(second.transcript.contains("carrying on at question 2 of 3"), second.transcript)
        XCTAssertFalse(second.transcript.contains("Question 1 of 3"), "an answered question is not asked again")
        XCTAssertTrue(second.transcript.contains("You answered 2 of 3 questions right first time."), second.transcript)
        XCTAssertTrue(second.transcript.contains("Takeaway\n  A cell kept aside joins the pool one step later."), second.transcript)
        XCTAssertTrue(second.transcript.contains("    override func prepareForReuse() {"), second.transcript)
        XCTAssertEqual(saved.nextStep, 2)
    }

    /// The cells a picture names ("#12"), each once.
    static func cellsDrawn(_ lines: [String]) -> Int {
        lines.joined(separator: " ").split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0.hasPrefix("#") && $0.dropFirst().first?.isNumber == true }.count
    }

    /// After every 20th event of six traces; every 5th in `LessonPauseSecondTierTests`.
    func testEveryLiveCellIsInThePicture() throws {
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
                XCTAssertEqual(Self.cellsDrawn(lines), state.liveCellCount, "\(name) after event \(index): \(lines.joined(separator: "\n"))")
                XCTAssertLessThanOrEqual(lines.count, 20, "\(name) after event \(index)")
                // replay's picture too (it lists at most 24 rows on screen).
                if state.displayed.count <= 23 {
                    let replay = StatePicture.draw(state)
                    XCTAssertEqual(Self.cellsDrawn(replay), state.liveCellCount, "\(name) after event \(index): \(replay.joined(separator: "\n"))")
                }
            }
        }
    }
}

/// The lesson list counts questions, not steps, and shows where a learner who
/// quit inside a step of several questions stands.
final class LessonListQuestionCountTests: XCTestCase {
    func testTheListCountsQuestionsAndProgressInsideAStep() throws {
        let root = try lessonProject()
        try Data(LessonPauseGoldenTests.lesson.utf8).write(to: root.appendingPathComponent("lessons/golden-pause.json"))
        let progress = try temporaryFolder()
        try ProgressStore(folder: progress).save(LessonProgress(lesson: "golden-pause", nextStep: 0,
                                                                results: [.init(step: 0, question: 0, answer: "#1", correct: true)]))
        let (status, out, _) = lessonCommand(["lesson", "--lessons", root.appendingPathComponent("lessons").path],
                                             progress: progress.path)
        XCTAssertEqual(status, 0)
        XCTAssertTrue(out.contains("[at question 2 of 3]"), out)
    }
}

/// `LessonPauseGoldenTests`' pictures after every 5th event of six traces.
final class LessonPauseSecondTierTests: SecondTierTestCase {
    override class var secondTierWork: String { "the pictures after every 5th event of six traces" }

    func testEveryLiveCellIsInThePicture() throws {
        try LessonPauseGoldenTests.checkPictures(every: 5)
    }
}
