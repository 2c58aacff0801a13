import ReuseLabTestSupport
import XCTest
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// Annotations that rest on a rule Apple does not document say so, and no
/// annotation teaches a cancel on a mere change of direction.
final class InferredRuleMarkTests: XCTestCase {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("traces")

    static func annotations(_ name: String) throws -> [Annotation] {
        let path = Self.traces.appendingPathComponent(name + ".trace.json").path
        return try Annotator.annotate(try TraceReader.read(path: path), file: path)
    }

    func testCancellationsAndTheRangeRuleCarryTheirNote() throws {
        let prefetch = try Self.annotations("prefetch-on")
        let cancels = prefetch.filter { $0.kind == .cancelPrefetchingForRowsAt }
        XCTAssertFalse(cancels.isEmpty)
        for cancel in cancels {
            XCTAssertEqual(cancel.inferred, .prefetchCancellation)
            XCTAssertTrue(cancel.text.contains("more than 15 rows from the screen"), cancel.text)
            XCTAssertTrue(cancel.text.hasSuffix(InferredRule.prefetchCancellation.note), cancel.text)
        }
        let modern = try Self.annotations("down-then-up")
        let kept = modern.filter { $0.kind == .keepAside }
        XCTAssertFalse(kept.isEmpty)
        XCTAssertTrue(kept.allSatisfy { $0.inferred == .preparedCellRange })
        // A documented step carries no note.
        let reuse = try XCTUnwrap(modern.first { $0.kind == .willDisplay })
        XCTAssertNil(reuse.inferred)
        XCTAssertFalse(reuse.text.contains("modelled from"))
    }

    /// The sample traces; every bundled trace in `InferredRuleMarkSecondTierTests`.
    func testNoSampleTraceTeachesACancelOnAChangeOfDirection() throws {
        try Self.checkNoCancelOnAChangeOfDirection(BundledFiles.sampleTraces)
    }

    static func checkNoCancelOnAChangeOfDirection(_ names: [String]) throws {
        for name in names {
            for annotation in try Self.annotations(name) where annotation.kind == .cancelPrefetchingForRowsAt {
                XCTAssertFalse(annotation.text.contains("changed direction"), "\(name): \(annotation.text)")
            }
        }
    }
}

/// `InferredRuleMarkTests` over every bundled trace.
final class InferredRuleMarkSecondTierTests: SecondTierTestCase {
    override class var secondTierWork: String { "the inferred-rule marks of every bundled trace" }

    func testNoBundledTraceTeachesACancelOnAChangeOfDirection() throws {
        try InferredRuleMarkTests.checkNoCancelOnAChangeOfDirection(try BundledFiles.allTraces())
    }
}
