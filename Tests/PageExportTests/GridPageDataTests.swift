import Foundation
import Testing
@testable import PageExport
import TraceModel
import ToolSupport
import TraceCoding
import ReuseLabTestSupport

/// A collection view's page draws a grid: every item's place (top, height, left
/// edge and width) is worked out here, `columns` to a row of items, and
/// embedded with the item; the script only puts each where it is told.
@Suite
final class GridPageDataTests {
    static let gridTrace = Golden.packageRoot.appendingPathComponent("traces/grid-slow-drag.trace.json").path

    func view(_ html: String) throws -> [String: Any] {
        try #require((try PageData.embedded(html)["traces"] as? [[String: Any]])?.first)
    }

    @Test func testTheGridsPagePlacesItemsColumnsToARow() throws {
        let html = try HTMLPages.trace(path: Self.gridTrace, generator: "test")
        let data = try PageData.embedded(html)
        let view = try view(html)
        let list = try #require(view["list"] as? [String: Any])
        #expect((list["columns"] as? Int) == 2)
        #expect((list["itemWidth"] as? Double) == 187.5, "375 pt shared by two")
        #expect((list["noun"] as? String) == "item")
        #expect((list["view"] as? String) == "collection view")
        #expect((view["profile"] as? String) == "", "a collection view has no profile")
        #expect(((view["viewport"] as? [String: Any])?["width"] as? Double) == PageGeometry.screenWidth)
        #expect(((view["viewport"] as? [String: Any])?["height"] as? Double) == 736)
        #expect((view["rowHeightHint"] as? Double) == 180)
        // The step list and the filter name the collection view's calls.
        let kinds = Set((view["steps"] as? [[String: Any]] ?? []).compactMap { $0["k"] as? String })
        #expect(kinds.isSuperset(of: ["cellForItemAt", "prefetchItemsAt", "willDisplay"]), "\(kinds)")
        #expect(!kinds.contains("cellForRowAt"))
        let groupKinds = (data["groups"] as? [[String: Any]] ?? []).flatMap { $0["kinds"] as? [String] ?? [] }
        #expect(groupKinds.contains("cellForItemAt") && !groupKinds.contains("cellForRowAt"), "\(groupKinds)")

        let states = PageData.states(view)
        let steps = view["steps"] as? [[String: Any]] ?? []
        var checkedRows = 0
        for (index, state) in states.enumerated() {
            let rows = state["rows"] as? [[Any]] ?? [], near = state["near"] as? [[Any]] ?? []
            for (entry, left) in rows.map({ ($0, 5) }) + near.map({ ($0, 4) }) {
                let item = try #require(entry[0] as? Int)
                #expect(entry.count == (left + 1), "item \(item) after step \(index): [item, label, y, h, cells, x] or, faded, [item, label, y, h, x]")
                #expect((entry[2] as? Double) == (Double(item / 2) * 180), "the top of item \(item)")
                #expect((entry[3] as? Double) == 180)
                #expect((entry[left] as? Double) == (item % 2 == 0 ? 0 : 187.5), "the left edge of item \(item)")
            }
            // Items on screen share a top with the others of their row of items, and each
            // frame shows whole rows of items.
            let tops = Dictionary(grouping: rows, by: { ($0[0] as? Int ?? 0) / 2 }).mapValues { Set($0.map { $0[2] as? Double ?? -1 }) }
            #expect(tops.values.allSatisfy { $0.count == 1 }, "after step \(index)")
            if steps[index]["k"] as? String == "frame" {
                #expect((rows.count % 2) == 0, "whole rows of items on screen after step \(index)")
                checkedRows += 1
            }
        }
        #expect(checkedRows > 100)
        // Faded neighbours are whole rows of items too: the row of items below the first screen.
        let first = states[29]
        #expect((first["near"] as? [[Any]] ?? []).map { $0[0] as? Int ?? -1 } == [10, 11])
        #expect((states[128]["near"] as? [[Any]] ?? []).map { $0[0] as? Int ?? -1 } == [0, 1, 12, 13], "one row of items above, one below")
    }

