import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseEngine

/// The prefetch rules that rest on real devices' logs and on the decompiled
/// context, each reproduced as the scenario it was seen in (docs/engine.md,
/// "Prefetching: what the logs show").
@Suite
final class PrefetchEvidenceTests {
    /// The batches a recording asks for, with the visible rows of the pass that asked
    /// (the frame that shows a pass is recorded after it) and the offset then.
    func batches(_ events: [TraceEvent], header: TraceHeader) -> [(rows: [Int], visible: ClosedRange<Int>?)] {
        var state = ReplayState(header: header)
        var found: [(rows: [Int], visible: ClosedRange<Int>?)] = []
        for event in events {
            do { try state.apply(event) } catch { Issue.record("\(event.seq): \(error.message)"); return found }
            guard case .prefetchRowsAt(let rows) = event.body else { continue }
            let shown = state.displayed.keys
            found.append((rows, shown.min().flatMap { first in shown.max().map { first...$0 } }))
        }
        return found
    }

    // MARK: (a) The backward turn at the end of a table

    /// A real 45-row table of 44 pt rows, 9 on a 396 pt screen, dragged slowly to
    /// its end: its backward batch is the ten rows just above the first row fully
    /// on screen, 35 down to 26. It comes once the last row is whole, not when the
    /// last row first touches the screen (which would give 34–25).
    @Test func testAtTheEndOfA45RowTableTheBackwardBatchIsTheTenRowsAboveTheFirstWholeRow() {
        let table = TableSpec(rows: 45, rowHeight: 44, viewportHeight: 396)
        let scenario = Scenario(title: "45 rows", profile: .modern, table: table, prefetching: true,
                                script: [.drag(by: 1700, ms: 9000)])
        let events = record(scenario)
        let found = batches(events, header: TraceHeader(title: "45 rows", profile: .modern, scenario: scenario))
        let backward = found.filter { batch in batch.visible.map { visible in batch.rows.allSatisfy { $0 < visible.lowerBound } } ?? false }
        #expect(backward.count == 1, "one backward batch at the end: \(backward.map(\.rows))")
        #expect(backward.first?.rows == Array((26...35).reversed()), "the ten rows above row 36, nearest first")
        #expect(backward.first?.visible == 36...44, "asked when rows 36–44 fill the screen exactly")
        let forward = found.filter { !backward.map(\.rows).contains($0.rows) }
        #expect(forward.first?.rows == Array(9...18), "the first batch, at the drag's start: the ten rows below the screen")
        #expect(forward.allSatisfy { $0.rows == $0.rows.sorted() && $0.rows.allSatisfy { $0 <= 44 } })
    }

    // MARK: (b) A collection view's first batch

    /// A real paged collection view (one full-screen item a page) asks
    /// `prefetchItemsAt` for one item ahead at launch; a published 2-column grid
    /// with four rows of items on screen asks for three rows of items.
    @Test func testAPagedCollectionViewAsksForOneItemAheadAtLaunch() {
        let pages = CollectionSpec(items: 20, columns: 1, itemHeight: 844, viewportHeight: 844)
        let scenario = Scenario(title: "pages", collection: pages, prefetching: true, script: [.wait(ms: 100), .drag(by: 844, ms: 500)])
        let events = record(scenario)
        let asked = events.compactMap { if case .prefetchRowsAt(let items) = $0.body { return items }; return nil }
        #expect(asked.first == [1], "one page ahead, right after the first layout")
        #expect(events.first { $0.kind == .prefetchRowsAt }?.time == .zero)
        #expect(asked.dropFirst().allSatisfy { $0.count == 1 }, "then one page per page scrolled: \(asked)")
        #expect(asked.joined().max() == 2, "a swipe to page 1 asks for page 2, never further")
    }

    @Test func testThePublishedTwoColumnGridStillAsksForThreeRowsOfItems() {
        let grid = CollectionSpec(items: 200, columns: 2, itemHeight: 180, viewportHeight: 736)
        let events = record(Scenario(title: "grid", collection: grid, prefetching: true, script: [.wait(ms: 100)]))
        #expect(events.first { $0.kind == .prefetchRowsAt }?.body == .prefetchRowsAt(rows: Array(10...15)),
                "rows of items 0–4 on screen (the last partly), then rows of items 5–7")
    }

    // MARK: Programmatic scrolling

    /// The prefetch context follows the visible rows whatever moves them: an
    /// animated `scrollToRow` from the first screen starts data prefetching as a
    /// drag does, and every row that gets a cell ahead of its display was named by
    /// `prefetchRowsAt` first.
    @Test func testAnAnimatedScrollToAsksForRowsAheadOfTheCellsItPrepares() {
        let scenario = Scenario(title: "jump", profile: .modern, table: seedScreen(), prefetching: true,
                                script: [.scrollTo(row: 50, position: .top, animated: true)])
        let events = record(scenario)
        var named: Set<Int> = []
        var shown: Set<Int> = []
        var preparedAhead = 0
        for event in events {
            switch event.body {
            case .prefetchRowsAt(let rows): named.formUnion(rows)
            case .willDisplay(let row, _): shown.insert(row)
            case .cellForRowAt(let row, _) where row > 18:
                // Configured in one pass, displayed in a later one: prepared ahead.
                let displayedNow = events.contains { $0.time == event.time && $0.body.isWillDisplay(row) }
                if !displayedNow {
                    preparedAhead += 1
                    #expect(named.contains(row), "row \(row) got its cell ahead of display before any prefetchRowsAt named it")
                }
            default: break
            }
        }
        #expect(preparedAhead > 0, "the animation prepares cells ahead")
        #expect(events.first { $0.kind == .prefetchRowsAt }?.body == .prefetchRowsAt(rows: Array(19...28)),
                "the first frame of the animation still starts at row 0: a forward batch")
        #expect(!shown.isEmpty)
    }

    /// A jump far from both ends is the context's first update in a modern table:
    /// it looks both ways, nearest first, the row below before the row above.
    @Test func testANonAnimatedJumpAsksBothWaysNearestFirst() {
        let scenario = Scenario(title: "jump", profile: .modern, table: seedScreen(), prefetching: true,
                                script: [.scrollTo(row: 40, position: .top, animated: false)])
        let events = record(scenario)
        let found = batches(events, header: TraceHeader(title: "jump", profile: .modern, scenario: scenario))
        guard let first = found.first, let visible = first.visible else { Issue.record("no batch after the jump"); return }
        #expect(visible.lowerBound == 40)
        let distances = first.rows.map { $0 > visible.upperBound ? $0 - visible.upperBound : visible.lowerBound - $0 }
        #expect(distances == distances.sorted(), "nearest first: \(first.rows)")
        #expect(first.rows.first == visible.upperBound + 1 && first.rows.dropFirst().first == visible.lowerBound - 1,
                "the row below, then the row above: \(first.rows)")
        #expect(first.rows.count == 20)
    }

    /// With `isPrefetchingEnabled` false a programmatic scroll calls the prefetch
    /// data source no more than a drag does.
    @Test func testAScrollToWithPrefetchingDisabledAsksForNothing() {
        var scenario = Scenario(title: "jump", profile: .modern, table: seedScreen(), prefetching: true,
                                script: [.scrollTo(row: 50, position: .top, animated: true)])
        scenario.isPrefetchingEnabled = false
        #expect(!(record(scenario).contains { $0.kind == .prefetchRowsAt }))
    }
}

private extension EventBody {
    func isWillDisplay(_ row: Int) -> Bool {
        if case .willDisplay(let shown, _) = self { return shown == row }
        return false
    }
}
