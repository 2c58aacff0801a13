import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// Time to the first complete screen, and how long rows waited for their images.
@Suite
final class ScreenMetricsTests {
    @Test func testFirstCompleteScreenIsTheFirstFrameWithEveryImage() throws {
        var trace = HandTrace()
        trace.at(0, Ev.frame(0, []))
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2))
        trace.at(0, Ev.frame(1, [(0, 1, .nothing), (1, 2, .nothing)]))
        trace.at(16, Ev.imageSet(1, .placeholder))
        trace.at(16, Ev.frame(2, [(0, 1, .placeholder), (1, 2, .nothing)]))
        trace.at(50, Ev.imageSet(1, .image(0)))
        trace.at(50, Ev.frame(3, [(0, 1, .image(0)), (1, 2, .nothing)]))
        trace.at(80, Ev.imageSet(2, .image(1)))
        trace.at(80, Ev.frame(4, [(0, 1, .image(0)), (1, 2, .image(1))]))
        trace.at(100, Ev.frame(5, [(0, 1, .image(0)), (1, 2, .image(1))]))
        #expect((try metrics(of: trace).firstCompleteScreen) == .value(ms(80)))
    }

    @Test func testAStaleImageIsNotComplete() throws {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(0, Ev.imageSet(1, .image(3)))
        trace.at(0, Ev.frame(0, [(0, 1, .image(3))]))
        #expect((try metrics(of: trace).firstCompleteScreen) == .unavailable("no frame snapshot shows every visible cell with its own row's image"))
    }

    @Test func testTextOnlyFramesUseTheFirstFrameWithCells() throws {
        var trace = HandTrace()
        trace.at(0, Ev.textFrame(0, []))
        trace.at(5, Ev.show(row: 0, newCell: 1))
        trace.at(5, Ev.textFrame(1, [(0, 1)]))
        #expect((try metrics(of: trace).firstCompleteScreen) == .value(ms(5)))
    }

    /// Row 0 waits 40 ms; row 1 leaves before its image; row 3 (a reused cell with a
    /// placeholder) waits 90 ms; row 4 is still waiting at the end.
    @Test func testImageWait() throws {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2))
        trace.at(0, Ev.frame(0, [(0, 1, .nothing), (1, 2, .nothing)]))
        trace.at(40, Ev.imageSet(1, .image(0)))
        trace.at(40, Ev.frame(2, [(0, 1, .image(0)), (1, 2, .nothing)]))
        trace.at(60, Ev.didEndDisplaying(1, 2))
        trace.at(60, Ev.frame(3, [(0, 1, .image(0))]))
        trace.at(100, Ev.enqueue(2), Ev.prepareForReuse(2, previousRow: 1), Ev.cellForRowAt(3, 2), Ev.imageSet(2, .placeholder), Ev.willDisplay(3, 2))
        trace.at(100, Ev.frame(6, [(0, 1, .image(0)), (3, 2, .placeholder)]))
        trace.at(190, Ev.imageSet(2, .image(3)))
        trace.at(190, Ev.frame(11, [(0, 1, .image(0)), (3, 2, .image(3))]))
        trace.at(200, Ev.show(row: 4, newCell: 3))
        trace.at(200, Ev.frame(12, [(0, 1, .image(0)), (3, 2, .image(3)), (4, 3, .nothing)]))
        trace.at(250, Ev.note())
        let report = try metrics(of: trace)
        #expect(report.imageWaits == .value(2))
        #expect(report.imageWaitTotal == .value(ms(130)))
        #expect(report.imageWaitAverage == .value(ms(65)))
        #expect(report.imageWaitsEndedEarly == .value(1))
        #expect(report.imageWaitsOpenAtEnd == .value(1))
        // At 40 ms row 1 still shows nothing; at 60 ms only row 0 is left, with its image.
        #expect(report.firstCompleteScreen == .value(ms(60)))
    }

    /// Teardown sends no didEndDisplaying: a row still waiting for its image when the
    /// screen goes away (its cell deallocated with the table view) is still waiting
    /// at the end, not gone before its image.
    @Test func testARowWaitingWhenTheScreenGoesAwayIsStillWaitingAtTheEnd() throws {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1) + Ev.show(row: 1, newCell: 2))
        trace.at(0, Ev.frame(0, [(0, 1, .nothing), (1, 2, .nothing)]))
        trace.at(40, Ev.imageSet(1, .image(0)))
        trace.at(40, Ev.frame(2, [(0, 1, .image(0)), (1, 2, .nothing)]))
        trace.at(100, #""kind":"viewDidDisappear""#, #""kind":"deinit","cell":1"#, #""kind":"deinit","cell":2"#)
        let report = try metrics(of: trace)
        #expect(report.imageWaits == .value(1))
        #expect(report.imageWaitsEndedEarly == .value(0))
        #expect(report.imageWaitsOpenAtEnd == .value(1))
    }
}
