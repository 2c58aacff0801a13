import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// How `replay` words a self-sizing table's steps, on the bundled
/// `self-sizing-text` trace: a row measured, a cell configured only to be
/// measured, and the scroll jumping when real heights replace estimates.
@Suite
final class SelfSizingAnnotationTests {
    let steps: [Annotation]

    init() throws {
        let path = AnnotationWordingTests.traces.appendingPathComponent("self-sizing-text.trace.json").path
        steps = try Annotator.annotate(try TraceReader.read(path: path), file: path)
    }

    func first(_ kind: EventKind, where test: (String) -> Bool = { _ in true }) -> Annotation? {
        steps.first { $0.kind == kind && test($0.text) }
    }

    @Test func testAMeasurementSaysTheRealHeightAndTheEstimate() throws {
        let text = try #require(first(.rowHeightMeasured)).text
        #expect(text.hasPrefix("The table view measures cell #1, which cellForRowAt just configured for row 0: the row is 200 pt tall, taller than the 44 pt estimate it was laid out at."), Comment(rawValue: text))
        #expect(text.contains(InferredRule.selfSizingPass.note))
    }

    @Test func testACellOfARowThatTurnedOutOffScreenWasConfiguredOnlyToBeMeasured() throws {
        let text = try #require(first(.enqueue)).text
        #expect(text.contains("was configured for row 5 only to be measured"), Comment(rawValue: text))
        #expect(text.contains("turned out off screen"), Comment(rawValue: text))
    }

    @Test func testTheScrollJumpIsSaidWithItsSize() throws {
        let text = try #require(first(.estimatesCorrected) { $0.contains("jumped") }).text
        #expect(text.contains("The scroll jumped by 110 pt (contentOffset moved down) because real heights replaced estimates"), Comment(rawValue: text))
        let still = try #require(first(.estimatesCorrected)).text
        #expect(still.contains("Real heights replace estimates for 19 rows just measured: the content is now 5178 pt tall."), Comment(rawValue: still))
        #expect(still.contains("the scroll position stays"), Comment(rawValue: still))
    }
}
