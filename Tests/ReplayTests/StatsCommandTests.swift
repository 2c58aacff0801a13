import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding

/// `reuselab stats`, the built binary, with its output captured.
@Suite
final class StatsCommandTests {
    struct Result {
        var status: Int32
        var out: String
        var err: String
    }

    func reuselab(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Result {
        let run = replayCommand(arguments, sourceLocation: sourceLocation)
        return Result(status: run.status, out: run.out, err: run.err)
    }

    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("reuselab-replay-tests-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ trace: HandTrace, _ name: String = "hand.trace.json") throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(trace.bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func jsonObject(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(value as? [String: Any], "expected one JSON object: \(text)", sourceLocation: sourceLocation)
    }

    /// `stats` of the sample traces; of every bundled trace in `StatsCommandSecondTierTests`.
    @Test func testSampleTracesMeasure() throws {
        try Self.checkMeasures(BundledFiles.sampleTraces.map(BundledFiles.tracePath))
    }

    static func checkMeasures(_ paths: [String]) throws {
        for path in paths {
            let result = replayCommand(["stats", path])
            #expect(result.status == 0, "\(path): \(result.err)")
            #expect(result.err == "", Comment(rawValue: path))
            #expect(result.out.contains("  cells created "), "\(path): \(result.out)")
            #expect(result.out.hasSuffix("\n"), Comment(rawValue: path))
        }
    }

    /// reconfigureRows sets row 5's picture again, the same picture in the same cell:
    /// nothing on screen changes, so no frame is recorded, yet that download is shown.
    @Test func testAPictureSetAgainWhereItAlreadyShowsCountsAsShown() throws {
        let object = try jsonObject(reuselab(["stats", bundledTrace("reconfigure-vs-reload"), "--json"]).out)
        let metrics = try #require(object["metrics"] as? [String: Any])
        #expect((metrics["downloadsNeverShown"] as? Int) == 0)
    }

    /// `stats --json` of the sample traces; of every bundled trace in `StatsCommandSecondTierTests`.
    @Test func testSampleTracesAsJSON() throws {
        try Self.checkJSON(BundledFiles.sampleTraces.map(BundledFiles.tracePath))
    }

    static func checkJSON(_ paths: [String]) throws {
        for path in paths {
            let result = replayCommand(["stats", path, "--json"])
            #expect(result.status == 0, "\(path): \(result.err)")
            #expect(result.out.filter { $0 == "\n" }.count == 1, "one line of JSON")
            let value = try JSONSerialization.jsonObject(with: Data(result.out.utf8))
            let object = try #require(value as? [String: Any], "expected one JSON object: \(result.out)")
            let metrics = try #require(object["metrics"] as? [String: Any], Comment(rawValue: path))
            let unavailable = try #require(object["unavailable"] as? [String: String], Comment(rawValue: path))
            // Recorded from a scenario beside it, or imported from a device's log (device-*.trace.json).
            let recorded = FileManager.default.fileExists(atPath: path.replacingOccurrences(of: ".trace.json", with: ".scenario.json"))
            #expect((object["recorded"] as? Bool) == recorded, Comment(rawValue: path))
            #expect((metrics["cellsCreated"] as? Int) != nil, Comment(rawValue: path))
            // Exactly the null metrics have reasons.
            let nulls = Set(metrics.filter { $0.value is NSNull }.map(\.key))
            #expect(nulls == Set(unavailable.keys), Comment(rawValue: path))
        }
    }

    func lifecycleTrace() -> HandTrace {
        var trace = HandTrace()
        trace.title = "hand \u{1B}[31mred"
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2))
        trace.at(100, Ev.reuse(1, from: 0, for: 2))
        return trace
    }

    @Test func testTextForAHandWrittenTrace() throws {
        let result = reuselab(["stats", try write(lifecycleTrace())])
        #expect(result.status == 0, Comment(rawValue: result.err))
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "hand \\e[31mred (modern profile)", "the title is escaped")
        let width = "  rows still waiting at the end  ".count
        #expect(lines.contains("  cells created".padding(toLength: width, withPad: " ", startingAt: 0) + "2"), Comment(rawValue: result.out))
        #expect(lines.contains("  reuses (prepareForReuse)".padding(toLength: width, withPad: " ", startingAt: 0) + "1"), Comment(rawValue: result.out))
        #expect(lines.contains("  cellForRowAt calls".padding(toLength: width, withPad: " ", startingAt: 0) + "3"), Comment(rawValue: result.out))
        let notComputed = try #require(lines.firstIndex(of: "not computed:"), Comment(rawValue: result.out))
        // The lists wrap to 80 columns under their first line.
        #expect(Array(lines[(notComputed + 1)...]) == [
            "  the trace has no image or network events:",
            "    downloads, downloaded, pages loaded, cache hits, cache hits: model object,",
            "    cache hits: memory cache, cache hits: URLCache memory, cache hits: URLCache",
            "    disk, NSCache evictions, coalesced requests, cancelled requests, cancelled",
            "    prefetch requests, failed requests, downloads never shown",
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
        #expect(!(result.out.contains("\u{1B}")), "no raw escape from the trace reaches the terminal")
    }

    @Test func testTextUnits() throws {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(0, Ev.imageMemory(5_000), Ev.beginDragging(), Ev.hitch(frame: 1, missed: 1, ms: 12.5))
        trace.at(1000, Ev.endDragging(willDecelerate: false))
        let result = reuselab(["stats", try write(trace)])
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.out.contains(" 4.9 KB\n"), Comment(rawValue: result.out))
        #expect(result.out.contains(" 12.5 ms\n"), Comment(rawValue: result.out))
        #expect(result.out.contains(" 12.5 ms per s of scrolling\n"), Comment(rawValue: result.out))
        #expect(result.out.contains(" 1000 ms\n"), Comment(rawValue: result.out))
    }

    @Test func testJSONForAHandWrittenTrace() throws {
        let result = reuselab(["stats", try write(lifecycleTrace()), "--json"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        let object = try jsonObject(result.out)
        #expect((object["title"] as? String) == "hand \u{1B}[31mred")
        #expect((object["profile"] as? String) == "modern")
        #expect(object["strategy"] is NSNull)
        #expect((object["recorded"] as? Bool) == false)
        #expect((object["events"] as? Int) == 11)
        let metrics = try #require(object["metrics"] as? [String: Any])
        #expect((metrics["cellsCreated"] as? Int) == 2)
        #expect((metrics["reuses"] as? Int) == 1)
        #expect((metrics["cellForRowAtCalls"] as? Int) == 3)
        #expect(metrics["downloads"] is NSNull)
        #expect(metrics["staleMs"] is NSNull)
        let unavailable = try #require(object["unavailable"] as? [String: String])
        #expect(unavailable["downloads"] == "the trace has no image or network events")
        #expect(unavailable["staleMs"] == "the trace has no frame snapshots")
        #expect(unavailable["peakImageMemory"] == "the trace has no imageMemory events")
        #expect(unavailable["cellsCreated"] == nil)
    }

    @Test func testBadTraceGivesTheValidatorsError() throws {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(10, Ev.prepareForReuse(1, previousRow: 0))
        let path = try write(trace, "bad.trace.json")
        let stats = reuselab(["stats", path])
        let validate = reuselab(["validate", path])
        #expect(stats.status == 65)
        #expect(stats.out == "")
        #expect(stats.err == validate.err)
        #expect(stats.err.hasPrefix("reuselab: error: \(path):10:5: event 3, at events[3]: prepareForReuse"), Comment(rawValue: stats.err))
        #expect(reuselab(["stats", path, "--json"]).status == 65)
    }

    @Test func testNotJSONGivesTheValidatorsError() throws {
        let path = folder.appendingPathComponent("broken.trace.json").path
        try Data("{\"format\": \"reuselab-trace\",".utf8).write(to: URL(fileURLWithPath: path))
        let stats = reuselab(["stats", path])
        #expect(stats.status == 65)
        #expect(stats.err == reuselab(["validate", path]).err)
    }

    @Test func testMissingFileAndUsage() {
        let missing = reuselab(["stats", folder.appendingPathComponent("nope.trace.json").path])
        #expect(missing.status == 66)
        #expect(missing.err.hasPrefix("reuselab: error: ") && missing.err.contains("no such file"), Comment(rawValue: missing.err))
        #expect(reuselab(["stats"]).status == 64)
        #expect(reuselab(["stats", "a.json", "b.json"]).status == 64)
        let unknown = reuselab(["stats", "--jsno", "a.json"])
        #expect(unknown.status == 64)
        #expect(unknown.err.contains("did you mean --json?"), Comment(rawValue: unknown.err))
    }

    @Test func testHelp() {
        let help = reuselab(["stats", "--help"])
        #expect(help.status == 0)
        #expect(help.out.hasPrefix("Usage: reuselab stats TRACE [--json]"), Comment(rawValue: help.out))
        #expect(reuselab(["--help"]).out.contains("  stats "), "the overview lists stats")
    }
}

/// `StatsCommandTests` over every bundled trace.
@Suite(SecondTier.enabled("stats of every bundled trace"))
final class StatsCommandSecondTierTests {

    @Test func testBundledTracesMeasure() throws {
        try StatsCommandTests.checkMeasures(try BundledFiles.allTraces().map(BundledFiles.tracePath))
    }

    @Test func testBundledTracesAsJSON() throws {
        try StatsCommandTests.checkJSON(try BundledFiles.allTraces().map(BundledFiles.tracePath))
    }
}
