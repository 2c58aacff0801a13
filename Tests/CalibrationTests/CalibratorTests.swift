import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Recorder
import LogImport
import Calibration

/// A "device" trace made from a recording: only the lifecycle calls (cell ids
/// kept), no scenario in the header, an import source as `reuselab import`
/// writes one. `edit` may drop or replace events (a gap where the log is abridged)
/// or mark them inferred.
func deviceTrace(of scenario: Scenario, log: String = "device.log", guess: TableProfile = .modern, syntheticTimes: Bool = true,
                 edit: ([TraceEvent]) -> [TraceEvent] = { $0 }) throws -> Trace {
    let recorded = try Recorder.record(scenario)
    var events: [TraceEvent] = []
    for (index, event) in edit(recorded.events.filter { $0.kind.isLifecycle }).enumerated() {
        let time = syntheticTimes ? VirtualTime.milliseconds(index) : event.time
        events.append(TraceEvent(seq: index, time: time, body: event.body, inferred: event.inferred))
    }
    let source = ImportSource(log: log, lines: events.count, recognised: events.count, skipped: 0, syntheticTimes: syntheticTimes)
    return Trace(header: TraceHeader(title: "Imported from \(log)", profile: guess, source: source), events: events)
}

/// Seed 004's geometry (`traces/seed004-slow-scroll.scenario.json`): an iPhone
/// 12/13 screen, 44 pt rows, rows 0–18 at launch, a slow drag of 10 rows.
func seed004(profile: TableProfile = .modern, prefetching: Bool = true, drag: Double = 440, ms: Int = 3000) -> Scenario {
    Scenario(title: "seed 004", profile: profile,
             table: TableSpec(rows: 100, rowHeight: 44, viewportHeight: 844, contentInsetTop: 47, contentInsetBottom: 34),
             prefetching: prefetching, script: [.drag(by: drag, ms: ms)])
}

/// The calls of a trace as calibration compares them: kind and rows, no cell ids.
func calls(_ events: [TraceEvent]) -> [String] {
    events.compactMap { event in
        switch event.body {
        case .initCell, .prepareForReuse, .deinitCell: return event.kind.rawValue
        case .cellForRowAt(let row, _), .willDisplay(let row, _), .didEndDisplaying(let row, _): return "\(event.kind.rawValue) \(row)"
        case .prefetchRowsAt(let rows), .cancelPrefetchingForRowsAt(let rows): return "\(event.kind.rawValue) \(rows)"
        default: return nil
        }
    }
}

/// Rows on screen at launch: those whose top edge is above the viewport's bottom.
func launchRows(_ table: TableSpec) -> Int {
    Int(((table.viewportHeight - table.contentInsetTop) / table.rowHeight).rounded(.up))
}

@Suite

final class CalibratorTests {
    @Test func testSeed004ModernIsReproducedCallForCall() throws {
        let device = try deviceTrace(of: seed004())
        let result = try Calibrator.calibrate(device, file: "device.trace.json")
        #expect(result.score == 1, "\(result.differences)")
        #expect(result.matched == result.deviceEvents)
        #expect(result.deviceEvents == calls(device.events).count)
        #expect(result.scenario.profile == .modern)
        #expect(launchRows(result.scenario.table) == 19)
        #expect(result.scenario.prefetching, "the log has prefetch calls")
        #expect(result.scenario.strategy == "plain")
        #expect(result.scenario.title == "Calibrated to device.log")
        #expect(result.candidatesTried > 1)
        #expect(result.differences == [])
        // Recording the scenario gives exactly the device's calls.
        let again = try Recorder.record(result.scenario)
        #expect(calls(again.events) == calls(device.events))
        #expect(result.recordedEvents == calls(again.events).count)
    }

    @Test func testClassicRecordingIsFoundAsClassicThoughTheHeaderGuessesModern() throws {
        let device = try deviceTrace(of: seed004(profile: .classic), guess: .modern)
        let result = try Calibrator.calibrate(device, file: "device.trace.json")
        #expect(result.score == 1, "\(result.differences)")
        #expect(result.scenario.profile == .classic)
        #expect(launchRows(result.scenario.table) == 19)
    }

