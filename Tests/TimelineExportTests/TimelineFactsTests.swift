import ReuseLabTestSupport
import Foundation
import XCTest
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import TimelineExport

/// What the timeline shows, checked against the trace itself.
final class TimelineFactsTests: XCTestCase {
    typealias Slice = TraceEventValidator.Slice

    func testTheMainThreadShowsTheSynchronousDownloadsAndTheHitches() throws {
        let name = "images-sync-download"
        let trace = try CheckedTraceReader.read(path: ExportFixtures.path(name))
        let timeline = try ExportFixtures.timeline(name)
        let work = timeline.slices(on: "main thread")
        let blocked = trace.events.compactMap { event -> (start: Double, ms: Double, cause: String)? in
            guard case .mainThreadBlocked(let ms, let cause) = event.body else { return nil }
            return (Double(event.time.microseconds), ms, cause)
        }
        XCTAssertEqual(work.count, blocked.count, "a slice for each piece of work")
        for (slice, work) in zip(work.sorted { $0.start < $1.start }, blocked) {
            XCTAssertEqual(slice.start, work.start)
            XCTAssertEqual(slice.end - slice.start, (work.ms * 1000).rounded())
            XCTAssertEqual(slice.name, work.cause, "named by its cause")
        }
        let downloads = work.filter { $0.name.contains("Data(contentsOf:)") }
        XCTAssertEqual(downloads.count, 77, "every synchronous download is on the main thread")
        XCTAssertEqual(downloads.first?.args["kind"] as? String, "mainThreadBlocked")
        XCTAssertTrue(timeline.tracks(prefixed: "main thread (").isEmpty, "a recording's work never overlaps")

        let hitches = timeline.slices(on: "hitches")
        XCTAssertEqual(hitches.count, 10)
        // The first: frame 1 (16.666 ms) missed, drawing resumed at 3300 ms.
        let first = try XCTUnwrap(hitches.min { $0.start < $1.start })
        XCTAssertEqual(first.start, 16_666)
        XCTAssertEqual(first.end, 3_300_000)
        XCTAssertEqual(first.name, "hitch: 197 frames missed")
        XCTAssertTrue((first.args["cause"] as? String)?.contains("Data(contentsOf:)") == true)
        // What held the main thread then is under it, on the main thread's track.
        XCTAssertTrue(downloads.contains { $0.start >= first.start && $0.end <= first.end })
    }

    func testEveryResponseIsARequestSliceOnALane() throws {
        let name = "images-async-no-reset"
        let trace = try CheckedTraceReader.read(path: ExportFixtures.path(name))
        let timeline = try ExportFixtures.timeline(name)
        let lanes = timeline.tracks(prefixed: "connection ") + timeline.tracks(prefixed: "Data(contentsOf:) ")
            + timeline.tracks(prefixed: "no connection ")
        let requests = lanes.flatMap { timeline.slices[$0] ?? [] }
        let responses = trace.events.filter { $0.kind == .response }
        XCTAssertEqual(responses.count, 77)
        XCTAssertEqual(requests.filter { $0.args["outcome"] as? String == "response" }.count, responses.count)
        for response in responses {
            guard case .response(let id, let bytes, _) = response.body else { continue }
            let slice = try XCTUnwrap(requests.first { TraceEventValidator.integer($0.args["request"]) == id }, "request \(id)")
            XCTAssertEqual(slice.end, Double(response.time.microseconds), "request \(id) ends at its response")
            XCTAssertEqual(TraceEventValidator.integer(slice.args["bytes"]), bytes)
            XCTAssertEqual(TraceEventValidator.integer(slice.args["seq"]), response.seq)
            XCTAssertTrue(slice.name.hasPrefix("row "), slice.name)
            XCTAssertNotNil(TraceEventValidator.number(slice.args["queuedMs"]))
        }
        // This strategy downloads with Data(contentsOf:) on a background queue: not
        // through URLSession's connections.
        XCTAssertTrue(timeline.tracks(prefixed: "connection ").isEmpty)
        XCTAssertEqual(requests.first?.args["sync"] as? Bool, true)
    }

    /// The sample traces and one whose requests wait for a connection; every
    /// bundled trace in `TimelineFactsSecondTierTests`.
    func testURLSessionRequestsUseAtMostTheConnectionsPerHostAndTheLowestFreeLane() throws {
        try Self.checkConnectionLanes(BundledFiles.sampleTraces + ["late-response-task-identity-cancel"])
    }

