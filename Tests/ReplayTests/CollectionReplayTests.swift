import ReuseLabTestSupport
import XCTest
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// The hand-written grid trace (`Fixtures/grid-hand.trace.json`: 20 items in two
/// columns, a short drag) through `replay` as a user runs it, compared with
/// excerpts in Golden/: the listing, `--json`, `--picture` and `--summary`.
/// Regenerate with REUSELAB_UPDATE_GOLDEN=1 after reviewing the change.
final class CollectionGoldenTests: XCTestCase {
    static var trace: String { packageRoot.appendingPathComponent("Tests/ReplayTests/Fixtures/grid-hand.trace.json").path }

    func golden(_ options: [String], as name: String, shows: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let result = replayCommand(["replay", Self.trace] + options)
        XCTAssertEqual(result.status, 0, result.err, file: file, line: line)
        XCTAssertEqual(result.err, "", file: file, line: line)
        try assertGolden(result.out, name, shows: shows, filter: "CollectionGoldenTests", file: file, line: line)
        // Text for people fits 80 columns; JSON lines are for other tools.
        for text in result.out.split(separator: "\n") where !options.contains("--json") {
            XCTAssertLessThanOrEqual(text.count, 80, text.description, file: file, line: line)
        }
    }

    func testListing() throws {
        try golden(["--from", "56", "--to", "62"], as: "grid-hand-reuse.txt", shows: """
            A grid's reuse, a row of the grid at a time: the cells of row 0 of the grid
            join the pool, the next row is prefetched, and its two items reuse them
            (the most recently pooled first), prepared ahead together.
            """)
    }

    func testJSON() throws {
        try golden(["--json", "--from", "32", "--to", "39"], as: "grid-hand-json.txt", shows: """
            replay --json: one object per step (seq, t, kind, frame, text, marks), in a
            collection view's words: items, cellForItemAt, rows of the grid.
            """)
    }

    func testPicture() throws {
        try golden(["--from", "44", "--to", "63", "--only", "display,frames", "--picture"], as: "grid-hand-picture.txt", shows: """
            A grid's picture after the last step listed: items side by side, two to a row
            of the grid, with the cells kept aside and waiting in the pool.
            """)
    }

    func testSummary() throws {
        try golden(["--summary"], as: "grid-hand-summary.txt", shows: """
            A collection view's summary: its moments and metrics in the words of items,
            cellForItemAt and rows of the grid.
            """)
    }
}

