import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding

/// Seed 004's console log ("실행화면") comes from a real device with the iOS 15+
/// table view: 44 pt rows, rows 0–18 set up at launch, then a slow drag down.
/// These tests record the same situation with the modern profile and check that
/// the recording says what the log says.
///
/// Geometry assumed (the article does not state the device): an iPhone 12/13
/// screen, 844 pt tall with a 47 pt status bar inset, so that rows 0–18 (and no
/// more) are visible at launch. The drag is 440 pt over 3 s, slow enough that
/// every row step happens in its own frames.
///
/// Where the log is abridged: its launch part says "...(중략)" between rows 3 and
/// 18, and after `cellForRowAt: 19` it goes straight to `init` / `cellForRowAt: 21`.
/// We take the missing lines to be `willDisplay: 19`, `init`, `cellForRowAt: 20`,
/// `willDisplay: 20` — row 20 is set up exactly like row 19 — and that the log
/// leaves out the one-row `prefetchRowsAt` calls that follow the first batch (the
/// article says prefetching continues while scrolling but prints only the first).
@Suite
final class Seed004FidelityTests {
    static let scenario = Scenario(title: "seed 004", profile: .modern, table: seedScreen(), prefetching: true,
                                   script: [.drag(by: 440, ms: 3000)])
    lazy var events = record(Self.scenario)

    /// The log from the first prefetch batch to where it ends, verbatim.
    static let logAfterLaunch = """
    prefetchRowsAt: [[0, 19], [0, 20], [0, 21], [0, 22], [0, 23], [0, 24], [0, 25], [0, 26], [0, 27], [0, 28]]
    init, row:0
    cellForRowAt: 19
    init, row:0
    cellForRowAt: 21
    didEndDisplaying: 0
    willDisplay: 21
    init, row:0
    cellForRowAt: 22
    didEndDisplaying: 1
    willDisplay: 22
    prepareForReuse, row:0
    cellForRowAt: 23
    didEndDisplaying: 2
    willDisplay: 23
    prepareForReuse, row:1
    cellForRowAt: 24
    didEndDisplaying: 3
    willDisplay: 24
    prepareForReuse, row:2
    cellForRowAt: 25
    """.split(separator: "\n").map { String($0) }

    @Test func testLaunchSetsUpOnlyVisibleRowsEachThroughInitCellForRowAtWillDisplay() {
        let launch = Array(events.prefix { $0.kind != .scrollViewWillBeginDragging })
        let lifecycle = launch.filter { $0.kind.isLifecycle }
        var expected: [EventBody] = []
        for row in 0...18 {
            expected += [.initCell(cell: row + 1, identifier: "MyCell"), .cellForRowAt(row: row, cell: row + 1), .willDisplay(row: row, cell: row + 1)]
        }
        #expect(lifecycle.map(\.body) == expected, "launch: rows 0–18, each init → cellForRowAt → willDisplay, in row order")
        #expect(!(launch.contains { $0.kind == .prefetchRowsAt }), "the modern profile does not prefetch before the first drag")
    }

    @Test func testTheRecordingReadsLikeTheDeviceLog() {
        let lines = seedLogLines(events)
        // Launch: 19 rows × 3 lines, exactly as the log shows them in full for rows 0–3 and 18.
        #expect(Array(lines[0..<3]) == ["init, row:0", "cellForRowAt: 0", "willDisplay: 0"])
        #expect(Array(lines[54..<57]) == ["init, row:0", "cellForRowAt: 18", "willDisplay: 18"])
        // After launch, leaving out the later one-row prefetch batches the log does not print.
        let firstBatch = lines.firstIndex { $0.hasPrefix("prefetchRowsAt") } ?? 0
        #expect(firstBatch == 57, "the first prefetch batch follows the launch directly")
        var rest = [lines[firstBatch]] + lines[(firstBatch + 1)...].filter { !$0.hasPrefix("prefetchRowsAt") }
        // The abridged lines, as assumed above.
        #expect(Array(rest[3..<7]) == ["willDisplay: 19", "init, row:0", "cellForRowAt: 20", "willDisplay: 20"])
        rest.removeSubrange(3..<7)
        #expect(Array(rest.prefix(Self.logAfterLaunch.count)) == Self.logAfterLaunch)
    }

