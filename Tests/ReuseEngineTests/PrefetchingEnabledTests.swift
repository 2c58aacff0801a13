import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding

/// `isPrefetchingEnabled` (issue 11, item 5). Apple, `UITableView.isPrefetchingEnabled`:
/// "When true, the table view may request cells in advance of displaying them. When
/// false, the table view requests cells when they need to display. Setting this
/// property to false also disables data prefetching. The default value of this
/// property is true."
///
/// The rule, from the engine's pass order (`LayoutPass.swift`): with the property off,
/// every `cellForRowAt` comes from a pass that displays that row — an entering row,
/// `reloadRows` or `reloadData` — and `display` follows `requestCell` directly. So among
/// the table view's calls and commits (`init`, `prepareForReuse`, `cellForRowAt`,
/// `willDisplay`, `didEndDisplaying`, `keepAside`, `enqueue`, the prefetch calls, `frame`),
/// the one right after `cellForRowAt(r, c)` is `willDisplay(r, c)`, at the same virtual
/// time: no frame is drawn, and no other row is configured or released, in between.
@Suite
final class PrefetchingEnabledTests {
    /// Down, back up over kept-aside rows, a fling, jumps and reloads: every way a cell is requested.
    static let script: [ScriptStep] = [
        .drag(by: 440, ms: 3000), .drag(by: -200, ms: 1500), .fling(velocity: 2500, deceleration: DecelerationRate.normal),
        .scrollTo(row: 60, position: .top, animated: true), .scrollTo(row: 20, position: .middle, animated: false),
        .reloadRows([21, 22]), .reloadData, .drag(by: 300, ms: 500),
    ]

    func scenario(_ profile: TableProfile, enabled: Bool, strategy: String = "plain", script: [ScriptStep] = script) -> Scenario {
        Scenario(title: "isPrefetchingEnabled", profile: profile, table: seedScreen(), strategy: strategy,
                 prefetching: true, isPrefetchingEnabled: enabled, script: script)
    }

    /// The table view's calls and frame commits, without the app's own events.
    func tableViewCalls(_ events: [TraceEvent]) -> [TraceEvent] {
        events.filter { event in
            switch event.kind {
            case .initCell, .prepareForReuse, .cellForRowAt, .willDisplay, .didEndDisplaying, .keepAside, .enqueue,
                 .prefetchRowsAt, .cancelPrefetchingForRowsAt, .frame:
                return true
            default:
                return false
            }
        }
    }

    /// Each `cellForRowAt` whose next table-view call is not `willDisplay` of that row and cell at the same time.
    func cellsRequestedAhead(_ events: [TraceEvent]) -> [TraceEvent] {
        let calls = tableViewCalls(events)
        return calls.indices.compactMap { index in
            guard case .cellForRowAt(let row, let cell) = calls[index].body else { return nil }
            let next = calls.index(after: index)
            if next < calls.endIndex, calls[next].body == .willDisplay(row: row, cell: cell), calls[next].time == calls[index].time { return nil }
            return calls[index]
        }
    }

    func isPrefetchCall(_ event: TraceEvent) -> Bool {
        event.kind == .prefetchRowsAt || event.kind == .cancelPrefetchingForRowsAt
    }

    // MARK: Modern

    @Test func testModernWithItOffConfiguresEachCellRightBeforeItsRowIsDisplayed() {
        let events = record(scenario(.modern, enabled: false))
        #expect(events.filter { $0.kind == .cellForRowAt }.count > 40, "the script requests many cells")
        #expect(cellsRequestedAhead(events).map(\.seq) == [], "no cellForRowAt ahead of its row's willDisplay")
        // And the same script with the property on does prepare cells ahead, so the check above has teeth.
        #expect(!(cellsRequestedAhead(record(scenario(.modern, enabled: true))).isEmpty))
    }

    @Test func testModernWithItOffNeverCallsThePrefetchDataSource() {
        let off = record(scenario(.modern, enabled: false))
        #expect(!(off.contains(where: isPrefetchCall)), "no prefetchRowsAt or cancelPrefetchingForRowsAt, though the app set a prefetch data source")
        let on = record(scenario(.modern, enabled: true))
        #expect(on.contains { $0.kind == .prefetchRowsAt } && on.contains { $0.kind == .cancelPrefetchingForRowsAt })
    }

