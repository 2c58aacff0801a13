import XCTest
import TraceModel
import ToolSupport
import TraceCoding
@testable import Lessons

/// Answers with numbers no Int holds, or at the very edge of one, are read without a
/// trap: a number too long to be a row is no answer ("could not read"), and describing
/// a row list never computes `row + 1` past `Int.max`.
final class AnswerOverflowTests: XCTestCase {
    let wording = AnswerWording(thisTrace: "async-reset", otherTrace: "task-identity-cancel")

    func read(_ text: String, _ query: Query = .nextPrefetchBatch) -> LessonAnswer? {
        AnswerReader.read(text, for: query, wording: wording)
    }

    /// The two answers that crashed the reader: an ellipsis range from Int.max, and Int.max beside a row.
    func testIntMaxInARowListIsNotAnAnswer() {
        XCTAssertNil(read("9223372036854775807, …, 5"))
        XCTAssertNil(read("9223372036854775807 5"))
        XCTAssertNil(read("9223372036854775807"))
        XCTAssertNil(read("5, …, 9223372036854775807"))
        XCTAssertNil(read("9223372036854775806-9223372036854775807"))
        XCTAssertNil(read("0-9223372036854775807"))
        XCTAssertNil(read("99999999999999999999999999, 1"), "longer than any Int")
        XCTAssertNil(read("+9223372036854775807 5"))
    }

    func testNumbersUpToTwelveDigitsAreStillRows() {
        XCTAssertEqual(read("999999999999"), .rows([999_999_999_999]))
        XCTAssertEqual(read("999999999998, …, 999999999999"), .rows([999_999_999_998, 999_999_999_999]))
        XCTAssertEqual(read("999999999990-999999999992"), .rows([999_999_999_990, 999_999_999_991, 999_999_999_992]))
        XCTAssertNil(read("1000000000000"), "thirteen digits")
        XCTAssertEqual(read("+5"), .rows([5]))
        XCTAssertEqual(read("19, 20, …, 28"), .rows(Array(19...28)), "the ordinary spellings are unchanged")
    }

    /// Ranges stay bounded: a range over 10,000 rows wide is read as its two ends.
    func testWideRangesAreBounded() {
        XCTAssertNil(read("0-999999999999"))
        XCTAssertEqual(read("0, …, 999999999999"), .rows([0, 999_999_999_999]))
        XCTAssertEqual(read("0-10000")?.rowCount, 10_001)
    }

    /// Other questions that read numbers: long numbers are skipped, never trapped on.
    func testLongNumbersInOtherQuestions() {
        XCTAssertNil(read("9223372036854775807", .cellCount(at: nil)))
        XCTAssertNil(read("99999999999999999999999", .cellForRowAtCount(at: nil)))
        XCTAssertNil(read("cell #9223372036854775807", .cellForRow(row: 0)))
        XCTAssertNil(read("image 9223372036854775807", .imageShown(row: 0, at: nil)))
        XCTAssertEqual(read("9223372036854775807 or 23", .cellCount(at: nil)), .number(23))
    }

    /// Describing any row list — the learner's or the trace's — never overflows.
    func testDescribingRowsAtTheEdgesOfInt() {
        let max = Int.max, min = Int.min
        XCTAssertEqual(RowList.describe([max, 5]), "rows \(max), 5")
        XCTAssertEqual(RowList.describe([max - 1, max]), "rows \(max - 1)–\(max)")
        XCTAssertEqual(RowList.describe([max, max - 1]), "rows \(max)–\(max - 1)")
        XCTAssertEqual(RowList.describe([min, min + 1]), "rows \(min)–\(min + 1)")
        XCTAssertEqual(RowList.describe([min, max]), "rows \(min), \(max)")
        XCTAssertEqual(RowList.describe([max, min]), "rows \(max), \(min)")
        XCTAssertEqual(wording.describe(.rows([max, 5])), "rows \(max), 5")
        XCTAssertEqual(RowList.describe([19, 20, 21, 28]), "rows 19–21, 28")
    }
}

private extension LessonAnswer {
    var rowCount: Int? {
        if case .rows(let rows) = self { return rows.count }
        return nil
    }
}