    @Test func testWithoutPrefetchCallsTheLaunchIsUncertainAndStillFound() throws {
        for profile in TableProfile.allCases {
            let device = try deviceTrace(of: seed004(profile: profile, prefetching: false))
            let result = try Calibrator.calibrate(device, file: "device.trace.json")
            #expect(result.score == 1, "\(profile): \(result.differences)")
            #expect(!result.scenario.prefetching, "no prefetch calls in the log")
            #expect(result.scenario.profile == profile)
        }
    }

    @Test func testTimestampsGiveTheDragsDuration() throws {
        let device = try deviceTrace(of: seed004(), syntheticTimes: false)
        let result = try Calibrator.calibrate(device, file: "device.trace.json")
        #expect(result.score == 1, "\(result.differences)")
        guard case .drag(_, let ms)? = result.scenario.script.last else { Issue.record("\(result.scenario.script)"); return }
        #expect(abs(Double(ms) - 3000) <= 300, "the drag's duration comes from the log's times")
    }

    /// Seed 004's log is abridged in its launch ("...(중략)" between rows 3 and 18).
    @Test func testAGapInTheLaunchStillMatches() throws {
        let device = try deviceTrace(of: seed004()) { events in
            // Rows 4–17's init → cellForRowAt → willDisplay (cells #5–#18) give way to one gap.
            var kept: [TraceEvent] = []
            let launchEnd = events.firstIndex { $0.kind == .prefetchRowsAt } ?? events.count
            for (index, event) in events.enumerated() {
                guard index < launchEnd, let cell = event.body.cellField, (5...18).contains(cell) else {
                    kept.append(event)
                    continue
                }
                if kept.last?.kind != .gap { kept.append(TraceEvent(seq: 0, time: event.time, body: .gap(text: "...(중략)"))) }
            }
            return kept
        }
        #expect(device.events.filter { $0.kind == .gap }.count == 1)
        let result = try Calibrator.calibrate(device, file: "device.trace.json")
        #expect(result.score >= 0.95, "\(result.differences)")
        #expect(result.scenario.profile == .modern)
        #expect(launchRows(result.scenario.table) == 19, "the highest row shown at launch counts the rows the gap hides")
        #expect(result.differences.contains { $0.contains("abridged") && $0.contains("42 calls") }, "the recording's calls in the gap are not differences: \(result.differences)")
    }

