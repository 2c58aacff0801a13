import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Lessons

/// Free-form answers are read leniently.
@Suite
final class AnswerReaderTests {
    let wording = AnswerWording(thisTrace: "async-reset", otherTrace: "task-identity-cancel")

    func read(_ text: String, _ query: Query) -> LessonAnswer? { AnswerReader.read(text, for: query, wording: wording) }

    @Test func testRowsInManySpellings() {
        for text in ["19-28", "19–28", "19…28", "19...28", "rows 19 to 28", "19, 20, …, 28", "19,20,21,22,23,24,25,26,27,28", " 19 - 28 "] {
            #expect(read(text, .nextPrefetchBatch) == .rows(Array(19...28)), Comment(rawValue: text))
        }
        #expect(read("29", .nextPrefetchBatch) == .rows([29]))
        #expect(read("soon", .nextPrefetchBatch) == nil)
    }

    @Test func testCallsInManySpellings() {
        for text in ["reuse", "reused", "prepareForReuse", "PREPARE FOR REUSE", "prepare-for-reuse", "dequeued"] {
            #expect(read(text, .nextCall(row: 0)) == .call(.prepareForReuse), Comment(rawValue: text))
        }
        for text in ["init", "Init", "new", "a new cell", "created"] {
            #expect(read(text, .nextCall(row: 0)) == .call(.initCell), Comment(rawValue: text))
        }
        #expect(read("prepareForReuse → cellForRowAt -> didEndDisplaying, willDisplay", .nextCalls(count: 4)) == .calls([.prepareForReuse, .cellForRowAt, .didEndDisplaying, .willDisplay]))
        #expect(read("cellForRowAt, banana", .nextCalls(count: 2)) == nil)
    }

    /// init and prepareForReuse run inside cellForRowAt, in its dequeueReusableCell
    /// call: a learner who names the dequeue where the trace lists either is right.
    @Test func testDequeueNamesTheCallThatCreatesOrReuses() {
        let named = read("dequeue, cellForRowAt, willDisplay", .nextCalls(count: 3))
        #expect(named == .callsWithDequeue([nil, .cellForRowAt, .willDisplay]))
        let guess = try? #require(named)
        for first in [EventKind.initCell, .prepareForReuse] {
            #expect(LessonAnswer.calls([first, .cellForRowAt, .willDisplay]).accepts(guess ?? .calls([])), "\(first)")
        }
        #expect(!(LessonAnswer.calls([.willDisplay, .cellForRowAt, .willDisplay]).accepts(guess ?? .calls([]))), "a dequeue is no willDisplay")
        #expect(!(LessonAnswer.calls([.initCell, .cellForRowAt]).accepts(guess ?? .calls([]))), "as many calls as asked")
        #expect(!(LessonAnswer.calls([.initCell, .willDisplay, .cellForRowAt]).accepts(guess ?? .calls([]))), "in order")
        #expect(read("dequeueReusableCell → cellForRowAt", .nextCalls(count: 2)) == .callsWithDequeue([nil, .cellForRowAt]))
        #expect(wording.describe(.callsWithDequeue([nil, .cellForRowAt])) == "dequeueReusableCell → cellForRowAt")
    }

    @Test func testWhichCellARowGets() {
        #expect(read("new", .cellForRow(row: 5)) == .newCell)
        #expect(read("the one that showed row 0", .cellForRow(row: 5)) == .reusedCell(cell: nil, previousRow: 0))
        #expect(read("row 0's cell", .cellForRow(row: 5)) == .reusedCell(cell: nil, previousRow: 0))
        #expect(read("cell #1", .cellForRow(row: 5)) == .reusedCell(cell: 1, previousRow: nil))
        let truth = LessonAnswer.reusedCell(cell: 1, previousRow: 0)
        #expect(truth.accepts(.reusedCell(cell: 1, previousRow: nil)))
        #expect(truth.accepts(.reusedCell(cell: nil, previousRow: 0)))
        #expect(!(truth.accepts(.reusedCell(cell: nil, previousRow: 1))))
    }

