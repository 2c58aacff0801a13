import ReuseLabTestSupport
import Foundation
import Testing
import Diff
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// Two collection views compared in their own words, and a table against a
/// collection view told as a difference of scenario.
@Suite
final class CollectionDiffTests {
    /// The hand-written two-column grid of the replay tests.
    static var grid: String { packageRoot.appendingPathComponent("Tests/ReplayTests/Fixtures/grid-hand.trace.json").path }

    @Test func testKeysNameTheCollectionViewsCallsAndItems() throws {
        let header = TraceHeader(title: "grid", profile: .modern, list: .collection(columns: 2))
        var maker = DiffKeyMaker(header: header, kinds: Set(EventKind.allCases))
        let bodies: [EventBody] = [
            .initCell(cell: 1, identifier: "Cell"), .cellForRowAt(row: 4, cell: 1), .willDisplay(row: 4, cell: 1),
            .prefetchRowsAt(rows: [6, 7]), .cancelPrefetchingForRowsAt(rows: [7]), .didEndDisplaying(row: 4, cell: 1),
            .enqueue(cell: 1, identifier: "Cell"), .prepareForReuse(cell: 1, identifier: "Cell", previousRow: 4),
            .cellForRowAt(row: 6, cell: 1), .reloadRows(rows: [6]), .scrollToRow(row: 3, position: "top", animated: false),
            .numberOfRows(rows: 30), .imageRequest(request: 1, row: 6, image: 6, cause: .cellForRowAt, sync: false),
        ]
        let keys = try bodies.enumerated().map { index, body in
            try maker.key(for: TraceEvent(seq: index, time: VirtualTime(microseconds: Int64(index)), body: body))
        }
        #expect(keys == ["init", "cellForItemAt item 4", "willDisplay item 4", "prefetchItemsAt [6, 7]", "cancelPrefetchingForItemsAt [7]",
                              "didEndDisplaying item 4", "enqueue", "prepareForReuse from item 4", "cellForItemAt item 6",
                              "reloadItems [6]", "scrollToItem 3 top", "numberOfItems 30",
                              "imageRequest item 6 image 6 cellForItemAt"])
    }

    @Test func testTwoGridsInTheirWords() throws {
        let folder = try ScratchFolder()
        // The same grid without its prefetch calls: everything else is shared.
        let text = try String(contentsOfFile: Self.grid, encoding: .utf8)
        var seq = 0
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).compactMap { line -> String? in
            guard line.contains("\"seq\":") else { return String(line) }
            if line.contains("prefetchItemsAt") { return nil }
            defer { seq += 1 }
            return line.replacingOccurrences(of: #"\{"seq":[0-9]+,"#, with: "{\"seq\":\(seq),", options: .regularExpression)
        }
        let other = try folder.write("no-prefetch.trace.json", lines.joined(separator: "\n"))
        let run = runReuseLab(["diff", Self.grid, other, "--context", "1"])
        #expect(run.status == 1, Comment(rawValue: run.err))
        #expect(run.out.contains("strategy plain, collection view, 2 columns"), Comment(rawValue: run.out))
        #expect(run.out.contains("32 prefetchItemsAt [10, 11, 12, 13]    <"), Comment(rawValue: run.out))
        #expect(run.out.contains("59 prepareForReuse from item 1           57 prepareForReuse from item 1"), Comment(rawValue: run.out))
        #expect(!run.out.contains("cellForRowAt"), Comment(rawValue: run.out))
        #expect(!run.out.contains("profile"), Comment(rawValue: run.out))
        let json = try diffJSON([Self.grid, other])
        let byKind = try #require(json["byKind"] as? [[String: Any]])
        #expect((byKind.first?["kind"] as? String) == "prefetchItemsAt")
        let a = try #require(json["a"] as? [String: Any])
        #expect((a["list"] as? String) == "collection")
        #expect((a["columns"] as? Int) == 2)
        #expect(a["profile"] is NSNull)
    }

    @Test func testATableAgainstAGridIsADifferentScenario() throws {
        let run = runReuseLab(["diff", bundledTrace("first-screen"), Self.grid, "--stat"])
        #expect(run.status == 1, Comment(rawValue: run.err))
        #expect(run.out.flattened.contains("Different scenarios: a table view against a collection view of 2 columns;"), Comment(rawValue: run.out))
        #expect(run.out.contains("cellForRowAt/cellForItemAt"), Comment(rawValue: run.out))
        let full = runReuseLab(["diff", bundledTrace("first-screen"), Self.grid])
        #expect(full.out.contains("cellForRowAt or cellForItemAt calls"), Comment(rawValue: full.out))
        // Hand-written headers without scenarios still say which list each is.
        let table = TraceHeader(title: "t", profile: .classic), grid = TraceHeader(title: "g", profile: .modern, list: .collection(columns: 3))
        #expect(ScenarioComparison.differences(table, grid) == ["a table view against a collection view of 3 columns"])
        #expect(ScenarioComparison.setup(table, grid) == [], "a collection view has no profile to compare")
        #expect(ScenarioComparison.describe(grid) == "collection view, 3 columns")
    }

    @Test func testOnlyTakesTheCollectionNames() throws {
        let byItem = runReuseLab(["diff", Self.grid, Self.grid, "--only", "cellForItemAt,prefetchItemsAt"])
        #expect(byItem.status == 0, Comment(rawValue: byItem.err))
        #expect(byItem.out.contains("Equivalent"), Comment(rawValue: byItem.out))
        let json = try diffJSON([Self.grid, Self.grid, "--only", "cellForItemAt"])
        let a = try #require(json["a"] as? [String: Any])
        #expect((a["comparedEvents"] as? Int) == 16)
    }
}
