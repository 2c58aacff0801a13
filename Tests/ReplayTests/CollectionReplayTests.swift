import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// The hand-written grid trace (`Fixtures/grid-hand.trace.json`: 20 items in two
/// columns, a short drag) through `replay` as a user runs it, compared with
/// excerpts in Golden/: the listing, `--json`, `--picture` and `--summary`.
/// Regenerate with REUSELAB_UPDATE_GOLDEN=1 after reviewing the change.
@Suite
final class CollectionGoldenTests {
    static var trace: String { packageRoot.appendingPathComponent("Tests/ReplayTests/Fixtures/grid-hand.trace.json").path }

    func golden(_ options: [String], as name: String, shows: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = replayCommand(["replay", Self.trace] + options)
        #expect(result.status == 0, Comment(rawValue: result.err), sourceLocation: sourceLocation)
        #expect(result.err == "", sourceLocation: sourceLocation)
        try assertGolden(result.out, name, shows: shows, filter: "CollectionGoldenTests", sourceLocation: sourceLocation)
        // Text for people fits 80 columns; JSON lines are for other tools.
        for text in result.out.split(separator: "\n") where !options.contains("--json") {
            #expect(text.count <= 80, Comment(rawValue: text.description), sourceLocation: sourceLocation)
        }
    }

    @Test func testListing() throws {
        try golden(["--from", "56", "--to", "62"], as: "grid-hand-reuse.txt", shows: """
            A grid's reuse, a row of the grid at a time: the cells of row 0 of the grid
            join the pool, the next row is prefetched, and its two items reuse them
            (the most recently pooled first), prepared ahead together.
            """)
    }

    @Test func testJSON() throws {
        try golden(["--json", "--from", "32", "--to", "39"], as: "grid-hand-json.txt", shows: """
            replay --json: one object per step (seq, t, kind, frame, text, marks), in a
            collection view's words: items, cellForItemAt, rows of the grid.
            """)
    }

    @Test func testPicture() throws {
        try golden(["--from", "44", "--to", "63", "--only", "display,frames", "--picture"], as: "grid-hand-picture.txt", shows: """
            A grid's picture after the last step listed: items side by side, two to a row
            of the grid, with the cells kept aside and waiting in the pool.
            """)
    }

    @Test func testSummary() throws {
        try golden(["--summary"], as: "grid-hand-summary.txt", shows: """
            A collection view's summary: its moments and metrics in the words of items,
            cellForItemAt and rows of the grid.
            """)
    }
}

