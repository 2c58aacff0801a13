import Testing
import Foundation
import TraceModel
import TraceCoding
import Replay
import Recorder

/// seed 003's NSCache has no limits: on a device short of memory it still gives
/// images up, and `stats` and `replay` say so.
@Suite
final class MemoryPressureStrategyTests {
    /// The photo feed on a device whose budget holds about four decoded photos.
    func recording(budget: Int?) throws -> Trace {
        let cache = budget.map { #", "cache": {"memoryBudget": \#($0)}"# } ?? ""
        let text = """
        {"title": "photos, budget \(budget.map(String.init) ?? "default")", "profile": "modern",
         "table": {"rows": 40, "rowHeight": 300, "viewportHeight": 844},
         "strategy": "cache-coalesce", "images": {"width": 2000, "height": 1500, "bytes": 400000},
         "network": {"latency": {"fixed": 100}}\(cache),
         "script": [{"wait": {"ms": 500}}, {"drag": {"by": 3000, "ms": 3000}}, {"wait": {"ms": 500}}]}
        """
        return try Recorder.record(try Recorder.parseScenario(bytes: Array(text.utf8), file: "photos.scenario.json"))
    }

    func report(_ trace: Trace) throws -> MetricsReport {
        var metrics = TraceMetrics(header: trace.header)
        for event in trace.events { try metrics.apply(event) }
        return metrics.report
    }

    @Test func testPastTheBudgetTheCacheEvictsAndStatsCountsIt() throws {
        let roomy = try report(try recording(budget: nil))
        #expect(roomy.cacheEvictions == .value(0), "512 MB hold every photo of this scroll")
        let tight = try recording(budget: 50_000_000)
        let metrics = try report(tight)
        let evictions = metrics.cacheEvictions.value ?? 0
        #expect(evictions > 0)
        #expect(metrics.entries.contains { $0.key == "cacheEvictions" && $0.label == "NSCache evictions" && $0.value == .value(.count(evictions)) })
        #expect((metrics.peakImageMemory.value ?? 0) < (roomy.peakImageMemory.value ?? 0), "the cache let go of what it could")
        // Each eviction is said to come from memory being tight, with the rule's caveat.
        let annotations = try Annotator.annotate(tight, file: "photos.trace.json").filter { $0.kind == .cacheEvict }
        #expect(annotations.count == evictions)
        for annotation in annotations {
            #expect(annotation.text.hasPrefix("Memory is tight: images take "), Comment(rawValue: annotation.text))
            #expect(annotation.text.contains("past the device's 47.7 MB, so the NSCache gives up image"), Comment(rawValue: annotation.text))
            #expect(annotation.inferred == .memoryBudget)
        }
    }
}