    @Test func testGeometryWithSectionsAndSpacing() throws {
        let text = #"""
        {"format":"reuselab-trace","version":1,"title":"g","list":"collection","columns":3,
         "scenario":{"title":"g","collection":{"sections":[{"items":4,"header":20},{"items":2,"header":30}],"columns":3,"itemHeight":100,"lineSpacing":8,"interitemSpacing":10,"viewportHeight":400},"script":[{"wait":{"ms":10}}]},
         "events":[{"seq":0,"t":0,"kind":"recordingEnded"}]}
        """#
        let trace = try CheckedTraceReader.read(bytes: Array(text.utf8), file: "g.trace.json")
        let geometry = PageGeometry(header: trace.header)
        #expect(geometry.isGrid)
        #expect(geometry.columns == 3)
        // Section 0: a header of 20, items 0–2 side by side, item 3 on the next row of items (100 + 8 below).
        #expect((0...5).map { geometry.top(ofRow: $0) } == [20, 20, 20, 128, 258, 258], "section 1 starts a new row below its header")
        // 375 pt shared by three: 125 pt each, less the spacing of 10, 5 on either side.
        #expect((0...5).map { geometry.horizontal(ofRow: $0)?.left } == [5, 130, 255, 5, 5, 130])
        #expect(geometry.horizontal(ofRow: 4)?.width == 115)
        #expect(geometry.height(ofRow: 4) == 100)
        #expect(geometry.typicalRowHeight == 108)
        // An item the grid does not have never traps and lands in its column.
        #expect(geometry.horizontal(ofRow: Int.max)?.left == (Double(Int.max % 3) * 125 + 5))
        #expect(geometry.top(ofRow: Int.max) > 0)
        #expect(geometry.top(ofRow: -4) == 0)
    }

    @Test func testAGridWithoutItsScenarioIsStillDrawnColumnsToARow() throws {
        let text = #"""
        {"format":"reuselab-trace","version":1,"title":"g","list":"collection","columns":3,"events":[
        {"seq":0,"t":0,"kind":"init","cell":1,"identifier":"C"},
        {"seq":1,"t":0,"kind":"cellForItemAt","item":4,"cell":1},
        {"seq":2,"t":0,"kind":"willDisplay","item":4,"cell":1},
        {"seq":3,"t":0,"kind":"init","cell":2,"identifier":"C"},
        {"seq":4,"t":0,"kind":"cellForItemAt","item":5,"cell":2},
        {"seq":5,"t":0,"kind":"willDisplay","item":5,"cell":2}]}
        """#
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let view = try view(try PageData.page(forTrace: text, in: folder))
        let rows = PageData.states(view).last?["rows"] as? [[Any]] ?? []
        #expect(rows.map { $0[0] as? Int ?? -1 } == [4, 5])
        #expect(rows.map { $0[2] as? Double ?? -1 } == [44, 44], "the second row of items, 44 pt down")
        #expect(rows.map { $0[5] as? Double ?? -1 } == [125, 250])
        #expect((view["layoutNote"] as? String ?? "").contains("items are drawn 44 pt tall"))
    }

    @Test func testATablesPageCarriesNoGrid() throws {
        let path = Golden.packageRoot.appendingPathComponent("traces/seed004-slow-scroll.trace.json").path
        let html = try HTMLPages.trace(path: path, generator: "test")
        let view = try view(html)
        #expect(view["list"] == nil)
        #expect((view["profile"] as? String) == "modern")
        #expect((view["viewport"] as? [String: Any])?.keys.sorted() == ["height"])
        for state in PageData.states(view) {
            #expect((state["rows"] as? [[Any]] ?? []).allSatisfy { $0.count == 5 })
            #expect((state["near"] as? [[Any]] ?? []).allSatisfy { $0.count == 4 })
        }
        #expect((view["steps"] as? [[String: Any]] ?? []).contains { $0["k"] as? String == "cellForRowAt" })
    }
}
