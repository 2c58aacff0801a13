import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// Stale images: how long a visible cell showed another row's image.
@Suite
final class StaleMetricsTests {
    /// Rows 0 and 1 show their images; cell 1 is reused for row 2 without a reset and
    /// shows image 0 from 100 ms (frames at 100 and 150) until 200 ms; cell 2 is reused
    /// for row 3 at 250 ms still holding image 1, stale until the last event at 280 ms.
    func staleTrace(scenario: String? = nil) -> HandTrace {
        var trace = HandTrace(scenario: scenario)
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2))
        trace.at(0, Ev.imageSet(1, .image(0)), Ev.imageSet(2, .image(1)))
        trace.at(0, Ev.frame(0, [(0, 1, .image(0)), (1, 2, .image(1))]))
        trace.at(100, Ev.reuse(1, from: 0, for: 2))
        trace.at(100, Ev.frame(6, [(1, 2, .image(1)), (2, 1, .image(0))]))
        trace.at(150, Ev.frame(9, [(1, 2, .image(1)), (2, 1, .image(0))]))
        trace.at(200, Ev.imageSet(1, .image(2)))
        trace.at(200, Ev.frame(12, [(1, 2, .image(1)), (2, 1, .image(2))]))
        trace.at(250, Ev.reuse(2, from: 1, for: 3))
        trace.at(250, Ev.frame(15, [(2, 1, .image(2)), (3, 2, .image(1))]))
        trace.at(280, Ev.note())
        return trace
    }

    @Test func testStaleTimeRunsFromEachStaleFrameToTheNextFrameOrTheEnd() throws {
        let report = try metrics(of: staleTrace())
        #expect(report.staleTime == .value(ms(130)))
        // 130 ms at 60 fps is 7.8 frames of 16.667 ms.
        #expect(report.staleFrames == .value(8))
    }

    @Test func testStaleFramesUseTheScenarioFrameRate() throws {
        let report = try metrics(of: staleTrace(scenario: scenarioJSON(fps: 120)))
        #expect(report.staleTime == .value(ms(130)))
        // 130 ms at 120 fps is 15.6 frames of 8.333 ms.
        #expect(report.staleFrames == .value(16))
    }

    @Test func testPlaceholderAndNothingAreNotStale() throws {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2))
        trace.at(0, Ev.imageSet(1, .placeholder))
        trace.at(0, Ev.frame(0, [(0, 1, .placeholder), (1, 2, .nothing)]))
        trace.at(500, Ev.note())
        let report = try metrics(of: trace)
        #expect(report.staleTime == .value(.zero))
        #expect(report.staleFrames == .value(0))
    }

    /// With shared images (row r shows image r mod 2), row 2 showing image 0 is its own image.
    @Test func testSharedImagesAreNotStale() throws {
        var trace = HandTrace(scenario: scenarioJSON(extra: #","images":{"distinct":2}"#))
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2))
        trace.at(0, Ev.imageSet(1, .image(0)), Ev.imageSet(2, .image(1)))
        trace.at(0, Ev.frame(0, [(0, 1, .image(0)), (1, 2, .image(1))]))
        trace.at(100, Ev.reuse(1, from: 0, for: 2))
        trace.at(100, Ev.frame(6, [(1, 2, .image(1)), (2, 1, .image(0))]))
        trace.at(200, Ev.note())
        let report = try metrics(of: trace)
        #expect(report.staleTime == .value(.zero))
        #expect(report.firstCompleteScreen == .value(.zero))
    }
}
