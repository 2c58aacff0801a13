import ReuseLabTestSupport
import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
@testable import Lessons

/// `lesson check` as a strict reviewer: it fails a lesson that gives an answer
/// away (in any spelling the answer reader takes), pauses after the moment it
/// asks about, shows the answer at the pause, or offers guessable choices —
/// unless the question accepts the finding by name, with a reason.
@Suite
final class StrictLessonCheckTests {
    /// Checks a lesson written around `steps`, on a copy of `trace`.
    func check(steps: String, title: String = "W", introduction: String = "A list.", takeaway: String = #""takeaway": "Remember this.","#,
               trace: String = "seed004-slow-scroll") throws -> LessonChecker.Findings {
        let root = try lessonProject(copying: trace)
        let text = """
        {"id": "w", "title": \(jsonString(title)), "introduction": \(jsonString(introduction)), "trace": "../traces/\(trace).trace.json", \(takeaway)
         "steps": [\(steps)]}
        """
        let path = root.appendingPathComponent("lessons/w.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return LessonChecker.check(path: path)
    }

    func jsonString(_ text: String) -> String { JSONWriter.compact(.string(text)) }

    /// The finding names in a check's problems, in order.
    func names(_ findings: LessonChecker.Findings) -> [String] {
        findings.problems.compactMap { problem in
            ReviewFinding.allCases.first { problem.description.hasSuffix("[\($0.rawValue)]") }?.rawValue
        }
    }

    let rowTwentyThree = #"{"before": {"kind": "cellForRowAt", "row": 23}}"#

    @Test func testASoundLessonPasses() throws {
        let findings = try check(steps: """
        {"narration": "The drag begins.", "pause": \(rowTwentyThree), "question": {"ask": "Row 23: init or prepareForReuse?", "query": "nextCall", "row": 23}}
        """)
        #expect(findings.problems.map(\.description) == [])
        #expect(findings.accepted.isEmpty)
    }

    @Test func testWhatUsedToBeAWarningNowFails() throws {
        let findings = try check(steps: #"""
        {"narration": "", "pause": {"event": 3}, "question": {"ask": "How many cells in all?", "query": "cellCount"}},
        {"narration": "Row 23 next.", "pause": {"before": {"kind": "cellForRowAt", "row": 23}}, "question": {"ask": "Row 23?", "query": "nextCall", "row": 23}},
        {"narration": "Same place.", "pause": {"before": {"kind": "cellForRowAt", "row": 23}}, "question": {"ask": "Which cell?", "query": "cellForRow", "row": 23}}
        """#)
        let problems = findings.problems.map(\.description)
        #expect(problems.contains { $0.contains("at steps[0].narration: step 1 has no narration") }, "\(problems)")
        #expect(problems.contains { $0.contains("steps 2 and 3 both pause before event") }, "\(problems)")
        let noTakeaway = try check(steps: #"{"narration": "Go.", "pause": {"event": 3}, "question": {"ask": "?", "query": "cellCount"}}"#, takeaway: "")
        #expect(noTakeaway.problems.contains { $0.description.contains("at takeaway: the lesson has no \"takeaway\"") }, "\(noTakeaway.problems)")
    }

    /// The answer (prepareForReuse for row 23) in each text the learner reads
    /// first, spelled as a learner would type it, is found where it is.
    @Test func testTheAnswerInAnyTextInAnySpellingFails() throws {
        let question = { (ask: String, hint: String) in
            #"{"narration": "The drag begins.", "pause": \#(self.rowTwentyThree), "question": {"ask": \#(self.jsonString(ask)), "query": "nextCall", "row": 23, "hint": \#(self.jsonString(hint))}}"#
        }
        let plain = question("Where does row 23's cell come from?", "Look at the pool.")
        #expect(names(try check(steps: plain)) == [])
        #expect(names(try check(steps: plain, title: "Row 23 is reused")) == ["answer-in-title"])
        #expect(names(try check(steps: plain, introduction: "Watch a cell get dequeued from the pool.")) == ["answer-in-introduction"])
        #expect(names(try check(steps: question("Row 23 gets a recycled cell: from where? It is reused.", "Look at the pool."))) == ["answer-in-ask"])
        #expect(names(try check(steps: question("Where does row 23's cell come from?", "Think of prepare for reuse… it will prepare the cell."))) == ["answer-in-hint"])
        let told = #"{"narration": "Row 23 will be given a reused cell.", "pause": \#(rowTwentyThree), "question": {"ask": "Where does row 23's cell come from?", "query": "nextCall", "row": 23}}"#
        #expect(names(try check(steps: told)) == ["answer-in-narration"])
    }

    @Test func testChoicesSideBySideAreNoGiveAway() {
        let wording = AnswerWording(thisTrace: "", otherTrace: "")
        #expect(AnswerLeak.find(.call(.prepareForReuse), for: .nextCall(row: 21), in: "Row 23: init or prepareForReuse?", wording: wording) == nil)
        #expect(AnswerLeak.find(.number(19), for: .cellCount(at: nil), in: "How many: 18, 19 or 20?", wording: wording) == nil)
        // Without "or", both named is a statement, and the right one is in it.
        #expect(AnswerLeak.find(.calls([.willDisplay]), for: .nextCalls(count: 1), in: "willDisplay without cellForRowAt", wording: wording) == "willdisplay")
    }

    @Test func testANumberCountsOnlyWhereItMeansTheCount() {
        let wording = AnswerWording(thisTrace: "", otherTrace: "")
        let count = Query.cellCount(at: nil)
        for text in ["Row 23 is next.", "Cell #23 waits.", "The rows are 23 pt tall.", "Image 23 arrives.", "At step 23.", "It is twenty-three rows away."] {
            #expect(AnswerLeak.find(.number(23), for: count, in: text, wording: wording) == nil, Comment(rawValue: text))
        }
        #expect(AnswerLeak.find(.number(23), for: count, in: "By now 23 cells exist.", wording: wording) == "23")
        #expect(AnswerLeak.find(.number(23), for: count, in: "Twenty-three cells exist.", wording: wording) == "twenty-three")
        #expect(AnswerLeak.find(.rows(Array(19...28)), for: .nextPrefetchBatch, in: "Rows 19–28 are asked for.", wording: wording) == "rows 19–28")
        #expect(AnswerLeak.find(.reusedCell(cell: 1, previousRow: 0), for: .cellForRow(row: 23), in: "Cell #1 is next out of the pool.", wording: wording) == "cell #1")
        #expect(AnswerLeak.find(.reusedCell(cell: 1, previousRow: 0), for: .cellForRow(row: 23), in: "Row 0 left; cell 1 waits.", wording: wording) == "cell 1")
        #expect(AnswerLeak.find(.image(.image(0)), for: .imageShown(row: 23, at: nil), in: "Row 0 had image 0.", wording: wording) == "image 0")
        #expect(AnswerLeak.find(.image(.image(0)), for: .imageShown(row: 23, at: nil), in: "Row 0 scrolled off.", wording: wording) == nil)
    }

    /// A pause typed one digit wrong lands after the moment asked about.
    @Test func testAPauseAfterTheMomentFails() throws {
        let late = #"{"narration": "Row 0 shows.", "pause": {"event": 300}, "question": {"ask": "What does row 0 show before it scrolls off?", "query": "imageShown", "row": 0, "at": {"event": 200}}}"#
        #expect(names(try check(steps: late, trace: "images-async-no-reset")) == ["pause-after-moment"])
        // Asked which call gives row 0 its cell, long after it got it and left: the next time it appears.
        let again = #"{"narration": "Dragging.", "pause": {"event": 100}, "question": {"ask": "Which call gives row 2 a cell?", "query": "nextCall", "row": 2}}"#
        let findings = try check(steps: again, trace: "down-then-up-classic")
        #expect(names(findings) == ["pause-after-moment"], "\(findings.problems)")
    }

    @Test func testAnAnswerThePictureAlreadyShowsFails() throws {
        // Row 0 shows image 0 from event 180 on and nothing touches it before it leaves at 220.
        let shown = #"{"narration": "Row 0 shows.", "pause": {"event": 190}, "question": {"ask": "What does row 0 show just before it scrolls off?", "query": "imageShown", "row": 0, "at": {"event": 219}}}"#
        #expect(names(try check(steps: shown, trace: "images-async-no-reset")) == ["answer-at-pause"])
        // Before the picture arrives the question is a prediction.
        let ahead = #"{"narration": "Row 0 shows.", "pause": {"event": 100}, "question": {"ask": "What does row 0 show just before it scrolls off?", "query": "imageShown", "row": 0, "at": {"event": 219}}}"#
        #expect(names(try check(steps: ahead, trace: "images-async-no-reset")) == [])
    }

    @Test func testASingleChoiceIsGuessable() throws {
        // Before the first cell exists there is nothing to reuse: the page could offer only "a new cell".
        let first = #"{"narration": "The app starts.", "pause": {"event": 0}, "question": {"ask": "Where does row 0's cell come from?", "query": "cellForRow", "row": 0}}"#
        #expect(names(try check(steps: first)) == ["guessable-choices"])
        let explained = #"{"narration": "The app starts.", "pause": {"event": 0}, "question": {"ask": "Where does row 0's cell come from?", "query": "cellForRow", "row": 0, "wrongAnswers": [{"answer": "cell #1", "feedback": "No cell exists yet to reuse."}]}}"#
        #expect(names(try check(steps: explained)) == [])
    }

    @Test func testAnAcceptedFindingPassesWithItsReason() throws {
        let accepting = #"""
        {"narration": "The drag begins.", "pause": {"before": {"kind": "cellForRowAt", "row": 23}}, "question": {"ask": "Where does row 23's cell come from?", "query": "nextCall", "row": 23,
         "accept": [{"finding": "answer-in-title", "because": "the title names the lesson's subject; the question is which row is first"}]}}
        """#
        let findings = try check(steps: accepting, title: "The first reuse")
        #expect(findings.problems.map(\.description) == [])
        #expect(findings.accepted.map(\.because) == ["the title names the lesson's subject; the question is which row is first"])
        // Accepting what the check does not find is a problem: the lesson changed.
        let stale = try check(steps: accepting, title: "Rows on the move")
        #expect(stale.problems.map(\.description).contains { $0.contains("accept[0]") && $0.contains("which the check does not find here") }, "\(stale.problems)")
    }

    @Test func testAnAcceptNeedsAKnownFindingAndAReason() throws {
        for accept in [#"[{"finding": "answer-in-somewhere", "because": "a long enough reason"}]"#, #"[{"finding": "answer-in-title", "because": "ok"}]"#,
                       #"[{"finding": "answer-in-title"}]"#] {
            let steps = #"{"narration": "Go.", "pause": {"event": 3}, "question": {"ask": "How many?", "query": "cellCount", "accept": \#(accept)}}"#
            let findings = try check(steps: steps)
            #expect(findings.problems.count == 1 && findings.problems.allSatisfy { $0.kind == .badInput }, "\(findings.problems)")
        }
    }

    @Test func testTheReaderTakesACountInWords() {
        let wording = AnswerWording(thisTrace: "", otherTrace: "")
        #expect(AnswerReader.read("nineteen", for: .cellCount(at: nil), wording: wording) == .number(19))
        #expect(AnswerReader.read("twenty-one cells", for: .cellCount(at: nil), wording: wording) == .number(21))
        #expect(AnswerReader.read("19 or nineteen", for: .cellCount(at: nil), wording: wording) == .number(19))
        #expect(NumberWords.value(of: "ninety-nine") == 99)
        #expect(NumberWords.value(of: "twenty-zero") == nil)
        #expect(NumberWords.value(of: "none") == nil)
    }

    /// As an instructor runs it: a finding fails with status 1, `--json` too.
    @Test func testTheCommandFailsOnAFindingWithJSONToo() throws {
        let root = try lessonProject()
        let path = root.appendingPathComponent("lessons/w.json").path
        let lesson = #"""
        {"id": "w", "title": "Row 23 is reused", "introduction": "A list.", "trace": "../traces/seed004-slow-scroll.trace.json", "takeaway": "Remember.",
         "steps": [{"narration": "Go.", "pause": {"before": {"kind": "cellForRowAt", "row": 23}}, "question": {"ask": "Where does row 23's cell come from?", "query": "nextCall", "row": 23}}]}
        """#
        try Data(lesson.utf8).write(to: URL(fileURLWithPath: path))
        let (status, out, err) = lessonCommand(["lesson", "check", path])
        #expect(status == 1, "\(out)\(err)")
        #expect(err.contains("at title: the title gives away the answer to question 1") && err.contains("[answer-in-title]"), Comment(rawValue: err))
        let (jsonStatus, json, _) = lessonCommand(["lesson", "check", "--json", path])
        #expect(jsonStatus == 1)
        _ = try JSONDocument.parse(Array(json.utf8), file: "out")
        let text = json
        #expect(text.contains(#""ok":false"#) && text.contains(#""place":"title""#) && text.contains("[answer-in-title]"), Comment(rawValue: text))
        // The sample lessons pass (every lesson: CurriculumSecondTierTests).
        let (bundled, bundledOut, bundledErr) = lessonCommand(["lesson", "check", "--json"] + BundledFiles.sampleLessons.map(BundledFiles.lessonPath))
        #expect(bundled == 0, Comment(rawValue: bundledErr + bundledOut))
        #expect(bundledOut.components(separatedBy: #""ok":true"#).count - 1 == BundledFiles.sampleLessons.count, Comment(rawValue: bundledOut))
    }
}
