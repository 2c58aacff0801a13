import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding

/// Wrapping is linear in the text, however long its words: a note that is one
/// word as long as a string may be (64 KB, `JSONParser.maximumStringBytes`) is
/// replayed, summarised, stepped and diffed promptly (quadratic wrapping took
/// half a minute for 600 KB and never ended for 100 MB).
@Suite
final class LongTextTests {
    @Test func testAWordLongerThanManyLinesIsCutIntoFullLines() {
        let word = String(repeating: "abcdefghij", count: 30_000)
        let lines = TextWrap.lines("start " + word + " end", firstWidth: 70, width: 76)
        #expect(lines.first == "start")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.count == 76 }, "every piece but the last fills its line")
        #expect(lines.dropFirst().joined() == (word + " end"), "nothing is lost; the last piece keeps the next word")
        // Wide characters count two columns and are never split.
        #expect(TextWrap.lines(String(repeating: "셀", count: 5), firstWidth: 4, width: 4) == ["셀셀", "셀셀", "셀"])
    }

    /// A word of 20 KB in every view; of the longest string allowed in `LongTextSecondTierTests`.
    @Test func testEveryViewOfATraceWithALongWordFinishes() throws {
        try Self.checkEveryView(wordLength: 20_000)
    }

    static func checkEveryView(wordLength: Int) throws {
        let folder = try ScratchFolder()
        let original = try String(contentsOfFile: bundledTrace("first-screen"), encoding: .utf8)
        let word = String(repeating: "x", count: wordLength)
        guard let range = original.range(of: #""kind":"note","text":""#) else { Issue.record("first-screen has a note"); return }
        var text = original
        let end = text[range.upperBound...].firstIndex(of: "\"") ?? range.upperBound
        text.replaceSubrange(range.upperBound..<end, with: word)
        let path = try folder.write("huge-word.trace.json", text)
        for arguments in [["replay", path], ["replay", path, "--summary"], ["diff", path, bundledTrace("first-screen")]] {
            let run = try ReplayBinary.run(arguments)
            #expect([0, 1].contains(run.status), "\(arguments): \(run.err)")
        }
        let stepped = try ReplayBinary.run(["replay", path, "--step"], stdin: "n\nn\nq\n")
        #expect(stepped.status == 0, Comment(rawValue: stepped.err))
    }
}

/// `LongTextTests` with a word as long as a string may be.
@Suite(SecondTier.enabled("every view of a trace with a word of a megabyte"))
final class LongTextSecondTierTests {

    @Test func testEveryViewOfATraceWithAHugeWordFinishes() throws {
        try LongTextTests.checkEveryView(wordLength: 65_000)
    }
}
