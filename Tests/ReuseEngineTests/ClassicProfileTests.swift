import XCTest
import TraceFormat

/// The classic profile (table views built before the iOS 15 SDK), as DESIGN.md
/// describes it: no cell prepared ahead; for each entering row `cellForRowAt N →
/// willDisplay N`, then the prefetch call, then `didEndDisplaying` for the leaving
/// row, whose cell joins the pool at once and is reused by the very next entering row.
final class ClassicProfileTests: XCTestCase {
    // 301 pt over 3 s: no frame lands exactly on a multiple of 44 pt, so each row
    // leaves in the same pass as the next one enters. (A frame landing exactly on a
    // boundary releases a cell one frame early; then two cells wait in the pool and
    // the most recently returned goes first.)
    static let scenario = Scenario(title: "classic", profile: .classic, table: exactScreen(), prefetching: true,
                                   script: [.drag(by: 301, ms: 3000)])
    lazy var events = record(Self.scenario)

    func testFirstPrefetchBatchArrivesRightAfterTheFirstLayoutBeforeAnyTouch() {
        let touch = events.index(of: .scrollViewWillBeginDragging) ?? events.count
        let launch = events[..<touch].filter { $0.kind.isLifecycle }
        XCTAssertEqual(launch.count, 19 * 3 + 1)
        XCTAssertEqual(launch.last?.body, .prefetchRowsAt(rows: Array(19...28)))
        for row in 0...18 {
            XCTAssertEqual(launch[row * 3].body, .initCell(cell: row + 1, identifier: "MyCell"))
            XCTAssertEqual(launch[row * 3 + 1].body, .cellForRowAt(row: row, cell: row + 1))
            XCTAssertEqual(launch[row * 3 + 2].body, .willDisplay(row: row, cell: row + 1))
        }
    }

    func testEachEnteringRowIsConfiguredAndDisplayedBeforeThePrefetchAndTheLeavingRow() {
        // Every cellForRowAt is followed at once by willDisplay of the same row and cell: nothing is prepared ahead.
        for (index, event) in events.enumerated() {
            guard case .cellForRowAt(let row, let cell) = event.body else { continue }
            XCTAssertEqual(events[index + 1].body, .willDisplay(row: row, cell: cell), "event \(index)")
        }
        // In a pass where row 20 enters and row 0 leaves: cellForRowAt 20 → willDisplay 20 → prefetch → didEndDisplaying 0.
        let lines = seedLogLines(events)
        guard let enter = lines.firstIndex(of: "cellForRowAt: 20") else { return XCTFail("row 20 never entered") }
        XCTAssertEqual(Array(lines[enter...(enter + 3)]), ["cellForRowAt: 20", "willDisplay: 20", "prefetchRowsAt: [[0, 30]]", "didEndDisplaying: 0"])
        XCTAssertEqual(lines[enter - 1], "init, row:0", "row 20 got a new cell: row 0's cell was released later in the same pass")
    }

    func testLeavingCellJoinsThePoolAtOnceAndTheVeryNextEnteringRowReusesIt() {
        var checked = 0
        for (index, event) in events.enumerated() {
            guard case .didEndDisplaying(_, let cell) = event.body else { continue }
            XCTAssertEqual(events[index + 1].body, .enqueue(cell: cell, identifier: "MyCell"), "pooled at once, never kept aside")
            if let next = events[(index + 1)...].first(where: { $0.kind == .prepareForReuse || $0.kind == .initCell }) {
                XCTAssertEqual(next.body.kind, .prepareForReuse)
                if case .prepareForReuse(let reused, _, _) = next.body { XCTAssertEqual(reused, cell) }
                checked += 1
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 5)
        XCTAssertFalse(events.contains { $0.kind == .keepAside })
    }

    func testOneMoreCellThanTheRowsOnScreen() {
        let created = events.filter { $0.kind == .initCell }.count
        let mostOnScreen = events.compactMap { event -> Int? in
            if case .frame(let frame) = event.body { return frame.cells.count }
            return nil
        }.max() ?? 0
        XCTAssertEqual(mostOnScreen, 20)
        XCTAssertEqual(created, mostOnScreen + 1)
        replay(events, header: TraceHeader(title: "classic", profile: .classic, scenario: Self.scenario))
    }
}
