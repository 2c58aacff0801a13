import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// The lifecycle rules for requests, image views and what frames say they show.
@Suite
final class LoadingValidationTests {
    static func request(_ id: Int, row: Int, image: Int? = nil) -> String {
        "\"kind\":\"imageRequest\",\"request\":\(id),\"row\":\(row),\"image\":\(image ?? row),\"cause\":\"cellForRowAt\",\"sync\":false"
    }
    static func response(_ id: Int) -> String { "\"kind\":\"response\",\"request\":\(id),\"bytes\":100,\"fromCache\":false" }
    static func cancel(_ id: Int) -> String { "\"kind\":\"requestCancelled\",\"request\":\(id)" }
    static func imageSet(_ cell: Int, _ image: String) -> String { "\"kind\":\"imageSet\",\"cell\":\(cell),\"image\":\(image)" }

    func expectViolation(_ bodies: [String], event: Int, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = validationError(TraceText(numbered: bodies))
        #expect(error?.location.eventIndex == event, Comment(rawValue: error?.description ?? "accepted"), sourceLocation: sourceLocation)
        #expect(error?.message.contains(expected) == true, Comment(rawValue: error?.description ?? "accepted"), sourceLocation: sourceLocation)
    }

    @Test func testAWellFormedLoadIsAccepted() {
        let bodies = Ev.show(row: 0, cell: 1) + [Self.request(1, row: 0), "\"kind\":\"requestStarted\",\"request\":1", Self.response(1),
                                                Self.imageSet(1, "0"), "\"kind\":\"frame\",\"frame\":1,\"offset\":0,\"cells\":[{\"row\":0,\"cell\":1,\"image\":0}]"]
        #expect(throws: Never.self) { try TraceValidator.validate(bytes: TraceText(numbered: bodies).bytes, file: "hand.trace.json") }
    }

    @Test func testRequestsCountFromOne() {
        expectViolation([Self.request(2, row: 0)], event: 0, "the next request must be number 1")
    }

    @Test func testAResponseNeedsARunningRequest() {
        expectViolation([Self.response(1)], event: 0, "request 1, which was never made")
        expectViolation([Self.request(1, row: 0), Self.response(1), Self.response(1)], event: 2, "a request answers once")
        expectViolation([Self.request(1, row: 0), Self.response(1), Self.cancel(1)], event: 2, "but it is already answered")
    }

    @Test func testOnlyARunningDownloadCanBeJoined() {
        expectViolation([Self.request(1, row: 0), Self.cancel(1), "\"kind\":\"requestCoalesced\",\"request\":1,\"row\":4"], event: 2,
                        "only a running download can be joined")
    }

    @Test func testAFrameMustShowWhatTheImageViewHolds() {
        let bodies = Ev.show(row: 0, cell: 1) + [Self.imageSet(1, "\"placeholder\""),
                                                "\"kind\":\"frame\",\"frame\":1,\"offset\":0,\"cells\":[{\"row\":0,\"cell\":1,\"image\":7}]"]
        expectViolation(bodies, event: bodies.count - 1, "shows image 7 in cell #1, but its image view was last set to the placeholder")
    }

    @Test func testNothingCanBeSetOnADeallocatedCell() {
        let bodies = [Ev.initCell(1), Ev.deinitCell(1), Self.imageSet(1, "3")]
        expectViolation(bodies, event: 2, "already deallocated")
    }

    @Test func testStaleCellsAreThoseShowingAnotherRowsImage() {
        var state = ReplayState(header: TraceHeader(title: "t", profile: .modern))
        let frame = FrameSnapshot(frame: 0, offset: 0, cells: [VisibleCell(row: 0, cell: 1, image: .image(0)),
                                                              VisibleCell(row: 1, cell: 2, image: .image(5)),
                                                              VisibleCell(row: 2, cell: 3, image: .placeholder)])
        #expect(state.staleCells(in: frame).map(\.row) == [1])
        _ = try? state.apply(TraceEvent(seq: 0, time: .zero, body: .note(text: "x")))
    }
}
