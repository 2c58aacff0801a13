import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import TimelineExport

/// What the timeline shows, checked against the trace itself.
@Suite
final class TimelineFactsTests {
    typealias Slice = TraceEventValidator.Slice

    @Test func testTheMainThreadShowsTheSynchronousDownloadsAndTheHitches() throws {
        let name = "images-sync-download"
        let trace = try CheckedTraceReader.read(path: ExportFixtures.path(name))
        let timeline = try ExportFixtures.timeline(name)
        let work = timeline.slices(on: "main thread")
        let blocked = trace.events.compactMap { event -> (start: Double, ms: Double, cause: String)? in
            guard case .mainThreadBlocked(let ms, let cause) = event.body else { return nil }
            return (Double(event.time.microseconds), ms, cause)
        }
        #expect(work.count == blocked.count, "a slice for each piece of work")
        for (slice, work) in zip(work.sorted { $0.start < $1.start }, blocked) {
            #expect(slice.start == work.start)
            #expect((slice.end - slice.start) == (work.ms * 1000).rounded())
            #expect(slice.name == work.cause, "named by its cause")
        }
        let downloads = work.filter { $0.name.contains("Data(contentsOf:)") }
        #expect(downloads.count == 77, "every synchronous download is on the main thread")
        #expect((downloads.first?.args["kind"] as? String) == "mainThreadBlocked")
        #expect(timeline.tracks(prefixed: "main thread (").isEmpty, "a recording's work never overlaps")

        let hitches = timeline.slices(on: "hitches")
        #expect(hitches.count == 10)
        // The first: frame 1 (16.666 ms) missed, drawing resumed at 3300 ms.
        let first = try #require(hitches.min { $0.start < $1.start })
        #expect(first.start == 16_666)
        #expect(first.end == 3_300_000)
        #expect(first.name == "hitch: 197 frames missed")
        #expect((first.args["cause"] as? String)?.contains("Data(contentsOf:)") == true)
        // What held the main thread then is under it, on the main thread's track.
        #expect(downloads.contains { $0.start >= first.start && $0.end <= first.end })
    }

    @Test func testEveryResponseIsARequestSliceOnALane() throws {
        let name = "images-async-no-reset"
        let trace = try CheckedTraceReader.read(path: ExportFixtures.path(name))
        let timeline = try ExportFixtures.timeline(name)
        let lanes = timeline.tracks(prefixed: "connection ") + timeline.tracks(prefixed: "Data(contentsOf:) ")
            + timeline.tracks(prefixed: "no connection ")
        let requests = lanes.flatMap { timeline.slices[$0] ?? [] }
        let responses = trace.events.filter { $0.kind == .response }
        #expect(responses.count == 77)
        #expect(requests.filter { $0.args["outcome"] as? String == "response" }.count == responses.count)
        for response in responses {
            guard case .response(let id, let bytes, _) = response.body else { continue }
            let slice = try #require(requests.first { TraceEventValidator.integer($0.args["request"]) == id }, "request \(id)")
            #expect(slice.end == Double(response.time.microseconds), "request \(id) ends at its response")
            #expect(TraceEventValidator.integer(slice.args["bytes"]) == bytes)
            #expect(TraceEventValidator.integer(slice.args["seq"]) == response.seq)
            #expect(slice.name.hasPrefix("row "), Comment(rawValue: slice.name))
            #expect(TraceEventValidator.number(slice.args["queuedMs"]) != nil)
        }
        // This strategy downloads with Data(contentsOf:) on a background queue: not
        // through URLSession's connections.
        #expect(timeline.tracks(prefixed: "connection ").isEmpty)
        #expect((requests.first?.args["sync"] as? Bool) == true)
    }

    /// The sample traces and one whose requests wait for a connection; every
    /// bundled trace in `TimelineFactsSecondTierTests`.
    @Test func testURLSessionRequestsUseAtMostTheConnectionsPerHostAndTheLowestFreeLane() throws {
        try Self.checkConnectionLanes(BundledFiles.sampleTraces + ["late-response-task-identity-cancel"])
    }

