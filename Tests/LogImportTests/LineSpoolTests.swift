import Testing
import ToolSupport
@testable import LogImport

/// The import's copy of the lines it recognised gives back every line as it
/// was, whatever its fields hold, across the copy's chunks.
@Suite
struct LineSpoolTests {
    /// Lines with every field of `LogLine` set, to their edges.
    static let lines: [(LogLine, String?)] = {
        var item = LogLine(content: .callback(.willDisplay), indexPaths: [LogIndexPath(section: 2, row: 1_000_000_000)],
                           address: "0x7fb8c1d0a200", seconds: 6.5e8 + 0.123456, offset: -44.25, lineNumber: 7)
        item.namesItems = true
        var stated = LogLine(content: .callback(.cellForRowAt), indexPaths: [LogIndexPath(row: 5)], lineNumber: 8)
        stated.origin = .reused(previousRow: LogIndexPath(section: 1, row: 3))
        stated.originLine = 9
        stated.namesTableView = true
        var origin = LogLine(content: .origin, lineNumber: 10)
        origin.origin = .new
        origin.unreadableOrigin = true
        var reused = LogLine(content: .origin, lineNumber: 11)
        reused.origin = .reused(previousRow: nil)
        return [
            (stated, nil), (origin, nil), (reused, "")
        ] + [
            (LogLine(content: .callback(.prepareForReuse), rowIsNil: true, lineNumber: 1), nil),
            (LogLine(content: .gap, lineNumber: 2), "...(중략)"),
            (item, nil),
            (LogLine(content: .callback(.prefetchRowsAt), indexPaths: (0..<300).map { LogIndexPath(section: $0 % 3, row: $0) },
                     lineNumber: Int.max), nil),
            (LogLine(content: .callback(.deinitCell), indexPaths: [LogIndexPath(section: -1, row: Int.min)], address: "",
                     seconds: -0.0, lineNumber: 0), ""),
        ] + LogLine.Callback.allCases.enumerated().map { (LogLine(content: .callback($0.element), lineNumber: 100 + $0.offset), nil) }
    }()

    @Test func testEveryLineComesBackAsItWas() throws {
        let spool = LineSpool(of: "test.log")
        // Enough copies that records are cut at the edges of the chunks read back.
        let rounds = 2 * LineSpool.chunkSize / 600
        for _ in 0..<rounds { for (line, text) in Self.lines { try spool.append(line, gapText: text) } }
        try spool.finish()
        var index = 0
        var mismatches = 0
        try spool.stream { (line: LogLine, text: String?) throws(ReuseLabError) in
            let (expected, expectedText) = Self.lines[index % Self.lines.count]
            if line != expected || text != expectedText { mismatches += 1 }
            index += 1
        }
        #expect(index == rounds * Self.lines.count)
        #expect(mismatches == 0)
    }

    /// `LineSpool` writes each of `LogLine`'s stored properties: one added there
    /// must be added to the record too, or the trace would lose it unsaid.
    @Test func testTheRecordWritesEveryFieldOfALine() {
        let fields = Mirror(reflecting: LogLine(content: .gap, lineNumber: 1)).children.compactMap(\.label)
        #expect(fields.sorted() == ["address", "content", "indexPaths", "lineNumber", "namesItems", "namesTableView", "offset", "origin", "originLine",
                                 "rowIsNil", "seconds", "unreadableOrigin"],
                "LogLine's fields changed: write the new one in LineSpool.Record, then list it here")
    }
}
