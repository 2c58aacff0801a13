import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// The metrics fold goes through `ReplayState.apply`, so it refuses exactly the
/// traces the validator refuses, with the same error.
@Suite
final class InvalidTraceTests {
    func assertSameErrorAsValidator(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        var validatorError: ReuseLabError?
        do { _ = try TraceValidator.validate(bytes: bytes, file: "bad.trace.json") } catch { validatorError = error }
        var metricsError: ReuseLabError?
        do { _ = try TraceMetrics.measure(bytes: bytes, file: "bad.trace.json") } catch { metricsError = error }
        #expect(validatorError != nil, "the validator must refuse this trace", sourceLocation: sourceLocation)
        #expect(metricsError == validatorError, sourceLocation: sourceLocation)
    }

    @Test func testLifecycleViolation() {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(10, Ev.prepareForReuse(1, previousRow: 0))
        assertSameErrorAsValidator(trace.bytes)
    }

    @Test func testRequestViolations() {
        var unknown = HandTrace()
        unknown.at(0, Ev.response(1, bytes: 10))
        assertSameErrorAsValidator(unknown.bytes)

        var twice = HandTrace()
        twice.at(0, Ev.imageRequest(1, row: 0, image: 0), Ev.started(1), Ev.response(1, bytes: 10), Ev.cancelled(1))
        assertSameErrorAsValidator(twice.bytes)
    }

    @Test func testFrameThatContradictsTheImageView() {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(0, Ev.frame(0, [(0, 1, .image(0))]))
        assertSameErrorAsValidator(trace.bytes)
    }

    @Test func testStructuralErrors() {
        assertSameErrorAsValidator(Array("{\"format\":\"reuselab-trace\",\"version\":1,\"title\":\"x\",\"profile\":\"modern\",\"events\":[{\"seq\":1,\"t\":0,\"kind\":\"note\",\"text\":\"\"}]}".utf8))
        assertSameErrorAsValidator(Array("{\"format\":\"reuselab-trace\",\"version\":2}".utf8))
        assertSameErrorAsValidator(Array("{\"format\":\"reuselab-trace\", ".utf8))
        assertSameErrorAsValidator([])
    }

    @Test func testApplyThrowsTheViolationAndCountsNothing() throws {
        var metrics = TraceMetrics(header: TraceHeader(title: "t", profile: .modern))
        try metrics.apply(TraceEvent(seq: 0, time: .zero, body: .initCell(cell: 1, identifier: "Cell")))
        #expect(throws: (any Error).self) { try metrics.apply(TraceEvent(seq: 1, time: .zero, body: .initCell(cell: 1, identifier: "Cell"))) }
        #expect(metrics.report.cellsCreated == 1)
        #expect(metrics.state.eventCount == 1)
    }
}