    static func checkConnectionLanes(_ names: [String]) throws {
        var sawWaiting = false
        for name in names {
            let trace = try CheckedTraceReader.read(path: ExportFixtures.path(name))
            let timeline = try ExportFixtures.checked(try ExportFixtures.export(name), name)
            let limit = trace.header.scenario?.world.network.connectionsPerHost ?? 6
            let connections = timeline.tracks(prefixed: "connection ")
            XCTAssertLessThanOrEqual(connections.count, limit, name)
            for prefix in ["connection ", "Data(contentsOf:) ", "no connection "] {
                let group = timeline.tracks(prefixed: prefix).sorted { timeline.threadSortIndex[$0] ?? 0 < timeline.threadSortIndex[$1] ?? 0 }
                for (lane, track) in group.enumerated() {
                    XCTAssertEqual(timeline.threadNames[track], "\(prefix)\(lane + 1)", name)
                    // A slice is on lane n only when lanes 1 … n-1 were all busy then.
                    for slice in timeline.slices[track] ?? [] {
                        for lower in group.prefix(lane) {
                            XCTAssertTrue((timeline.slices[lower] ?? []).contains { $0.start <= slice.start && slice.start < $0.end },
                                          "\(name): \(slice.name) on \(prefix)\(lane + 1) while a lower lane was free")
                        }
                    }
                }
            }
            for slice in connections.flatMap({ timeline.slices[$0] ?? [] }) where (TraceEventValidator.number(slice.args["queuedMs"]) ?? 0) > 0 {
                sawWaiting = true
            }
        }
        XCTAssertTrue(sawWaiting, "some trace of \(names.count) has a request that waited for a connection")
    }

    func testACellsTrackShowsTheRowsItDisplayed() throws {
        let name = "images-async-no-reset"
        let trace = try CheckedTraceReader.read(path: ExportFixtures.path(name))
        let timeline = try ExportFixtures.timeline(name)
        var displays: [Int: [(row: Int, start: Double)]] = [:]
        for event in trace.events {
            if case .willDisplay(let row, let cell) = event.body { displays[cell, default: []].append((row, Double(event.time.microseconds))) }
        }
        XCTAssertEqual(displays.count, 23)
        for (cell, shown) in displays {
            let rows = timeline.slices(on: "cell #\(cell)").filter { $0.phase == "X" && $0.name.hasPrefix("row ") }.sorted { $0.start < $1.start }
            XCTAssertEqual(rows.map(\.name), shown.map { "row \($0.row)" }, "cell #\(cell)")
            XCTAssertEqual(rows.map(\.start), shown.map(\.start), "cell #\(cell)")
        }
        // Cell #1 showed row 0, then (reused) row 23; in between it waited kept aside and in the pool.
        let first = timeline.slices(on: "cell #1").filter { $0.phase == "X" }.sorted { $0.start < $1.start }.map(\.name)
        XCTAssertEqual(Array(first.prefix(5)), ["row 0", "kept aside after row 0", "in the reuse pool", "prepared for row 23", "row 23"])
        // Every call on it is an instant there, with the event's own fields.
        let instants = timeline.slices(on: "cell #1").filter { $0.phase == "i" }
        XCTAssertEqual(instants.first?.name, "init")
        XCTAssertEqual(instants.first?.args["identifier"] as? String, "MyCell")
        XCTAssertTrue(instants.contains { $0.name == "prepareForReuse" && TraceEventValidator.integer($0.args["previousRow"]) == 0 })
        // The table view's own calls are on its track.
        let table = timeline.slices(on: "table view").map(\.name)
        XCTAssertTrue(table.contains("prefetchRowsAt"))
        XCTAssertTrue(table.contains("cancelPrefetchingForRowsAt"))
    }

    func testStaleFramesAreMarkedWithTheirStaleCells() throws {
        let name = "images-async-no-reset"
        let timeline = try ExportFixtures.timeline(name)
        let frames = timeline.slices(on: "frames")
        XCTAssertEqual(frames.count, 252, "one slice per frame event")
        let frame60 = try XCTUnwrap(frames.first { TraceEventValidator.integer($0.args["frame"]) == 60 })
        XCTAssertEqual(frame60.name, "frame 60 · STALE")
        XCTAssertEqual(frame60.args["stale"] as? [String], ["row 23 (cell #1) shows image 0, not image 23"])
        XCTAssertEqual(frame60.args["rows"] as? String, "rows 3–23")
        let frame59 = try XCTUnwrap(frames.first { TraceEventValidator.integer($0.args["frame"]) == 59 })
        XCTAssertEqual(frame59.name, "frame 59")
        XCTAssertEqual(frame59.end, frame60.start, "a frame lasts until the next")
        // With the reset in prepareForReuse, no frame is stale.
        let reset = try ExportFixtures.timeline("images-async-reset")
        XCTAssertFalse(reset.slices(on: "frames").contains { $0.name.hasSuffix("STALE") })
    }

