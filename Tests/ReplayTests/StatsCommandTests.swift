import ReuseLabTestSupport
import Foundation
import XCTest
import TraceModel
import ToolSupport
import TraceCoding

/// `reuselab stats`, the built binary, with its output captured.
final class StatsCommandTests: XCTestCase {
    struct Result {
        var status: Int32
        var out: String
        var err: String
    }

    func reuselab(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> Result {
        let run = replayCommand(arguments, file: file, line: line)
        return Result(status: run.status, out: run.out, err: run.err)
    }

    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reuselab-replay-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    func write(_ trace: HandTrace, _ name: String = "hand.trace.json") throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(trace.bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func jsonObject(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(value as? [String: Any], "expected one JSON object: \(text)", file: file, line: line)
    }

    /// `stats` of the sample traces; of every bundled trace in `StatsCommandSecondTierTests`.
    func testSampleTracesMeasure() throws {
        try Self.checkMeasures(BundledFiles.sampleTraces.map(BundledFiles.tracePath))
    }

    static func checkMeasures(_ paths: [String]) throws {
        for path in paths {
            let result = replayCommand(["stats", path])
            XCTAssertEqual(result.status, 0, "\(path): \(result.err)")
            XCTAssertEqual(result.err, "", path)
            XCTAssertTrue(result.out.contains("  cells created "), "\(path): \(result.out)")
            XCTAssertTrue(result.out.hasSuffix("\n"), path)
        }
    }

    /// reconfigureRows sets row 5's picture again, the same picture in the same cell:
    /// nothing on screen changes, so no frame is recorded, yet that download is shown.
    func testAPictureSetAgainWhereItAlreadyShowsCountsAsShown() throws {
        let object = try jsonObject(reuselab(["stats", bundledTrace("reconfigure-vs-reload"), "--json"]).out)
        let metrics = try XCTUnwrap(object["metrics"] as? [String: Any])
        XCTAssertEqual(metrics["downloadsNeverShown"] as? Int, 0)
    }

    /// `stats --json` of the sample traces; of every bundled trace in `StatsCommandSecondTierTests`.
    func testSampleTracesAsJSON() throws {
        try Self.checkJSON(BundledFiles.sampleTraces.map(BundledFiles.tracePath))
    }

    static func checkJSON(_ paths: [String]) throws {
        for path in paths {
            let result = replayCommand(["stats", path, "--json"])
            XCTAssertEqual(result.status, 0, "\(path): \(result.err)")
            XCTAssertEqual(result.out.filter { $0 == "\n" }.count, 1, "one line of JSON")
            let value = try JSONSerialization.jsonObject(with: Data(result.out.utf8))
            let object = try XCTUnwrap(value as? [String: Any], "expected one JSON object: \(result.out)")
            let metrics = try XCTUnwrap(object["metrics"] as? [String: Any], path)
            let unavailable = try XCTUnwrap(object["unavailable"] as? [String: String], path)
            // Recorded from a scenario beside it, or imported from a device's log (device-*.trace.json).
            let recorded = FileManager.default.fileExists(atPath: path.replacingOccurrences(of: ".trace.json", with: ".scenario.json"))
            XCTAssertEqual(object["recorded"] as? Bool, recorded, path)
            XCTAssertNotNil(metrics["cellsCreated"] as? Int, path)
            // Exactly the null metrics have reasons.
            let nulls = Set(metrics.filter { $0.value is NSNull }.map(\.key))
            XCTAssertEqual(nulls, Set(unavailable.keys), path)
        }
    }

    func lifecycleTrace() -> HandTrace {
        var trace = HandTrace()
        trace.title = "hand \u{1B}[31mred"
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2))
        trace.at(100, Ev.reuse(1, from: 0, for: 2))
        return trace
    }

    func testTextForAHandWrittenTrace() throws {
        let result = reuselab(["stats", try write(lifecycleTrace())])
        XCTAssertEqual(result.status, 0, result.err)
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(lines.first, "hand \\e[31mred (modern profile)", "the title is escaped")
        let width = "  rows still waiting at the end  ".count
        XCTAssertTrue(lines.contains("  cells created".padding(toLength: width, withPad: " ", startingAt: 0) + "2"), result.out)
        XCTAssertTrue(lines.contains("  reuses (prepareForReuse)".padding(toLength: width, withPad: " ", startingAt: 0) + "1"), result.out)
        XCTAssertTrue(lines.contains("  cellForRowAt calls".padding(toLength: width, withPad: " ", startingAt: 0) + "3"), result.out)
        let notComputed = try XCTUnwrap(lines.firstIndex(of: "not computed:"), result.out)
        // The lists wrap to 80 columns under their first line.
        XCTAssertEqual(Array(lines[(notComputed + 1)...]), [
            "  the trace has no image or network events:",
            "    downloads, downloaded, pages loaded, cache hits, cache hits: model object,",
            "    cache hits: memory cache, cache hits: URLCache memory, cache hits: URLCache",
            "    disk, coalesced requests, cancelled requests, cancelled prefetch requests,",
            "    failed requests, downloads never shown",
            "  the trace has no frame snapshots:",
            "    stale image time, stale frames, first complete screen at, image waits, image",
            "    wait (total), image wait (average), rows gone before their image, rows still",
            "    waiting at the end",
            "  the trace has no main-thread events (mainThreadBlocked, hitch):",
            "    main thread blocked, hitches, hitch time, hitch time while scrolling, hitch",
            "    time ratio",
            "  the trace has no scrolling (no scrollViewWillBeginDragging):",
            "    scrolling time",
            "  the trace has no imageMemory events:",
            "    peak image memory",
            "",
        ])
        XCTAssertFalse(result.out.contains("\u{1B}"), "no raw escape from the trace reaches the terminal")
    }

