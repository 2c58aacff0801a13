import XCTest
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// The metrics fold goes through `ReplayState.apply`, so it refuses exactly the
/// traces the validator refuses, with the same error.
final class InvalidTraceTests: XCTestCase {
    func assertSameErrorAsValidator(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        var validatorError: ReuseLabError?
        do { _ = try TraceValidator.validate(bytes: bytes, file: "bad.trace.json") } catch { validatorError = error }
        var metricsError: ReuseLabError?
        do { _ = try TraceMetrics.measure(bytes: bytes, file: "bad.trace.json") } catch { metricsError = error }
        XCTAssertNotNil(validatorError, "the validator must refuse this trace", file: file, line: line)
        XCTAssertEqual(metricsError, validatorError, file: file, line: line)
    }

    func testLifecycleViolation() {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(10, Ev.prepareForReuse(1, previousRow: 0))
        assertSameErrorAsValidator(trace.bytes)
    }

    func testRequestViolations() {
        var unknown = HandTrace()
        unknown.at(0, Ev.response(1, bytes: 10))
        assertSameErrorAsValidator(unknown.bytes)

        var twice = HandTrace()
        twice.at(0, Ev.imageRequest(1, row: 0, image: 0), Ev.started(1), Ev.response(1, bytes: 10), Ev.cancelled(1))
        assertSameErrorAsValidator(twice.bytes)
    }

    func testFrameThatContradictsTheImageView() {
        var trace = HandTrace()
        trace.at(0, Ev.show(row: 0, newCell: 1))
        trace.at(0, Ev.frame(0, [(0, 1, .image(0))]))
        assertSameErrorAsValidator(trace.bytes)
    }

    func testStructuralErrors() {
        assertSameErrorAsValidator(Array("{\"format\":\"reuselab-trace\",\"version\":1,\"title\":\"x\",\"profile\":\"modern\",\"events\":[{\"seq\":1,\"t\":0,\"kind\":\"note\",\"text\":\"\"}]}".utf8))
        assertSameErrorAsValidator(Array("{\"format\":\"reuselab-trace\",\"version\":2}".utf8))
        assertSameErrorAsValidator(Array("{\"format\":\"reuselab-trace\", ".utf8))
        assertSameErrorAsValidator([])
    }

    func testApplyThrowsTheViolationAndCountsNothing() throws {
        var metrics = TraceMetrics(header: TraceHeader(title: "t", profile: .modern))
        try metrics.apply(TraceEvent(seq: 0, time: .zero, body: .initCell(cell: 1, identifier: "Cell")))
        XCTAssertThrowsError(try metrics.apply(TraceEvent(seq: 1, time: .zero, body: .initCell(cell: 1, identifier: "Cell"))))
        XCTAssertEqual(metrics.report.cellsCreated, 1)
        XCTAssertEqual(metrics.state.eventCount, 1)
    }
}