    static func checkConnectionLanes(_ names: [String]) throws {
        var sawWaiting = false
        for name in names {
            let trace = try CheckedTraceReader.read(path: ExportFixtures.path(name))
            let timeline = try ExportFixtures.checked(try ExportFixtures.export(name), name)
            let limit = trace.header.scenario?.world.network.connectionsPerHost ?? 6
            let connections = timeline.tracks(prefixed: "connection ")
            #expect(connections.count <= limit, Comment(rawValue: name))
            for prefix in ["connection ", "Data(contentsOf:) ", "no connection "] {
                let group = timeline.tracks(prefixed: prefix).sorted { timeline.threadSortIndex[$0] ?? 0 < timeline.threadSortIndex[$1] ?? 0 }
                for (lane, track) in group.enumerated() {
                    #expect(timeline.threadNames[track] == "\(prefix)\(lane + 1)", Comment(rawValue: name))
                    // A slice is on lane n only when lanes 1 … n-1 were all busy then.
                    for slice in timeline.slices[track] ?? [] {
                        for lower in group.prefix(lane) {
                            #expect((timeline.slices[lower] ?? []).contains { $0.start <= slice.start && slice.start < $0.end }, "\(name): \(slice.name) on \(prefix)\(lane + 1) while a lower lane was free")
                        }
                    }
                }
            }
            for slice in connections.flatMap({ timeline.slices[$0] ?? [] }) where (TraceEventValidator.number(slice.args["queuedMs"]) ?? 0) > 0 {
                sawWaiting = true
            }
        }
        #expect(sawWaiting, "some trace of \(names.count) has a request that waited for a connection")
    }

    @Test func testACellsTrackShowsTheRowsItDisplayed() throws {
        let name = "images-async-no-reset"
        let trace = try CheckedTraceReader.read(path: ExportFixtures.path(name))
        let timeline = try ExportFixtures.timeline(name)
        var displays: [Int: [(row: Int, start: Double)]] = [:]
        for event in trace.events {
            if case .willDisplay(let row, let cell) = event.body { displays[cell, default: []].append((row, Double(event.time.microseconds))) }
        }
        #expect(displays.count == 23)
        for (cell, shown) in displays {
            let rows = timeline.slices(on: "cell #\(cell)").filter { $0.phase == "X" && $0.name.hasPrefix("row ") }.sorted { $0.start < $1.start }
            #expect(rows.map(\.name) == shown.map { "row \($0.row)" }, "cell #\(cell)")
            #expect(rows.map(\.start) == shown.map(\.start), "cell #\(cell)")
        }
        // Cell #1 showed row 0, then (reused) row 23; in between it waited kept aside and in the pool.
        // (An image set on a request's flow is a slice of no length too: left out here.)
        let first = timeline.slices(on: "cell #1").filter { $0.phase == "X" && $0.name != "imageSet" }.sorted { $0.start < $1.start }.map(\.name)
        #expect(Array(first.prefix(5)) == ["row 0", "kept aside after row 0", "in the reuse pool", "prepared for row 23", "row 23"])
        // Every call on it is an instant there, with the event's own fields.
        let instants = timeline.slices(on: "cell #1").filter { $0.phase == "i" }
        #expect(instants.first?.name == "init")
        #expect((instants.first?.args["identifier"] as? String) == "MyCell")
        #expect(instants.contains { $0.name == "prepareForReuse" && TraceEventValidator.integer($0.args["previousRow"]) == 0 })
        // The table view's own calls are on its track.
        let table = timeline.slices(on: "table view").map(\.name)
        #expect(table.contains("prefetchRowsAt"))
        #expect(table.contains("cancelPrefetchingForRowsAt"))
    }

    @Test func testStaleFramesAreMarkedWithTheirStaleCells() throws {
        let name = "images-async-no-reset"
        let timeline = try ExportFixtures.timeline(name)
        let frames = timeline.slices(on: "frames")
        #expect(frames.count == 255, "one slice per frame event")
        let frame60 = try #require(frames.first { TraceEventValidator.integer($0.args["frame"]) == 60 })
        #expect(frame60.name == "frame 60 · STALE")
        #expect((frame60.args["stale"] as? [String]) == ["row 23 (cell #1) shows image 0, not image 23"])
        #expect((frame60.args["rows"] as? String) == "rows 3–23")
        let frame59 = try #require(frames.first { TraceEventValidator.integer($0.args["frame"]) == 59 })
        #expect(frame59.name == "frame 59")
        #expect(frame59.end == frame60.start, "a frame lasts until the next")
        // With the reset in prepareForReuse, no frame is stale.
        let reset = try ExportFixtures.timeline("images-async-reset")
        #expect(!(reset.slices(on: "frames").contains { $0.name.hasSuffix("STALE") }))
    }

