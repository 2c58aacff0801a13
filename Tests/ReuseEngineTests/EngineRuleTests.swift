import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseEngine

/// One test per rule of the engine (docs/engine.md).
@Suite
final class GeometryTests {
    @Test func testVisibleRowsAreThoseIntersectingTheViewport() {
        let geometry = TableGeometry(exactScreen())
        #expect(geometry.visibleRows(at: 0) == 0...18, "836 pt shows exactly 19 rows of 44 pt")
        #expect(geometry.visibleRows(at: 1) == 0...19, "a point of scroll brings row 19 in while row 0 is still there")
        #expect(geometry.visibleRows(at: 44) == 1...19, "row 0's bottom edge at the top edge is no longer visible")
    }

    @Test func testContentInsetPutsLaunchOffsetAboveRowZero() {
        let geometry = TableGeometry(seedScreen())
        #expect(geometry.minimumOffset == -47)
        #expect(geometry.visibleRows(at: -47) == 0...18, "rows 0–18 under a 47 pt status bar on an 844 pt screen")
        #expect(geometry.maximumOffset == (100 * 44 + 34 - 844))
        #expect(geometry.clamp(99_999) == geometry.maximumOffset)
    }

    @Test func testPerRowHeights() {
        let geometry = TableGeometry(TableSpec(rows: 4, rowHeights: [100, 10, 10, 500], viewportHeight: 120))
        #expect(geometry.visibleRows(at: 0) == 0...2)
        #expect(geometry.visibleRows(at: 115) == 2...3)
        #expect(geometry.maximumOffset == 500, "620 pt of content in a 120 pt viewport")
        #expect(geometry.offset(toShow: 3, at: .top) == 120)
    }

    @Test func testScrollToPositions() {
        let geometry = TableGeometry(exactScreen())
        #expect(geometry.offset(toShow: 50, at: .top) == 2200)
        #expect(geometry.offset(toShow: 50, at: .bottom) == (2244 - 836))
        #expect(geometry.offset(toShow: 50, at: .middle) == (2222 - 418))
        #expect(geometry.offset(toShow: 99, at: .top) == geometry.maximumOffset, "clamped at the end of the content")
    }
}

@Suite

final class ReusePoolTests {
    @Test func testPoolsArePerIdentifierAndHandOutTheMostRecentlyReturnedCellFirst() {
        var pool = ReusePool()
        let a = TableViewCell(id: 1, reuseIdentifier: "Text")
        let b = TableViewCell(id: 2, reuseIdentifier: "Text")
        let c = TableViewCell(id: 3, reuseIdentifier: "Loading")
        pool.enqueue(a)
        pool.enqueue(b)
        pool.enqueue(c)
        #expect(pool.count(for: "Text") == 2)
        #expect(pool.dequeue(identifier: "Text") === b)
        #expect(pool.dequeue(identifier: "Loading") === c)
        #expect(pool.dequeue(identifier: "Loading") == nil)
        #expect(pool.dequeue(identifier: "Text") === a)
    }
}

@Suite

final class ScrollMotionTests {
    @Test func testFlingDeceleratesAtTheNormalRateAndComesToRest() {
        var motion = ScrollMotion.Deceleration(offset: 0, velocity: 2500, rate: DecelerationRate.normal)
        _ = motion.advance(to: 100_000, within: -1e9...1e9)
        #expect(motion.isResting)
        // The total distance of v₀·r^t is v₀/1000 / (1 − r) per ms step ≈ 1250 pt, less the tail below resting speed.
        #expect(abs(motion.offset - 1245) <= 6)
    }

    @Test func testFlingStopsAtTheEdgeOfTheContent() {
        var motion = ScrollMotion.Deceleration(offset: 0, velocity: 10_000, rate: DecelerationRate.normal)
        let stopped = motion.advance(to: 10_000, within: 0...300)
        #expect(stopped)
        #expect(motion.offset == 300)
    }

    @Test func testDragMovesAtSteadySpeed() {
        #expect(ScrollMotion.dragOffset(start: -47, distance: 440, elapsed: .milliseconds(1500), duration: .milliseconds(3000)) == 173)
        #expect(ScrollMotion.dragOffset(start: 0, distance: 100, elapsed: .milliseconds(4000), duration: .milliseconds(3000)) == 100)
    }

    @Test func testFramesAreSixtyOrOneHundredTwentyPerSecondOnTheVirtualClock() {
        let sixty = FrameClock(fps: 60)
        #expect(sixty.time(ofFrame: 1).microseconds == 16_666)
        #expect(sixty.time(ofFrame: 60).microseconds == 1_000_000)
        #expect(FrameClock(fps: 120).time(ofFrame: 120).microseconds == 1_000_000)
    }
}