    @Test func testNumbersImagesYesNoAndTraces() {
        #expect(read("about 23 cells", .cellCount(at: nil)) == .number(23))
        #expect(read("image 2", .imageShown(row: 26, at: nil)) == .image(.image(2)))
        #expect(read("row 2's image", .imageShown(row: 26, at: nil)) == .image(.image(2)))
        #expect(read("Placeholder", .imageShown(row: 26, at: nil)) == .image(.placeholder))
        #expect(read("nothing", .imageShown(row: 26, at: nil)) == .image(.nothing))
        #expect(read("blank", .imageShown(row: 26, at: nil)) == .image(.nothing))
        #expect(read("willDisplay only", .nextCalls(count: 1)) == .calls([.willDisplay]))
        #expect(read("deinit twice", .nextCalls(count: 2)) == .calls([.deinitCell, .deinitCell]))
        #expect(read("twice", .nextCalls(count: 2)) == nil)
        #expect(read("Yes", .isStale(row: 1, at: nil)) == .yesNo(true))
        #expect(read("it's stale", .isStale(row: 1, at: nil)) == .yesNo(true))
        #expect(read("not stale", .isStale(row: 1, at: nil)) == .yesNo(false))
        #expect(read("no", .isStale(row: 1, at: nil)) == .yesNo(false))
        let compare = Query.compare(metric: .downloads, otherTrace: "x")
        #expect(read("async-reset", compare) == .trace(isLessonTrace: true))
        #expect(read("Task-Identity-Cancel", compare) == .trace(isLessonTrace: false))
        #expect(read("this", compare) == .trace(isLessonTrace: true))
        #expect(read("other", compare) == .trace(isLessonTrace: false))
        // As learners say it: with spaces for hyphens, and pointing at a side in words.
        #expect(read("async reset", compare) == .trace(isLessonTrace: true))
        #expect(read("task identity cancel", compare) == .trace(isLessonTrace: false))
        for mine in ["this app", "This one", "this recording", "the lesson's"] { #expect(read(mine, compare) == .trace(isLessonTrace: true), Comment(rawValue: mine)) }
        for theirs in ["the other one", "the other app", "that one", "other recording"] { #expect(read(theirs, compare) == .trace(isLessonTrace: false), Comment(rawValue: theirs)) }
    }
}

/// Compared traces named by their file names (prefetch-on, prefetch-off) print
/// those names with control characters made visible, in every reveal.
@Suite
final class AnswerWordingEscapingTests {
    @Test func testTraceNamesFromFileNamesAreEscaped() {
        let wording = AnswerWording(thisTrace: "on\u{1B}[2J", otherTrace: "off\u{202E}\u{7}")
        #expect(wording.describe(.trace(isLessonTrace: true)) == #"on\e[2J"#)
        #expect(wording.describe(.trace(isLessonTrace: false)) == #"off\u{202e}\u{7}"#)
    }
}

/// A batch above the screen comes nearest first, so its rows go down: they are
/// described as one run and read back however they are written.
@Suite
final class DescendingRowsTests {
    @Test func testADescendingBatchIsOneRun() {
        #expect(RowList.describe(Array((28...37).reversed())) == "rows 37–28")
        #expect(RowList.describe([5, 4, 3, 9, 10]) == "rows 5–3, 9–10")
        #expect(RowList.describe([Int.max, Int.min]) == "rows \(Int.max), \(Int.min)")
    }

    @Test func testADescendingRangeReadsBack() {
        let wording = AnswerWording(thisTrace: "", otherTrace: "")
        let truth = LessonAnswer.rows(Array((28...37).reversed()))
        for typed in ["37-28", "37–28", "rows 37–28", "37, 36, …, 28", "28-37"] {
            guard let guess = AnswerReader.read(typed, for: .nextPrefetchBatch, wording: wording) else {
                Issue.record("\(typed) is not read")
                continue
            }
            #expect(truth.accepts(guess), Comment(rawValue: typed))
        }
    }
}