    @Test func testCountersFollowTheState() throws {
        let name = "images-async-no-reset"
        let state = try TraceFold.run(ReplayState.self, path: ExportFixtures.path(name))
        let timeline = try ExportFixtures.timeline(name)
        let memory = try #require(timeline.counters["image memory"]).compactMap { $0.args["bytes"] }
        #expect(memory.first == 0)
        #expect(memory.max() == Double(state.peakImageMemory))
        #expect(memory.last == Double(state.imageMemory))
        let cells = try #require(timeline.counters["cells"]).compactMap { $0.args["alive"] }
        #expect(cells.max() == 23)
        #expect(cells.last == 0, "the table view went, with its cells")
        let requests = try #require(timeline.counters["requests"])
        #expect(requests.map { $0.args["running"] ?? -1 }.max() == 19)
        #expect(requests.last?.args["running"] == 0)
        // A sample only where the value changed.
        for (counter, samples) in timeline.counters {
            for (previous, next) in zip(samples, samples.dropFirst()) {
                #expect(previous.args != next.args, "\(counter) at \(next.ts)")
            }
        }
    }

    @Test func testScrollingAndTheTracksOrder() throws {
        let name = "images-async-no-reset"
        let timeline = try ExportFixtures.timeline(name)
        // A drag, a flick at 4000 ms (a drag of no length), and its deceleration.
        let scrolling = timeline.slices(on: "scrolling").sorted { ($0.start, $0.end) < ($1.start, $1.end) }
        #expect(scrolling.map(\.name) == ["dragging", "dragging", "decelerating"])
        #expect(scrolling.map(\.start) == [500_000, 4_000_000, 4_000_000])
        #expect(scrolling.map(\.end) == [3_500_000, 4_000_000, 5_066_666])
        let app = try #require(timeline.track(named: "main thread"))
        #expect(timeline.processNames[app.pid] == "Stale images: each picture set when it arrives, nothing cleared on reuse")
        #expect(timeline.threadSortIndex[app] == 0, "the main thread first")
        let first = try #require(timeline.events.first)
        #expect((first["name"] as? String) == "process_name", "the app's process leads the file")
    }

    @Test func testRowsOfATableWithSectionsAreNamedByIndexPath() throws {
        let timeline = try ExportFixtures.timeline("sections")
        let names = timeline.tracks(prefixed: "cell #").flatMap { timeline.slices[$0] ?? [] }.map(\.name)
        #expect(names.contains { $0.hasPrefix("section 1 row ") }, "\(names.prefix(10))")
        #expect(!(names.contains { $0.hasPrefix("row ") }))
    }

    @Test func testAnImportedLogsGapLeavesEveryCellUnknown() throws {
        let name = "device-seed004"
        let trace = try CheckedTraceReader.read(path: ExportFixtures.path(name))
        let gap = try #require(trace.events.first { $0.kind == .gap })
        let timeline = try ExportFixtures.timeline(name)
        let gapTime = Double(gap.time.microseconds)
        let cells = timeline.tracks(prefixed: "cell #")
        #expect(!cells.isEmpty)
        // Every cell's slice open at the gap ends there, and what follows is unknown.
        for track in cells {
            for slice in timeline.slices[track] ?? [] where slice.phase == "X" {
                #expect(!(slice.start < gapTime && slice.end > gapTime), "\(slice.name) runs across the gap")
            }
        }
        #expect(cells.contains { (timeline.slices[$0] ?? []).contains { $0.name == "unknown (the log left lines out)" } })
        #expect(timeline.slices(on: "table view").contains { $0.name == "gap" })
    }
}

/// `TimelineFactsTests`' connection lanes over every bundled trace.
@Suite(SecondTier.enabled("the connection lanes of every bundled trace's timeline"))
final class TimelineFactsSecondTierTests {

    @Test func testURLSessionRequestsUseAtMostTheConnectionsPerHostAndTheLowestFreeLane() throws {
        try TimelineFactsTests.checkConnectionLanes(try BundledFiles.allTraces())
    }
}
