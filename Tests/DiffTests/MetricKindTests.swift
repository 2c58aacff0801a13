import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay
@testable import Diff

/// Only a cost or a benefit has a better side; a descriptive metric never does.
@Suite
final class MetricKindTests {
    @Test func testEachMetricDeclaresTheKindTheDocsListForIt() throws {
        let report = try TraceFold.run(TraceMetrics.self, path: bundledTrace("images-plain")).report
        let kinds = Dictionary(uniqueKeysWithValues: report.entries.map { ($0.key, $0.kind) })
        for key in ["staleMs", "hitches", "imageWaitTotalMs", "timeToFirstCompleteScreenMs", "downloads",
                    "downloadBytes", "cellsCreated", "peakImageMemory", "downloadsNeverShown"] {
            #expect(kinds[key] == .cost, Comment(rawValue: key))
        }
        for key in ["cacheHits", "cacheHitsMemory", "cellForRowAtCalls", "reuses", "coalesced", "scrollingMs", "imageWaits"] {
            #expect(kinds[key] == .descriptive, Comment(rawValue: key))
        }
        // Every cost sits in a group that is not "how it works", and every descriptive one in it.
        for entry in report.entries {
            #expect((entry.kind == .descriptive) == (entry.group == .description), Comment(rawValue: entry.key))
        }
    }

    @Test func testADescriptiveMetricHasNoBetterSideACostTheLowerABenefitTheHigher() {
        #expect(MetricDelta.better(.descriptive, 0, 27) == .neither)
        #expect(MetricDelta.better(.descriptive, 3, 3) == .neither)
        #expect(MetricDelta.better(.cost, 77, 50) == .b)
        #expect(MetricDelta.better(.cost, 5, 5) == .same)
        #expect(MetricDelta.better(.benefit, 77, 50) == .a)
        #expect(MetricDelta.better(.cost, nil, 50) == .neither)
    }

    @Test func testTheCommandsPageListsEveryMetricUnderItsKind() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        let report = try TraceFold.run(TraceMetrics.self, path: bundledTrace("images-plain")).report
        for entry in report.entries {
            #expect(page.contains("`\(entry.key)` (\(entry.kind.rawValue))"), "docs/commands.md lacks `\(entry.key)` (\(entry.kind.rawValue))")
        }
    }
}
