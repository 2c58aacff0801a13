import ReuseLabTestSupport
import Foundation
import Testing
import ToolSupport

/// The issue's acceptance for `compare`, run as a user runs it: over 20 seeds it
/// prints intervals and marks no winner where the intervals overlap; over two
/// single traces it marks no winner at all, in text or in Markdown.
@Suite
final class CompareAcceptanceTests {
    static let scenario = BundledFiles.tracesFolder.appendingPathComponent("images-plain.scenario.json").path
    static let imageStrategies = "sync-download,eager-preload,memo-main-async,async-no-reset,async-reset,task-identity-cancel,prefetch-reload,cache-coalesce"

    @Test func testTwentySeedsPrintIntervalsAndMarkNoWinnerWhereTheyOverlap() throws {
        let arguments = ["compare", Self.scenario, "--strategies", Self.imageStrategies, "--seeds", "1-20", "--network", "long-tail"]
        let text = reuselab(arguments)
        #expect(text.status == 0, Comment(rawValue: text.err))
        // Every measured cell of the main tables is "median [low, high]", marks after it.
        let cell = /-?[0-9.]+ \[-?[0-9.]+, -?[0-9.]+\]( [†*‡])*|n\/a/
        var cells = 0
        for line in text.out.split(separator: "\n") where line.hasPrefix("  ") && line.contains("[") {
            let fields = line.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            for field in fields.dropFirst() {
                #expect(field.wholeMatch(of: cell) != nil, "\(field) in: \(line)")
                cells += 1
            }
        }
        #expect(cells >= 31 * 8)
        #expect(text.out.flattened.contains("Where intervals overlap, no mark."))

        // The same comparison as JSON: a best's interval lies clear of every
        // other's; where the lowest median's interval meets another's, no best.
        let json = reuselab(arguments + ["--json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let rows = try #require((object["blocks"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
        var overlapping = 0, marked = 0
        for row in rows where row["kind"] as? String == "cost" {
            let traded = row["tradeOff"] as? String
            let cells = try #require(row["cells"] as? [[String: Any]]).filter { $0["column"] as? String != traded }
            let intervals = cells.compactMap { cell -> (String, Double, Double, Double)? in
                guard let name = cell["column"] as? String, let median = cell["median"] as? Double,
                      let low = cell["low"] as? Double, let high = cell["high"] as? Double else { return nil }
                return (name, median, low, high)
            }
            guard let lowest = intervals.min(by: { $0.1 < $1.1 }) else { continue }
            let overlaps = intervals.contains { $0.0 != lowest.0 && $0.2 <= lowest.3 }
            if overlaps {
                overlapping += 1
                #expect(row["best"] is NSNull, "\(row["metric"] ?? ""): intervals overlap, yet marked")
            }
            if let best = row["best"] as? String {
                marked += 1
                #expect(best == lowest.0)
                #expect(!overlaps, "\(row["metric"] ?? "")")
            }
        }
        #expect(overlapping > 0, "some rows are too close to call")
        #expect(marked > 0, "some rows are clear")
        // In the text, a row is marked exactly when the JSON names a best.
        let starred = text.out.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(" *") }.count
        #expect(starred == rows.filter { $0["best"] is String }.count)
    }

    @Test func testTwoSingleTracesMarkNoWinner() {
        let traces = [bundledTrace("images-async-no-reset"), bundledTrace("images-task-identity-cancel")]
        let text = reuselab(["compare"] + traces)
        #expect(text.status == 0, Comment(rawValue: text.err))
        // Downloads differ (77 and 50): the difference is said, not judged.
        let downloads = text.out.split(separator: "\n").filter { $0.hasPrefix("  downloads ") && !$0.contains("never shown") }
        #expect(downloads.count == 2, "the table's row and the difference's: \(downloads)")
        #expect(downloads.last.map { $0.hasSuffix("-27") } ?? false, "\(downloads)")
        #expect(!text.out.contains(" *") && !text.out.contains("✓") && !text.out.contains("✗"), Comment(rawValue: text.out))
        let markdown = reuselab(["compare"] + traces + ["--markdown"])
        for line in markdown.out.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| **") {
            #expect(!line.contains("**"), Comment(rawValue: String(line)))
        }
        let csv = reuselab(["compare"] + traces + ["--csv"])
        #expect(!csv.out.contains(",best\n") && !csv.out.contains(",better,") && !csv.out.contains(",worse,"), Comment(rawValue: csv.out))
    }
}
