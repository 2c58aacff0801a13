import ReuseLabTestSupport
import Foundation
import XCTest

/// `reuselab import` as a user runs it: a log in, a trace every command reads out.
final class ImportCLITests: FolderTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every line is accounted for: a lifecycle line left out of the trace says why
    /// (with --verbose), blank lines are counted as blank, not skipped, and the
    /// counts add up to the log's lines.
    func testEveryLineIsAccountedFor() throws {
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
        XCTAssertEqual(quiet.status, 0, quiet.err)
        let summary = quiet.out.flattened
        XCTAssertTrue(summary.contains("7 of 11 lines are lifecycle calls, 1 mark where it was abridged, 2 blank (1 skipped; --verbose lists them)"), summary)
        XCTAssertTrue(summary.contains("2 lifecycle lines not in it (--verbose lists why)"), summary)
        let verbose = reuselab(["import", log, "-o", trace, "--force", "--verbose"])
        XCTAssertEqual(verbose.status, 0, verbose.err)
        let said = verbose.out.flattened
        XCTAssertTrue(said.contains("line 6: not in the trace: prefetchRowsAt asks only for rows still being prefetched (5)"), said)
        XCTAssertTrue(said.contains("line 7: not in the trace: cancelPrefetchingForRowsAt cancels only rows not being prefetched (9)"), said)
        XCTAssertTrue(said.contains("line 9: hello"), said)
        XCTAssertFalse(said.contains("line 4:") || said.contains("line 8:"), "blank lines are not listed as skipped: \(said)")
    }

    func testTheBundledDeviceTraceIsAFreshImportOfItsLog() throws {
        let fresh = folder.path("device.trace.json")
        let imported = reuselab(["import", Self.root.appendingPathComponent("traces/device-seed004.log").path, "-o", fresh,
                                 "--title", "Seed 004's device log, imported"])
        XCTAssertEqual(imported.status, 0, imported.err)
        let bundled = try String(contentsOfFile: Self.root.appendingPathComponent("traces/device-seed004.trace.json").path, encoding: .utf8)
        let made = try String(contentsOfFile: fresh, encoding: .utf8)
        // The header names the log as given; the bundled one was imported from the package root.
        XCTAssertEqual(made.replacingOccurrences(of: Self.root.path + "/", with: ""), bundled,
                       "run: reuselab import traces/device-seed004.log -o traces/device-seed004.trace.json --title \"Seed 004's device log, imported\" --force")
        XCTAssertTrue(imported.out.flattened.contains("36 of 37 lines are lifecycle calls, 1 mark where it was abridged"), imported.out)
        for command in [["validate"], ["replay"], ["stats"], ["replay", "--summary"]] {
            let result = reuselab(command + [fresh])
            XCTAssertEqual(result.status, 0, "\(command): \(result.err)")
        }
        let replay = reuselab(["replay", fresh]).out.flattened
        XCTAssertTrue(replay.contains("GAP: the log leaves lines out here (it prints \"...(중략)\")"), replay)
        XCTAssertTrue(replay.contains("(Inferred by reuselab import: the log does not say which cell, or does not print this call.)"), replay)
        XCTAssertTrue(replay.contains("Inside cellForRowAt for row 23, dequeueReusableCell takes cell #1, which showed row 0, from the pool and calls its prepareForReuse."), replay)
    }

    func testSeed004EndToEndImportCalibrateRecordDiff() throws {
        let log = Self.root.appendingPathComponent("traces/device-seed004.log").path
        let device = folder.path("device.trace.json"), scenario = folder.path("calibrated.scenario.json"), recorded = folder.path("calibrated.trace.json")
        XCTAssertEqual(reuselab(["import", log, "-o", device]).status, 0)
        XCTAssertEqual(reuselab(["validate", device]).status, 0)
        let calibrated = reuselab(["calibrate", device, "-o", scenario])
        XCTAssertEqual(calibrated.status, 0, calibrated.err)
        XCTAssertTrue(calibrated.out.hasPrefix("Best match: 100% of the device's 36 lifecycle calls in order"), calibrated.out)
        XCTAssertEqual(reuselab(["record", scenario, "-o", recorded]).status, 0)
        let diff = reuselab(["diff", device, recorded])
        XCTAssertEqual(diff.status, 1, "they differ where the log leaves calls out: " + diff.err)
        XCTAssertTrue(diff.out.flattened.contains("0 of A's 36 compared events are not in B"), "every call the device made, the engine makes: \(diff.out)")
        XCTAssertTrue(diff.out.flattened.contains("A's log leaves lines out just before this (a gap)"), "the divergence is where the log is abridged: \(diff.out)")
    }

    func testStandardInputToStandardOutputKeepsTheReportOnStandardError() throws {
        let log = try folder.write("app.log", "init\ncellForRowAt: 0\nwillDisplay: 0\nLoaded 3 items\n")
        let result = reuselab(["import", log, "--verbose"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("{\n  \"format\": \"reuselab-trace\""), result.out)
        XCTAssertTrue(result.err.contains("line 4: Loaded 3 items"), result.err)
        XCTAssertTrue(result.err.flattened.contains("3 of 4 lines are lifecycle calls (1 skipped; listed above)"), result.err)
    }

    func testUsageErrors() throws {
        let log = try folder.write("app.log", "cellForRowAt: 0\n")
        let badPattern = reuselab(["import", log, "--pattern", "willDisply=^x$"])
        XCTAssertEqual(badPattern.status, 64)
        XCTAssertTrue(badPattern.err.contains("--pattern willDisply=^x$:"), badPattern.err)
        XCTAssertTrue(badPattern.err.contains("willDisplay"), "suggests the kind: \(badPattern.err)")
        let both = reuselab(["import", log, "--snippet"])
        XCTAssertEqual(both.status, 64)
        let none = reuselab(["import"])
        XCTAssertEqual(none.status, 64)
        let overLog = reuselab(["import", log, "-o", log])
        XCTAssertEqual(overLog.status, 64)
        XCTAssertTrue(overLog.err.contains("is the log being imported"), overLog.err)
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "cellForRowAt: 0\n", "the log is untouched")
        let notATrace = try folder.write("notes.txt", "my notes\n")
        let refused = reuselab(["import", log, "-o", notATrace])
        XCTAssertEqual(refused.status, 64, refused.err)
        let missing = reuselab(["import", folder.path("nope.log")])
        XCTAssertEqual(missing.status, 66)
    }

    func testTheSnippetPrintsTheCanonicalFormatItsRecogniserReads() {
        let snippet = reuselab(["import", "--snippet"])
        XCTAssertEqual(snippet.status, 0)
        XCTAssertTrue(snippet.out.contains("ReuseLab t=12.345678 kind=cellForRowAt section=0 row=19 cell=0x600003a0c000 offset=-47.0"))
        for kind in ["init", "prepareForReuse", "cellForRowAt", "willDisplay", "didEndDisplaying", "prefetchRowsAt", "cancelPrefetchingForRowsAt", "deinit"] {
            XCTAssertTrue(snippet.out.contains("ReuseLabLog.line(\"\(kind)\""), "the snippet logs \(kind)")
        }
    }
}
