import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// A collection view's scenario and trace: the `collection` member, the header's
/// `list` and `columns`, and the collection view's own names for its calls and
/// members, read and written both ways, and each mix-up refused where it is.
@Suite
final class CollectionScenarioTests {
    /// The scenario from the issue, exactly as written there.
    static let grid = #"""
    {
      "title": "A two-column grid, a slow drag",
      "collection": { "items": 200, "columns": 2, "itemHeight": 180, "lineSpacing": 0, "viewportHeight": 736 },
      "strategy": "plain",
      "prefetching": true,
      "script": [ { "drag": { "by": 540, "ms": 3000 } } ]
    }
    """#

    @Test func testTheIssuesGridDecodesWithDefaultsAndRoundTrips() throws {
        let scenario = try decodeScenario(Self.grid)
        #expect(scenario.list == .collection(columns: 2))
        let collection = try #require(scenario.collection)
        #expect(collection.items == 200)
        #expect(collection.itemHeight == 180)
        #expect(collection.interitemSpacing == 0)
        #expect(collection.contentInsetTop == 0)
        #expect(scenario.isPrefetchingEnabled, "cell prefetching is on by default, as in UIKit")
        // The engine's index space: one place per item.
        #expect(scenario.table.rows == 200)
        #expect(scenario.table.rowHeight == 180)
        let written = JSONWriter.compact(scenario.jsonValue)
        #expect(written.contains(#""collection":{"items":200,"columns":2,"itemHeight":180,"lineSpacing":0,"interitemSpacing":0,"viewportHeight":736,"contentInset":{"top":0,"bottom":0}}"#), Comment(rawValue: written))
        #expect(!(written.contains("\"profile\"")), "a collection has no profile")
        #expect(!(written.contains("\"table\"")))
        #expect((try decodeScenario(written)) == scenario)
    }

    @Test func testSectionsAndTheCollectionsOwnPrefetchingSwitch() throws {
        let text = #"{"title":"g","collection":{"sections":[{"items":3,"header":20},{"items":5}],"columns":3,"itemHeight":100,"viewportHeight":400,"isPrefetchingEnabled":false},"script":[{"reloadItems":{"section":1,"items":[0,4]}},{"scrollTo":{"item":2}}]}"#
        let scenario = try decodeScenario(text)
        #expect(scenario.table.rows == 8)
        #expect(!scenario.isPrefetchingEnabled)
        #expect(scenario.script[0] == .reloadRows([3, 7]))
        #expect(scenario.script[1] == .scrollTo(row: 2, position: .top, animated: false))
        let written = JSONWriter.compact(scenario.jsonValue)
        #expect(written.contains(#""isPrefetchingEnabled":false"#), Comment(rawValue: written))
        #expect(written.contains(#"{"reloadItems":{"section":1,"items":[0,4]}}"#), Comment(rawValue: written))
        #expect(written.contains(#"{"scrollTo":{"item":2,"#), Comment(rawValue: written))
        #expect((try decodeScenario(written)) == scenario)
    }

    func refused(_ text: String, _ parts: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        let error = expectError(sourceLocation: sourceLocation) { () throws(ReuseLabError) in _ = try decodeScenario(text) }
        assertError(error, contains: parts)
    }

    @Test func testMixUpsAreRefusedWhereTheyAreWritten() {
        let collection = #""collection":{"items":10,"columns":2,"itemHeight":100,"viewportHeight":400}"#
        func scenario(_ members: String, script: String = #"[{"wait":{"ms":10}}]"#) -> String {
            #"{"title":"g",\#(members),"script":\#(script)}"#
        }
        refused(scenario(collection + #","profile":"modern""#), ["\"profile\" does not apply to a collection view"])
        refused(scenario(collection + #","table":{"rows":5,"viewportHeight":100}"#), ["either a \"table\" or a \"collection\""])
        refused(scenario(collection + #","isPrefetchingEnabled":false"#), ["\"isPrefetchingEnabled\" goes inside \"collection\""])
        refused(scenario(collection + #","strategy":"batch-paging""#), ["batch-paging", "no collection view version"])
        refused(scenario(collection, script: #"[{"reloadRows":{"rows":[1]}}]"#), ["a collection view's script says \"reloadItems\", not \"reloadRows\""])
        refused(#"{"title":"t","table":{"rows":5,"viewportHeight":100},"script":[{"reloadItems":{"items":[1]}}]}"#, ["a table's script says \"reloadRows\", not \"reloadItems\""])
        refused(scenario(collection, script: #"[{"scrollTo":{"row":1}}]"#), ["unknown member \"row\""])
        refused(scenario(#""collection":{"items":10,"columns":0,"itemHeight":100,"viewportHeight":400}"#), ["\"columns\""])
        refused(scenario(#""collection":{"items":10,"itemHeight":100,"viewportHeight":400}"#), ["is missing the member \"columns\""])
        refused(scenario(#""collection":{"items":100000,"columns":100,"itemHeight":1,"viewportHeight":400}"#), ["shows up to", "items at once"])
        refused(scenario(#""collection":{"items":3,"sections":[{"items":3}],"columns":1,"itemHeight":100,"viewportHeight":400}"#), ["give either \"items\" or \"sections\""])
    }
}

@Suite

final class CollectionTraceCodingTests {
    let header = #"""
    {
      "format": "reuselab-trace",
      "version": 1,
      "title": "grid",
      "list": "collection",
      "columns": 2,
      "events": [
    """#

    func trace(_ bodies: [String]) -> [UInt8] {
        Array((header + "\n" + TraceText.numbered(bodies).map { "    " + $0 }.joined(separator: ",\n") + "\n  ]\n}\n").utf8)
    }

    @Test func testCollectionNamesReadAndWriteBothWaysAndFastEqualsFull() throws {
        let bodies = [
            #""kind":"init","cell":1,"identifier":"Cell""#,
            #""kind":"cellForItemAt","item":0,"cell":1"#,
            #""kind":"willDisplay","item":0,"cell":1"#,
            #""kind":"prefetchItemsAt","items":[2,3]"#,
            #""kind":"frame","frame":0,"offset":0,"cells":[{"item":0,"cell":1}]"#,
            #""kind":"cancelPrefetchingForItemsAt","items":[3]"#,
            #""kind":"didEndDisplaying","item":0,"cell":1"#,
            #""kind":"enqueue","cell":1,"identifier":"Cell""#,
            #""kind":"prepareForReuse","cell":1,"identifier":"Cell","previousItem":0"#,
            #""kind":"cellForItemAt","item":5,"cell":1"#,
            #""kind":"reloadItems","items":[5]"#,
        ]
        let read = try TraceReader.read(bytes: trace(bodies), file: "grid.trace.json")
        #expect(read.header.list == .collection(columns: 2))
        #expect(read.header.profile == .modern)
        #expect(read.events[1].body == .cellForRowAt(row: 0, cell: 1))
        #expect(read.events[3].body == .prefetchRowsAt(rows: [2, 3]))
        #expect(read.events[4].body == .frame(FrameSnapshot(frame: 0, offset: 0, cells: [VisibleCell(row: 0, cell: 1)])))
        #expect(read.events[8].body == .prepareForReuse(cell: 1, identifier: "Cell", previousRow: 0))
        // Written back in the collection view's words, byte for byte.
        let naming = read.header.rowNaming
        for (index, body) in bodies.enumerated() {
            #expect(read.events[index].jsonLine(naming: naming) == "{\"seq\":\(index),\"t\":\(index),\(body)}")
        }
        #expect(TraceWriter.headerText(read.header).contains("\"list\": \"collection\",\n  \"columns\": 2,\n"))
        #expect(!TraceWriter.headerText(read.header).contains("profile"))
    }

    @Test func testEachListRefusesTheOthersNames() {
        assertError(validationError(bytes: trace([#""kind":"init","cell":1,"identifier":"Cell""#, #""kind":"cellForRowAt","item":0,"cell":1"#])),
                    event: 1, path: "events[1].kind", contains: ["a collection view calls \"cellForItemAt\", not \"cellForRowAt\""])
        assertError(validationError(bytes: trace([#""kind":"init","cell":1,"identifier":"Cell""#, #""kind":"cellForItemAt","row":0,"cell":1"#])),
                    event: 1, contains: ["unknown member \"row\""])
        let table = TraceText(numbered: [#""kind":"prefetchItemsAt","items":[1]"#])
        assertError(validationError(table), event: 0, path: "events[0].kind",
                    contains: ["a table view calls \"prefetchRowsAt\", not \"prefetchItemsAt\""])
    }

    @Test func testAnImageRequestsCauseIsTheCollectionViewsCall() throws {
        let scenario = #""scenario":{"title":"g","collection":{"items":20,"columns":2,"itemHeight":180,"viewportHeight":736},"strategy":"async-reset","script":[{"wait":{"ms":10}}]}"#
        let text = #"{"format":"reuselab-trace","version":1,"title":"g","list":"collection","columns":2,\#(scenario),"events":[\#n"#
            + #"{"seq":0,"t":0,"kind":"imageRequest","request":1,"item":4,"image":4,"cause":"cellForItemAt","sync":false}]}"#
        let read = try TraceReader.read(bytes: Array(text.utf8), file: "g.trace.json")
        #expect(read.events[0].body == .imageRequest(request: 1, row: 4, image: 4, cause: .cellForRowAt, sync: false))
        #expect(read.events[0].jsonLine(naming: read.header.rowNaming) == #"{"seq":0,"t":0,"kind":"imageRequest","request":1,"item":4,"image":4,"cause":"cellForItemAt","sync":false}"#)
        let tableCause = text.replacingOccurrences(of: #""cause":"cellForItemAt""#, with: #""cause":"cellForRowAt""#)
        assertError(validationError(bytes: Array(tableCause.utf8)), contains: ["\"cause\" must be one of \"cellForItemAt\", \"prefetch\", \"preload\""])
    }

    @Test func testLifecycleErrorsAreToldInTheCollectionViewsWords() {
        let error = validationError(bytes: trace([#""kind":"init","cell":1,"identifier":"Cell""#, #""kind":"willDisplay","item":0,"cell":1"#]))
        assertError(error, event: 1, contains: ["willDisplay: item 0 is displayed with cell #1, which cellForItemAt never configured; an item needs its cell from cellForItemAt first"])
        #expect(ListStyle.table.reword("a row of the table view") == "a row of the table view")
        #expect(ListStyle.collection(columns: 2).reword("A row reloadRows: rows 1, the table view, a table, arrow") == "An item reloadItems: items 1, the collection view, a collection view, arrow")
    }

    @Test func testTheHeadersListIsCheckedAgainstItself() {
        func header(_ members: String) -> [UInt8] {
            Array(#"{"format":"reuselab-trace","version":1,"title":"g",\#(members),"events":[]}"#.utf8)
        }
        assertError(validationError(bytes: header(#""list":"collection""#)), contains: ["says how many \"columns\""])
        assertError(validationError(bytes: header(#""list":"collection","columns":2,"profile":"modern""#)), contains: ["a collection view has no \"profile\""])
        assertError(validationError(bytes: header(#""profile":"modern","columns":2"#)), contains: ["\"columns\" belongs to a collection view's trace"])
        assertError(validationError(bytes: header(#""list":"grid","columns":2"#)), contains: ["\"list\" must be one of"])
        assertError(validationError(bytes: header(#""list":"collection","columns":1000"#)), contains: ["columns"])
        let scenario = #""scenario":{"title":"t","table":{"rows":5,"viewportHeight":100},"script":[{"wait":{"ms":10}}]}"#
        assertError(validationError(bytes: header(#""list":"collection","columns":2,"# + scenario)), contains: ["does not match its scenario, which describes a table view"])
        #expect(throws: Never.self) { try TraceValidator.validate(bytes: header(#""list":"collection","columns":3"#), file: "g.trace.json") }
    }
}