/// What a collection view's trace reads like, event kind by event kind: every
/// sentence in its words, none of the table view's, and the grid's rows named
/// where they help.
final class CollectionAnnotationTests: XCTestCase {
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
    func assertCollectionWords(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        for word in ["cellForRowAt", "prefetchRowsAt", "cancelPrefetchingForRowsAt", "reloadRows", "reconfigureRows", "numberOfRows",
                     "scrollToRow", "table"] {
            XCTAssertFalse(text.contains(word), "\"\(word)\" in: \(text)", file: file, line: line)
        }
        var rest = text
        for pattern in [#"a row of the grid at a time: row [0-9]+"#, #"[Rr]ows? [0-9]+(–[0-9]+)? of the grid"#, #"a row of the grid"#] {
            rest = rest.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        XCTAssertNil(rest.range(of: #"\b[Rr]ows?\b"#, options: .regularExpression), "a row that is not the grid's in: \(text)", file: file, line: line)
    }

    func testEverySentenceSpeaksOfItems() throws {
        let annotations = try annotate(Self.threeColumns)
        for annotation in annotations { assertCollectionWords(annotation.text) }
        func text(_ seq: Int) -> String { annotations[seq].text }
        XCTAssertEqual(text(2), "Item 0 appears with cell #1 (willDisplay). Row 0 of the grid enters the screen: items 0–2 appear together.")
        XCTAssertEqual(text(5), "Item 1 appears with cell #2 (willDisplay).", "the row was told once")
        XCTAssertEqual(text(9), "Prefetch batch 1: items 3–5 (3 items, row 1 of the grid), past the bottom edge (item 2 is the last on screen). They are not needed yet; the app can start loading their data.")
        XCTAssertNil(annotations[9].inferred, "the table view's prefetch rules are not claimed for a collection view")
        XCTAssertEqual(text(10), "The collection view cancels the prefetch of item 5: it is no longer expected soon, and the app can stop loading its data.")
        XCTAssertEqual(text(11), "The collection view asks numberOfItemsInSection: now 30 items.")
        XCTAssertTrue(text(12).hasPrefix("The number of items changed, so the collection view cancels every prefetch still outstanding: items 3–4."), text(12))
        XCTAssertEqual(text(13), "The app reloads item 1: if it is on screen, it gets cellForItemAt again with a dequeued cell, not its own (reconfigureItems would keep its own); a cell prepared off screen for it is discarded to the pool.")
        XCTAssertTrue(text(15).hasSuffix("The item is being reloaded: its old cell stays on screen until the new one is displayed."), text(15))
        XCTAssertTrue(text(17).contains("ends displaying (didEndDisplaying): the reload replaces it, while the item itself stays on screen."), text(17))
        XCTAssertTrue(text(19).hasPrefix("The app reconfigures item 0 (reconfigureItems, iOS 15+): if the item has a cell"), text(19))
        XCTAssertTrue(text(20).hasPrefix("reconfigureItems: the data source configures item 0's own cell #1 again"), text(20))
        XCTAssertEqual(text(21), "A memory warning: the collection view empties its reuse pools.")
        XCTAssertTrue(text(22).hasSuffix("Cells live as long as the collection view, not as long as an item."), text(22))
        XCTAssertTrue(text(23).contains("then the collection view is deallocated"), text(23))
        XCTAssertTrue(text(24).contains("is deallocated (deinit) with the collection view, without didEndDisplaying"), text(24))
        XCTAssertEqual(text(27), "The recording ends; the screen has gone away with its collection view and cells.")
    }

    func testTheHandWrittenGridSpeaksOfItemsAndRowsOfTheGrid() throws {
        let trace = try TraceReader.read(path: CollectionGoldenTests.trace)
        let annotations = try Annotator.annotate(trace, file: "grid-hand.trace.json")
        for annotation in annotations { assertCollectionWords(annotation.text) }
        let texts = annotations.map(\.text)
        XCTAssertTrue(texts[34].contains("the collection view prepares cells ahead of time, a row of the grid at a time: row 5, items 10–11."), texts[34])
        XCTAssertTrue(texts[36].contains("it is prepared with the rest of row 5 of the grid"), texts[36])
        XCTAssertEqual(texts[38], "Item 10 appears with cell #11, prepared ahead at 100 ms. Row 5 of the grid enters the screen: items 10–11 appear together.")
        XCTAssertTrue(texts[45].contains("Row 0 of the grid leaves the screen: items 0–1 leave together."), texts[45])
        XCTAssertTrue(texts[56].contains("item 0 (row 0 of the grid) is no longer near the screen (items 4–13, rows 2–6 of the grid, are on screen)."), texts[56])
        XCTAssertTrue(texts[59].hasPrefix("Inside cellForItemAt for item 14, dequeueReusableCell takes cell #2, which showed item 1, from the pool and calls its prepareForReuse."), texts[59])
        XCTAssertEqual(texts[63], "Frame 24: offset 370 pt, items 4–13 (rows 2–6 of the grid) on screen (10 cells).")
    }

    /// A reused cell whose image view nobody reset: STALE, told of items; the
    /// picture marks it in its column of the grid.
    func testAStaleImageInAGrid() throws {
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
        let frame = try XCTUnwrap(annotations.last)
        XCTAssertTrue(frame.marks.contains(.stale))
        XCTAssertTrue(frame.text.contains("STALE: cell #1 now shows item 2 but its image view still holds item 0's image (image 0) — nothing reset it in prepareForReuse."), frame.text)
        let state = try finalState(trace)
        let picture = StatePicture.draw(state)
        // The longest form ("cell #1  image: image 0  << STALE") does not fit a column: every item takes the next.
        XCTAssertTrue(picture.contains("| row 0                                    item 1  #2  image 1                 |"), picture.joined(separator: "\n"))
        XCTAssertTrue(picture.contains("| row 1  item 2  #1  image 0  STALE                                            |"), picture.joined(separator: "\n"))
        XCTAssertTrue(picture[0].contains("collection view, 2 columns"), picture[0])
        let compact = CompactPicture.draw(state, width: 80)
        XCTAssertEqual(compact[0], "The collection view at 16 ms · offset 100 pt · 2 cells alive")
        XCTAssertEqual(compact[1], "On screen: items 1–2, rows 0–1 of the grid")
        XCTAssertEqual(compact[2], "                              item 1  #2  image 1")
        XCTAssertEqual(compact[3], "  item 2  #1  image 0 STALE")
        let scene = TableScene(state)
        XCTAssertEqual(scene.columns, 2)
        XCTAssertEqual(scene.rows.map(\.gridRow), [0, 1])
        XCTAssertEqual(scene.rows.map(\.column), [1, 0])
    }

    /// A grid too wide for the box puts each row of items on as many lines as it needs.
    func testAWideGridWrapsItsRowsOfItems() throws {
        var trace = HandTrace()
        trace.columns = 30
        var bodies: [String] = []
        for item in 0..<30 { bodies += [Ev.initCell(item + 1), Ev.cellForItemAt(item, item + 1), Ev.willDisplay(item, item + 1, item: true)] }
        trace.at(0, bodies)
        let state = try finalState(trace)
        let picture = StatePicture.draw(state)
        XCTAssertTrue(picture.allSatisfy { $0.count <= 80 }, picture.joined(separator: "\n"))
        let screen = picture.filter { $0.hasPrefix("| ") }
        XCTAssertTrue(screen[0].hasPrefix("| row 0  0 #1 "), screen[0])
        XCTAssertGreaterThan(screen.count, 1, "30 items do not fit one line")
        for item in 0..<30 { XCTAssertTrue(screen.joined().contains(" \(item) #\(item + 1)"), "item \(item)") }
        for width in [40, 60, 80] {
            XCTAssertTrue(CompactPicture.draw(state, width: width).allSatisfy { $0.count <= width })
        }
    }

    func finalState(_ trace: HandTrace) throws -> ReplayState {
        let read = try TraceReader.read(bytes: trace.bytes, file: "grid.trace.json")
        var state = ReplayState(header: read.header)
        for event in read.events { try state.apply(event) }
        return state
    }

    /// Rows of the grid are counted from the top of the list, each section starting a new one.
    func testRowsOfTheGridWithSections() {
        let grid = ItemGrid(naming: RowNaming(sectionRowCounts: [3, 0, 5], list: .collection(columns: 2)))
        XCTAssertEqual((0..<8).map(grid.row(of:)), [0, 0, 1, 2, 2, 3, 3, 4])
        XCTAssertEqual((0..<8).map(grid.column(of:)), [0, 1, 0, 0, 1, 0, 1, 0])
        let flat = ItemGrid(naming: RowNaming(sectionRowCounts: [], list: .collection(columns: 3)))
        XCTAssertEqual(flat.row(of: 7), 2)
        XCTAssertEqual(flat.column(of: 7), 1)
        XCTAssertEqual(flat.row(of: Int.max), Int.max / 3, "no trap at the edge")
        let words = ListWords(naming: RowNaming(sectionRowCounts: [3, 0, 5], list: .collection(columns: 2)))
        XCTAssertEqual(words.nameInGrid(4), "section 2 item 1 (row 2 of the grid)")
        XCTAssertEqual(words.setup(profile: .modern), "collection view, 2 columns")
        XCTAssertNil(ListWords.table.grid)
        XCTAssertEqual(ListWords.table.setup(profile: .classic), "classic profile")
    }

    func testOnlyTakesEitherName() throws {
        let collection = try EventFilter.parse("cellForItemAt,PREFETCHITEMSAT,reloadItems")
        XCTAssertEqual(collection.kinds, [.cellForRowAt, .prefetchRowsAt, .reloadRows])
        XCTAssertEqual(try EventFilter.parse("cellForRowAt,prefetchRowsAt,reloadRows"), collection)
        XCTAssertThrowsError(try EventFilter.parse("cellForItem")) { error in
            XCTAssertEqual((error as? EventFilter.UnknownName)?.suggestion, "cellForItemAt")
        }
        XCTAssertTrue(EventFilter.collectionKindNames.contains("cancelPrefetchingForItemsAt"))
        XCTAssertFalse(EventFilter.collectionKindNames.contains("willDisplay"), "only the names that differ")
    }

    /// Through the command: --only by either name selects the same steps, on a
    /// collection trace and on a table trace alike, and names them as the trace does.
    func testOnlyOnTheCommandLine() {
        let byItem = replayCommand(["replay", CollectionGoldenTests.trace, "--only", "cellForItemAt", "--json"])
        let byRow = replayCommand(["replay", CollectionGoldenTests.trace, "--only", "cellForRowAt", "--json"])
        XCTAssertEqual(byItem.status, 0, byItem.err)
        XCTAssertEqual(byItem.out, byRow.out)
        XCTAssertEqual(byItem.out.split(separator: "\n").count, 16)
        XCTAssertTrue(byItem.out.split(separator: "\n").allSatisfy { $0.contains(#""kind":"cellForItemAt""#) }, byItem.out)
        let table = replayCommand(["replay", bundledTrace("first-screen"), "--only", "cellForItemAt", "--to", "30"])
        XCTAssertEqual(table.status, 0, table.err)
        XCTAssertTrue(table.out.contains("cellForRowAt"), table.out)
        XCTAssertFalse(table.out.contains("cellForItemAt"), table.out)
        XCTAssertEqual(table.out, replayCommand(["replay", bundledTrace("first-screen"), "--only", "cellForRowAt", "--to", "30"]).out)
    }

    func testStatsLabelsAndTitle() throws {
        let text = replayCommand(["stats", CollectionGoldenTests.trace])
        XCTAssertEqual(text.status, 0, text.err)
        XCTAssertTrue(text.out.hasPrefix("A two-column grid, a short drag (written by hand)\n(collection view, 2 columns, strategy plain)\n"), text.out)
        XCTAssertTrue(text.out.contains("  cellForItemAt calls             16\n"), text.out)
        XCTAssertTrue(text.out.contains("  items gone before their image   0\n"), text.out)
        XCTAssertFalse(text.out.contains("cellForRowAt"), text.out)
        let json = replayCommand(["stats", CollectionGoldenTests.trace, "--json"])
        XCTAssertTrue(json.out.contains(#""profile":null,"list":"collection","columns":2,"#), json.out)
        XCTAssertTrue(json.out.contains(#""cellForRowAtCalls":16"#), "the keys stay the same: " + json.out)
        let table = replayCommand(["stats", bundledTrace("first-screen"), "--json"])
        XCTAssertFalse(table.out.contains(#""list""#), "a table's object is as it was")
    }

    func testSharedLabels() {
        XCTAssertEqual(MetricEntry.sharedLabel(["cellForRowAt calls", "cellForItemAt calls", "cellForRowAt calls"]), "cellForRowAt or cellForItemAt calls")
        XCTAssertEqual(MetricEntry.sharedLabel(["items gone before their image", "rows gone before their image"]), "items or rows gone before their image")
        XCTAssertEqual(MetricEntry.sharedLabel(["hitches", "hitches"]), "hitches")
        XCTAssertEqual(MetricEntry.sharedLabel([]), "")
    }

    /// The stepper names kinds as the trace does and finds them by either name.
    func testStepperNamesAndFindsItemKinds() throws {
        let result = try ReplayBinary.run(["replay", CollectionGoldenTests.trace, "--step"], stdin: "k cellForItemAt\nk prefetchRowsAt\np\nq\n")
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains(" 1      0 ms  cellForItemAt      The data source configures cell #1 for item 0."), result.out)
        XCTAssertTrue(result.out.contains("32    100 ms  prefetchItemsAt    Prefetch batch 1"), result.out)
        XCTAssertTrue(result.out.contains("| row 0  item 0  cell #1                   item 1  cell #2                     |"), result.out)
    }
}