    func testCountersFollowTheState() throws {
        let name = "images-async-no-reset"
        let state = try TraceFold.run(ReplayState.self, path: ExportFixtures.path(name))
        let timeline = try ExportFixtures.timeline(name)
        let memory = try XCTUnwrap(timeline.counters["image memory"]).compactMap { $0.args["bytes"] }
        XCTAssertEqual(memory.first, 0)
        XCTAssertEqual(memory.max(), Double(state.peakImageMemory))
        XCTAssertEqual(memory.last, Double(state.imageMemory))
        let cells = try XCTUnwrap(timeline.counters["cells"]).compactMap { $0.args["alive"] }
        XCTAssertEqual(cells.max(), 23)
        XCTAssertEqual(cells.last, 0, "the table view went, with its cells")
        let requests = try XCTUnwrap(timeline.counters["requests"])
        XCTAssertEqual(requests.map { $0.args["running"] ?? -1 }.max(), 19)
        XCTAssertEqual(requests.last?.args["running"], 0)
        // A sample only where the value changed.
        for (counter, samples) in timeline.counters {
            for (previous, next) in zip(samples, samples.dropFirst()) {
                XCTAssertNotEqual(previous.args, next.args, "\(counter) at \(next.ts)")
            }
        }
    }

    func testScrollingAndTheTracksOrder() throws {
        let name = "images-async-no-reset"
        let timeline = try ExportFixtures.timeline(name)
        // A drag, a flick at 4000 ms (a drag of no length), and its deceleration.
        let scrolling = timeline.slices(on: "scrolling").sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        XCTAssertEqual(scrolling.map(\.name), ["dragging", "dragging", "decelerating"])
        XCTAssertEqual(scrolling.map(\.start), [500_000, 4_000_000, 4_000_000])
        XCTAssertEqual(scrolling.map(\.end), [3_500_000, 4_000_000, 5_066_666])
        let app = try XCTUnwrap(timeline.track(named: "main thread"))
        XCTAssertEqual(timeline.processNames[app.pid], "Shared scroll, strategy async-no-reset")
        XCTAssertEqual(timeline.threadSortIndex[app], 0, "the main thread first")
        let first = try XCTUnwrap(timeline.events.first)
        XCTAssertEqual(first["name"] as? String, "process_name", "the app's process leads the file")
    }

    func testRowsOfATableWithSectionsAreNamedByIndexPath() throws {
        let timeline = try ExportFixtures.timeline("sections")
        let names = timeline.tracks(prefixed: "cell #").flatMap { timeline.slices[$0] ?? [] }.map(\.name)
        XCTAssertTrue(names.contains { $0.hasPrefix("section 1 row ") }, "\(names.prefix(10))")
        XCTAssertFalse(names.contains { $0.hasPrefix("row ") })
    }

    func testAnImportedLogsGapLeavesEveryCellUnknown() throws {
        let name = "device-seed004"
        let trace = try CheckedTraceReader.read(path: ExportFixtures.path(name))
        let gap = try XCTUnwrap(trace.events.first { $0.kind == .gap })
        let timeline = try ExportFixtures.timeline(name)
        let gapTime = Double(gap.time.microseconds)
        let cells = timeline.tracks(prefixed: "cell #")
        XCTAssertFalse(cells.isEmpty)
        // Every cell's slice open at the gap ends there, and what follows is unknown.
        for track in cells {
            for slice in timeline.slices[track] ?? [] where slice.phase == "X" {
                XCTAssertFalse(slice.start < gapTime && slice.end > gapTime, "\(slice.name) runs across the gap")
            }
        }
        XCTAssertTrue(cells.contains { (timeline.slices[$0] ?? []).contains { $0.name == "unknown (the log left lines out)" } })
        XCTAssertTrue(timeline.slices(on: "table view").contains { $0.name == "gap" })
    }
}

/// `TimelineFactsTests`' connection lanes over every bundled trace.
final class TimelineFactsSecondTierTests: SecondTierTestCase {
    override class var secondTierWork: String { "the connection lanes of every bundled trace's timeline" }

    func testURLSessionRequestsUseAtMostTheConnectionsPerHostAndTheLowestFreeLane() throws {
        try TimelineFactsTests.checkConnectionLanes(try BundledFiles.allTraces())
    }
}
