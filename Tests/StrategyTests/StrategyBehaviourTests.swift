import XCTest
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import Recorder

/// What each loading strategy teaches, shown from its bundled trace and measured
/// with `reuselab stats`' own metrics — from the trace alone, never the engine.
final class StrategyBehaviourTests: XCTestCase {
    static let traces = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("traces")

    func metrics(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> MetricsReport {
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

    func testSynchronousDownloadBlocksTheMainThreadHitchesAndDownloadsAgainOnTheWayBack() throws {
        let report = try metrics("images-sync-download")
        XCTAssertGreaterThan(ms(report.mainThreadBlocked), 5_000)
        XCTAssertGreaterThanOrEqual(report.hitches.value ?? 0, 5)
        XCTAssertGreaterThan(report.hitchTimeRatio.value ?? 0, 100, "more than 100 ms of hitch per second of scrolling")
        let trace = try trace("images-sync-download")
        let blocking = trace.events.filter {
            if case .mainThreadBlocked(_, let cause) = $0.body { return cause.contains("synchronous download") }
            return false
        }
        XCTAssertFalse(blocking.isEmpty, "the blocks are synchronous downloads")
        let repeated = requestsPerImage(trace).filter { $0.value > 1 }
        XCTAssertFalse(repeated.isEmpty, "rows that came back downloaded their image again")
        XCTAssertEqual(report.downloads.value, trace.events.filter { $0.kind == .imageRequest }.count, "nothing is cached")
    }

    func testEagerPreloadDelaysTheFirstScreenAndHoldsEveryImage() throws {
        let eager = try metrics("images-eager-preload")
        let lazy = try metrics("images-async-reset")
        XCTAssertGreaterThan(ms(eager.firstCompleteScreen), 10_000, "every download comes before the first screen")
        XCTAssertGreaterThan(ms(eager.firstCompleteScreen), 10 * ms(lazy.firstCompleteScreen))
        XCTAssertEqual(eager.downloads.value, 100)
        XCTAssertEqual(eager.peakImageMemory.value, 100 * 300 * 300 * 4, "all 100 decoded images held at once")
        XCTAssertGreaterThan(eager.downloadsNeverShown.value ?? 0, 40, "most of them are never on screen")
    }

    func testMemoizationWithMainAsyncDownloadsEachImageOnceButStillBlocks() throws {
        let report = try metrics("images-memo-main-async")
        let trace = try trace("images-memo-main-async")
        XCTAssertTrue(requestsPerImage(trace).values.allSatisfy { $0 == 1 }, "each image downloaded once")
        XCTAssertGreaterThan(report.cacheHits.value?[.model] ?? 0, 0, "rows coming back use the memoized image")
        XCTAssertGreaterThan(ms(report.mainThreadBlocked), 1_000, "DispatchQueue.main.async still runs the download on the main thread")
        XCTAssertGreaterThan(report.hitches.value ?? 0, 0)
    }

    func testBackgroundDownloadWithoutResetShowsStaleImages() throws {
        let report = try metrics("images-async-no-reset")
        XCTAssertGreaterThan(ms(report.staleTime), 500)
        XCTAssertGreaterThan(report.staleFrames.value ?? 0, 30)
        XCTAssertLessThan(ms(report.mainThreadBlocked), 200, "the download itself is off the main thread")
    }

    func testResetRemovesTheFlashButALateResponseStillEndsWithAWrongImage() throws {
        XCTAssertEqual(ms(try metrics("images-async-reset").staleTime), 0, "the reset removes the flash of the old image")
        let late = try trace("late-response-async-reset")
        var state = ReplayState(header: late.header)
        for event in late.events { try state.apply(event) }
        guard let lastFrame = state.lastFrame else { return XCTFail("no frame") }
        let stale = state.staleCells(in: lastFrame)
        XCTAssertEqual(stale.map(\.image), [.image(2)], "row 2's late image sits in another row's cell at the end")
        XCTAssertGreaterThan(ms(try metrics("late-response-async-reset").staleTime), 1_000)
    }

    func testIdentityCheckPrefetchAndCacheStrategiesNeverShowAStaleImage() throws {
        for name in ["images-task-identity-cancel", "late-response-task-identity-cancel", "images-prefetch-reload",
                     "prefetch-on", "prefetch-off", "images-cache-coalesce", "coalesce-shared-images"] {
            XCTAssertEqual(ms(try metrics(name).staleTime), 0, name)
        }
    }

    func testCoalescingMakesOneDownloadPerURL() throws {
        let report = try metrics("coalesce-shared-images")
        XCTAssertEqual(report.downloads.value, 4, "four URLs, four downloads, however many rows ask")
        XCTAssertGreaterThan(report.coalesced.value ?? 0, 10)
        XCTAssertGreaterThan(report.cacheHits.value?[.memory] ?? 0, 10, "later rows find the image in the NSCache")
    }

    func testPrefetchingShortensTheWaitAndCountsCancelledPrefetches() throws {
        let on = try metrics("prefetch-on")
        let off = try metrics("prefetch-off")
        XCTAssertLessThan(ms(on.imageWaitAverage), ms(off.imageWaitAverage) * 0.8, "visible cells wait less for their image")
        XCTAssertGreaterThan(on.cancelledPrefetches.value ?? 0, 0, "scrolling back cancels rows still loading below")
        XCTAssertEqual(off.cancelledPrefetches.value, 0)
    }

    func testBatchPagingLoadsPagesThroughALoadingCellWithItsOwnIdentifier() throws {
        let trace = try trace("batch-paging")
        let identifiers = Set(trace.events.compactMap { event -> String? in
            if case .initCell(_, let identifier) = event.body { return identifier }
            return nil
        })
        XCTAssertEqual(identifiers, ["CoinCell", "LoadingCell"])
        let counts = trace.events.compactMap { event -> Int? in
            if case .numberOfRows(let rows) = event.body { return rows }
            return nil
        }
        XCTAssertEqual(Array(counts.prefix(3)), [1, 16, 31], "the loading cell alone, then 15 more rows (and the loading cell) per page")
        XCTAssertEqual(try metrics("batch-paging").pageLoads.value, counts.count - 1)
    }

    func testEveryStrategyHasASharedScenarioTrace() throws {
        // Read from the scenarios the traces are recorded from (each trace is, byte for
        // byte, a fresh recording of its scenario: BundledTraceTests).
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: Self.traces.path).filter { $0.hasPrefix("images-") && $0.hasSuffix(".scenario.json") }
        XCTAssertEqual(scenarios.count, 10)
        var scripts: Set<String> = []
        for name in scenarios {
            let scenario = try Recorder.loadScenario(path: Self.traces.appendingPathComponent(name).path)
            scripts.insert(JSONWriter.compact(.list(scenario.script.map { $0.jsonValue() })) + "\(scenario.world.network)")
        }
        XCTAssertEqual(scripts.count, 1, "one shared scroll script and network")
    }
}
