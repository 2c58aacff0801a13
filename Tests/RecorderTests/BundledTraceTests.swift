import ReuseLabTestSupport
import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Recorder

/// The traces in `traces/` are generated from the scenarios beside them; this
/// fails when one is out of date, naming the command that regenerates it.
@Suite
final class BundledTraceTests {
    static let tracesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("traces")

    static func scenarioFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: tracesFolder, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix(".scenario.json") }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func testEveryBundledTraceMatchesAFreshRecordingOfItsScenario() throws {
        let scenarios = try Self.scenarioFiles()
        #expect(scenarios.count >= 6)
        for scenarioURL in scenarios {
            let base = String(scenarioURL.lastPathComponent.dropLast(".scenario.json".count))
            let traceURL = Self.tracesFolder.appendingPathComponent(base + ".trace.json")
            let scenario = try Recorder.loadScenario(path: scenarioURL.path)
            let fresh = try Recorder.recordText(scenario)
            guard let bundled = try? String(contentsOf: traceURL, encoding: .utf8) else {
                Issue.record("traces/\(base).trace.json is missing; run: swift run reuselab record traces/\(base).scenario.json -o traces/\(base).trace.json")
                continue
            }
            if bundled != fresh {
                let bundledLines = bundled.split(separator: "\n", omittingEmptySubsequences: false)
                let freshLines = fresh.split(separator: "\n", omittingEmptySubsequences: false)
                let firstDifference = zip(bundledLines, freshLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(bundledLines.count, freshLines.count)
                Issue.record("traces/\(base).trace.json is out of date (first difference at line \(firstDifference + 1)); run: swift run reuselab record traces/\(base).scenario.json -o traces/\(base).trace.json")
            }
        }
    }

    /// The sample traces (the fresh recordings above are each byte for byte the
    /// bundled trace); every bundled trace in `BundledTraceSecondTierTests`.
    @Test func testEverySampleTraceValidates() throws {
        for name in BundledFiles.sampleTraces {
            #expect(throws: Never.self, Comment(rawValue: name)) { try TraceValidator.validate(path: BundledFiles.tracePath(name)) }
        }
    }

    @Test func testBundledContentCoversTheRequiredSituations() throws {
        var kinds: [String: Set<EventKind>] = [:]
        var profiles: Set<TableProfile> = []
        for scenarioURL in try Self.scenarioFiles() {
            let scenario = try Recorder.loadScenario(path: scenarioURL.path)
            profiles.insert(scenario.profile)
            kinds[scenarioURL.lastPathComponent] = Set(try Recorder.record(scenario).events.map(\.kind))
        }
        #expect(profiles == [.modern, .classic], "at least one scenario under each profile")
        #expect(kinds.values.contains { $0.contains(.cancelPrefetchingForRowsAt) }, "a scenario shows cancelPrefetchingForRowsAt")
        #expect(kinds.values.contains { $0.contains(.reloadData) })
        #expect(kinds.values.contains { $0.contains(.deinitCell) && $0.contains(.viewDidDisappear) })
        #expect(kinds.values.contains { !$0.contains(.scrollViewWillBeginDragging) }, "a first-screen-only scenario")
        #expect(kinds.values.contains { $0.contains(.scrollViewDidEndDecelerating) }, "a fling")
        #expect(try Self.scenarioFiles().contains { try Recorder.loadScenario(path: $0.path).collection != nil }, "a collection view")
    }
}

/// Recording is a pure function of the scenario: the same bytes every time.
@Suite
final class DeterminismTests {
    /// Three scenarios (every one, recorded once, matches its bundled trace byte
    /// for byte above); every one twice in `BundledTraceSecondTierTests`.
    @Test func testRecordingTwiceGivesIdenticalBytes() throws {
        try Self.checkRecordingTwice(["first-screen", "late-response-async-reset", "grid-slow-drag"].map {
            BundledTraceTests.tracesFolder.appendingPathComponent("\($0).scenario.json")
        })
    }

    static func checkRecordingTwice(_ scenarios: [URL]) throws {
        for scenarioURL in scenarios {
            let scenario = try Recorder.loadScenario(path: scenarioURL.path)
            #expect((try Recorder.recordText(scenario)) == (try Recorder.recordText(scenario)), Comment(rawValue: scenarioURL.lastPathComponent))
        }
    }

