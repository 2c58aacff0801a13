import XCTest
import TraceModel
import TraceCoding
import Replay

/// Where a request's answer lands, read ahead from the trace: the cell its
/// handler writes into (a late one when that cell has moved on), or a reload.
final class RequestLandingsTests: XCTestCase {
    func testALateAnswerLandsInTheCellTheHandlerCaptured() throws {
        let trace = try TraceReader.read(path: bundledTrace("late-response-async-reset"))
        let landings = RequestLandings(trace.events)
        // Row 2's image is written into cell #3 after cell #3 was reused for row 26.
        let rowTwo = try XCTUnwrap(trace.events.lazy.compactMap { event -> Int? in
            if case .imageRequest(let request, 2, _, _, _) = event.body { return request }
            return nil
        }.first)
        XCTAssertEqual(landings[rowTwo], .cell(3))
        // While it is in flight, the scene says so: cell #3 shows row 26 by then.
        var annotator = Annotator(trace: trace)
        var sawLate = false
        while let annotation = try annotator.step(file: "late"), !sawLate {
            let scene = TableScene(annotator.state, landings: landings)
            if annotation.seq == 400 {
                let request = try XCTUnwrap(scene.requests.first { $0.row == 2 })
                XCTAssertEqual(request.lands, .cell(3))
                XCTAssertEqual(request.landingCellRow, 26)
                sawLate = true
            }
        }
        XCTAssertTrue(sawLate)
    }

    func testAnAnswerThatReloadsGoesThroughTheDataSource() throws {
        let trace = try TraceReader.read(path: bundledTrace("images-prefetch-reload"))
        let landings = RequestLandings(trace.events)
        let requests = trace.events.compactMap { event -> Int? in
            if case .imageRequest(let request, _, _, _, _) = event.body { return request }
            return nil
        }
        XCTAssertFalse(requests.isEmpty)
        XCTAssertTrue(requests.contains { landings[$0] == .reload }, "prefetch-reload reloads rows when answers come")
    }

    func testWithoutLandingsRequestsSayNothingOfThem() throws {
        let trace = try TraceReader.read(path: bundledTrace("late-response-async-reset"))
        var annotator = Annotator(trace: trace)
        while let _ = try annotator.step(file: "late") {
            XCTAssertTrue(TableScene(annotator.state).requests.allSatisfy { $0.lands == nil })
        }
    }
}
