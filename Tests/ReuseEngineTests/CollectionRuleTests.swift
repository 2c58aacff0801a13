import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseEngine
import Recorder

/// The engine's collection view rules, one per test, on a small grid: 60 items,
/// two to a row of items, 100 pt tall, on a 350 pt screen — rows of items 0–3
/// (items 0–7) at launch. (See `TableView.layOutGrid` and docs/engine.md, "Collection views".)
@Suite
final class CollectionRuleTests {
    static let grid = CollectionSpec(items: 60, columns: 2, itemHeight: 100, viewportHeight: 350)
    let geometry = TableGeometry(collection: CollectionRuleTests.grid)

    func scenario(_ script: [ScriptStep], grid: CollectionSpec = CollectionRuleTests.grid, prefetching: Bool = true,
                  isPrefetchingEnabled: Bool = true) -> Scenario {
        Scenario(title: "grid rules", collection: grid, prefetching: prefetching, isPrefetchingEnabled: isPrefetchingEnabled, script: script)
    }

    /// The recording, checked against the replay state every reader folds it through.
    func recording(_ scenario: Scenario, sourceLocation: SourceLocation = #_sourceLocation) -> [TraceEvent] {
        let events = record(scenario, sourceLocation: sourceLocation)
        replay(events, header: TraceHeader(title: scenario.title, profile: .modern, scenario: scenario), sourceLocation: sourceLocation)
        return events
    }

    func lifecycle(_ events: ArraySlice<TraceEvent>) -> [EventBody] {
        events.filter { $0.kind.isLifecycle || $0.kind == .enqueue || $0.kind == .keepAside }.map(\.body)
    }

    /// Every frame's visible items, with the replay state right after the frame.
    func framesWithState(_ scenario: Scenario, _ events: [TraceEvent], _ each: (ClosedRange<Int>, ReplayState) -> Void) {
        var state = ReplayState(header: TraceHeader(title: scenario.title, profile: .modern, scenario: scenario))
        for event in events {
            do { try state.apply(event) } catch { Issue.record("\(event.seq): \(error.message)"); return }
            guard case .frame(let snapshot) = event.body, let first = snapshot.cells.first?.row, let last = snapshot.cells.last?.row else { continue }
            each(first...last, state)
        }
    }

    // MARK: The first layout

    @Test func testTheFirstLayoutShowsWholeRowsOfItemsThenAsksForTheNextThreeRowsOfItems() {
        let events = recording(scenario([.wait(ms: 100)]))
        let shown = events.compactMap { if case .willDisplay(let item, _) = $0.body { return item }; return nil }
        #expect(shown == Array(0...7), "rows of items 0–3, left to right")
        guard let first = events.index(of: .prefetchRowsAt) else { Issue.record("no prefetchItemsAt"); return }
        #expect(events[first].body == .prefetchRowsAt(rows: Array(8...13)), "the next three rows of items (the published 2-column grid), right after the first layout")
        #expect(events[first].time == .zero)
        #expect(!(events[..<first].contains { $0.kind == .frame }), "before the first frame is committed")
        #expect(!(events.contains { $0.kind == .scrollViewWillBeginDragging }), "before any touch")
        #expect(!(events.contains { if case .cellForRowAt(let item, _) = $0.body { return item > 7 }; return false }), "no cell is prepared ahead while nothing scrolls")
    }

    // MARK: Cell prefetching