/// Whole-table rules, from recordings.
@Suite
final class TableViewRuleTests {
    func scenario(_ script: [ScriptStep], profile: TableProfile = .modern, prefetching: Bool = true, fps: Int = 60) -> Scenario {
        Scenario(title: "rule", profile: profile, table: seedScreen(), prefetching: prefetching, fps: fps, script: script)
    }

    @Test func testOnlyVisibleRowsGetCellForRowAt() {
        let events = record(scenario([.wait(ms: 500)]))
        let rows = events.compactMap { event -> Int? in
            if case .cellForRowAt(let row, _) = event.body { return row }
            return nil
        }
        #expect(rows == Array(0...18))
    }

    @Test func testWithoutAPrefetchDataSourceThereIsNoPrefetching() {
        let events = record(scenario([.drag(by: 400, ms: 2000)], prefetching: false))
        #expect(!(events.contains { $0.kind == .prefetchRowsAt || $0.kind == .cancelPrefetchingForRowsAt }))
    }

    @Test func testModernPreparesTheNextRowWhenTheDragStarts() {
        let events = record(scenario([.drag(by: 100, ms: 1000)]))
        let start = events.index(of: .scrollViewWillBeginDragging) ?? 0
        #expect(Array(events[(start + 1)...(start + 3)]).map(\.body) == [.prefetchRowsAt(rows: Array(19...28)), .initCell(cell: 20, identifier: "MyCell"), .cellForRowAt(row: 19, cell: 20)])
        #expect(events[start + 3].time == events[start].time, "prepared at touch-down, before the content moves")
    }

    @Test func testScrollingBackShowsTheKeptAsideCellWithoutCellForRowAt() {
        let events = record(scenario([.drag(by: 150, ms: 1500), .drag(by: -150, ms: 1500)]))
        let reverse = events.lastIndex { $0.kind == .scrollViewWillBeginDragging } ?? 0
        guard let kept = events[..<reverse].last(where: { $0.kind == .keepAside }), case .keepAside(let cell, let row) = kept.body else {
            Issue.record("nothing was kept aside"); return
        }
        guard let again = events[reverse...].firstIndex(where: { $0.body == .willDisplay(row: row, cell: cell) }) else {
            Issue.record("row \(row) did not come back with cell #\(cell)"); return
        }
        #expect(!(events[reverse..<again].contains { $0.body == .cellForRowAt(row: row, cell: cell) }), "no cellForRowAt")
        #expect(!(events[reverse..<again].contains { $0.kind == .prepareForReuse && $0.body == .prepareForReuse(cell: cell, identifier: "MyCell", previousRow: row) }))
        #expect(!(events.contains { $0.kind == .cancelPrefetchingForRowsAt }), "a small reversal cancels nothing: the rows below are still within 15 rows")
    }

    @Test func testAPreparedCellThatIsNeverDisplayedGoesBackToThePoolOnceItsRowIsMoreThanOneRowAway() {
        let events = record(scenario([.drag(by: 100, ms: 1000), .drag(by: -300, ms: 1000)]))
        let reverse = events.lastIndex { $0.kind == .scrollViewWillBeginDragging } ?? 0
        guard let lastPrepared = events[..<reverse].last(where: { $0.kind == .cellForRowAt }), case .cellForRowAt(let row, let cell) = lastPrepared.body else {
            Issue.record("no cellForRowAt"); return
        }
        #expect(!(events.contains { $0.body == .willDisplay(row: row, cell: cell) }))
        guard let pooled = events[reverse...].firstIndex(where: { $0.body == .enqueue(cell: cell, identifier: "MyCell") }) else {
            Issue.record("the prepared cell of row \(row) never went back to the pool"); return
        }
        // Let go only once the bottom edge is two rows above it, without didEndDisplaying.
        let before = events[..<pooled].last { $0.kind == .frame }, after = events[pooled...].first { $0.kind == .frame }
        guard case .frame(let old)? = before?.body, case .frame(let new)? = after?.body else { Issue.record("no frame"); return }
        #expect(old.cells.last?.row == (row - 1), "kept while the last visible row is the one above it")
        #expect(new.cells.last?.row == (row - 2), "pooled in the pass that moved the last visible row two above it")
        #expect(!(events.contains { $0.body == .didEndDisplaying(row: row, cell: cell) }))
    }

