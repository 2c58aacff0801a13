import ReuseLabTestSupport
import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// Annotations that rest on a rule Apple does not document say so, and no
/// annotation teaches a cancel on a mere change of direction.
@Suite
final class InferredRuleMarkTests {
    static let traces = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("traces")

    static func annotations(_ name: String) throws -> [Annotation] {
        let path = Self.traces.appendingPathComponent(name + ".trace.json").path
        return try Annotator.annotate(try TraceReader.read(path: path), file: path)
    }

    @Test func testCancellationsAndTheRangeRuleCarryTheirNote() throws {
        let prefetch = try Self.annotations("prefetch-on")
        let cancels = prefetch.filter { $0.kind == .cancelPrefetchingForRowsAt }
        #expect(!cancels.isEmpty)
        for cancel in cancels {
            #expect(cancel.inferred == .prefetchCancellation)
            #expect(cancel.text.contains("more than 15 rows from the screen"), Comment(rawValue: cancel.text))
            #expect(cancel.text.hasSuffix(InferredRule.prefetchCancellation.note), Comment(rawValue: cancel.text))
        }
        let modern = try Self.annotations("down-then-up")
        let kept = modern.filter { $0.kind == .keepAside }
        #expect(!kept.isEmpty)
        #expect(kept.allSatisfy { $0.inferred == .preparedCellRange })
        // A documented step carries no note.
        let reuse = try #require(modern.first { $0.kind == .willDisplay })
        #expect(reuse.inferred == nil)
        #expect(!(reuse.text.contains("modelled from")))
    }

    /// Which old cell a row gets back after reloadData differs between published
    /// logs (issue 36): each reuse in that pass says so; reuses elsewhere do not.
    @Test func testReusesAfterReloadDataCarryTheirNote() throws {
        let annotations = try Self.annotations("reload-data")
        let reloadAt = try #require(annotations.firstIndex { $0.kind == .reloadData })
        let reuses = annotations[reloadAt...].filter { $0.kind == .prepareForReuse && $0.inferred == .reloadDataOrder }
        #expect(!reuses.isEmpty)
        #expect(reuses.allSatisfy { $0.text.hasSuffix(InferredRule.reloadDataOrder.note) })
        #expect(annotations[..<reloadAt].allSatisfy { $0.inferred != .reloadDataOrder }, "only the reload's own pass")
    }

    /// The sample traces; every bundled trace in `InferredRuleMarkSecondTierTests`.
    @Test func testNoSampleTraceTeachesACancelOnAChangeOfDirection() throws {
        try Self.checkNoCancelOnAChangeOfDirection(BundledFiles.sampleTraces)
    }

    static func checkNoCancelOnAChangeOfDirection(_ names: [String]) throws {
        for name in names {
            for annotation in try Self.annotations(name) where annotation.kind == .cancelPrefetchingForRowsAt {
                #expect(!(annotation.text.contains("changed direction")), "\(name): \(annotation.text)")
            }
        }
    }
}

/// `InferredRuleMarkTests` over every bundled trace.
@Suite(SecondTier.enabled("the inferred-rule marks of every bundled trace"))
final class InferredRuleMarkSecondTierTests {

    @Test func testNoBundledTraceTeachesACancelOnAChangeOfDirection() throws {
        try InferredRuleMarkTests.checkNoCancelOnAChangeOfDirection(try BundledFiles.allTraces())
    }
}