    @Test func testWhileDraggingTheWholeNextRowOfItemsGetsItsCellsBeforeItIsVisible() {
        let events = recording(scenario([.drag(by: 400, ms: 4000)]))
        guard let touch = events.index(of: .scrollViewWillBeginDragging) else { Issue.record("no drag"); return }
        #expect(lifecycle(events[(touch + 1)...].prefix(4)) == [.initCell(cell: 9, identifier: "MyCell"), .cellForRowAt(row: 8, cell: 9),
                        .initCell(cell: 10, identifier: "MyCell"), .cellForRowAt(row: 9, cell: 10)], "at touch-down, both items of the next row of items get their cells")
        // Every item that appears during the drag was configured in an earlier pass, with its row-mate.
        for (index, event) in events.enumerated() {
            guard case .willDisplay(let item, let cell) = event.body, item > 7 else { continue }
            guard let configured = events[..<index].lastIndex(where: { $0.body == .cellForRowAt(row: item, cell: cell) }) else {
                Issue.record("item \(item) displayed without a cell configured ahead"); continue
            }
            #expect(events[configured].time < event.time, "item \(item): configured in an earlier pass")
            let mate = item % 2 == 0 ? item + 1 : item - 1
            #expect(events[configured - 3...configured + 3].contains { if case .cellForRowAt(mate, _) = $0.body { return true }; return false }, "item \(item) was prepared with item \(mate), its row of items")
        }
        // A slow drag prepares one row of items ahead, never two.
        framesWithState(scenario([.drag(by: 400, ms: 4000)]), events) { visible, state in
            let lastLine = geometry.line(ofItem: visible.upperBound)
            for cell in state.cells {
                guard case .configured(let item) = cell.phase else { continue }
                #expect(geometry.line(ofItem: item) == (lastLine + 1), "item \(item) prepared while items \(visible) are on screen")
            }
        }
    }

    @Test func testScrollingFastPreparesTheNextTwoRowsOfItems() {
        #expect(CellPrefetching.rowsAhead(atSpeed: 0) == 1)
        #expect(CellPrefetching.rowsAhead(atSpeed: 1_000) == 1)
        #expect(CellPrefetching.rowsAhead(atSpeed: 1_001) == 2)
        let flung = scenario([.fling(velocity: 4000, deceleration: DecelerationRate.normal)])
        let events = recording(flung)
        var twoAhead = 0
        framesWithState(flung, events) { visible, state in
            let lastLine = geometry.line(ofItem: visible.upperBound)
            let preparedLines = Set(state.cells.compactMap { cell -> Int? in
                if case .configured(let item) = cell.phase { return geometry.line(ofItem: item) }
                return nil
            })
            #expect(preparedLines.isSubset(of: [lastLine + 1, lastLine + 2]), "prepared \(preparedLines) while items \(visible) are on screen")
            if preparedLines.contains(lastLine + 2) { twoAhead += 1 }
        }
        #expect(twoAhead > 3, "while faster than 1,000 pt/s two rows of items are ready ahead")
    }

    @Test func testADirectionChangeDropsTheCellsPreparedAheadWithoutDidEndDisplaying() {
        let downAndUp = scenario([.drag(by: 300, ms: 3000), .wait(ms: 300), .drag(by: -300, ms: 3000)])
        let events = recording(downAndUp)
        guard let reverse = events.lastIndex(where: { $0.kind == .scrollViewWillBeginDragging }) else { Issue.record("no second drag"); return }
        var state = ReplayState(header: TraceHeader(title: "grid rules", profile: .modern, scenario: downAndUp))
        for event in events[..<reverse] { try? state.apply(event) }
        let candidates = state.cells.compactMap { cell -> (id: Int, item: Int)? in
            if case .configured(let item) = cell.phase { return (cell.id, item) }
            return nil
        }.sorted { $0.item < $1.item }
        #expect(candidates.map(\.item) == [14, 15], "the row of items below the screen (items 6–13 at offset 300) was prepared")
        #expect(lifecycle(events[(reverse + 1)...].prefix(2)) == candidates.map { .enqueue(cell: $0.id, identifier: "MyCell") }, "at touch-down going up, both go to the reuse pool")
        for candidate in candidates {
            #expect(!(events.contains { $0.body == .didEndDisplaying(row: candidate.item, cell: candidate.id) }), "a candidate was never displayed: no didEndDisplaying")
        }
    }

    @Test func testWithPrefetchingDisabledNoCellIsPreparedAndNoPrefetchIsSent() {
        let events = recording(scenario([.drag(by: 300, ms: 2000)], isPrefetchingEnabled: false))
        #expect(!(events.contains { $0.kind == .prefetchRowsAt || $0.kind == .cancelPrefetchingForRowsAt }))
        for (index, event) in events.enumerated() {
            guard case .cellForRowAt(let item, let cell) = event.body else { continue }
            #expect(events[index + 1].body == .willDisplay(row: item, cell: cell), "item \(item) is configured in the pass that shows it")
        }
    }

    // MARK: Kept cells

    @Test func testACellThatScrolledOffIsKeptWhileItsRowOfItemsIsWithinOneRowOfItemsOfTheScreen() {
        let events = recording(scenario([.drag(by: 250, ms: 2500)]))
        // Row of items 0 leaves at offset 100: kept aside; it goes to the pool when row of items 1 leaves, at 200.
        guard let kept = events.firstIndex(where: { $0.kind == .keepAside }),
              let pooled = events.firstIndex(where: { if case .enqueue = $0.body { return true }; return false }) else { Issue.record("nothing kept or pooled"); return }
        #expect(lifecycle(events[kept - 1...kept + 2]) == [.didEndDisplaying(row: 0, cell: 1), .keepAside(cell: 1, row: 0), .didEndDisplaying(row: 1, cell: 2), .keepAside(cell: 2, row: 1)])
        #expect(lifecycle(events[pooled - 4...pooled + 1]) == [.didEndDisplaying(row: 2, cell: 3), .keepAside(cell: 3, row: 2), .didEndDisplaying(row: 3, cell: 4), .keepAside(cell: 4, row: 3),
                        .enqueue(cell: 1, identifier: "MyCell"), .enqueue(cell: 2, identifier: "MyCell")], "row of items 0's cells join the pool when the screen has moved one more row of items")
    }

    @Test func testCellsAreHeldOnlyNearTheScreenOnAFling() {
        let long = CollectionSpec(items: 400, columns: 2, itemHeight: 100, viewportHeight: 350)
        let geometry = TableGeometry(collection: long)
        let flung = scenario([.fling(velocity: 8000, deceleration: DecelerationRate.normal)], grid: long)
        var checked = 0
        framesWithState(flung, recording(flung)) { visible, state in
            let lines = geometry.line(ofItem: visible.lowerBound)...geometry.line(ofItem: visible.upperBound)
            for cell in state.cells {
                switch cell.phase {
                case .keptAside(let item):
                    #expect((lines.lowerBound - 1)...(lines.upperBound + 1) ~= geometry.line(ofItem: item), "item \(item) kept while \(visible) show")
                case .configured(let item):
                    #expect((lines.upperBound + 1)...(lines.upperBound + 2) ~= geometry.line(ofItem: item), "item \(item) prepared while \(visible) show")
                default: break
                }
            }
            checked += 1
        }
        #expect(checked > 30)
    }

    @Test func testScrollingBackAKeptCellIsDisplayedAgainWithoutCellForItemAt() {
        let events = recording(scenario([.drag(by: 150, ms: 1500), .drag(by: -150, ms: 1500)]))
        guard let reverse = events.lastIndex(where: { $0.kind == .scrollViewWillBeginDragging }) else { Issue.record("no second drag"); return }
        let back = lifecycle(events[reverse...])
        #expect(back.contains(.willDisplay(row: 0, cell: 1)))
        #expect(back.contains(.willDisplay(row: 1, cell: 2)))
        #expect(!(back.contains { if case .cellForRowAt(let item, _) = $0 { return item < 2 }; return false }), "the kept cells come back as they were")
    }

    // MARK: Data prefetching

    @Test func testDataPrefetchingAsksForWholeRowsOfItemsAndForMoreItemsPerCallWhenFaster() {
        func batches(_ script: [ScriptStep]) -> [[Int]] {
            recording(scenario(script, grid: CollectionSpec(items: 400, columns: 2, itemHeight: 100, viewportHeight: 350))).compactMap {
                if case .prefetchRowsAt(let items) = $0.body { return items }
                return nil
            }
        }
        let slow = batches([.drag(by: 1000, ms: 5000)])
        #expect(slow.first == Array(8...13))
        #expect(Set(slow.dropFirst().map(\.count)) == [2], "then one row of items per row of items scrolled")
        for batch in slow { #expect(batch.first.map { $0 % 2 } == 0, "\(batch) starts a row of items") }
        let fast = batches([.fling(velocity: 12_000, deceleration: DecelerationRate.normal)])
        #expect(fast.dropFirst().contains { $0.count >= 4 }, "a frame that moves two rows of items asks for both at once: \(fast)")
    }

    // MARK: Reloading

    @Test func testReloadItemsReplacesTheItemsCell() {
        let events = recording(scenario([.wait(ms: 100), .reloadRows([3])]))
        guard let reload = events.index(of: .reloadRows) else { Issue.record("no reloadItems"); return }
        #expect(lifecycle(events[(reload + 1)...]) == [.initCell(cell: 9, identifier: "MyCell"), .cellForRowAt(row: 3, cell: 9), .willDisplay(row: 3, cell: 9),
                        .didEndDisplaying(row: 3, cell: 4), .enqueue(cell: 4, identifier: "MyCell")], "a new cell for item 3, displayed before its old cell ends displaying and joins the pool")
    }

    @Test func testReconfigureItemsConfiguresTheItemsOwnCellsOnScreenOrPreparedWithoutPrepareForReuse() {
        let events = recording(scenario([.drag(by: 20, ms: 300), .reconfigureRows([3, 8, 40])]))
        guard let reconfigure = events.index(of: .reconfigureRows) else { Issue.record("no reconfigureItems"); return }
        #expect(lifecycle(events[(reconfigure + 1)...]) == [.cellForRowAt(row: 3, cell: 4), .cellForRowAt(row: 8, cell: 9)], "item 3's cell on screen and item 8's prepared cell, configured again: no init, no prepareForReuse, no willDisplay; item 40 has no cell")
    }

    @Test func testReloadDataOnAGridConfiguresEveryVisibleItemAgainWithPooledCells() {
        let events = recording(scenario([.wait(ms: 100), .reloadData]))
        guard let reload = events.index(of: .reloadData) else { Issue.record("no reloadData"); return }
        let after = lifecycle(events[(reload + 1)...])
        #expect(after.filter { if case .didEndDisplaying = $0 { return true }; return false }.count == 8)
        #expect(after.filter { if case .prepareForReuse = $0 { return true }; return false }.count == 8)
        #expect(!(after.contains { if case .initCell = $0 { return true }; return false }))
    }

    // MARK: Memory and teardown

    @Test func testAMemoryWarningAndTeardownWorkAsForATable() {
        let events = recording(scenario([.drag(by: 400, ms: 2000), .wait(ms: 100), .memoryWarning, .disappear]))
        guard let warning = events.index(of: .didReceiveMemoryWarning), let gone = events.index(of: .viewDidDisappear) else { Issue.record("failed"); return }
        let released = events[warning..<gone].filter { $0.kind == .deinitCell }.count
        #expect(released > 0, "the pool's cells are deallocated")
        let created = events.filter { $0.kind == .initCell }.count
        #expect(events[gone...].filter { $0.kind == .deinitCell }.count == (created - released), "every other cell goes with the collection view")
        #expect(!(events[gone...].contains { $0.kind == .didEndDisplaying }))
    }

    // MARK: The trace

    @Test func testAGridRecordingIsWrittenInTheCollectionViewsWordsAndRepeatsByteForByte() throws {
        let grid = scenario([.drag(by: 300, ms: 1000), .reloadRows([9]), .reconfigureRows([10]), .scrollTo(row: 30, position: .top, animated: false)])
        let text = try Recorder.recordText(grid)
        #expect(text == (try Recorder.recordText(grid)), "the same scenario gives the same bytes")
        for name in ["\"list\": \"collection\"", "\"columns\": 2", "\"cellForItemAt\"", "\"prefetchItemsAt\"", "\"reloadItems\"", "\"reconfigureItems\"", "\"scrollToItem\"", "\"item\":"] {
            #expect(text.contains(name), Comment(rawValue: name))
        }
        for name in ["\"cellForRowAt\"", "\"prefetchRowsAt\"", "\"row\":", "\"profile\""] {
            #expect(!text.contains(name), Comment(rawValue: name))
        }
        let readBack = try TraceReader.read(bytes: Array(text.utf8), file: "grid")
        #expect(readBack.header.list == .collection(columns: 2))
        #expect(TraceWriter.text(readBack) == text)
    }
}
