import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// A hand-written trace with only lifecycle events: the cell counts are measured,
/// everything else is unavailable and says why.
@Suite
final class LifecycleMetricsTests {
    func lifecycleOnly() -> HandTrace {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2) + Ev.show(row: 2, newCell: 3))
        trace.at(100, Ev.reuse(1, from: 0, for: 3))
        trace.at(200, Ev.reuse(2, from: 1, for: 4))
        trace.at(300, Ev.show(row: 5, newCell: 4))
        return trace
    }

    @Test func testCountsCellsReusesAndCellForRowAt() throws {
        let report = try metrics(of: lifecycleOnly())
        #expect(report.cellsCreated == 4)
        #expect(report.reuses == 2)
        #expect(report.cellForRowAtCalls == 6)
        #expect(!report.recorded)
        #expect(report.strategy == nil)
        #expect(report.eventCount == 22)
        #expect(report.duration == ms(300))
    }

    @Test func testEveryOtherMetricIsUnavailableWithItsReason() throws {
        let report = try metrics(of: lifecycleOnly())
        let network = "the trace has no image or network events"
        let frames = "the trace has no frame snapshots"
        let mainThread = "the trace has no main-thread events (mainThreadBlocked, hitch)"
        #expect(report.downloads == .unavailable(network))
        #expect(report.downloadBytes == .unavailable(network))
        #expect(report.pageLoads == .unavailable(network))
        #expect(report.cacheHits.reason == network)
        #expect(report.totalCacheHits == .unavailable(network))
        #expect(report.coalesced == .unavailable(network))
        #expect(report.cancelled == .unavailable(network))
        #expect(report.cancelledPrefetches == .unavailable(network))
        #expect(report.failed == .unavailable(network))
        #expect(report.downloadsNeverShown == .unavailable(network))
        #expect(report.staleTime == .unavailable(frames))
        #expect(report.staleFrames == .unavailable(frames))
        #expect(report.firstCompleteScreen == .unavailable(frames))
        #expect(report.imageWaits == .unavailable(frames))
        #expect(report.imageWaitAverage == .unavailable(frames))
        #expect(report.imageWaitsEndedEarly == .unavailable(frames))
        #expect(report.mainThreadBlocked == .unavailable(mainThread))
        #expect(report.hitches == .unavailable(mainThread))
        #expect(report.hitchTime == .unavailable(mainThread))
        #expect(report.hitchTimeRatio == .unavailable(mainThread))
        #expect(report.scrollingTime == .unavailable("the trace has no scrolling (no scrollViewWillBeginDragging)"))
        #expect(report.peakImageMemory == .unavailable("the trace has no imageMemory events"))

        let entries = report.entries
        #expect(entries.filter { $0.value.value != nil }.map(\.key) == ["cellsCreated", "reuses", "cellForRowAtCalls"])
        for entry in entries where entry.value.value == nil {
            #expect(!(entry.value.reason?.isEmpty ?? true), "\(entry.key) needs a reason")
        }
        #expect(Set(entries.map(\.key)).count == entries.count, "keys are unique")
    }

    @Test func testFramesWithoutImagesMakeImageMetricsUnavailableButStaleTimeZero() throws {
        var trace = lifecycleOnly()
        trace.at(300, Ev.textFrame(18, [(2, 3), (3, 1), (4, 2), (5, 4)]))
        trace.at(400, Ev.note())
        let report = try metrics(of: trace)
        let noImages = "the trace's frame snapshots do not say what the cells' image views show"
        #expect(report.staleTime == .value(.zero))
        #expect(report.staleFrames == .value(0))
        #expect(report.firstCompleteScreen == .value(ms(300)), "text-only frames: the first frame with cells")
        #expect(report.imageWaits == .unavailable(noImages))
        #expect(report.imageWaitTotal == .unavailable(noImages))
        #expect(report.imageWaitsOpenAtEnd == .unavailable(noImages))
        #expect(report.downloadsNeverShown == .unavailable("the trace has no image or network events"))
    }

    /// A recorded trace (its header has the scenario) gets every metric: zero is a real zero.
    @Test func testRecordedTextOnlyTraceComputesEveryMetric() throws {
        var trace = HandTrace(scenario: scenarioJSON())
        trace.at(0, Ev.textFrame(0, []))
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2))
        trace.at(16.667, Ev.textFrame(1, [(0, 1), (1, 2)]))
        trace.at(100, Ev.note())
        let report = try metrics(of: trace)
        #expect(report.recorded)
        #expect(report.strategy == "plain")
        #expect(report.downloads == .value(0))
        #expect(report.downloadBytes == .value(0))
        #expect(report.totalCacheHits == .value(0))
        #expect(report.cacheHits.value?[.urlCacheDisk] == 0)
        #expect(report.downloadsNeverShown == .value(0))
        #expect(report.staleTime == .value(.zero))
        #expect(report.firstCompleteScreen == .value(ms(16.667)), "the first frame with cells, not the empty one")
        #expect(report.imageWaits == .value(0))
        #expect(report.imageWaitTotal == .value(.zero))
        #expect(report.imageWaitsEndedEarly == .value(0))
        #expect(report.imageWaitsOpenAtEnd == .value(0))
        #expect(report.mainThreadBlocked == .value(.zero))
        #expect(report.hitches == .value(0))
        #expect(report.scrollingTime == .value(.zero))
        #expect(report.peakImageMemory == .value(0))
        // No value exists in any trace: nothing to average, no scrolling to divide by.
        #expect(report.imageWaitAverage == .unavailable("no row waited until its image showed, so there is no wait to average"))
        #expect(report.hitchTimeRatio == .unavailable("nothing scrolled, so there is no scrolling time to divide by"))
        #expect(report.entries.filter { $0.value.value == nil }.map(\.key) == ["imageWaitAverageMs", "hitchTimeRatio"])
    }
}