    @Test func testModernWithItOffReplaysSeed004sDragWithoutPreparation() {
        let events = record(scenario(.modern, enabled: false, script: [.drag(by: 440, ms: 3000)]))
        let lines = seedLogLines(events)
        // Row 19 is configured only in the pass that shows it, not at touch-down.
        let start = events.index(of: .scrollViewWillBeginDragging) ?? 0
        #expect(events[(start + 1)...].first { $0.kind.isLifecycle }?.body == .initCell(cell: 20, identifier: "MyCell"))
        guard let row19 = lines.firstIndex(of: "cellForRowAt: 19"), let row21 = lines.firstIndex(of: "cellForRowAt: 21") else {
            Issue.record("rows 19 and 21 never entered"); return
        }
        #expect(lines[row19 + 1] == "willDisplay: 19")
        #expect(Array(lines[(row21 - 1)...(row21 + 2)]) == ["init, row:0", "cellForRowAt: 21", "willDisplay: 21", "didEndDisplaying: 1"], "cellForRowAt N → willDisplay N, where seed 004 reads cellForRowAt N → didEndDisplaying M → willDisplay N")
        // One cell fewer than with preparation: nothing waits past the bottom edge.
        let created = events.filter { $0.kind == .initCell }.count
        let createdOn = record(scenario(.modern, enabled: true, script: [.drag(by: 440, ms: 3000)])).filter { $0.kind == .initCell }.count
        #expect(created == (createdOn - 1))
    }

    @Test func testModernWithItOffStillShowsAKeptAsideCellAgainWithoutCellForRowAt() {
        // Apple's text is about requesting cells ahead; a cell that scrolled off is kept as before.
        let events = record(scenario(.modern, enabled: false, script: [.drag(by: 150, ms: 1500), .drag(by: -150, ms: 1500)]))
        let reverse = events.lastIndex { $0.kind == .scrollViewWillBeginDragging } ?? 0
        guard let kept = events[..<reverse].last(where: { $0.kind == .keepAside }), case .keepAside(let cell, let row) = kept.body else {
            Issue.record("nothing was kept aside"); return
        }
        guard let again = events[reverse...].firstIndex(where: { $0.body == .willDisplay(row: row, cell: cell) }) else {
            Issue.record("row \(row) did not come back with cell #\(cell)"); return
        }
        #expect(!(events[reverse..<again].contains { $0.body == .cellForRowAt(row: row, cell: cell) }))
    }

    @Test func testWithItOffAPrefetchingStrategyStartsNoPrefetchDownload() {
        let script: [ScriptStep] = [.drag(by: 880, ms: 3000)]
        for profile in TableProfile.allCases {
            let off = record(scenario(profile, enabled: false, strategy: "prefetch-reload", script: script))
            #expect(!(off.contains(where: isPrefetchCall)), "\(profile)")
            #expect(!(off.contains { if case .imageRequest(_, _, _, .prefetch, _) = $0.body { return true }; return false }), "\(profile)")
            #expect(off.contains { $0.kind == .imageRequest }, "\(profile): cellForRowAt still loads the images")
            let on = record(scenario(profile, enabled: true, strategy: "prefetch-reload", script: script))
            #expect(on.contains { if case .imageRequest(_, _, _, .prefetch, _) = $0.body { return true }; return false }, "\(profile)")
        }
    }

    // MARK: Classic

    @Test func testClassicWithItOffHasNoPrefetchCallsAndOtherwiseTheSameCalls() {
        let off = record(scenario(.classic, enabled: false))
        let on = record(scenario(.classic, enabled: true))
        #expect(!(off.contains(where: isPrefetchCall)))
        #expect(on.contains { $0.kind == .prefetchRowsAt }, "classic prefetches from the first layout when enabled")
        // Classic never prepares cells ahead, so turning the property off removes the data prefetch calls and nothing else.
        let strip: ([TraceEvent]) -> [String] = { events in
            events.filter { !self.isPrefetchCall($0) }.map { "\($0.time.milliseconds) \($0.body)" }
        }
        #expect(strip(off) == strip(on))
        #expect(cellsRequestedAhead(off).map(\.seq) == [])
    }

    // MARK: Replay

    @Test func testATraceWithItOffReplaysAndValidates() {
        for profile in TableProfile.allCases {
            let scenario = scenario(profile, enabled: false)
            replay(record(scenario), header: TraceHeader(title: scenario.title, profile: profile, scenario: scenario))
        }
    }
}