    @Test func testTraceRoundTripsThroughTheReader() throws {
        let scenarioURL = BundledTraceTests.tracesFolder.appendingPathComponent("reload-data.scenario.json")
        let scenario = try Recorder.loadScenario(path: scenarioURL.path)
        let trace = try Recorder.record(scenario)
        let text = TraceWriter.text(trace)
        let readBack = try TraceReader.read(bytes: Array(text.utf8), file: "memory")
        #expect(readBack.header == trace.header, "the header carries the full scenario back out")
        #expect(readBack.events == trace.events)
        #expect(TraceWriter.text(readBack) == text)
    }

    @Test func testTraceIsOneEventPerLineWithStableKeyOrder() throws {
        let scenarioURL = BundledTraceTests.tracesFolder.appendingPathComponent("first-screen.scenario.json")
        let text = try Recorder.recordText(try Recorder.loadScenario(path: scenarioURL.path))
        let eventLines = text.split(separator: "\n").filter { $0.hasPrefix("    {\"seq\":") }
        #expect(eventLines.count == (try Recorder.record(try Recorder.loadScenario(path: scenarioURL.path)).events.count))
        for line in eventLines {
            #expect(line.contains("{\"seq\":") && line.contains(",\"t\":") && line.contains(",\"kind\":"), Comment(rawValue: String(line)))
            let seqIndex = line.range(of: "\"seq\"")!.lowerBound
            let tIndex = line.range(of: "\"t\"")!.lowerBound
            let kindIndex = line.range(of: "\"kind\"")!.lowerBound
            #expect(seqIndex < tIndex && tIndex < kindIndex)
        }
        #expect(!(text.contains("/work/")), "no absolute paths in a trace")
        // Standard JSON readers accept it.
        #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: Data(text.utf8)) }
    }
}

/// Scenarios that would make enormous recordings are refused with a clear error, never run out of memory.
@Suite
final class RecordingLimitTests {
    @Test func testTooManyRowsOnScreenIsRefusedWhenTheScenarioIsRead() {
        let text = #"{"title":"tiny rows","table":{"rows":100000,"rowHeight":1,"viewportHeight":80000},"script":[{"wait":{"ms":10}}]}"#
        if let error = #expect(throws: (any Error).self, performing: { try Recorder.parseScenario(bytes: Array(text.utf8), file: "tiny.json") }) {
            let message = (error as? ReuseLabError)?.description ?? ""
            #expect(message.hasPrefix("tiny.json:1:"), Comment(rawValue: message))
            #expect(message.contains("shows up to 80001 rows at once; at most 1000 are supported"), Comment(rawValue: message))
        }
    }

    @Test func testARecordingPastItsCapacityStopsAtTheStepThatOverflowed() throws {
        let scenario = Scenario(title: "long", table: TableSpec(rows: 10_000, viewportHeight: 844),
                                script: [.wait(ms: 10), .drag(by: 40_000, ms: 5_000), .wait(ms: 10)])
        if let error = #expect(throws: (any Error).self, performing: { try Recorder.record(scenario, capacity: 5_000) }) {
            guard let error = error as? ReuseLabError else { Issue.record("\(error)"); return }
            #expect(error.kind == .tooLarge)
            #expect(error.location.path == "script[1]")
            #expect(error.message.contains("grew past 5000 entries"), Comment(rawValue: error.message))
        }
    }
}

/// `BundledTraceTests` and `DeterminismTests` over every bundled scenario.
@Suite(SecondTier.enabled("validating every bundled trace and recording every scenario twice"))
final class BundledTraceSecondTierTests {

    @Test func testEveryBundledTraceValidates() throws {
        for scenarioURL in try BundledTraceTests.scenarioFiles() {
            let base = String(scenarioURL.lastPathComponent.dropLast(".scenario.json".count))
            let tracePath = BundledTraceTests.tracesFolder.appendingPathComponent(base + ".trace.json").path
            #expect(throws: Never.self, Comment(rawValue: base)) { try TraceValidator.validate(path: tracePath) }
        }
    }

    @Test func testRecordingTwiceGivesIdenticalBytes() throws {
        try DeterminismTests.checkRecordingTwice(try BundledTraceTests.scenarioFiles())
    }
}
