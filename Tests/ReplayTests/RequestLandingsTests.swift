import Foundation
import Testing
import TraceModel
import TraceCoding
import Replay

/// Where a request's answer lands, read ahead from the trace: the cell its
/// handler writes into (a late one when that cell has moved on), or a reload.
@Suite
final class RequestLandingsTests {
    @Test func testALateAnswerLandsInTheCellTheHandlerCaptured() throws {
        let trace = try TraceReader.read(path: bundledTrace("late-response-async-reset"))
        let landings = RequestLandings(trace.events)
        // Row 2's image is written into cell #3 after cell #3 was reused for row 26.
        let rowTwo = try #require(trace.events.lazy.compactMap { event -> Int? in
            if case .imageRequest(let request, 2, _, _, _) = event.body { return request }
            return nil
        }.first)
        #expect(landings[rowTwo] == .cell(3))
        // While it is in flight, the scene says so: cell #3 shows row 26 by then.
        var annotator = Annotator(trace: trace)
        var sawLate = false
        while let annotation = try annotator.step(file: "late"), !sawLate {
            let scene = TableScene(annotator.state, landings: landings)
            if annotation.seq == 400 {
                let request = try #require(scene.requests.first { $0.row == 2 })
                #expect(request.lands == .cell(3))
                #expect(request.landingCellRow == 26)
                sawLate = true
            }
        }
        #expect(sawLate)
    }

    @Test func testAnAnswerThatReloadsGoesThroughTheDataSource() throws {
        let trace = try TraceReader.read(path: bundledTrace("images-prefetch-reload"))
        let landings = RequestLandings(trace.events)
        let requests = trace.events.compactMap { event -> Int? in
            if case .imageRequest(let request, _, _, _, _) = event.body { return request }
            return nil
        }
        #expect(!requests.isEmpty)
        #expect(requests.contains { landings[$0] == .reload }, "prefetch-reload reloads rows when answers come")
    }

    @Test func testWithoutLandingsRequestsSayNothingOfThem() throws {
        let trace = try TraceReader.read(path: bundledTrace("late-response-async-reset"))
        var annotator = Annotator(trace: trace)
        while let _ = try annotator.step(file: "late") {
            #expect(TableScene(annotator.state).requests.allSatisfy { $0.lands == nil })
        }
    }
}
