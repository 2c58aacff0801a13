import Foundation
import ReuseLabTestSupport
import Testing
import ToolSupport

/// `reuselab compare` of bundled traces and of a bundled scenario over seeds,
/// against excerpts in Golden/ (a table with its marks and their footnotes): any
/// change in the figures, the marks or the layout shows up there. Each test also
/// checks the lines that carry the point on the whole output, so a regenerated
/// golden file cannot quietly lose them. Regenerate with REUSELAB_UPDATE_GOLDEN=1
/// after reviewing the change.
@Suite
final class CompareGoldenTests {
    static let traces = [trace("images-async-no-reset"), trace("images-async-reset"), trace("images-task-identity-cancel")]

    @Test func testThreeTracesAsText() throws {
        let run = reuselab(["compare"] + Self.traces)
        #expect(run.status == 0, Comment(rawValue: run.err))
        #expect(run.err == "")
        let table = Golden.lines(of: run.out, from: "                                     task-identity-cancel", to: "how it works")
        let against = Golden.lines(of: run.out, from: "Against async-no-reset")
        try assertGolden(table + "  …\n" + against, "three-traces.txt", shows: """
            Three traces compared, the third's column, then each against the first:
            one recording each has no spread, so no figure is marked best, and the
            differences are said without a verdict.
            """)
        // One recording each: no winner, however the figures differ.
        #expect(run.out.row("downloads") == "downloads                          77              77")
        #expect(run.out.contains("  downloads                          50\n"), Comment(rawValue: run.out))
        #expect(!run.out.contains(" *\n") && !run.out.contains("✓") && !run.out.contains("✗"), Comment(rawValue: run.out))
        #expect(run.out.flattened.contains("One recording per trace has no spread, so no trace is marked best on any row, however the figures differ"))
        #expect(run.out.flattened.contains("Against async-no-reset: each trace's figure minus async-no-reset's, from one recording each, so a difference may be chance alone."))
    }

    @Test func testThreeTracesAsJSON() throws {
        let run = reuselab(["compare"] + Self.traces + ["--json"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        try assertGolden(try Self.jsonExcerpt(run.out), "three-traces.json", shows: """
            compare --json, pretty-printed with sorted keys: the document's outline, then
            one row whole, each column's figures and its difference from the baseline
            (the first trace); no best on one recording each.
            """)
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect((object["source"] as? String) == "traces")
        #expect((object["baseline"] as? String) == "async-no-reset")
        let blocks = try #require(object["blocks"] as? [[String: Any]])
        let rows = try #require(blocks.first?["rows"] as? [[String: Any]])
        let downloads = try #require(rows.first { $0["metric"] as? String == "downloads" })
        #expect(downloads["best"] is NSNull, "one recording each: no best")
        #expect((downloads["kind"] as? String) == "cost")
        let cells = try #require(downloads["cells"] as? [[String: Any]])
        let difference = try #require(cells.last?["difference"] as? [String: Any])
        #expect((difference["median"] as? Double) == -27)
        #expect(difference["verdict"] is NSNull, "no verdict on one pair")
        // One recording per trace, with every metric.
        let recordings = try #require(blocks.first?["recordings"] as? [[String: Any]])
        #expect(recordings.count == 3)
        #expect(recordings.allSatisfy { $0["seed"] is NSNull })
        #expect(((recordings.last?["metrics"] as? [String: Any])?["downloads"] as? Double) == 50)
        // Groups in order: user-visible cost, work, memory, how it works.
        let groups = rows.compactMap { $0["group"] as? String }
        var seen: [String] = []
        for group in groups where seen.last != group { seen.append(group) }
        #expect(seen == ["user-visible cost", "work", "memory", "how it works"])
    }

    /// Three strategies over seeds 1–20 of the shared scroll on the long-tail
    /// network: intervals, and marks only where they are clear of each other.
    @Test func testSeededScenarioAsText() throws {
        let run = reuselab(["compare", scenario("images-plain"), "--strategies", "async-no-reset,async-reset,task-identity-cancel",
                            "--seeds", "1-20", "--network", "long-tail"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let header = Golden.lines(of: run.out, to: "                                     async-no-reset")
        let table = Golden.lines(of: run.out, from: "                                     task-identity-cancel", to: "work")
        let against = Golden.lines(of: run.out, from: "Against async-no-reset", to: "work")
        try assertGolden(header + table + "  …\n" + against + "  …\n" + Golden.lines(of: run.out, from: "[low, high]: the median's"),
                         "seeded-long-tail.txt", shows: """
            A scenario over twenty seeds on the long-tail network: each cell the median
            and its 95% interval, '*' only where intervals and per-seed differences are
            both clear; then each against the baseline seed by seed, ✓ where clear.
            """)
        #expect(run.out.contains("20 seeds (1–20)"), Comment(rawValue: run.out))
        #expect(run.out.contains("Network long-tail"), Comment(rawValue: run.out))
        #expect(run.out.flattened.contains("Main-thread work varies ±15% from piece to piece (compare's default over several seeds; --jitter sets it)"))
        #expect(run.out.flattened.contains("here the 6th lowest to the 6th highest of 20 seeds, which holds the median with 95.9% probability"))
        #expect(run.out.flattened.contains("Against async-no-reset, seed by seed: the median of the per-seed differences"))
        for line in run.out.split(separator: "\n") {
            #expect(TextWrap.columns(line) <= 80, Comment(rawValue: String(line)))
        }
    }

    /// The JSON document's outline (its columns by name, its rows and recordings
    /// counted), its downloads row and that row's last cell, pretty-printed with
    /// sorted keys: what a reviewer reads of one long line.
    static func jsonExcerpt(_ text: String) throws -> String {
        var object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var blocks = try #require(object["blocks"] as? [[String: Any]])
        let rows = try #require(blocks.first?["rows"] as? [[String: Any]])
        var downloads = try #require(rows.first { $0["metric"] as? String == "downloads" })
        let cells = try #require(downloads["cells"] as? [[String: Any]])
        downloads["cells"] = "\(cells.count) cells, the last:"
        let columns = try #require(blocks.first?["columns"] as? [[String: Any]])
        let recordings = try #require(blocks.first?["recordings"] as? [[String: Any]])
        blocks[0]["columns"] = "\(columns.count) columns: " + columns.compactMap { $0["name"] as? String }.joined(separator: ", ")
        blocks[0]["rows"] = "\(rows.count) rows, such as downloads:"
        blocks[0]["recordings"] = "\(recordings.count) recordings, each with every metric"
        object["blocks"] = blocks
        func pretty(_ value: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        }
        return try pretty(object) + "\n" + pretty(downloads) + "\n" + pretty(cells.last ?? [:]) + "\n"
    }
}
