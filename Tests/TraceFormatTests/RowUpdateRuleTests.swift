import Testing
import TraceModel
import TraceCoding

/// Row updates (issue 37): how `RowUpdate` renumbers rows, what UIKit refuses,
/// and what `ReplayState.apply` demands of the events around an update.
@Suite
struct RowUpdateRuleTests {
    /// A header that says the table has `rows` rows, as a recorded one does.
    static func header(rows: Int = 20) -> TraceHeader {
        TraceHeader(title: "t", profile: .modern, source: ImportSource(log: "l", lines: 1, recognised: 1, skipped: 0, syntheticTimes: false, rows: rows))
    }

    /// Folds `bodies`; the first violation's message, if any, and the state.
    static func fold(_ bodies: [EventBody], rows: Int = 20) -> (violation: String?, state: ReplayState) {
        var state = ReplayState(header: header(rows: rows))
        for (index, body) in bodies.enumerated() {
            do { try state.apply(TraceEvent(seq: index, time: .zero, body: body)) } catch { return (error.message, state) }
        }
        return (nil, state)
    }

    /// Rows 0–3 on screen with cells 1–4.
    static let screen: [EventBody] = (0..<4).flatMap { row -> [EventBody] in
        [.initCell(cell: row + 1, identifier: "C"), .cellForRowAt(row: row, cell: row + 1), .willDisplay(row: row, cell: row + 1)]
    }

    @Test func testDeletesAreNumberedBeforeAndInsertsAfter() {
        let update = RowUpdate(deleted: [1], inserted: [0], moved: [RowMove(from: 4, to: 2)])
        // 0 1 2 3 4 5 → delete 1, move 4 to 2, insert at 0: new, 0, 4, 2, 3, 5.
        #expect(update.newRows(rowCount: 6) == [1, nil, 3, 4, 2, 5])
        var items = RowItems(rowCount: 6)
        items.apply(update)
        #expect((0..<6).map(items.item(atRow:)) == [6, 0, 4, 2, 3, 5])
        #expect(items.row(ofItem: 1) == nil)
        #expect(items.row(ofItem: 4) == 2)
    }

    @Test func testWhatUIKitRefusesIsRefused() {
        #expect(RowUpdate(deleted: [6]).refusal(rowCount: 6) == "attempt to delete row 6 from section 0, which has only 6 rows before the update")
        #expect(RowUpdate(inserted: [7]).refusal(rowCount: 6) == "attempt to insert row 7 into section 0, which has only 7 rows after the update")
        #expect(RowUpdate(deleted: [2], moved: [RowMove(from: 2, to: 0)]).refusal(rowCount: 6)?.hasPrefix("attempt to perform a delete and a move from the same index path") == true)
        #expect(RowUpdate(inserted: [0], moved: [RowMove(from: 3, to: 0)]).refusal(rowCount: 6)?.hasPrefix("attempt to perform an insert and a move to the same index path") == true)
        #expect(RowUpdate(deleted: [1], reloaded: [1]).refusal(rowCount: 6)?.hasPrefix("attempt to delete and reload the same index path") == true)
        #expect(RowUpdate(deleted: [1]).countMismatch(before: 6, reported: 6)?.hasPrefix("Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (6) must be equal to the number of rows contained in that section before the update (6), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted)") == true)
        #expect(RowUpdate(deleted: [1]).countMismatch(before: 6, reported: 5) == nil)
    }

    @Test func testRowsThatStayKeepTheirCellsRenumbered() {
        let (violation, state) = Self.fold(Self.screen + [.deleteRows(rows: [1]), .numberOfRows(rows: 19)])
        #expect(violation == nil)
        #expect(state.cell(3)?.phase == .displayed(row: 1))
        #expect(state.cell(4)?.phase == .displayed(row: 2))
        #expect(state.departing == [2: 1])
    }

    @Test func testARemovedRowsCellEndsDisplayingWithItsOldIndexPath() {
        let deleted = Self.screen + [.deleteRows(rows: [1]), .numberOfRows(rows: 19)]
        #expect(Self.fold(deleted + [.didEndDisplaying(row: 1, cell: 2), .enqueue(cell: 2, identifier: "C")]).violation == nil)
        #expect(Self.fold(deleted + [.didEndDisplaying(row: 0, cell: 2)]).violation?.hasPrefix("didEndDisplaying of cell #2 in row 0, but the cell showed row 1 before the update removed it") == true)
        let frame = EventBody.frame(FrameSnapshot(frame: 1, offset: 0, cells: [VisibleCell(row: 0, cell: 1), VisibleCell(row: 1, cell: 3), VisibleCell(row: 2, cell: 4)]))
        #expect(Self.fold(deleted + [frame]).violation == "frame 1 comes while cell #2 still shows row 1, which an update removed; the cell must end displaying first")
        #expect(Self.fold(deleted + [.didEndDisplaying(row: 1, cell: 2), frame]).violation == nil)
    }