    func testTextUnits() throws {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(0, Ev.imageMemory(5_000), Ev.beginDragging(), Ev.hitch(frame: 1, missed: 1, ms: 12.5))
        trace.at(1000, Ev.endDragging(willDecelerate: false))
        let result = reuselab(["stats", try write(trace)])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains(" 4.9 KB\n"), result.out)
        XCTAssertTrue(result.out.contains(" 12.5 ms\n"), result.out)
        XCTAssertTrue(result.out.contains(" 12.5 ms per s of scrolling\n"), result.out)
        XCTAssertTrue(result.out.contains(" 1000 ms\n"), result.out)
    }

    func testJSONForAHandWrittenTrace() throws {
        let result = reuselab(["stats", try write(lifecycleTrace()), "--json"])
        XCTAssertEqual(result.status, 0, result.err)
        let object = try jsonObject(result.out)
        XCTAssertEqual(object["title"] as? String, "hand \u{1B}[31mred")
        XCTAssertEqual(object["profile"] as? String, "modern")
        XCTAssertTrue(object["strategy"] is NSNull)
        XCTAssertEqual(object["recorded"] as? Bool, false)
        XCTAssertEqual(object["events"] as? Int, 11)
        let metrics = try XCTUnwrap(object["metrics"] as? [String: Any])
        XCTAssertEqual(metrics["cellsCreated"] as? Int, 2)
        XCTAssertEqual(metrics["reuses"] as? Int, 1)
        XCTAssertEqual(metrics["cellForRowAtCalls"] as? Int, 3)
        XCTAssertTrue(metrics["downloads"] is NSNull)
        XCTAssertTrue(metrics["staleMs"] is NSNull)
        let unavailable = try XCTUnwrap(object["unavailable"] as? [String: String])
        XCTAssertEqual(unavailable["downloads"], "the trace has no image or network events")
        XCTAssertEqual(unavailable["staleMs"], "the trace has no frame snapshots")
        XCTAssertEqual(unavailable["peakImageMemory"], "the trace has no imageMemory events")
        XCTAssertNil(unavailable["cellsCreated"])
    }

    func testBadTraceGivesTheValidatorsError() throws {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(10, Ev.prepareForReuse(1, previousRow: 0))
        let path = try write(trace, "bad.trace.json")
        let stats = reuselab(["stats", path])
        let validate = reuselab(["validate", path])
        XCTAssertEqual(stats.status, 65)
        XCTAssertEqual(stats.out, "")
        XCTAssertEqual(stats.err, validate.err)
        XCTAssertTrue(stats.err.hasPrefix("reuselab: error: \(path):10:5: event 3, at events[3]: prepareForReuse"), stats.err)
        XCTAssertEqual(reuselab(["stats", path, "--json"]).status, 65)
    }

    func testNotJSONGivesTheValidatorsError() throws {
        let path = folder.appendingPathComponent("broken.trace.json").path
        try Data("{\"format\": \"reuselab-trace\",".utf8).write(to: URL(fileURLWithPath: path))
        let stats = reuselab(["stats", path])
        XCTAssertEqual(stats.status, 65)
        XCTAssertEqual(stats.err, reuselab(["validate", path]).err)
    }

    func testMissingFileAndUsage() {
        let missing = reuselab(["stats", folder.appendingPathComponent("nope.trace.json").path])
        XCTAssertEqual(missing.status, 66)
        XCTAssertTrue(missing.err.hasPrefix("reuselab: error: ") && missing.err.contains("no such file"), missing.err)
        XCTAssertEqual(reuselab(["stats"]).status, 64)
        XCTAssertEqual(reuselab(["stats", "a.json", "b.json"]).status, 64)
        let unknown = reuselab(["stats", "--jsno", "a.json"])
        XCTAssertEqual(unknown.status, 64)
        XCTAssertTrue(unknown.err.contains("did you mean --json?"), unknown.err)
    }

    func testHelp() {
        let help = reuselab(["stats", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.out.hasPrefix("Usage: reuselab stats TRACE [--json]"), help.out)
        XCTAssertTrue(reuselab(["--help"]).out.contains("  stats "), "the overview lists stats")
    }
}

/// `StatsCommandTests` over every bundled trace.
final class StatsCommandSecondTierTests: SecondTierTestCase {
    override class var secondTierWork: String { "stats of every bundled trace" }

    func testBundledTracesMeasure() throws {
        try StatsCommandTests.checkMeasures(try BundledFiles.allTraces().map(BundledFiles.tracePath))
    }

    func testBundledTracesAsJSON() throws {
        try StatsCommandTests.checkJSON(try BundledFiles.allTraces().map(BundledFiles.tracePath))
    }
}
