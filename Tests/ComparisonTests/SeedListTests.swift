import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Comparison

/// `--seeds`: N, A-B and comma lists; everything else refused as a usage error
/// that says what was expected, a huge range by its count before it is expanded.
@Suite
final class SeedListTests {
    func parse(_ text: String, maximum: Int = 2000) throws -> [Int] {
        try SeedList.parse(text, maximumCount: maximum).seeds
    }

    func refusal(_ text: String, maximum: Int = 2000) -> String {
        do {
            _ = try SeedList.parse(text, maximumCount: maximum)
            return "accepted"
        } catch {
            #expect(error.kind == .usage, Comment(rawValue: text))
            return error.message
        }
    }

    @Test func testTheForms() throws {
        #expect((try parse("7")) == [7])
        #expect((try parse("1-5")) == [1, 2, 3, 4, 5])
        #expect((try parse("1-5,9")) == [1, 2, 3, 4, 5, 9])
        #expect((try parse("9, 1-2")) == [9, 1, 2])
        #expect((try parse("0")) == [0])
        #expect((try parse("2147483647")) == [2147483647])
        #expect((try parse("4-4")) == [4])
        #expect(SeedList([1, 2, 3, 4, 5, 9, 11, 12]).description == "1–5, 9, 11–12")
    }

    @Test func testBadSeedsAreRefusedSayingWhatIsExpected() {
        #expect(refusal("5-1").contains("5-1 goes down; write the lower seed first (1-5)"))
        for bad in ["x", "1-x", "-3", "1-2-3", "1.5", "2147483648", "99999999999999999999", "1e3", "+4", "０"] {
            #expect(refusal(bad).contains("is not a seed or a range of seeds; give N, A-B or a comma list such as 1-5,9"), Comment(rawValue: bad))
        }
        #expect(refusal("1,,2").contains("has an empty item"))
        #expect(refusal("").contains("has an empty item"))
        #expect(refusal("1-5,3").contains("names seed 3 twice"))
    }

    @Test func testAHugeRangeIsRefusedByItsCount() throws {
        #expect(refusal("0-2147483647").contains("names 2147483648 seeds; at most 2000 fit"))
        #expect(refusal("0-2147483647,0-2147483647,0-2147483647").contains("seeds; at most 2000 fit"))
        #expect(refusal("1-21", maximum: 20).contains("names 21 seeds; at most 20 fit"))
        #expect((try parse("1-20", maximum: 20).count) == 20)
    }
}