    @Test func testTheDataSourceMustReportTheCountTheUpdateLeaves() {
        #expect(Self.fold(Self.screen + [.insertRows(rows: [0]), .numberOfRows(rows: 20)]).violation?.hasPrefix("the data source reports 20 rows after the update, but the update leaves 21") == true)
        #expect(Self.fold(Self.screen + [.insertRows(rows: [0]), .numberOfRows(rows: 21)]).violation == nil)
    }

    @Test func testAnUpdateUIKitRefusesIsAViolation() {
        #expect(Self.fold(Self.screen + [.deleteRows(rows: [20])]).violation == "the update cannot happen: UIKit raises NSInternalInconsistencyException: attempt to delete row 20 from section 0, which has only 20 rows before the update")
        #expect(Self.fold(Self.screen + [.moveRow(row: 0, toRow: 20)]).violation?.contains("attempt to move row 0 to row 20, but section 0 has only 20 rows after the update") == true)
    }

    @Test func testABatchAppliesItsCallsTogetherAtItsEnd() {
        // Inside the batch the insert is numbered after the delete: row 0 is new, old row 0 stays row 1.
        let batch: [EventBody] = [.performBatchUpdates, .deleteRows(rows: [1]), .insertRows(rows: [0]), .endUpdates, .numberOfRows(rows: 20)]
        let (violation, state) = Self.fold(Self.screen + batch)
        #expect(violation == nil)
        #expect(state.cell(1)?.phase == .displayed(row: 1))
        #expect(state.cell(3)?.phase == .displayed(row: 2))
        #expect(state.rowItems.item(atRow: 0) == 20)
        #expect(Self.fold(Self.screen + [.endUpdates]).violation == "endUpdates without a performBatchUpdates before it")
        #expect(Self.fold(Self.screen + [.performBatchUpdates, .performBatchUpdates]).violation?.hasPrefix("performBatchUpdates inside another batch's block") == true)
        let frame = EventBody.frame(FrameSnapshot(frame: 1, offset: 0, cells: []))
        #expect(Self.fold(Self.screen + [.performBatchUpdates, frame]).violation?.hasPrefix("frame 1 comes inside a performBatchUpdates block") == true)
    }

    @Test func testAReloadInsideABatchReplacesTheRowsCell() {
        let (violation, state) = Self.fold(Self.screen + [.performBatchUpdates, .reloadRows(rows: [2]), .endUpdates, .numberOfRows(rows: 20),
                                                           .initCell(cell: 5, identifier: "C"), .cellForRowAt(row: 2, cell: 5), .willDisplay(row: 2, cell: 5),
                                                           .didEndDisplaying(row: 2, cell: 3)])
        #expect(violation == nil)
        #expect(state.cell(3)?.phase == .offscreen(row: 2))
        #expect(state.rowItems.item(atRow: 2) == 2)
    }

    /// Measured and per-row heights are kept by row: a self-sizing table's rows are not updated.
    @Test func testRowsOfTheirOwnHeightsAreNotUpdated() throws {
        let scenario = try decodeScenario(#"{"title": "t", "table": {"rows": 20, "viewportHeight": 400, "selfSizing": {"estimatedRowHeight": 44, "heights": [80]}}, "script": [{"wait": {"ms": 10}}]}"#)
        var state = ReplayState(header: TraceHeader(title: "t", profile: .modern, scenario: scenario))
        do {
            try state.apply(TraceEvent(seq: 0, time: .zero, body: .deleteRows(rows: [0])))
            Issue.record("a self-sizing table's rows were updated")
        } catch {
            #expect(error.message.hasPrefix("rows are updated, but the scenario gives its rows heights of their own"), Comment(rawValue: error.message))
        }
    }

    @Test func testAnUpdateNeedsToKnowHowManyRowsThereAre() {
        var state = ReplayState(header: TraceHeader(title: "t", profile: .modern))
        #expect(throws: LifecycleViolation.self) { try state.apply(TraceEvent(seq: 0, time: .zero, body: .deleteRows(rows: [0]))) }
    }

    @Test func testAnswersByAnOldIndexPathLandInAnotherItemsRow() {
        // Row 3 asks for its image; row 1 is deleted; the answer is set into the cell now in row 3 (item 4).
        let events: [EventBody] = Self.screen + [
            .imageRequest(request: 1, row: 3, image: 3, cause: .cellForRowAt, sync: false),
            .deleteRows(rows: [1]), .numberOfRows(rows: 19), .didEndDisplaying(row: 1, cell: 2),
            .initCell(cell: 5, identifier: "C"), .cellForRowAt(row: 3, cell: 5), .willDisplay(row: 3, cell: 5),
        ]
        let (violation, state) = Self.fold(events)
        #expect(violation == nil)
        #expect(state.expectedImage(forRow: 3) == 4)
        #expect(state.landsInAnotherItemsRow(image: 3, row: 3))
        #expect(!state.landsInAnotherItemsRow(image: 3, row: 2))
    }
}