    /// The real log of seed 004, through the importer.
    @Test func testSeed004sOwnLogThroughTheImporter() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("traces/device-seed004.log").path
        let report = try LogImporter.importLog(path: path, options: ImportOptions(logName: "seed004.log"))
        let result = try Calibrator.calibrate(report.trace, file: "seed004.trace.json")
        #expect(result.score >= 0.9, "\(result.differences)")
        #expect(result.scenario.profile == .modern)
        #expect(launchRows(result.scenario.table) == 19)
        #expect(result.scenario.title == "Calibrated to seed004.log")
        #expect(result.differences.count <= CalibrationResult.maximumDifferences)
    }

    @Test func testTheSameTraceAlwaysGivesTheSameResult() throws {
        let device = try deviceTrace(of: seed004(drag: 1200, ms: 1500))
        let first = try Calibrator.calibrate(device, file: "d")
        for _ in 0..<2 {
            let again = try Calibrator.calibrate(device, file: "d")
            #expect(again.scenario == first.scenario)
            #expect(again.matched == first.matched)
            #expect(again.candidatesTried == first.candidatesTried)
            #expect(again.differences == first.differences)
        }
        #expect(first.differences.count <= CalibrationResult.maximumDifferences)
    }

    /// The scenario is one `record` reads back as it is.
    @Test func testTheScenarioReadsBackAsAScenarioFile() throws {
        let result = try Calibrator.calibrate(try deviceTrace(of: seed004()), file: "d")
        let text = JSONWriter.compact(result.scenario.jsonValue)
        #expect((try Recorder.parseScenario(bytes: Array(text.utf8), file: "calibrated.scenario.json")) == result.scenario)
    }

    @Test func testASeed004SizedLogTakesWellUnderTheBudget() throws {
        // A few hundred calls: 40 rows dragged, no timestamps.
        let device = try deviceTrace(of: seed004(drag: 1760, ms: 6000))
        #expect(device.events.count > 250)
        let start = Date()
        let result = try Calibrator.calibrate(device, file: "d")
        let seconds = Date().timeIntervalSince(start)
        #expect(result.score == 1, "\(result.differences)")
        // About 0.5 s in a debug build on two cores; the bound only catches a search that blew up.
        #expect(seconds < 30)
    }

    // MARK: Refusals

    @Test func testARecordedTraceIsRefused() throws {
        let recorded = try Recorder.record(seed004())
        if let error = #expect(throws: (any Error).self, performing: { try Calibrator.calibrate(recorded, file: "seed004.trace.json") }) {
            guard let error = error as? ReuseLabError else { Issue.record("\(error)"); return }
            #expect(error.kind == .badInput)
            #expect(error.file == "seed004.trace.json")
            #expect(error.message.contains("reuselab diff"), Comment(rawValue: error.message))
        }
    }

    /// A grid's log is no table's: calibrate refuses it, saying why, instead of
    /// offering a table scenario that matches three calls in four.
    @Test func testACollectionViewsTraceIsRefused() throws {
        let grid = try imported("cellForItemAt: [0, 0]\nwillDisplay: [0, 0]\ncellForItemAt: [0, 1]\nwillDisplay: [0, 1]\n")
        #expect(grid.header.list.isCollection)
        let error = try #require(throws: ReuseLabError.self) { _ = try Calibrator.calibrate(grid, file: "grid.trace.json") }
        #expect(error.kind.exitStatus == 65)
        #expect(error.message.contains("is a collection view's trace"), Comment(rawValue: error.message))
        #expect(error.message.contains("calibrate searches table view scenarios only"), Comment(rawValue: error.message))
    }

    @Test func testATraceWithoutLifecycleCallsIsRefused() throws {
        let source = ImportSource(log: "empty.log", lines: 1, recognised: 0, skipped: 0, syntheticTimes: true)
        for events in [[], [TraceEvent(seq: 0, time: .zero, body: .gap(text: "..."))]] {
            let trace = Trace(header: TraceHeader(title: "x", profile: .modern, source: source), events: events)
            if let error = #expect(throws: (any Error).self, performing: { try Calibrator.calibrate(trace, file: "empty.trace.json") }) {
                guard let error = error as? ReuseLabError else { Issue.record("\(error)"); return }
                #expect(error.kind == .badInput)
                #expect(error.file == "empty.trace.json")
                #expect(error.message.contains("no lifecycle calls"), Comment(rawValue: error.message))
            }
        }
    }

    @Test func testRowsPastAnyTableAreRefusedNotTrapped() throws {
        let source = ImportSource(log: "huge.log", lines: 1, recognised: 1, skipped: 0, syntheticTimes: true)
        let trace = Trace(header: TraceHeader(title: "x", profile: .modern, source: source), events: [
            TraceEvent(seq: 0, time: .zero, body: .initCell(cell: 1, identifier: "Cell")),
            TraceEvent(seq: 1, time: .zero, body: .cellForRowAt(row: 1_000_000_000_000, cell: 1)),
            TraceEvent(seq: 2, time: .zero, body: .willDisplay(row: 1_000_000_000_000, cell: 1)),
        ])
        if let error = #expect(throws: (any Error).self, performing: { try Calibrator.calibrate(trace, file: "huge.trace.json") }) {
            #expect((error as? ReuseLabError)?.kind == .tooLarge, "\(error)")
        }
    }
}
