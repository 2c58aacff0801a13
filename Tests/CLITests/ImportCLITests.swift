import ReuseLabTestSupport
import Foundation
import Testing

/// `reuselab import` as a user runs it: a log in, a trace every command reads out.
@Suite
final class ImportCLITests: FolderTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every line is accounted for: a lifecycle line left out of the trace says why
    /// (with --verbose), blank lines are counted as blank, not skipped, and the
    /// counts add up to the log's lines.
    @Test func testEveryLineIsAccountedFor() throws {
        let log = try folder.write("every.log", """
            init, row:0
            cellForRowAt: 0
            willDisplay: 0

            prefetchRowsAt: [[0, 5], [0, 6]]
            prefetchRowsAt: [[0, 5]]
            cancelPrefetchingForRowsAt: [[0, 9]]
               
            hello
            ...
            cellForRowAt: 3

            """)
        let trace = folder.path("every.trace.json")
        let quiet = reuselab(["import", log, "-o", trace])
        #expect(quiet.status == 0, Comment(rawValue: quiet.err))
        let summary = quiet.out.flattened
        #expect(summary.contains("7 of 11 lines are lifecycle calls, 1 mark where it was abridged, 2 blank (1 skipped; --verbose lists them)"), Comment(rawValue: summary))
        #expect(summary.contains("2 lifecycle lines not in it (--verbose lists why)"), Comment(rawValue: summary))
        let verbose = reuselab(["import", log, "-o", trace, "--force", "--verbose"])
        #expect(verbose.status == 0, Comment(rawValue: verbose.err))
        let said = verbose.out.flattened
        #expect(said.contains("line 6: not in the trace: prefetchRowsAt asks only for rows still being prefetched (5)"), Comment(rawValue: said))
        #expect(said.contains("line 7: not in the trace: cancelPrefetchingForRowsAt cancels only rows not being prefetched (9)"), Comment(rawValue: said))
        #expect(said.contains("line 9: hello"), Comment(rawValue: said))
        #expect(!(said.contains("line 4:") || said.contains("line 8:")), "blank lines are not listed as skipped: \(said)")
    }

    /// What a log states about its cells, through the binary: the summary counts
    /// the statements, names a contradiction's line, and points an unreadable one
    /// to --pattern; --verbose lists each contradiction; calibrate then takes the
    /// trace as it is.
    @Test func testStatementsContradictionsAndUnreadableOnesAreSaid() throws {
        var lines = (0..<3).flatMap { ["oldIndexPath: nil", "cellForRowAt: \($0)", "willDisplay: \($0)"] }
        lines += ["didEndDisplaying: 0", "prepareForReuse: Optional(2)", "cellForRowAt: 3", "willDisplay: 3", "oldIndexPath: <unknown>"]
        let log = try folder.write("stated.log", lines.joined(separator: "\n") + "\n")
        let trace = folder.path("stated.trace.json")
        let result = reuselab(["import", log, "-o", trace, "--verbose"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        let said = result.out.flattened
        #expect(said.contains("10 of 14 lines are lifecycle calls, 3 say whether a cell is new or reused (1 skipped; listed above)"), Comment(rawValue: said))
        #expect(said.contains("line 11: contradicts the import: it says the reused cell showed row 2, but row 2's cell (#3) is still on screen: the log does not print it leaving"), Comment(rawValue: said))
        #expect(said.contains("1 line contradicts what the import had inferred before (line 11:"), Comment(rawValue: said))
        #expect(said.contains("Line 14 (\"oldIndexPath: <unknown>\") seems to say whether a cell is new or reused, in a form reuselab cannot read: if so, describe it with --pattern"), Comment(rawValue: said))
        let replay = reuselab(["replay", trace]).out.flattened
        #expect(replay.contains("NOTE: Line 11 contradicts the import: it says the reused cell showed row 2"), Comment(rawValue: replay))
        #expect(reuselab(["validate", trace]).status == 0)
    }

    @Test func testTheBundledDeviceTraceIsAFreshImportOfItsLog() throws {
        let fresh = folder.path("device.trace.json")
        let imported = reuselab(["import", Self.root.appendingPathComponent("traces/device-seed004.log").path, "-o", fresh,
                                 "--title", "A real iPhone's log of a slow drag, imported"])
        #expect(imported.status == 0, Comment(rawValue: imported.err))
        let bundled = try String(contentsOfFile: Self.root.appendingPathComponent("traces/device-seed004.trace.json").path, encoding: .utf8)
        let made = try String(contentsOfFile: fresh, encoding: .utf8)
        // The header names the log as given; the bundled one was imported from the package root.
        #expect(made.replacingOccurrences(of: Self.root.path + "/", with: "") == bundled, "run: reuselab import traces/device-seed004.log -o traces/device-seed004.trace.json --title \"A real iPhone's log of a slow drag, imported\" --force")
        #expect(imported.out.flattened.contains("36 of 37 lines are lifecycle calls, 1 mark where it was abridged"), Comment(rawValue: imported.out))
        for command in [["validate"], ["replay"], ["stats"], ["replay", "--summary"]] {
            let result = reuselab(command + [fresh])
            #expect(result.status == 0, "\(command): \(result.err)")
        }
        let replay = reuselab(["replay", fresh]).out.flattened
        #expect(replay.contains("GAP: the log leaves lines out here (it prints \"...(중략)\")"), Comment(rawValue: replay))
        #expect(replay.contains("Row 0 leaves the screen (didEndDisplaying, cell #1). (The log prints this call but not which cell: reuselab import inferred the cell.)"), Comment(rawValue: replay))
        #expect(replay.contains("Inside cellForRowAt for row 23, dequeueReusableCell takes cell #1, which showed row 0, from the pool and calls its prepareForReuse."), Comment(rawValue: replay))
    }

    @Test func testSeed004EndToEndImportCalibrateRecordDiff() throws {
        let log = Self.root.appendingPathComponent("traces/device-seed004.log").path
        let device = folder.path("device.trace.json"), scenario = folder.path("calibrated.scenario.json"), recorded = folder.path("calibrated.trace.json")
        #expect(reuselab(["import", log, "-o", device]).status == 0)
        #expect(reuselab(["validate", device]).status == 0)
        let calibrated = reuselab(["calibrate", device, "-o", scenario])
        #expect(calibrated.status == 0, Comment(rawValue: calibrated.err))
        #expect(calibrated.out.hasPrefix("Best match: 100% of the 36 lifecycle calls the log prints, in order"), Comment(rawValue: calibrated.out))
        #expect(reuselab(["record", scenario, "-o", recorded]).status == 0)
        let diff = reuselab(["diff", device, recorded])
        #expect(diff.status == 1, Comment(rawValue: "they differ where the log leaves calls out: " + diff.err))
        #expect(diff.out.flattened.contains("0 of A's 36 compared events are not in B"), "every call the device made, the engine makes: \(diff.out)")
        #expect(diff.out.flattened.contains("A's log leaves lines out just before this (a gap)"), "the divergence is where the log is abridged: \(diff.out)")
    }

    @Test func testStandardInputToStandardOutputKeepsTheReportOnStandardError() throws {
        let log = try folder.write("app.log", "init\ncellForRowAt: 0\nwillDisplay: 0\nLoaded 3 items\n")
        let result = reuselab(["import", log, "--verbose"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.out.hasPrefix("{\n  \"format\": \"reuselab-trace\""), Comment(rawValue: result.out))
        #expect(result.err.contains("line 4: Loaded 3 items"), Comment(rawValue: result.err))
        #expect(result.err.flattened.contains("3 of 4 lines are lifecycle calls (1 skipped; listed above)"), Comment(rawValue: result.err))
    }

    @Test func testUsageErrors() throws {
        let log = try folder.write("app.log", "cellForRowAt: 0\n")
        let badPattern = reuselab(["import", log, "--pattern", "willDisply=^x$"])
        #expect(badPattern.status == 64)
        #expect(badPattern.err.contains("--pattern willDisply=^x$:"), Comment(rawValue: badPattern.err))
        #expect(badPattern.err.contains("willDisplay"), "suggests the kind: \(badPattern.err)")
        let both = reuselab(["import", log, "--snippet"])
        #expect(both.status == 64)
        let none = reuselab(["import"])
        #expect(none.status == 64)
        let overLog = reuselab(["import", log, "-o", log])
        #expect(overLog.status == 64)
        #expect(overLog.err.contains("is the log being imported"), Comment(rawValue: overLog.err))
        #expect((try String(contentsOfFile: log, encoding: .utf8)) == "cellForRowAt: 0\n", "the log is untouched")
        let notATrace = try folder.write("notes.txt", "my notes\n")
        let refused = reuselab(["import", log, "-o", notATrace])
        #expect(refused.status == 64, Comment(rawValue: refused.err))
        let missing = reuselab(["import", folder.path("nope.log")])
        #expect(missing.status == 66)
    }

    /// A collection view's log (issue 35) imports as a collection view's trace
    /// that validate, replay and html read; --columns gives the grid.
    @Test func testACollectionViewLogImportsAsAGrid() throws {
        let log = try folder.write("grid.log", """
            cellForItemAt: [0, 0]
            willDisplay: [0, 0]
            cellForItemAt: [0, 1]
            willDisplay: [0, 1]
            prefetchItemsAt: [[0, 2], [0, 3]]

            """)
        let trace = folder.path("grid.trace.json")
        let imported = reuselab(["import", log, "-o", trace, "--columns", "2"])
        #expect(imported.status == 0, Comment(rawValue: imported.err))
        let summary = imported.out.flattened
        #expect(summary.contains("5 of 5 lines are lifecycle calls"), Comment(rawValue: summary))
        #expect(summary.contains("The grid has 2 columns, as --columns says."), Comment(rawValue: summary))
        let written = try String(contentsOfFile: trace, encoding: .utf8)
        #expect(written.contains("\"list\": \"collection\",\n  \"columns\": 2"), Comment(rawValue: written))
        #expect(written.contains("\"kind\":\"prefetchItemsAt\",\"items\":[2,3]"), Comment(rawValue: written))
        let validate = reuselab(["validate", trace])
        #expect(validate.status == 0, Comment(rawValue: validate.err))
        #expect(validate.out.flattened.contains("collection view, 2 columns"), Comment(rawValue: validate.out))
        let replay = reuselab(["replay", trace])
        #expect(replay.status == 0, Comment(rawValue: replay.err))
        #expect(replay.out.flattened.contains("Item 1 appears with cell #2 (willDisplay)."), Comment(rawValue: replay.out))
        let page = folder.path("grid.html")
        let html = reuselab(["html", trace, "-o", page])
        #expect(html.status == 0, Comment(rawValue: html.err))
        #expect(FileManager.default.fileExists(atPath: page))

        let mixed = try folder.write("mixed.log", "cellForItemAt: [0, 0]\ncellForRowAt: 1\n")
        assertFailure(reuselab(["import", mixed, "-o", folder.path("mixed.trace.json")]), status: 65, file: mixed, line: 2,
                      contains: ["line 2 prints a table view's cellForRowAt"])
        for bad in ["0", "101", "two"] {
            let refused = reuselab(["import", log, "--columns", bad])
            #expect(refused.status == 64, "--columns \(bad): \(refused.err)")
            #expect(refused.err.contains("--columns"), Comment(rawValue: refused.err))
        }
    }

    @Test func testTheSnippetPrintsTheCanonicalFormatItsRecogniserReads() {
        let snippet = reuselab(["import", "--snippet"])
        #expect(snippet.status == 0)
        #expect(snippet.out.contains("ReuseLab t=12.345678 kind=cellForRowAt section=0 row=19 cell=0x600003a0c000 offset=-47.0"))
        #expect(snippet.out.contains("ReuseLab t=12.345678 kind=cellForItemAt section=0 item=19 cell=0x600003a0c000 offset=-47.0"))
        for kind in ["init", "prepareForReuse", "cellForRowAt", "willDisplay", "didEndDisplaying", "prefetchRowsAt", "cancelPrefetchingForRowsAt", "deinit",
                     "cellForItemAt", "prefetchItemsAt", "cancelPrefetchingForItemsAt"] {
            #expect(snippet.out.contains("ReuseLabLog.line(\"\(kind)\""), "the snippet logs \(kind)")
        }
    }
}
