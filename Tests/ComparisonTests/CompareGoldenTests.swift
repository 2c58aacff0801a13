import XCTest

/// `reuselab compare` of bundled traces and of a bundled scenario over seeds,
/// against the files in Golden/: any change in the figures, the marks or the
/// layout shows up here. Each test also checks the lines that carry the point,
/// so a regenerated golden file cannot quietly lose them. Regenerate with
/// REUSELAB_UPDATE_GOLDEN=1 after reviewing the change.
final class CompareGoldenTests: XCTestCase {
    static let traces = [trace("images-async-no-reset"), trace("images-async-reset"), trace("images-task-identity-cancel")]

    func testThreeTracesAsText() throws {
        let run = reuselab(["compare"] + Self.traces)
        XCTAssertEqual(run.status, 0, run.err)
        XCTAssertEqual(run.err, "")
        try assertGolden(run.out, "three-traces.txt")
        // One recording each: the lowest wins only when strictly lower than all others.
        XCTAssertEqual(run.out.row("downloads"), "downloads                          77              77")
        XCTAssertTrue(run.out.contains("  downloads                          50 *\n"), run.out)
        XCTAssertEqual(run.out.row("stale image time (ms)"), "stale image time (ms)              3050            0")
        XCTAssertTrue(run.out.flattened.contains("strictly lower than every other trace (for a benefit, higher); one recording each proves little"))
        // Descriptive rows are never marked, however they differ.
        let howItWorks = run.out.components(separatedBy: "how it works\n").dropFirst().joined()
        XCTAssertFalse(howItWorks.components(separatedBy: "\n\n").first?.contains("*") ?? true)
    }

    func testThreeTracesAsJSON() throws {
        let run = reuselab(["compare"] + Self.traces + ["--json"])
        XCTAssertEqual(run.status, 0, run.err)
        try assertGolden(run.out, "three-traces.json")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["source"] as? String, "traces")
        let blocks = try XCTUnwrap(object["blocks"] as? [[String: Any]])
        let rows = try XCTUnwrap(blocks.first?["rows"] as? [[String: Any]])
        let downloads = try XCTUnwrap(rows.first { $0["metric"] as? String == "downloads" })
        XCTAssertEqual(downloads["best"] as? String, "task-identity-cancel")
        XCTAssertEqual(downloads["kind"] as? String, "cost")
        let reuses = try XCTUnwrap(rows.first { $0["metric"] as? String == "cacheHits" })
        XCTAssertTrue(reuses["best"] is NSNull, "descriptive rows have no best")
        // Groups in order: user-visible cost, work, memory, how it works.
        let groups = rows.compactMap { $0["group"] as? String }
        var seen: [String] = []
        for group in groups where seen.last != group { seen.append(group) }
        XCTAssertEqual(seen, ["user-visible cost", "work", "memory", "how it works"])
    }

    /// Three strategies over seeds 1–4 of the shared scroll on the long-tail network.
    func testSeededScenarioAsText() throws {
        let run = reuselab(["compare", scenario("images-plain"), "--strategies", "async-no-reset,async-reset,task-identity-cancel",
                            "--seeds", "1-4", "--network", "long-tail"])
        XCTAssertEqual(run.status, 0, run.err)
        try assertGolden(run.out, "seeded-long-tail.txt")
        XCTAssertTrue(run.out.contains("4 seeds (1–4)"), run.out)
        XCTAssertTrue(run.out.contains("Network long-tail"), run.out)
        XCTAssertTrue(run.out.flattened.contains("even its highest value is below every other strategy's lowest"))
        for line in run.out.split(separator: "\n") {
            XCTAssertLessThanOrEqual(line.count, 80, String(line))
        }
    }
}
