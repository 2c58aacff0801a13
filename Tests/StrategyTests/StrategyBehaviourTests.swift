import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import Recorder

/// What each loading strategy teaches, shown from its bundled trace and measured
/// with `reuselab stats`' own metrics — from the trace alone, never the engine.
@Suite
final class StrategyBehaviourTests {
    static let traces = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("traces")

    func metrics(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> MetricsReport {
        try TraceMetrics.measure(path: Self.traces.appendingPathComponent(name + ".trace.json").path)
    }

    func trace(_ name: String) throws -> Trace {
        try TraceReader.read(path: Self.traces.appendingPathComponent(name + ".trace.json").path)
    }

    func ms(_ time: Measured<VirtualTime>) -> Double { time.value?.milliseconds ?? -1 }

    /// How many times each image number was requested.
    func requestsPerImage(_ trace: Trace) -> [Int: Int] {
        var counts: [Int: Int] = [:]
        for event in trace.events {
            if case .imageRequest(_, _, let image, _, _) = event.body { counts[image, default: 0] += 1 }
        }
        return counts
    }

    @Test func testSynchronousDownloadBlocksTheMainThreadHitchesAndDownloadsAgainOnTheWayBack() throws {
        let report = try metrics("images-sync-download")
        #expect(ms(report.mainThreadBlocked) > 5_000)
        #expect((report.hitches.value ?? 0) >= 5)
        #expect((report.hitchTimeRatio.value ?? 0) > 100, "more than 100 ms of hitch per second of scrolling")
        let trace = try trace("images-sync-download")
        let blocking = trace.events.filter {
            if case .mainThreadBlocked(_, let cause) = $0.body { return cause.contains("synchronous download") }
            return false
        }
        #expect(!blocking.isEmpty, "the blocks are synchronous downloads")
        let repeated = requestsPerImage(trace).filter { $0.value > 1 }
        #expect(!repeated.isEmpty, "rows that came back downloaded their image again")
        #expect(report.downloads.value == trace.events.filter { $0.kind == .imageRequest }.count, "nothing is cached")
    }

    @Test func testEagerPreloadDelaysTheFirstScreenAndHoldsEveryImage() throws {
        let eager = try metrics("images-eager-preload")
        let lazy = try metrics("images-async-reset")
        #expect(ms(eager.firstCompleteScreen) > 10_000, "every download comes before the first screen")
        #expect(ms(eager.firstCompleteScreen) > (10 * ms(lazy.firstCompleteScreen)))
        #expect(eager.downloads.value == 100)
        let neverShown = eager.downloadsNeverShown.value ?? 0
        #expect(neverShown > 40, "most of them are never on screen")
        #expect(eager.peakImageMemory.value == (100 * 30_000 + (100 - neverShown) * 300 * 300 * 4),
                "the data of all 100 images held at once, and the bitmap of each one a frame has shown")
    }

    /// seed 003's ImageCache makes each image in URLSession's handler, off the main
    /// thread, yet the main thread decodes it for the first frame that shows it;
    /// `preparingForDisplay()` in that handler moves the decode off it.
    @Test func testPreparingForDisplayTakesTheDecodeOffTheMainThread() throws {
        let eager = try metrics("photos-cache-coalesce")
        let prepared = try metrics("photos-cache-coalesce-prepare")
        #expect(ms(eager.mainThreadBlocked) > 300, "a 3-megapixel photo takes 30 ms to decode, each on the main thread")
        #expect((eager.hitches.value ?? 0) > 5, "and each decode misses a frame")
        #expect(ms(prepared.mainThreadBlocked) == 0)
        #expect(prepared.hitches.value == 0)
        #expect(prepared.downloads == eager.downloads, "the same photos, the same scroll")
        let decodes = try trace("photos-cache-coalesce").events.filter {
            if case .mainThreadBlocked(_, let cause) = $0.body { return FirstFrameDecode.isCause(cause) }
            return false
        }
        #expect(!decodes.isEmpty && decodes.count <= (eager.downloads.value ?? 0), "each photo decoded once, at most")
        // The shared scroll's small thumbnails: less, but the same difference.
        #expect(ms(try metrics("images-cache-coalesce").mainThreadBlocked) > 0)
        #expect(ms(try metrics("images-cache-coalesce-prepare").mainThreadBlocked) == 0)
    }

