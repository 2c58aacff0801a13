import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
@testable import Lessons

/// `lesson check` fails a lesson without a takeaway and warns about what a
/// student would trip over: an empty narration, a narration that states its
/// question's answer, two steps at the same pause.
@Suite
final class LessonCheckWarningTests {
    func check(steps: String, takeaway: String = #""takeaway": "Remember this.","#) throws -> LessonChecker.Findings {
        let root = try lessonProject()
        let text = """
        {"id": "w", "title": "W", "trace": "../traces/seed004-slow-scroll.trace.json", \(takeaway)
         "steps": [\(steps)]}
        """
        let path = root.appendingPathComponent("lessons/w.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return LessonChecker.check(path: path)
    }

    @Test func testASoundLessonHasNoWarnings() throws {
        let findings = try check(steps: #"""
        {"narration": "The drag begins.", "pause": {"before": {"kind": "cellForRowAt", "row": 21}}, "question": {"ask": "Row 21?", "query": "nextCall", "row": 21}}
        """#)
        #expect(findings.problems.map(\.description) == [])
        #expect(findings.warnings.map(\.description) == [])
    }

    @Test func testALessonWithoutATakeawayFails() throws {
        let findings = try check(steps: #"{"narration": "Go.", "pause": {"event": 3}, "question": {"ask": "?", "query": "cellCount"}}"#, takeaway: "")
        #expect(findings.problems.map(\.kind) == [.checkFailed])
        #expect(findings.problems.first?.description.contains("at takeaway: the lesson has no \"takeaway\"") == true, "\(findings.problems)")
    }

    @Test func testEmptyNarrationLeakedAnswersAndSharedPausesAreWarned() throws {
        let findings = try check(steps: #"""
        {"narration": "", "pause": {"event": 3}, "question": {"ask": "How many cells in all?", "query": "cellCount"}},
        {"narration": "Watch: prepareForReuse is coming.", "pause": {"before": {"kind": "cellForRowAt", "row": 23}}, "question": {"ask": "Row 23?", "query": "nextCall", "row": 23}},
        {"narration": "Same place.", "pause": {"before": {"kind": "cellForRowAt", "row": 23}}, "question": {"ask": "Which cell?", "query": "cellForRow", "row": 23}},
        {"narration": "Now 23 cells exist.", "pause": {"event": 300}, "question": {"ask": "Cells at the end?", "query": "cellCount"}}
        """#)
        #expect(findings.problems.map(\.description) == [])
        let warnings = findings.warnings.map(\.description)
        #expect(warnings.count == 4, "\(warnings)")
        #expect(warnings.contains { $0.contains("at steps[0].narration: step 1 has no narration") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("step 2's narration gives away the answer") && $0.contains("\"prepareForReuse\"") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("steps 2 and 3 both pause before event") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("step 4's narration gives away the answer") && $0.contains("\"23\"") }, "\(warnings)")
    }

    @Test func testANumberThatNamesARowOrASizeIsNoLeak() {
        let wording = AnswerWording(thisTrace: "", otherTrace: "")
        for narration in ["Row 23 is next.", "Cell #23 waits.", "The rows are 23 pt tall.", "Image 23 arrives.", "At step 23."] {
            #expect(AnswerLeak.find(.number(23), in: narration, wording: wording) == nil, Comment(rawValue: narration))
        }
        #expect(AnswerLeak.find(.number(23), in: "By now 23 cells exist.", wording: wording) == "23")
        #expect(AnswerLeak.find(.rows(Array(19...28)), in: "Rows 19–28 are asked for.", wording: wording) == "19–28")
        #expect(AnswerLeak.find(.reusedCell(cell: 1, previousRow: 0), in: "Cell #1 is next out of the pool.", wording: wording) == "#1")
    }
}