    @Test func testReloadDataReusesTheSameCellsLastPooledFirst() {
        let events = record(scenario([.reloadData]))
        let reload = events.index(of: .reloadData) ?? 0
        let after = events[reload...]
        #expect(!(after.contains { $0.kind == .initCell }), "no new cells")
        #expect(after.filter { $0.kind == .didEndDisplaying }.count == 19)
        #expect(after.filter { $0.kind == .prepareForReuse }.count == 19)
        #expect(after.first { $0.kind == .cellForRowAt }?.body == .cellForRowAt(row: 0, cell: 19), "row 0 gets row 18's cell: the pool hands out the last returned first")
    }

    @Test func testReloadRowsConfiguresANewCellBeforeTheOldOneEndsDisplaying() {
        let events = record(scenario([.reloadRows([5])]))
        let lines = seedLogLines(Array(events[(events.index(of: .reloadRows) ?? 0)...]))
        #expect(lines == ["init, row:0", "cellForRowAt: 5", "willDisplay: 5", "didEndDisplaying: 5"], "the pool is empty, so reloading a row creates a cell")
    }

    @Test func testCellsAreDeallocatedOnlyWhenTheTableIsTornDown() {
        let events = record(scenario([.drag(by: 600, ms: 2000), .disappear]))
        let disappear = events.index(of: .viewDidDisappear) ?? 0
        #expect(!(events[..<disappear].contains { $0.kind == .deinitCell }))
        let created = events.filter { $0.kind == .initCell }.count
        let released = events[disappear...].compactMap { event -> Int? in
            if case .deinitCell(let cell) = event.body { return cell }
            return nil
        }
        #expect(released == Array(1...created), "every cell, once, in creation order")
        #expect(events.dropLast().last?.kind == .deinitCell)
        #expect(events.last?.kind == .recordingEnded)
    }

    @Test func testMemoryWarningReleasesOnlyPooledCells() {
        let events = record(scenario([.drag(by: 300, ms: 1000), .memoryWarning], profile: .classic))
        let warning = events.index(of: .didReceiveMemoryWarning) ?? 0
        let state = replay(Array(events[..<warning]), header: TraceHeader(title: "x", profile: .classic))
        let pooled = state.pools["MyCell"] ?? []
        #expect(!pooled.isEmpty)
        #expect(events[(warning + 1)...].dropLast().map(\.body) == pooled.map { .deinitCell(cell: $0) })
    }

    @Test func testScrollToWithoutAnimationJumpsInOnePass() {
        let events = record(scenario([.scrollTo(row: 60, position: .top, animated: false)]))
        let frames = events.compactMap { event -> FrameSnapshot? in
            if case .frame(let frame) = event.body { return frame }
            return nil
        }
        #expect(frames.count == 2)
        #expect(frames.last?.offset == Double(60 * 44))
        #expect(frames.last?.cells.first?.row == 60)
    }

    @Test func testAnimatedScrollToTakesAboutAThirdOfASecond() {
        let events = record(scenario([.scrollTo(row: 60, position: .top, animated: true)]))
        let last = events.last { $0.kind == .frame }
        #expect(abs((last?.time.microseconds ?? 0) - 300_000) <= 17_000)
    }

    @Test func testEveryRecordingEndsWithTheTimeTheScriptEnded() {
        let events = record(scenario([.wait(ms: 1000)]))
        #expect(events.last?.kind == .recordingEnded)
        #expect(abs((events.last?.time.microseconds ?? 0) - 1_000_000) <= 17_000, "the last frame lasted until the script's end")
    }

    @Test func testFramesOnlyRecordChangesAndFollowTheRefreshRate() {
        let idle = record(scenario([.wait(ms: 1000)]))
        #expect(idle.filter { $0.kind == .frame }.count == 1, "nothing changes while nothing moves")
        let fast = record(scenario([.drag(by: 120, ms: 1000)], fps: 120))
        #expect(fast.filter { $0.kind == .frame }.count == 121)
    }

    @Test func testEveryRecordingFoldsThroughTheReplayState() {
        for profile in TableProfile.allCases {
            let steps: [ScriptStep] = [.drag(by: 600, ms: 1500), .fling(velocity: -3000, deceleration: 0.99), .reloadData,
                                       .scrollTo(row: 80, position: .middle, animated: true), .reloadRows([79, 80, 81, 99]),
                                       .memoryWarning, .fling(velocity: 9000, deceleration: 0.998), .disappear]
            let scenario = scenario(steps, profile: profile)
            replay(record(scenario), header: TraceHeader(title: "rule", profile: profile, scenario: scenario))
        }
    }
}
