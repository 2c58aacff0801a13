import Testing
import Foundation
import ReuseLabTestSupport
import TraceModel
import ToolSupport
import TraceCoding
@testable import LogImport

/// `reuselab import`'s second pass: logs in, valid traces out, with cell identity
/// inferred where the log does not print it, and gaps where it is abridged.
@Suite
final class ImportTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(removeWhenReleased: true) }

    static let seedLog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("traces/device-seed004.log").path

    func importText(_ text: String, options: ImportOptions = ImportOptions(logName: "test.log")) throws -> ImportReport {
        try folder.importLog(text, options: options)
    }

    @Test func testSeed004sLogImportsWithItsGapMarkedAndItsReusesOnTheRightCells() throws {
        let report = try LogImporter.importLog(path: Self.seedLog, options: ImportOptions(logName: "device-seed004.log"))
        assertValid(report.trace)
        #expect(report.lines == 37)
        #expect(report.recognised == 36)
        #expect(report.gaps == 1)
        #expect(report.unplaced == 0)
        #expect(report.syntheticTimes)
        let events = report.trace.events
        #expect(events[12].body == .gap(text: "...(중략)"), "the abridged launch is marked where the log marks it")
        // prepareForReuse prints the row the cell showed: row 23 gets row 0's cell, 24 row 1's, 25 row 2's.
        let reuses = events.compactMap { event -> [Int]? in
            if case .prepareForReuse(let cell, _, let previous?) = event.body { return [cell, previous] }
            return nil
        }
        #expect(reuses == [[1, 0], [2, 1], [3, 2]])
        #expect(events.contains { $0.body == .cellForRowAt(row: 23, cell: 1) })
        #expect(events.contains { $0.body == .cellForRowAt(row: 25, cell: 3) })
        // Which cell leaves row 0 is not printed (after the gap): inferred, and marked.
        let leaving = try #require(events.first { $0.body == .didEndDisplaying(row: 0, cell: 1) })
        #expect(leaving.inferred == .cell, "the log prints the call, not its cell")
        #expect(events.filter { $0.kind == .initCell }.count == 8, "rows 0–3 and 18 at launch, then 19, 21 and 22")
        #expect(report.trace.header.source?.log == "device-seed004.log")
    }

    @Test func testWithoutPrintedRowsAReuseTakesTheCellTheProfilesRulesHandOut() throws {
        // Classic: the cell released last is reused first.
        let log = (0...2).map { "init\ncellForRowAt: \($0)\nwillDisplay: \($0)" }.joined(separator: "\n")
            + "\ndidEndDisplaying: 0\ndidEndDisplaying: 1\nprepareForReuse\ncellForRowAt: 3\nwillDisplay: 3\n"
        let classic = try importText(log, options: ImportOptions(logName: "test.log", profile: .classic))
        assertValid(classic.trace)
        #expect(classic.trace.events.contains { $0.body == .cellForRowAt(row: 3, cell: 2) }, "last in, first out")
        let reuse = try #require(classic.trace.events.first { $0.kind == .prepareForReuse })
        #expect(reuse.inferred == .cell, "the log does not say which cell")
        // A log that prints only cellForRowAt still gives a full lifecycle, reconstructed and marked.
        let bare = try importText("cellForRowAt: 0\ncellForRowAt: 1\nwillDisplay: 0\nwillDisplay: 1\n")
        assertValid(bare.trace)
        #expect(bare.trace.events.filter { $0.kind == .initCell && $0.inferred == .call }.count == 2, "reconstructed: the log prints no dequeue")
        #expect(bare.trace.events.filter { $0.kind == .cellForRowAt }.allSatisfy { $0.inferred == .cell }, "printed, on a reconstructed cell")
    }

    @Test func testPrintedAddressesAreTheCellsIdentity() throws {
        let log = """
        init <MyCell: 0x7fb8c1d0a200>
        cellForRowAt 0 cell 0x7fb8c1d0a200
        willDisplay 0 cell 0x7fb8c1d0a200
        init <MyCell: 0x7fb8c1d0b400>
        cellForRowAt 1 cell 0x7fb8c1d0b400
        willDisplay 1 cell 0x7fb8c1d0b400
        didEndDisplaying 1 cell 0x7fb8c1d0b400
        didEndDisplaying 0 cell 0x7fb8c1d0a200
        prepareForReuse <MyCell: 0x7fb8c1d0b400>
        cellForRowAt 2 cell 0x7fb8c1d0b400
        willDisplay 2 cell 0x7fb8c1d0b400
        deinit <MyCell: 0x7fb8c1d0a200>
        """
        let report = try importText(log)
        assertValid(report.trace)
        #expect(report.trace.events.contains { $0.body == .cellForRowAt(row: 2, cell: 2) }, "the address says cell #2, not the last released")
        #expect(report.trace.events.contains { $0.body == .deinitCell(cell: 1) })
        #expect(!(report.trace.events.contains { $0.inferred != nil }), "nothing to infer when every line prints its cell")
    }

    @Test func testTimestampsBecomeTimesAndSectionsAreKept() throws {
        let log = """
        2021-09-02 20:11:28.100000+0900 App[67460:9088556] cellForRowAt: [1, 2]
        2021-09-02 20:11:28.150000+0900 App[67460:9088556] willDisplay: [1, 2]
        2021-09-02 20:11:28.400000+0900 App[67460:9088556] prefetchRowsAt: [[1, 3], [2, 0]]
        """
        let report = try importText(log)
        assertValid(report.trace)
        #expect(!report.syntheticTimes)
        #expect(report.trace.events.last?.time.milliseconds == 300)
        #expect(report.trace.header.source?.sections == [0, 4, 1], "each section's highest row, plus one (none named in section 0)")
        let written = TraceWriter.text(report.trace)
        #expect(written.contains(#""kind":"willDisplay","section":1,"row":2"#), Comment(rawValue: written))
        #expect(written.contains(#""indexPaths":[[1,3],[2,0]]"#), Comment(rawValue: written))
        let reread = try TraceReader.read(bytes: Array(written.utf8), file: "t.trace.json")
        #expect(reread.events == report.trace.events, "an imported trace reads back as written")
    }

    @Test func testCustomPatternsReadLinesOfTheirOwnForm() throws {
        let pattern = try CustomPattern(argument: "willDisplay=^showing (?<row>[0-9]+)$")
        let report = try importText("cellForRowAt: 0\nshowing 0\nsomething else\n", options: ImportOptions(logName: "test.log", patterns: [pattern]))
        assertValid(report.trace)
        #expect(report.trace.events.contains { $0.body == .willDisplay(row: 0, cell: 1) })
        #expect(report.skipped == 1)
    }

    @Test func testBadLogsAreRefusedClearly() throws {
        func failure(_ body: () throws -> Void) -> ReuseLabError? {
            do { try body(); return nil } catch let error as ReuseLabError { return error } catch { return nil }
        }
        let empty = failure { _ = try self.importText("") }
        #expect(empty?.message.contains("the log is empty") == true, "\(String(describing: empty))")
        let appOutput = failure { _ = try self.importText("Loaded 20 movies\nNetwork OK\n") }
        #expect(appOutput?.message.contains("no line of the log (2 lines)") == true, "\(String(describing: appOutput))")
        #expect(appOutput?.message.contains("Loaded 20 movies") == true, "the first lines are shown")
        #expect(appOutput?.message.contains("--pattern") == true)
        #expect(!(appOutput?.message.contains("\n") ?? true), "an error is one line")
        let binary = failure { _ = try LogImporter.importLog(path: try self.folder.write("bin.log", bytes: [0x63, 0, 1, 2]), options: ImportOptions(logName: "bin.log")) }
        #expect(binary?.message.contains("NUL byte") == true, "\(String(describing: binary))")
        #expect(binary?.kind == .badInput)
        let past = failure { _ = try self.importText("cellForRowAt: 120\n", options: ImportOptions(logName: "test.log", rows: 100)) }
        #expect(past?.message.contains("names row 120, but --rows says the table has 100 rows") == true, "\(String(describing: past))")
        #expect(past?.location.position?.line == 1)
    }

    /// 1.8 MB (two 1 MB chunks); 5.5 MB in `ImportSecondTierTests`.
    @Test func testALargeLogIsStreamed() throws {
        try Self.checkLargeLog(blocks: 2, in: folder)
    }

    /// `blocks` × 0.9 MB of app output with one callback at the end: read in
    /// chunks of 1 MB, never whole.
    static func checkLargeLog(blocks: Int, in folder: TemporaryFolder) throws {
        let path = folder.path("big.log")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let block = Data(String(repeating: "app: a line of output that is not a callback\n", count: 20_000).utf8)
        for _ in 0..<blocks { handle.write(block) }
        handle.write(Data("cellForRowAt: 3\n".utf8))
        handle.closeFile()
        let report = try LogImporter.importLog(path: path, options: ImportOptions(logName: "big.log"))
        #expect(report.recognised == 1)
        #expect(report.skipped == (20_000 * blocks))
    }
}

/// `ImportTests` on a log of 5.5 MB (several 1 MB chunks).
@Suite(SecondTier.enabled("importing a 5.5 MB log"))
final class ImportSecondTierTests {

    @Test func testALargeLogIsStreamed() throws {
        try ImportTests.checkLargeLog(blocks: 6, in: try TemporaryFolder(removeWhenReleased: true))
    }
}
