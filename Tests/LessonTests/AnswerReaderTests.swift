import XCTest
import TraceModel
import ToolSupport
import TraceCoding
@testable import Lessons

/// Free-form answers are read leniently.
final class AnswerReaderTests: XCTestCase {
    let wording = AnswerWording(thisTrace: "async-reset", otherTrace: "task-identity-cancel")

    func read(_ text: String, _ query: Query) -> LessonAnswer? { AnswerReader.read(text, for: query, wording: wording) }

    func testRowsInManySpellings() {
        for text in ["19-28", "19–28", "19…28", "19...28", "rows 19 to 28", "19, 20, …, 28", "19,20,21,22,23,24,25,26,27,28", " 19 - 28 "] {
            XCTAssertEqual(read(text, .nextPrefetchBatch), .rows(Array(19...28)), text)
        }
        XCTAssertEqual(read("29", .nextPrefetchBatch), .rows([29]))
        XCTAssertNil(read("soon", .nextPrefetchBatch))
    }

    func testCallsInManySpellings() {
        for text in ["reuse", "reused", "prepareForReuse", "PREPARE FOR REUSE", "prepare-for-reuse", "dequeued"] {
            XCTAssertEqual(read(text, .nextCall(row: 0)), .call(.prepareForReuse), text)
        }
        for text in ["init", "Init", "new", "a new cell", "created"] {
            XCTAssertEqual(read(text, .nextCall(row: 0)), .call(.initCell), text)
        }
        XCTAssertEqual(read("prepareForReuse → cellForRowAt -> didEndDisplaying, willDisplay", .nextCalls(count: 4)),
                       .calls([.prepareForReuse, .cellForRowAt, .didEndDisplaying, .willDisplay]))
        XCTAssertNil(read("cellForRowAt, banana", .nextCalls(count: 2)))
    }

    /// init and prepareForReuse run inside cellForRowAt, in its dequeueReusableCell
    /// call: a learner who names the dequeue where the trace lists either is right.
    func testDequeueNamesTheCallThatCreatesOrReuses() {
        let named = read("dequeue, cellForRowAt, willDisplay", .nextCalls(count: 3))
        XCTAssertEqual(named, .callsWithDequeue([nil, .cellForRowAt, .willDisplay]))
        let guess = try? XCTUnwrap(named)
        for first in [EventKind.initCell, .prepareForReuse] {
            XCTAssertTrue(LessonAnswer.calls([first, .cellForRowAt, .willDisplay]).accepts(guess ?? .calls([])), "\(first)")
        }
        XCTAssertFalse(LessonAnswer.calls([.willDisplay, .cellForRowAt, .willDisplay]).accepts(guess ?? .calls([])), "a dequeue is no willDisplay")
        XCTAssertFalse(LessonAnswer.calls([.initCell, .cellForRowAt]).accepts(guess ?? .calls([])), "as many calls as asked")
        XCTAssertFalse(LessonAnswer.calls([.initCell, .willDisplay, .cellForRowAt]).accepts(guess ?? .calls([])), "in order")
        XCTAssertEqual(read("dequeueReusableCell → cellForRowAt", .nextCalls(count: 2)), .callsWithDequeue([nil, .cellForRowAt]))
        XCTAssertEqual(wording.describe(.callsWithDequeue([nil, .cellForRowAt])), "dequeueReusableCell → cellForRowAt")
    }

    func testWhichCellARowGets() {
        XCTAssertEqual(read("new", .cellForRow(row: 5)), .newCell)
        XCTAssertEqual(read("the one that showed row 0", .cellForRow(row: 5)), .reusedCell(cell: nil, previousRow: 0))
        XCTAssertEqual(read("row 0's cell", .cellForRow(row: 5)), .reusedCell(cell: nil, previousRow: 0))
        XCTAssertEqual(read("cell #1", .cellForRow(row: 5)), .reusedCell(cell: 1, previousRow: nil))
        let truth = LessonAnswer.reusedCell(cell: 1, previousRow: 0)
        XCTAssertTrue(truth.accepts(.reusedCell(cell: 1, previousRow: nil)))
        XCTAssertTrue(truth.accepts(.reusedCell(cell: nil, previousRow: 0)))
        XCTAssertFalse(truth.accepts(.reusedCell(cell: nil, previousRow: 1)))
    }

    func testNumbersImagesYesNoAndTraces() {
        XCTAssertEqual(read("about 23 cells", .cellCount(at: nil)), .number(23))
        XCTAssertEqual(read("image 2", .imageShown(row: 26, at: nil)), .image(.image(2)))
        XCTAssertEqual(read("row 2's image", .imageShown(row: 26, at: nil)), .image(.image(2)))
        XCTAssertEqual(read("Placeholder", .imageShown(row: 26, at: nil)), .image(.placeholder))
        XCTAssertEqual(read("nothing", .imageShown(row: 26, at: nil)), .image(.nothing))
        XCTAssertEqual(read("Yes", .isStale(row: 1, at: nil)), .yesNo(true))
        XCTAssertEqual(read("it's stale", .isStale(row: 1, at: nil)), .yesNo(true))
        XCTAssertEqual(read("not stale", .isStale(row: 1, at: nil)), .yesNo(false))
        XCTAssertEqual(read("no", .isStale(row: 1, at: nil)), .yesNo(false))
        let compare = Query.compare(metric: .downloads, otherTrace: "x")
        XCTAssertEqual(read("async-reset", compare), .trace(isLessonTrace: true))
        XCTAssertEqual(read("Task-Identity-Cancel", compare), .trace(isLessonTrace: false))
        XCTAssertEqual(read("this", compare), .trace(isLessonTrace: true))
        XCTAssertEqual(read("other", compare), .trace(isLessonTrace: false))
    }
}

/// Compared traces named by their file names (prefetch-on, prefetch-off) print
/// those names with control characters made visible, in every reveal.
final class AnswerWordingEscapingTests: XCTestCase {
    func testTraceNamesFromFileNamesAreEscaped() {
        let wording = AnswerWording(thisTrace: "on\u{1B}[2J", otherTrace: "off\u{202E}\u{7}")
        XCTAssertEqual(wording.describe(.trace(isLessonTrace: true)), #"on\e[2J"#)
        XCTAssertEqual(wording.describe(.trace(isLessonTrace: false)), #"off\u{202e}\u{7}"#)
    }
}

/// A batch above the screen comes nearest first, so its rows go down: they are
/// described as one run and read back however they are written.
final class DescendingRowsTests: XCTestCase {
    func testADescendingBatchIsOneRun() {
        XCTAssertEqual(RowList.describe(Array((28...37).reversed())), "rows 37–28")
        XCTAssertEqual(RowList.describe([5, 4, 3, 9, 10]), "rows 5–3, 9–10")
        XCTAssertEqual(RowList.describe([Int.max, Int.min]), "rows \(Int.max), \(Int.min)")
    }

    func testADescendingRangeReadsBack() {
        let wording = AnswerWording(thisTrace: "", otherTrace: "")
        let truth = LessonAnswer.rows(Array((28...37).reversed()))
        for typed in ["37-28", "37–28", "rows 37–28", "37, 36, …, 28", "28-37"] {
            guard let guess = AnswerReader.read(typed, for: .nextPrefetchBatch, wording: wording) else {
                XCTFail("\(typed) is not read")
                continue
            }
            XCTAssertTrue(truth.accepts(guess), typed)
        }
    }
}
