import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Lessons

/// Answers with numbers no Int holds, or at the very edge of one, are read without a
/// trap: a number too long to be a row is no answer ("could not read"), and describing
/// a row list never computes `row + 1` past `Int.max`.
@Suite
final class AnswerOverflowTests {
    let wording = AnswerWording(thisTrace: "async-reset", otherTrace: "task-identity-cancel")

    func read(_ text: String, _ query: Query = .nextPrefetchBatch) -> LessonAnswer? {
        AnswerReader.read(text, for: query, wording: wording)
    }

    /// The two answers that crashed the reader: an ellipsis range from Int.max, and Int.max beside a row.
    @Test func testIntMaxInARowListIsNotAnAnswer() {
        #expect(read("9223372036854775807, …, 5") == nil)
        #expect(read("9223372036854775807 5") == nil)
        #expect(read("9223372036854775807") == nil)
        #expect(read("5, …, 9223372036854775807") == nil)
        #expect(read("9223372036854775806-9223372036854775807") == nil)
        #expect(read("0-9223372036854775807") == nil)
        #expect(read("99999999999999999999999999, 1") == nil, "longer than any Int")
        #expect(read("+9223372036854775807 5") == nil)
    }

    @Test func testNumbersUpToTwelveDigitsAreStillRows() {
        #expect(read("999999999999") == .rows([999_999_999_999]))
        #expect(read("999999999998, …, 999999999999") == .rows([999_999_999_998, 999_999_999_999]))
        #expect(read("999999999990-999999999992") == .rows([999_999_999_990, 999_999_999_991, 999_999_999_992]))
        #expect(read("1000000000000") == nil, "thirteen digits")
        #expect(read("+5") == .rows([5]))
        #expect(read("19, 20, …, 28") == .rows(Array(19...28)), "the ordinary spellings are unchanged")
    }

    /// Ranges stay bounded: a range over 10,000 rows wide is read as its two ends.
    @Test func testWideRangesAreBounded() {
        #expect(read("0-999999999999") == nil)
        #expect(read("0, …, 999999999999") == .rows([0, 999_999_999_999]))
        #expect(read("0-10000")?.rowCount == 10_001)
    }

    /// Other questions that read numbers: long numbers are skipped, never trapped on.
    @Test func testLongNumbersInOtherQuestions() {
        #expect(read("9223372036854775807", .cellCount(at: nil)) == nil)
        #expect(read("99999999999999999999999", .cellForRowAtCount(at: nil)) == nil)
        #expect(read("cell #9223372036854775807", .cellForRow(row: 0)) == nil)
        #expect(read("image 9223372036854775807", .imageShown(row: 0, at: nil)) == nil)
        #expect(read("9223372036854775807 or 23", .cellCount(at: nil)) == .number(23))
    }

    /// Describing any row list — the learner's or the trace's — never overflows.
    @Test func testDescribingRowsAtTheEdgesOfInt() {
        let max = Int.max, min = Int.min
        #expect(RowList.describe([max, 5]) == "rows \(max), 5")
        #expect(RowList.describe([max - 1, max]) == "rows \(max - 1)–\(max)")
        #expect(RowList.describe([max, max - 1]) == "rows \(max)–\(max - 1)")
        #expect(RowList.describe([min, min + 1]) == "rows \(min)–\(min + 1)")
        #expect(RowList.describe([min, max]) == "rows \(min), \(max)")
        #expect(RowList.describe([max, min]) == "rows \(max), \(min)")
        #expect(wording.describe(.rows([max, 5])) == "rows \(max), 5")
        #expect(RowList.describe([19, 20, 21, 28]) == "rows 19–21, 28")
    }
}

private extension LessonAnswer {
    var rowCount: Int? {
        if case .rows(let rows) = self { return rows.count }
        return nil
    }
}