/// What a collection view's trace reads like, event kind by event kind: every
/// sentence in its words, none of the table view's, and the grid's rows named
/// where they help.
@Suite
final class CollectionAnnotationTests {
    /// Three columns, no scenario: a row of items shown, data prefetched and a
    /// prefetch cancelled, the item count read again, an item reloaded and one
    /// reconfigured, a memory warning and the screen going away.
    static let threeColumns: HandTrace = {
        var trace = HandTrace()
        trace.title = "Three columns"
        trace.columns = 3
        trace.at(0, Ev.initCell(1), Ev.cellForItemAt(0, 1), Ev.willDisplay(0, 1, item: true),
                 Ev.initCell(2), Ev.cellForItemAt(1, 2), Ev.willDisplay(1, 2, item: true),
                 Ev.initCell(3), Ev.cellForItemAt(2, 3), Ev.willDisplay(2, 3, item: true))
        trace.at(10, #""kind":"prefetchItemsAt","items":[3,4,5]"#)
        trace.at(20, #""kind":"cancelPrefetchingForItemsAt","items":[5]"#)
        trace.at(30, #""kind":"numberOfItems","items":30"#)
        trace.at(35, #""kind":"cancelPrefetchingForItemsAt","items":[3,4]"#)
        trace.at(40, #""kind":"reloadItems","items":[1]"#, Ev.initCell(4), Ev.cellForItemAt(1, 4), Ev.willDisplay(1, 4, item: true),
                 Ev.didEndDisplaying(1, 2, item: true), Ev.enqueue(2))
        trace.at(50, #""kind":"reconfigureItems","items":[0]"#, Ev.cellForItemAt(0, 1))
        trace.at(60, #""kind":"didReceiveMemoryWarning""#, #""kind":"deinit","cell":2"#)
        trace.at(70, #""kind":"viewDidDisappear""#, #""kind":"deinit","cell":1"#, #""kind":"deinit","cell":3"#, #""kind":"deinit","cell":4"#,
                 #""kind":"recordingEnded""#)
        return trace
    }()

    func annotate(_ trace: HandTrace) throws -> [Annotation] {
        try Annotator.annotate(try TraceReader.read(bytes: trace.bytes, file: "grid.trace.json"), file: "grid.trace.json")
    }

    /// No table view word in a collection view's sentence: "row" only as a row of the grid.
    func assertCollectionWords(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for word in ["cellForRowAt", "prefetchRowsAt", "cancelPrefetchingForRowsAt", "reloadRows", "reconfigureRows", "numberOfRows",
                     "scrollToRow", "table"] {
            #expect(!text.contains(word), "\"\(word)\" in: \(text)", sourceLocation: sourceLocation)
        }
        var rest = text
        for pattern in [#"a row of the grid at a time: row [0-9]+"#, #"[Rr]ows? [0-9]+(–[0-9]+)? of the grid"#, #"a row of the grid"#] {
            rest = rest.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        #expect(rest.range(of: #"\b[Rr]ows?\b"#, options: .regularExpression) == nil, "a row that is not the grid's in: \(text)", sourceLocation: sourceLocation)
    }

    @Test func testEverySentenceSpeaksOfItems() throws {
        let annotations = try annotate(Self.threeColumns)
        for annotation in annotations { assertCollectionWords(annotation.text) }
        func text(_ seq: Int) -> String { annotations[seq].text }
        #expect(text(2) == "Item 0 appears with cell #1 (willDisplay). Row 0 of the grid enters the screen: items 0–2 appear together.")
        #expect(text(5) == "Item 1 appears with cell #2 (willDisplay).", "the row was told once")
        #expect(text(9) == "Prefetch batch 1: items 3–5 (3 items, row 1 of the grid), past the bottom edge (item 2 is the last on screen). They are not needed yet; the app can start loading their data.")
        #expect(annotations[9].inferred == nil, "the table view's prefetch rules are not claimed for a collection view")
        #expect(text(10) == "The collection view cancels the prefetch of item 5: it is no longer expected soon, and the app can stop loading its data.")
        #expect(text(11) == "The collection view asks numberOfItemsInSection: now 30 items.")
        #expect(text(12).hasPrefix("The number of items changed, so the collection view cancels every prefetch still outstanding: items 3–4."), Comment(rawValue: text(12)))
        #expect(text(13) == "The app reloads item 1: if it is on screen, it gets cellForItemAt again with a dequeued cell, not its own; a cell prepared off screen for it is discarded to the pool.")
        #expect(text(15).hasSuffix("The item is being reloaded: this cell will take the place of its old one."), Comment(rawValue: text(15)))
        #expect(text(17).contains("ends displaying (didEndDisplaying): the reload replaces it, while the item itself stays on screen."), Comment(rawValue: text(17)))
        #expect(text(19).hasPrefix("The app reconfigures item 0 (reconfigureItems, iOS 15+): if the item has a cell"), Comment(rawValue: text(19)))
        #expect(text(20).hasPrefix("reconfigureItems: the data source configures item 0's own cell #1 again"), Comment(rawValue: text(20)))
        #expect(text(21) == "A memory warning: the collection view empties its reuse pools.")
        #expect(text(22).hasSuffix("Cells live as long as the collection view, not as long as an item."), Comment(rawValue: text(22)))
        #expect(text(23).contains("then the collection view is deallocated"), Comment(rawValue: text(23)))
        #expect(text(24).contains("is deallocated (deinit) with the collection view, without didEndDisplaying"), Comment(rawValue: text(24)))
        #expect(text(27) == "The recording ends; the screen has gone away with its collection view and cells.")
    }

    @Test func testTheHandWrittenGridSpeaksOfItemsAndRowsOfTheGrid() throws {
        let trace = try TraceReader.read(path: CollectionGoldenTests.trace)
        let annotations = try Annotator.annotate(trace, file: "grid-hand.trace.json")
        for annotation in annotations { assertCollectionWords(annotation.text) }
        let texts = annotations.map(\.text)
        #expect(texts[34].contains("the collection view prepares cells ahead of time, a row of the grid at a time: row 5, items 10–11."), Comment(rawValue: texts[34]))
        #expect(texts[36].contains("it is prepared with the rest of row 5 of the grid"), Comment(rawValue: texts[36]))
        #expect(texts[38] == "Item 10 appears with cell #11, prepared ahead at 100 ms. Row 5 of the grid enters the screen: items 10–11 appear together.")
        #expect(texts[45].contains("Row 0 of the grid leaves the screen: items 0–1 leave together."), Comment(rawValue: texts[45]))
        #expect(texts[56].contains("item 0 (row 0 of the grid) is no longer near the screen (items 4–13, rows 2–6 of the grid, are on screen)."), Comment(rawValue: texts[56]))
        #expect(texts[59].hasPrefix("Inside cellForItemAt for item 14, dequeueReusableCell takes cell #2, which showed item 1, from the pool and calls its prepareForReuse."), Comment(rawValue: texts[59]))
        #expect(texts[63] == "Frame 24: offset 370 pt, items 4–13 (rows 2–6 of the grid) on screen (10 cells).")
    }

    /// A reused cell whose image view nobody reset: STALE, told of items; the
    /// picture marks it in its column of the grid.
    @Test func testAStaleImageInAGrid() throws {
        var trace = HandTrace()
        trace.columns = 2
        trace.at(0, Ev.initCell(1), Ev.cellForItemAt(0, 1), Ev.willDisplay(0, 1, item: true), Ev.imageSet(1, .image(0)),
                 Ev.initCell(2), Ev.cellForItemAt(1, 2), Ev.willDisplay(1, 2, item: true), Ev.imageSet(2, .image(1)),
                 #""kind":"frame","frame":0,"offset":0,"cells":[{"item":0,"cell":1,"image":0},{"item":1,"cell":2,"image":1}]"#)
        trace.at(16, Ev.didEndDisplaying(0, 1, item: true), Ev.enqueue(1), Ev.prepareForReuse(1, previousItem: 0),
                 Ev.cellForItemAt(2, 1), Ev.willDisplay(2, 1, item: true),
                 #""kind":"frame","frame":1,"offset":100,"cells":[{"item":1,"cell":2,"image":1},{"item":2,"cell":1,"image":0}]"#)
        let annotations = try annotate(trace)
        for annotation in annotations { assertCollectionWords(annotation.text) }
        let frame = try #require(annotations.last)
        #expect(frame.marks.contains(.stale))
        #expect(frame.text.contains("STALE: cell #1 now shows item 2 but its image view still holds item 0's image (image 0) — nothing reset it in prepareForReuse."), Comment(rawValue: frame.text))
        let state = try finalState(trace)
        let picture = StatePicture.draw(state)
        // The longest form ("cell #1  image: image 0  << STALE") does not fit a column: every item takes the next.
        #expect(picture.contains("| row 0                                    item 1  #2  image 1                 |"), Comment(rawValue: picture.joined(separator: "\n")))
        #expect(picture.contains("| row 1  item 2  #1  image 0  STALE                                            |"), Comment(rawValue: picture.joined(separator: "\n")))
        #expect(picture[0].contains("collection view, 2 columns"), Comment(rawValue: picture[0]))
        let compact = CompactPicture.draw(state, width: 80)
        #expect(compact[0] == "The collection view at 16 ms · offset 100 pt · 2 cells alive")
        #expect(compact[1] == "On screen: items 1–2, rows 0–1 of the grid")
        #expect(compact[2] == "                              item 1  #2  image 1")
        #expect(compact[3] == "  item 2  #1  image 0 STALE")
        let scene = TableScene(state)
        #expect(scene.columns == 2)
        #expect(scene.rows.map(\.gridRow) == [0, 1])
        #expect(scene.rows.map(\.column) == [1, 0])
    }

    /// A grid too wide for the box puts each row of items on as many lines as it needs.
    @Test func testAWideGridWrapsItsRowsOfItems() throws {
        var trace = HandTrace()
        trace.columns = 30
        var bodies: [String] = []
        for item in 0..<30 { bodies += [Ev.initCell(item + 1), Ev.cellForItemAt(item, item + 1), Ev.willDisplay(item, item + 1, item: true)] }
        trace.at(0, bodies)
        let state = try finalState(trace)
        let picture = StatePicture.draw(state)
        #expect(picture.allSatisfy { $0.count <= 80 }, Comment(rawValue: picture.joined(separator: "\n")))
        let screen = picture.filter { $0.hasPrefix("| ") }
        #expect(screen[0].hasPrefix("| row 0  0 #1 "), Comment(rawValue: screen[0]))
        #expect(screen.count > 1, "30 items do not fit one line")
        for item in 0..<30 { #expect(screen.joined().contains(" \(item) #\(item + 1)"), "item \(item)") }
        for width in [40, 60, 80] {
            #expect(CompactPicture.draw(state, width: width).allSatisfy { $0.count <= width })
        }
    }

    func finalState(_ trace: HandTrace) throws -> ReplayState {
        let read = try TraceReader.read(bytes: trace.bytes, file: "grid.trace.json")
        var state = ReplayState(header: read.header)
        for event in read.events { try state.apply(event) }
        return state
    }

    /// Rows of the grid are counted from the top of the list, each section starting a new one.
    @Test func testRowsOfTheGridWithSections() {
        let grid = ItemGrid(naming: RowNaming(sectionRowCounts: [3, 0, 5], list: .collection(columns: 2)))
        #expect((0..<8).map(grid.row(of:)) == [0, 0, 1, 2, 2, 3, 3, 4])
        #expect((0..<8).map(grid.column(of:)) == [0, 1, 0, 0, 1, 0, 1, 0])
        let flat = ItemGrid(naming: RowNaming(sectionRowCounts: [], list: .collection(columns: 3)))
        #expect(flat.row(of: 7) == 2)
        #expect(flat.column(of: 7) == 1)
        #expect(flat.row(of: Int.max) == (Int.max / 3), "no trap at the edge")
        let words = ListWords(naming: RowNaming(sectionRowCounts: [3, 0, 5], list: .collection(columns: 2)))
        #expect(words.nameInGrid(4) == "section 2 item 1 (row 2 of the grid)")
        #expect(words.setup(profile: .modern) == "collection view, 2 columns")
        #expect(ListWords.table.grid == nil)
        #expect(ListWords.table.setup(profile: .classic) == "classic profile")
    }

    @Test func testOnlyTakesEitherName() throws {
        let collection = try EventFilter.parse("cellForItemAt,PREFETCHITEMSAT,reloadItems")
        #expect(collection.kinds == [.cellForRowAt, .prefetchRowsAt, .reloadRows])
        #expect((try EventFilter.parse("cellForRowAt,prefetchRowsAt,reloadRows")) == collection)
        if let error = #expect(throws: (any Error).self, performing: { try EventFilter.parse("cellForItem") }) {
            #expect((error as? EventFilter.UnknownName)?.suggestion == "cellForItemAt")
        }
        #expect(EventFilter.collectionKindNames.contains("cancelPrefetchingForItemsAt"))
        #expect(!EventFilter.collectionKindNames.contains("willDisplay"), "only the names that differ")
    }

    /// Through the command: --only by either name selects the same steps, on a
    /// collection trace and on a table trace alike, and names them as the trace does.
    @Test func testOnlyOnTheCommandLine() {
        let byItem = replayCommand(["replay", CollectionGoldenTests.trace, "--only", "cellForItemAt", "--json"])
        let byRow = replayCommand(["replay", CollectionGoldenTests.trace, "--only", "cellForRowAt", "--json"])
        #expect(byItem.status == 0, Comment(rawValue: byItem.err))
        #expect(byItem.out == byRow.out)
        #expect(byItem.out.split(separator: "\n").count == 16)
        #expect(byItem.out.split(separator: "\n").allSatisfy { $0.contains(#""kind":"cellForItemAt""#) }, Comment(rawValue: byItem.out))
        let table = replayCommand(["replay", bundledTrace("first-screen"), "--only", "cellForItemAt", "--to", "30"])
        #expect(table.status == 0, Comment(rawValue: table.err))
        #expect(table.out.contains("cellForRowAt"), Comment(rawValue: table.out))
        #expect(!table.out.contains("cellForItemAt"), Comment(rawValue: table.out))
        #expect(table.out == replayCommand(["replay", bundledTrace("first-screen"), "--only", "cellForRowAt", "--to", "30"]).out)
    }

    @Test func testStatsLabelsAndTitle() throws {
        let text = replayCommand(["stats", CollectionGoldenTests.trace])
        #expect(text.status == 0, Comment(rawValue: text.err))
        #expect(text.out.hasPrefix("A two-column grid, a short drag (written by hand)\n(collection view, 2 columns, strategy plain)\n"), Comment(rawValue: text.out))
        #expect(text.out.contains("  cellForItemAt calls             16\n"), Comment(rawValue: text.out))
        #expect(text.out.contains("  items gone before their image   0\n"), Comment(rawValue: text.out))
        #expect(!text.out.contains("cellForRowAt"), Comment(rawValue: text.out))
        let json = replayCommand(["stats", CollectionGoldenTests.trace, "--json"])
        #expect(json.out.contains(#""profile":null,"list":"collection","columns":2,"#), Comment(rawValue: json.out))
        #expect(json.out.contains(#""cellForRowAtCalls":16"#), Comment(rawValue: "the keys stay the same: " + json.out))
        let table = replayCommand(["stats", bundledTrace("first-screen"), "--json"])
        #expect(!(table.out.contains(#""list""#)), "a table's object is as it was")
    }

    @Test func testSharedLabels() {
        #expect(MetricEntry.sharedLabel(["cellForRowAt calls", "cellForItemAt calls", "cellForRowAt calls"]) == "cellForRowAt or cellForItemAt calls")
        #expect(MetricEntry.sharedLabel(["items gone before their image", "rows gone before their image"]) == "items or rows gone before their image")
        #expect(MetricEntry.sharedLabel(["hitches", "hitches"]) == "hitches")
        #expect(MetricEntry.sharedLabel([]) == "")
    }

    /// The stepper names kinds as the trace does and finds them by either name.
    @Test func testStepperNamesAndFindsItemKinds() throws {
        let result = try ReplayBinary.run(["replay", CollectionGoldenTests.trace, "--step"], stdin: "k cellForItemAt\nk prefetchRowsAt\np\nq\n")
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.out.contains(" 1      0 ms  cellForItemAt      The data source configures cell #1 for item 0."), Comment(rawValue: result.out))
        #expect(result.out.contains("32    100 ms  prefetchItemsAt    Prefetch batch 1"), Comment(rawValue: result.out))
        #expect(result.out.contains("| row 0  item 0  cell #1                   item 1  cell #2                     |"), Comment(rawValue: result.out))
    }
}
