import XCTest
import TraceModel
import ToolSupport
import TraceCoding
import Replay
@testable import Diff

/// Only a cost or a benefit has a better side; a descriptive metric never does.
final class MetricKindTests: XCTestCase {
    func testEachMetricDeclaresTheKindTheDocsListForIt() throws {
        let report = try TraceFold.run(TraceMetrics.self, path: bundledTrace("images-plain")).report
        let kinds = Dictionary(uniqueKeysWithValues: report.entries.map { ($0.key, $0.kind) })
        for key in ["staleMs", "hitches", "imageWaitTotalMs", "timeToFirstCompleteScreenMs", "downloads",
                    "downloadBytes", "cellsCreated", "peakImageMemory", "downloadsNeverShown"] {
            XCTAssertEqual(kinds[key], .cost, key)
        }
        for key in ["cacheHits", "cacheHitsMemory", "cellForRowAtCalls", "reuses", "coalesced", "scrollingMs", "imageWaits"] {
            XCTAssertEqual(kinds[key], .descriptive, key)
        }
        // Every cost sits in a group that is not "how it works", and every descriptive one in it.
        for entry in report.entries {
            XCTAssertEqual(entry.kind == .descriptive, entry.group == .description, entry.key)
        }
    }

    func testADescriptiveMetricHasNoBetterSideACostTheLowerABenefitTheHigher() {
        XCTAssertEqual(MetricDelta.better(.descriptive, 0, 27), .neither)
        XCTAssertEqual(MetricDelta.better(.descriptive, 3, 3), .neither)
        XCTAssertEqual(MetricDelta.better(.cost, 77, 50), .b)
        XCTAssertEqual(MetricDelta.better(.cost, 5, 5), .same)
        XCTAssertEqual(MetricDelta.better(.benefit, 77, 50), .a)
        XCTAssertEqual(MetricDelta.better(.cost, nil, 50), .neither)
    }

    func testTheCommandsPageListsEveryMetricUnderItsKind() throws {
        let page = try String(contentsOf: packageRoot.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        let report = try TraceFold.run(TraceMetrics.self, path: bundledTrace("images-plain")).report
        for entry in report.entries {
            XCTAssertTrue(page.contains("`\(entry.key)` (\(entry.kind.rawValue))"), "docs/commands.md lacks `\(entry.key)` (\(entry.kind.rawValue))")
        }
    }
}