    @Test func testMemoizationWithMainAsyncDownloadsEachImageOnceButStillBlocks() throws {
        let report = try metrics("images-memo-main-async")
        let trace = try trace("images-memo-main-async")
        #expect(requestsPerImage(trace).values.allSatisfy { $0 == 1 }, "each image downloaded once")
        #expect((report.cacheHits.value?[.model] ?? 0) > 0, "rows coming back use the memoized image")
        #expect(ms(report.mainThreadBlocked) > 1_000, "DispatchQueue.main.async still runs the download on the main thread")
        #expect((report.hitches.value ?? 0) > 0)
    }

    @Test func testBackgroundDownloadWithoutResetShowsStaleImages() throws {
        let report = try metrics("images-async-no-reset")
        #expect(ms(report.staleTime) > 500)
        #expect((report.staleFrames.value ?? 0) > 30)
        #expect(ms(report.mainThreadBlocked) < 200, "the download itself is off the main thread")
    }

    @Test func testResetRemovesTheFlashButALateResponseStillEndsWithAWrongImage() throws {
        #expect(ms(try metrics("images-async-reset").staleTime) == 0, "the reset removes the flash of the old image")
        let late = try trace("late-response-async-reset")
        var state = ReplayState(header: late.header)
        for event in late.events { try state.apply(event) }
        guard let lastFrame = state.lastFrame else { Issue.record("no frame"); return }
        let stale = state.staleCells(in: lastFrame)
        #expect(stale.map(\.image) == [.image(2)], "row 2's late image sits in another row's cell at the end")
        #expect(ms(try metrics("late-response-async-reset").staleTime) > 1_000)
    }

    @Test func testIdentityCheckPrefetchAndCacheStrategiesNeverShowAStaleImage() throws {
        for name in ["images-task-identity-cancel", "late-response-task-identity-cancel", "images-prefetch-reload",
                     "prefetch-on", "prefetch-off", "images-cache-coalesce", "coalesce-shared-images"] {
            #expect(ms(try metrics(name).staleTime) == 0, Comment(rawValue: name))
        }
    }

    @Test func testCoalescingMakesOneDownloadPerURL() throws {
        let report = try metrics("coalesce-shared-images")
        #expect(report.downloads.value == 4, "four URLs, four downloads, however many rows ask")
        #expect((report.coalesced.value ?? 0) > 10)
        #expect((report.cacheHits.value?[.memory] ?? 0) > 10, "later rows find the image in the NSCache")
    }

    @Test func testPrefetchingShortensTheWaitAndCountsCancelledPrefetches() throws {
        let on = try metrics("prefetch-on")
        let off = try metrics("prefetch-off")
        #expect(ms(on.imageWaitAverage) < (ms(off.imageWaitAverage) * 0.8), "visible cells wait less for their image")
        #expect((on.cancelledPrefetches.value ?? 0) > 0, "scrolling back cancels rows still loading below")
        #expect(off.cancelledPrefetches.value == 0)
    }

    @Test func testBatchPagingLoadsPagesThroughALoadingCellWithItsOwnIdentifier() throws {
        let trace = try trace("batch-paging")
        let identifiers = Set(trace.events.compactMap { event -> String? in
            if case .initCell(_, let identifier) = event.body { return identifier }
            return nil
        })
        #expect(identifiers == ["CoinCell", "LoadingCell"])
        let counts = trace.events.compactMap { event -> Int? in
            if case .numberOfRows(let rows) = event.body { return rows }
            return nil
        }
        #expect(Array(counts.prefix(3)) == [1, 16, 31], "the loading cell alone, then 15 more rows (and the loading cell) per page")
        #expect((try metrics("batch-paging").pageLoads.value) == (counts.count - 1))
    }

    @Test func testEveryStrategyHasASharedScenarioTrace() throws {
        // Read from the scenarios the traces are recorded from (each trace is, byte for
        // byte, a fresh recording of its scenario: BundledTraceTests).
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: Self.traces.path).filter { $0.hasPrefix("images-") && $0.hasSuffix(".scenario.json") }
        #expect(scenarios.count == 11)
        var scripts: Set<String> = []
        for name in scenarios {
            let scenario = try Recorder.loadScenario(path: Self.traces.appendingPathComponent(name).path)
            scripts.insert(JSONWriter.compact(.list(scenario.script.map { $0.jsonValue() })) + "\(scenario.world.network)")
        }
        #expect(scripts.count == 1, "one shared scroll script and network")
    }
}
