import Foundation
import ReuseLabTestSupport
import Testing

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
        try assertGolden(table + "  …\n" + Golden.lines(of: run.out, from: "* best on the row"), "three-traces.txt", shows: """
            Three traces compared, the third's column: '*' marks a figure strictly lower
            than every other trace's (higher, for a benefit), as the footnote says.
            """)
        // One recording each: the lowest wins only when strictly lower than all others.
        #expect(run.out.row("downloads") == "downloads                          77              77")
        #expect(run.out.contains("  downloads                          50 *\n"), Comment(rawValue: run.out))
        #expect(run.out.row("stale image time (ms)") == "stale image time (ms)              3018            0")
        #expect(run.out.flattened.contains("strictly lower than every other trace (for a benefit, higher); one recording each proves little"))
        // Descriptive rows are never marked, however they differ.
        let howItWorks = run.out.components(separatedBy: "how it works\n").dropFirst().joined()
        #expect(!(howItWorks.components(separatedBy: "\n\n").first?.contains("*") ?? true))
    }

    @Test func testThreeTracesAsJSON() throws {
        let run = reuselab(["compare"] + Self.traces + ["--json"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        try assertGolden(try Self.jsonExcerpt(run.out), "three-traces.json", shows: """
            compare --json, pretty-printed with sorted keys: the document's outline, then
            one row whole, each column's figures and the row's best (the lowest cost).
            """)
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect((object["source"] as? String) == "traces")
        let blocks = try #require(object["blocks"] as? [[String: Any]])
        let rows = try #require(blocks.first?["rows"] as? [[String: Any]])
        let downloads = try #require(rows.first { $0["metric"] as? String == "downloads" })
        #expect((downloads["best"] as? String) == "task-identity-cancel")
        #expect((downloads["kind"] as? String) == "cost")
        let reuses = try #require(rows.first { $0["metric"] as? String == "cacheHits" })
        #expect(reuses["best"] is NSNull, "descriptive rows have no best")
        // Groups in order: user-visible cost, work, memory, how it works.
        let groups = rows.compactMap { $0["group"] as? String }
        var seen: [String] = []
        for group in groups where seen.last != group { seen.append(group) }
        #expect(seen == ["user-visible cost", "work", "memory", "how it works"])
    }

    /// Three strategies over seeds 1–4 of the shared scroll on the long-tail network.
    @Test func testSeededScenarioAsText() throws {
        let run = reuselab(["compare", scenario("images-plain"), "--strategies", "async-no-reset,async-reset,task-identity-cancel",
                            "--seeds", "1-4", "--network", "long-tail"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let header = Golden.lines(of: run.out, to: "                                     async-no-reset")
        let table = Golden.lines(of: run.out, from: "                                     task-identity-cancel", to: "work")
        try assertGolden(header + table + "  …\n" + Golden.lines(of: run.out, from: "* best on the row"), "seeded-long-tail.txt", shows: """
            A scenario over four seeds on the long-tail network: each cell the median and
            (min–max); '*' only beyond the seeds' spread; '†' where seeds went unmeasured.
            """)
        #expect(run.out.contains("4 seeds (1–4)"), Comment(rawValue: run.out))
        #expect(run.out.contains("Network long-tail"), Comment(rawValue: run.out))
        #expect(run.out.flattened.contains("even its highest value is below every other strategy's lowest"))
        for line in run.out.split(separator: "\n") {
            #expect(line.count <= 80, Comment(rawValue: String(line)))
        }
    }

    /// The JSON document's outline (its columns by name, its rows counted) and its
    /// downloads row in full, pretty-printed with sorted keys: what a reviewer
    /// reads of one long line.
    static func jsonExcerpt(_ text: String) throws -> String {
        var object = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var blocks = try #require(object["blocks"] as? [[String: Any]])
        let rows = try #require(blocks.first?["rows"] as? [[String: Any]])
        let downloads = try #require(rows.first { $0["metric"] as? String == "downloads" })
        let columns = try #require(blocks.first?["columns"] as? [[String: Any]])
        blocks[0]["columns"] = "\(columns.count) columns: " + columns.compactMap { $0["name"] as? String }.joined(separator: ", ")
        blocks[0]["rows"] = "\(rows.count) rows, such as downloads:"
        object["blocks"] = blocks
        func pretty(_ value: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
        }
        return try pretty(object) + "\n" + pretty(downloads) + "\n"
    }
}