    @Test func testFirstPrefetchBatchIsTheTenRowsPastTheLastVisibleRowThenOneRowPerRowScrolled() {
        let batches = events.compactMap { event -> [Int]? in
            if case .prefetchRowsAt(let rows) = event.body { return rows }
            return nil
        }
        #expect(batches.first == Array(19...28))
        let later = Array(batches.dropFirst())
        #expect(!later.isEmpty)
        #expect(later.allSatisfy { $0.count == 1 }, "one row per row scrolled at this speed: \(later)")
        #expect(later.map { $0[0] } == Array(29..<(29 + later.count)), "each batch is the next row, nearest first")
        // Each one-row batch comes when a new row becomes visible.
        let dragStart = events.index(of: .scrollViewWillBeginDragging) ?? 0
        #expect(events[dragStart + 1].body == .prefetchRowsAt(rows: Array(19...28)), "the batch comes when the drag starts")
        #expect(!(events.contains { $0.kind == .cancelPrefetchingForRowsAt }), "a steady drag one way cancels nothing")
    }

    @Test func testSteadyStateStepIsPrepareForReuseCellForRowAtDidEndDisplayingWillDisplay() {
        let lifecycle = events.filter { [.initCell, .prepareForReuse, .cellForRowAt, .didEndDisplaying, .willDisplay].contains($0.kind) }
        guard let first = lifecycle.firstIndex(where: { $0.kind == .prepareForReuse }) else {
            Issue.record("no reuse at all"); return
        }
        var steps = 0
        var index = first
        while index + 3 < lifecycle.count, case .prepareForReuse(_, _, let previous) = lifecycle[index].body {
            guard case .cellForRowAt(let row, _) = lifecycle[index + 1].body else { Issue.record("expected cellForRowAt after prepareForReuse at \(index)"); return }
            #expect(previous == (row - 23), "the reused cell last showed the row 23 above")
            #expect(lifecycle[index + 2].body.kind == .didEndDisplaying)
            if case .didEndDisplaying(let leaving, _) = lifecycle[index + 2].body { #expect(leaving == (row - 21)) }
            #expect(lifecycle[index + 3].body.kind == .willDisplay)
            if case .willDisplay(let shown, _) = lifecycle[index + 3].body { #expect(shown == row) }
            steps += 1
            index += 4
        }
        #expect(steps >= 5, "the steady state holds for the rest of the drag")
    }

    @Test func testReleasedCellsComeBackInTheOrderTheyLeftTwoStepsLater() {
        var leftAt: [Int: Int] = [:]   // cell id → the entering row at whose step it left
        var enteringRow = -1
        var reuses: [(cell: Int, previousRow: Int?, step: Int)] = []
        for event in events {
            switch event.body {
            case .cellForRowAt(let row, _) where row > enteringRow: enteringRow = row
            case .didEndDisplaying(_, let cell): leftAt[cell] = enteringRow
            case .prepareForReuse(let cell, _, let previous): reuses.append((cell, previous, enteringRow + 1))
            default: break
            }
        }
        #expect(reuses.prefix(6).map(\.previousRow) == [0, 1, 2, 3, 4, 5], "row 0's cell first, then in the order they left")
        #expect(reuses.first?.cell == 1)
        for reuse in reuses.prefix(6) {
            guard let left = leftAt[reuse.cell] else { Issue.record("cell #\(reuse.cell) reused before it left"); return }
            #expect((reuse.step - left) == 2, "cell #\(reuse.cell) left at the step for row \(left) and is reused for row \(reuse.step): two steps later, not the next")
        }
    }

    @Test func testTwoMoreCellsAreCreatedThanRowsOnScreenBeforeTheFirstReuse() {
        let firstReuse = events.index(of: .prepareForReuse) ?? events.count
        let created = events[..<firstReuse].filter { $0.kind == .initCell }.count
        let mostOnScreen = events[..<firstReuse].compactMap { event -> Int? in
            if case .frame(let frame) = event.body { return frame.cells.count }
            return nil
        }.max() ?? 0
        #expect(mostOnScreen == 21)
        #expect(created == (mostOnScreen + 2))
    }

    @Test func testNoCellIsReleasedWhileScrolling() {
        #expect(!(events.contains { $0.kind == .deinitCell }))
        replay(events, header: TraceHeader(title: "seed 004", profile: .modern, scenario: Self.scenario))
    }
}
