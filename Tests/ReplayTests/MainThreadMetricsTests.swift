import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// Main-thread blocking, hitches, scrolling time and the hitch time ratio; image memory.
@Suite
final class MainThreadMetricsTests {
    /// Scrolling: 100–500 ms (a drag, then deceleration), 700–800 ms (a drag that
    /// stops), and 900 ms to the end at 1100 ms (a drag caught again at 950 ms, never
    /// ended): 700 ms. Hitches: 50 ms at launch and 10 ms at rest, 33.4 + 16.6 + 5 ms
    /// while scrolling.
    func hitchTrace() -> HandTrace {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(0, Ev.hitch(frame: 0, missed: 3, ms: 50), Ev.blocked(60.5))
        trace.at(100, Ev.beginDragging())
        trace.at(200, Ev.blocked(40), Ev.hitch(frame: 12, missed: 2, ms: 33.4))
        trace.at(300, Ev.endDragging(120, willDecelerate: true))
        trace.at(400, Ev.hitch(frame: 24, missed: 1, ms: 16.6))
        trace.at(500, Ev.endDecelerating(300))
        trace.at(600, Ev.hitch(frame: 36, missed: 1, ms: 10))
        trace.at(700, Ev.beginDragging(300))
        trace.at(800, Ev.endDragging(340, willDecelerate: false))
        trace.at(900, Ev.beginDragging(340))
        trace.at(950, Ev.beginDragging(360))
        trace.at(1000, Ev.hitch(frame: 60, missed: 1, ms: 5))
        trace.at(1100, Ev.note())
        return trace
    }

    @Test func testMainThreadBlockedAndHitches() throws {
        let report = try metrics(of: hitchTrace())
        #expect(report.mainThreadBlocked == .value(ms(100.5)))
        #expect(report.hitches == .value(5))
        #expect(report.hitchTime == .value(ms(115)))
    }

    @Test func testScrollingTimeAndHitchTimeRatio() throws {
        let report = try metrics(of: hitchTrace())
        #expect(report.scrollingTime == .value(ms(700)))
        #expect(report.scrollingHitchTime == .value(ms(55)))
        // 55 ms of hitch in 0.7 s of scrolling.
        #expect(report.hitchTimeRatio == .value(78.571))
    }

    @Test func testNoScrollingMeansNoRatio() throws {
        var trace = HandTrace()
        trace.at(0, Ev.hitch(frame: 0, missed: 3, ms: 50))
        let report = try metrics(of: trace)
        #expect(report.hitchTime == .value(ms(50)))
        #expect(report.hitchTimeRatio == .unavailable("the trace has no scrolling (no scrollViewWillBeginDragging)"))

        var recorded = HandTrace(scenario: scenarioJSON())
        recorded.at(0, Ev.hitch(frame: 0, missed: 3, ms: 50))
        #expect((try metrics(of: recorded).hitchTimeRatio) == .unavailable("nothing scrolled, so there is no scrolling time to divide by"))
    }

    @Test func testPeakImageMemory() throws {
        var trace = HandTrace()
        trace.at(0, Ev.imageMemory(1_000))
        trace.at(10, Ev.imageMemory(5_000))
        trace.at(20, Ev.imageMemory(2_000))
        let report = try metrics(of: trace)
        #expect(report.peakImageMemory == .value(5_000))
        #expect(report.mainThreadBlocked == .unavailable("the trace has no main-thread events (mainThreadBlocked, hitch)"))
    }
}
