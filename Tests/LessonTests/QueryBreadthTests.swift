import ReuseLabTestSupport
import Testing
import Foundation
import TraceModel
import ToolSupport
@testable import Lessons

/// Queries on every kind of trace the engine records: a row that comes back
/// from being kept aside, and row lists in a table with sections.
@Suite struct QueryBreadthTests {
    private func load(_ trace: String, question: String, pause: String = #"{"event": 210}"#) throws -> LoadedLesson {
        let project = try lessonProject(copying: trace)
        let lesson = """
        {"id": "q", "title": "Q", "trace": "../traces/\(trace).trace.json", "takeaway": "t",
         "steps": [{"narration": "n", "pause": \(pause), "question": \(question)}]}
        """
        let path = project.appendingPathComponent("lessons/q.json").path
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: path))
        return try LoadedLesson.load(path: path)
    }

    /// Row 2 comes back with its kept-aside cell and willDisplay alone; row 1's
    /// cell went to the pool, so it is configured again.
    @Test func testARowThatComesBackFromBeingKeptAside() throws {
        let kept = try load("down-then-up", question: #"{"ask": "a", "query": "comesBack", "row": 2}"#)
        #expect(try kept.resolve(step: 0).answers == [.yesNo(true)])
        let wording = kept.wording(for: kept.lesson.steps[0].questions[0])
        let query = kept.lesson.steps[0].questions[0].query
        #expect(AnswerReader.read("yes", for: query, wording: wording) == .yesNo(true))
        #expect(AnswerReader.read("willDisplay alone, the same cell", for: query, wording: wording) == .yesNo(true))
        #expect(AnswerReader.read("it gets cellForRowAt again", for: query, wording: wording) == .yesNo(false))
        #expect(AnswerReader.read("no", for: query, wording: wording) == .yesNo(false))
        let reason = try LessonRun(kept).reason(step: 0, question: 0, resolved: kept.resolve(step: 0)).text
        #expect(reason.contains("kept aside") && reason.contains("comes back"), "\(reason)")

        let configured = try load("down-then-up", question: #"{"ask": "a", "query": "comesBack", "row": 1}"#)
        #expect(try configured.resolve(step: 0).answers == [.yesNo(false)])
        // A row that has not been on screen cannot come back: the question is refused.
        #expect(throws: ReuseLabError.self) { try load("down-then-up", question: #"{"ask": "a", "query": "comesBack", "row": 60}"#).resolve(step: 0) }
    }

    /// The classic table view keeps nothing aside: a row that returns is configured again.
    @Test func testTheClassicTableViewReconfiguresARowThatComesBack() throws {
        let classic = try load("down-then-up-classic", question: #"{"ask": "a", "query": "comesBack", "row": 2}"#)
        #expect(try classic.resolve(step: 0).answers == [.yesNo(false)])
    }

    /// A prefetch batch in a table with sections is answered and read by section.
    @Test func testRowListsInATableWithSections() throws {
        let loaded = try load("sections", question: #"{"ask": "a", "query": "nextPrefetchBatch"}"#, pause: #"{"event": 0}"#)
        let truth = try loaded.resolve(step: 0).answers[0]
        let question = loaded.lesson.steps[0].questions[0]
        let wording = loaded.wording(for: question)
        #expect(wording.describe(truth) == "section 1 rows 5–14", "\(wording.describe(truth))")
        for typed in ["section 1 rows 5–14", "section 1 rows 5-14", "1:5-1:14", "1:5-14", "1:5, 1:6, 1:7, 1:8, 1:9, 1:10, 1:11, 1:12, 1:13, 1:14"] {
            let read = AnswerReader.read(typed, for: question.query, wording: wording)
            #expect(read.map(truth.accepts) == true, "\(typed) → \(String(describing: read))")
        }
        // Rows without their section are ambiguous in such a table; a row the section lacks is no answer.
        #expect(AnswerReader.read("5-14", for: question.query, wording: wording) == nil)
        #expect(AnswerReader.read("1:5-1:9999", for: question.query, wording: wording) == nil)
        // The page's choices name sections too, and exactly one is right.
        let choices = try #require(try LessonWalkthrough(LessonRun(loaded)).stops.first?.questions.first?.choices)
        #expect(choices.filter(\.isRight).count == 1)
        #expect(choices.allSatisfy { $0.label.contains("section") }, "\(choices.map(\.label))")
    }
}
