import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import TimelineExport
import ReuseLabTestSupport

/// A collection view's trace on the timeline, in its own words: the list's
/// track, the calls' names, and cells and requests told by item.
@Suite
final class CollectionExportTests {
    /// The hand-written two-column grid of the replay tests.
    static var grid: String { Golden.packageRoot.appendingPathComponent("Tests/ReplayTests/Fixtures/grid-hand.trace.json").path }

    @Test func testTheGridsTracksAndNames() throws {
        let bytes = try PerfettoTrace.bytes(of: .file(Self.grid), generator: ExportFixtures.generator)
        let timeline = try ExportFixtures.checked(bytes, "grid")
        let tracks = Set(timeline.threadNames.values)
        #expect(tracks.contains("collection view"), "\(tracks)")
        #expect(!(tracks.contains("table view")), "\(tracks)")
        let list = timeline.slices(on: "collection view").map(\.name)
        #expect(list.contains("prefetchItemsAt"), "\(list)")
        #expect(!list.contains("prefetchRowsAt"), "\(list)")
        // A cell's instants are named as the trace names them, and its slices say the item.
        let cell = timeline.slices(on: "cell #1")
        #expect(cell.filter { $0.phase == "i" }.map(\.name) == ["init", "cellForItemAt", "willDisplay", "didEndDisplaying", "keepAside",
                                                                     "enqueue", "prepareForReuse", "cellForItemAt"])
        let shown = try #require(cell.first { $0.name == "item 0" })
        #expect((shown.args["item"] as? Int) == 0)
        #expect(shown.args["row"] == nil)
        #expect((shown.args["phase"] as? String) == "displayed in item 0")
        #expect(cell.contains { $0.name == "kept aside after item 0" }, "\(cell.map(\.name))")
        #expect(cell.contains { $0.name == "prepared for item 15" }, "\(cell.map(\.name))")
        // The instant's arguments are the event as the trace writes it.
        let configured = try #require(cell.first { $0.name == "cellForItemAt" })
        #expect((configured.args["item"] as? Int) == 0)
        #expect((configured.args["kind"] as? String) == "cellForItemAt")
        let frame = try #require(timeline.slices(on: "frames").first)
        #expect((frame.args["items"] as? String) == "items 0–9")
        let details = try #require(timeline.document["otherData"] as? [String: Any])
        #expect((details["list"] as? String) == "collection view, 2 columns")
        #expect(details["profile"] == nil)
    }

    /// A request for an item's image is named and argued by item.
    @Test func testRequestsByItem() throws {
        let text = """
        {
          "format": "reuselab-trace",
          "version": 1,
          "title": "grid",
          "list": "collection",
          "columns": 3,
          "events": [
            {"seq":0,"t":0,"kind":"init","cell":1,"identifier":"Cell"},
            {"seq":1,"t":0,"kind":"cellForItemAt","item":4,"cell":1},
            {"seq":2,"t":0,"kind":"imageRequest","request":1,"item":4,"image":4,"cause":"cellForItemAt","sync":false},
            {"seq":3,"t":0,"kind":"requestStarted","request":1},
            {"seq":4,"t":0,"kind":"requestCoalesced","request":1,"item":5},
            {"seq":5,"t":30,"kind":"response","request":1,"bytes":100,"fromCache":false}
          ]
        }
        """
        let timeline = try ExportFixtures.checked(try ExportFixtures.export(text: text), "requests")
        let request = try #require(timeline.slices(on: "connection 1").first)
        #expect(request.name == "item 4 · image 4")
        #expect((request.args["item"] as? Int) == 4)
        #expect((request.args["coalescedItems"] as? String) == "item 5")
        #expect(timeline.slices(on: "requests").first?.name == "imageRequest")
    }

    /// A table's export keeps its words (the bundled traces' own tests check it byte for byte).
    @Test func testATableKeepsItsTrack() throws {
        let timeline = try ExportFixtures.checked(try ExportFixtures.export("first-screen"), "first-screen")
        #expect(Set(timeline.threadNames.values).contains("table view"))
        #expect((timeline.document["otherData"] as? [String: Any])?["profile"] != nil)
    }
}
