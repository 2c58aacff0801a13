import XCTest
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// A hand-written trace with only lifecycle events: the cell counts are measured,
/// everything else is unavailable and says why.
final class LifecycleMetricsTests: XCTestCase {
    func lifecycleOnly() -> HandTrace {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2) + Ev.show(row: 2, newCell: 3))
        trace.at(100, Ev.reuse(1, from: 0, for: 3))
        trace.at(200, Ev.reuse(2, from: 1, for: 4))
        trace.at(300, Ev.show(row: 5, newCell: 4))
        return trace
    }

    func testCountsCellsReusesAndCellForRowAt() throws {
        let report = try metrics(of: lifecycleOnly())
        XCTAssertEqual(report.cellsCreated, 4)
        XCTAssertEqual(report.reuses, 2)
        XCTAssertEqual(report.cellForRowAtCalls, 6)
        XCTAssertFalse(report.recorded)
        XCTAssertNil(report.strategy)
        XCTAssertEqual(report.eventCount, 22)
        XCTAssertEqual(report.duration, ms(300))
    }

    func testEveryOtherMetricIsUnavailableWithItsReason() throws {
        let report = try metrics(of: lifecycleOnly())
        let network = "the trace has no image or network events"
        let frames = "the trace has no frame snapshots"
        let mainThread = "the trace has no main-thread events (mainThreadBlocked, hitch)"
        XCTAssertEqual(report.downloads, .unavailable(network))
        XCTAssertEqual(report.downloadBytes, .unavailable(network))
        XCTAssertEqual(report.pageLoads, .unavailable(network))
        XCTAssertEqual(report.cacheHits.reason, network)
        XCTAssertEqual(report.totalCacheHits, .unavailable(network))
        XCTAssertEqual(report.coalesced, .unavailable(network))
        XCTAssertEqual(report.cancelled, .unavailable(network))
        XCTAssertEqual(report.cancelledPrefetches, .unavailable(network))
        XCTAssertEqual(report.failed, .unavailable(network))
        XCTAssertEqual(report.downloadsNeverShown, .unavailable(network))
        XCTAssertEqual(report.staleTime, .unavailable(frames))
        XCTAssertEqual(report.staleFrames, .unavailable(frames))
        XCTAssertEqual(report.firstCompleteScreen, .unavailable(frames))
        XCTAssertEqual(report.imageWaits, .unavailable(frames))
        XCTAssertEqual(report.imageWaitAverage, .unavailable(frames))
        XCTAssertEqual(report.imageWaitsEndedEarly, .unavailable(frames))
        XCTAssertEqual(report.mainThreadBlocked, .unavailable(mainThread))
        XCTAssertEqual(report.hitches, .unavailable(mainThread))
        XCTAssertEqual(report.hitchTime, .unavailable(mainThread))
        XCTAssertEqual(report.hitchTimeRatio, .unavailable(mainThread))
        XCTAssertEqual(report.scrollingTime, .unavailable("the trace has no scrolling (no scrollViewWillBeginDragging)"))
        XCTAssertEqual(report.peakImageMemory, .unavailable("the trace has no imageMemory events"))

        let entries = report.entries
        XCTAssertEqual(entries.filter { $0.value.value != nil }.map(\.key), ["cellsCreated", "reuses", "cellForRowAtCalls"])
        for entry in entries where entry.value.value == nil {
            XCTAssertFalse(entry.value.reason?.isEmpty ?? true, "\(entry.key) needs a reason")
        }
        XCTAssertEqual(Set(entries.map(\.key)).count, entries.count, "keys are unique")
    }

    func testFramesWithoutImagesMakeImageMetricsUnavailableButStaleTimeZero() throws {
        var trace = lifecycleOnly()
        trace.at(300, Ev.textFrame(18, [(2, 3), (3, 1), (4, 2), (5, 4)]))
        trace.at(400, Ev.note())
        let report = try metrics(of: trace)
        let noImages = "the trace's frame snapshots do not say what the cells' image views show"
        XCTAssertEqual(report.staleTime, .value(.zero))
        XCTAssertEqual(report.staleFrames, .value(0))
        XCTAssertEqual(report.firstCompleteScreen, .value(ms(300)), "text-only frames: the first frame with cells")
        XCTAssertEqual(report.imageWaits, .unavailable(noImages))
        XCTAssertEqual(report.imageWaitTotal, .unavailable(noImages))
        XCTAssertEqual(report.imageWaitsOpenAtEnd, .unavailable(noImages))
        XCTAssertEqual(report.downloadsNeverShown, .unavailable("the trace has no image or network events"))
    }

    /// A recorded trace (its header has the scenario) gets every metric: zero is a real zero.
    func testRecordedTextOnlyTraceComputesEveryMetric() throws {
        var trace = HandTrace(scenario: scenarioJSON())
        trace.at(0, Ev.textFrame(0, []))
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2))
        trace.at(16.667, Ev.textFrame(1, [(0, 1), (1, 2)]))
        trace.at(100, Ev.note())
        let report = try metrics(of: trace)
        XCTAssertTrue(report.recorded)
        XCTAssertEqual(report.strategy, "plain")
        XCTAssertEqual(report.downloads, .value(0))
        XCTAssertEqual(report.downloadBytes, .value(0))
        XCTAssertEqual(report.totalCacheHits, .value(0))
        XCTAssertEqual(report.cacheHits.value?[.urlCacheDisk], 0)
        XCTAssertEqual(report.downloadsNeverShown, .value(0))
        XCTAssertEqual(report.staleTime, .value(.zero))
        XCTAssertEqual(report.firstCompleteScreen, .value(ms(16.667)), "the first frame with cells, not the empty one")
        XCTAssertEqual(report.imageWaits, .value(0))
        XCTAssertEqual(report.imageWaitTotal, .value(.zero))
        XCTAssertEqual(report.imageWaitsEndedEarly, .value(0))
        XCTAssertEqual(report.imageWaitsOpenAtEnd, .value(0))
        XCTAssertEqual(report.mainThreadBlocked, .value(.zero))
        XCTAssertEqual(report.hitches, .value(0))
        XCTAssertEqual(report.scrollingTime, .value(.zero))
        XCTAssertEqual(report.peakImageMemory, .value(0))
        // No value exists in any trace: nothing to average, no scrolling to divide by.
        XCTAssertEqual(report.imageWaitAverage, .unavailable("no row waited until its image showed, so there is no wait to average"))
        XCTAssertEqual(report.hitchTimeRatio, .unavailable("nothing scrolled, so there is no scrolling time to divide by"))
        XCTAssertEqual(report.entries.filter { $0.value.value == nil }.map(\.key), ["imageWaitAverageMs", "hitchTimeRatio"])
    }
}
