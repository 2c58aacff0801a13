import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// Requests, responses, cancellations, coalescing and cache hits.
@Suite
final class NetworkMetricsTests {
    func networkTrace() -> HandTrace {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2) + Ev.show(row: 2, newCell: 3))
        // Row 1's image came from the model; the screen shows it before any download of it.
        trace.at(0, Ev.cacheHit(row: 1, image: 1, layer: "model"), Ev.imageSet(2, .image(1)))
        trace.at(0, Ev.frame(0, [(0, 1, .nothing), (1, 2, .image(1)), (2, 3, .nothing)]))
        trace.at(0, Ev.imageRequest(1, row: 0, image: 0), Ev.imageRequest(2, row: 1, image: 1), Ev.imageRequest(3, row: 2, image: 2),
                 Ev.pageRequest(4, firstRow: 10, count: 10))
        trace.at(0, Ev.started(1), Ev.started(2), Ev.started(3), Ev.started(4))
        trace.at(10, Ev.coalesced(1, row: 5))
        trace.at(10, Ev.prefetch([3, 4]), Ev.imageRequest(5, row: 3, image: 3, cause: "prefetch"), Ev.imageRequest(6, row: 4, image: 4, cause: "prefetch"))
        trace.at(10, Ev.cacheHit(row: 2, image: 2, layer: "urlCache.disk"), Ev.cacheHit(row: 2, image: 2, layer: "urlCache.memory"),
                 Ev.cacheHit(row: 0, image: 0, layer: "memory"), Ev.cacheHit(row: 0, image: 0, layer: "memory"))
        // Request 1 downloads 30000 bytes; request 2 is answered by URLCache (not a
        // download); request 4 loads a page; 3 fails; 5 and 6 (prefetches) and 7 are cancelled.
        trace.at(50, Ev.response(1, bytes: 30_000), Ev.response(2, bytes: 20_000, fromCache: true), Ev.response(4, bytes: 5_000),
                 Ev.failed(3), Ev.cancelled(5), Ev.cancelled(6))
        trace.at(50, Ev.imageRequest(7, row: 0, image: 0), Ev.started(7), Ev.cancelled(7))
        // Request 8 downloads image 4, which no frame ever shows.
        trace.at(60, Ev.imageRequest(8, row: 4, image: 4), Ev.started(8), Ev.response(8, bytes: 12_000))
        trace.at(60, Ev.imageSet(1, .image(0)), Ev.imageSet(3, .placeholder))
        trace.at(60, Ev.frame(3, [(0, 1, .image(0)), (1, 2, .image(1)), (2, 3, .placeholder)]))
        // Request 9 downloads image 1 again; it was shown before, but never after.
        trace.at(70, Ev.imageRequest(9, row: 1, image: 1), Ev.started(9), Ev.response(9, bytes: 1_000))
        trace.at(80, Ev.imageSet(2, .nothing))
        trace.at(80, Ev.frame(4, [(0, 1, .image(0)), (1, 2, .nothing), (2, 3, .placeholder)]))
        return trace
    }

    @Test func testDownloadsAreNetworkResponsesToImageRequests() throws {
        let report = try metrics(of: networkTrace())
        #expect(report.downloads == .value(3))
        #expect(report.downloadBytes == .value(43_000))
        #expect(report.pageLoads == .value(1))
    }

    @Test func testCacheHitsByLayer() throws {
        let report = try metrics(of: networkTrace())
        #expect(report.cacheHits == .value([.model: 1, .memory: 2, .urlCacheMemory: 1, .urlCacheDisk: 1]))
        #expect(report.totalCacheHits == .value(5))
    }

    @Test func testCoalescedCancelledAndFailedRequests() throws {
        let report = try metrics(of: networkTrace())
        #expect(report.coalesced == .value(1))
        #expect(report.cancelled == .value(3))
        #expect(report.cancelledPrefetches == .value(2))
        #expect(report.failed == .value(1))
    }

    @Test func testDownloadsNeverShownCountsImagesNoLaterFrameShows() throws {
        let report = try metrics(of: networkTrace())
        // Image 0 is shown after its download; image 4 never; image 1 only before its second download.
        #expect(report.downloadsNeverShown == .value(2))
    }

    @Test func testDownloadsNeverShownNeedsFramesThatShowImages() throws {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(0, Ev.imageRequest(1, row: 0, image: 0), Ev.started(1))
        trace.at(10, Ev.response(1, bytes: 100))
        let withoutFrames = try metrics(of: trace)
        #expect(withoutFrames.downloads == .value(1))
        #expect(withoutFrames.downloadsNeverShown == .unavailable("the trace has no frame snapshots"))

        trace.at(20, Ev.textFrame(1, [(0, 1)]))
        let textFrames = try metrics(of: trace)
        #expect(textFrames.downloadsNeverShown == .unavailable("the trace's frame snapshots do not say what the cells' image views show"))
    }

    @Test func testImageEventsWithoutRequestsSayNoNetworkEvents() throws {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(0, Ev.imageSet(1, .image(0)))
        trace.at(0, Ev.frame(0, [(0, 1, .image(0))]))
        let report = try metrics(of: trace)
        #expect(report.downloads == .unavailable("the trace has no network events (requests, responses or cache hits)"))
    }
}
