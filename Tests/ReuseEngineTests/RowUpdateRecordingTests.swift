import Testing
import TraceModel
import ReuseEngine
import Recorder
import ToolSupport
import Foundation
import Strategies

/// Row updates as the engine plays them (docs/engine.md, "Row updates"): the
/// order of the calls, cells that stay, and what UIKit would refuse.
@Suite
struct RowUpdateRecordingTests {
    func scenario(_ script: [ScriptStep], strategy: String = "plain") -> Scenario {
        Scenario(title: "updates", profile: .modern, table: seedScreen(rows: 40), strategy: strategy, script: script)
    }

    /// The events from the first of `kind` to the next frame.
    func pass(after kind: EventKind, in events: [TraceEvent]) -> [EventBody] {
        guard let start = events.firstIndex(where: { $0.kind == kind }) else { return [] }
        let end = events[start...].firstIndex { $0.kind == .frame } ?? events.endIndex
        return events[start..<end].map(\.body)
    }

    @Test func testADeleteKeepsTheOtherCellsAndEndsTheRemovedOneWithItsOldRow() {
        let events = record(scenario([.wait(ms: 100), .deleteRows([2])]))
        let calls = pass(after: .deleteRows, in: events)
        // Rows 0–17 were on screen (cells 1–18); row 18 is new at the bottom, row 2's cell leaves last.
        #expect(calls.first == .deleteRows(rows: [2]))
        #expect(calls.contains(.numberOfRows(rows: 39)))
        let configured = calls.compactMap { body -> Int? in if case .cellForRowAt(let row, _) = body { return row } else { return nil } }
        #expect(configured == [18], "only the row new on screen is configured: \(configured)")
        guard let ended = calls.lastIndex(where: { $0 == .didEndDisplaying(row: 2, cell: 3) }),
              let shown = calls.firstIndex(where: { if case .willDisplay(18, _) = $0 { return true } else { return false } }) else {
            Issue.record("no didEndDisplaying for row 2 or willDisplay for row 18: \(calls)")
            return
        }
        #expect(shown < ended, "the new row is shown before the removed row's cell ends displaying")
        // Cell #4, row 3 before, shows row 2 in the next frame, with no call of its own.
        let start = events.firstIndex { $0.kind == .deleteRows } ?? 0
        let frame = events[start...].first { $0.kind == .frame }
        if case .frame(let snapshot)? = frame?.body {
            #expect(snapshot.cells.first { $0.row == 2 }?.cell == 4)
        }
    }

    @Test func testABatchRecordsItsCallsThenEndUpdates() {
        let update = RowUpdate(deleted: [1, 3], inserted: [0], moved: [RowMove(from: 8, to: 2)])
        let events = record(scenario([.wait(ms: 100), .performBatchUpdates(update)]))
        let calls = pass(after: .performBatchUpdates, in: events)
        #expect(Array(calls.prefix(6)) == [.performBatchUpdates, .deleteRows(rows: [1, 3]), .insertRows(rows: [0]), .moveRow(row: 8, toRow: 2),
                                          .endUpdates, .numberOfRows(rows: 39)])
    }

    @Test func testAStrategyThatNeverChangesItsDataCannotPlayAnUpdate() {
        #expect(!(StrategyCatalog.named("sync-download")?.changesData ?? true))
        #expect(StrategyCatalog.named("prefetch-reload")?.changesData == true)
        do {
            _ = try Recorder.record(scenario([.deleteRows([0])], strategy: "sync-download"))
            Issue.record("recorded an update with a strategy that cannot change its data")
        } catch {
            #expect(error.message.contains("never changes its data"), Comment(rawValue: error.message))
        }
    }

    @Test func testAnUpdatePastTheEndStopsTheRecordingWithUIKitsReason() {
        do {
            _ = try Recorder.record(scenario([.deleteRows([39]), .deleteRows([39])]))
            Issue.record("recorded a delete past the end")
        } catch {
            #expect(error.message.contains("attempt to delete row 39 from section 0, which has only 39 rows before the update"), Comment(rawValue: error.message))
        }
    }

    /// An app that tells the table view of an insert but forgets its own data.
    final class ForgetfulController: TableViewController, TableViewDataChanging {
        var count = 40
        func viewDidLoad(_ tableView: TableView, environment: AppEnvironment) { tableView.dataSource = self }
        func numberOfRows(in tableView: TableView) -> Int? { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        }
        func tableView(_ tableView: TableView, changeData update: RowUpdate, newItems: [Int], environment: AppEnvironment, batched: Bool) {
            tableView.insertRows(update.inserted)
        }
    }

    @Test func testADataSourceWhoseCountDoesNotFollowRaisesUIKitsException() {
        let simulation = Simulation(scenario: scenario([.insertRows([0])]), app: ForgetfulController())
        do {
            _ = try simulation.run()
            Issue.record("an insert the data source did not follow was played")
        } catch {
            #expect(error.impossibleStep?.contains("Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (40) must be equal to the number of rows contained in that section before the update (40), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 deleted)") == true,
                    Comment(rawValue: error.impossibleStep ?? "none"))
        }
    }
}

/// `UITableViewDiffableDataSource` (issue 37, item 3): a snapshot's difference
/// becomes row updates, by item identity.
@Suite
struct TableDiffableDataSourceTests {
    typealias Snapshot = DiffableDataSourceSnapshot<Int, String>

    static func snapshot(_ items: [String]) -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections([0])
        snapshot.appendItems(items)
        return snapshot
    }

    @Test func testADifferenceBecomesDeletesInsertsAndTheFewestMoves() {
        let update = Self.snapshot(["x", "a", "d", "c", "e"]).rowUpdate(from: Self.snapshot(["a", "b", "c", "d", "e"]))
        #expect(update.deleted == [1])
        #expect(update.inserted == [0])
        #expect(update.moved.count == 1, "one of c and d moves: \(update.moved)")
        // Applied as UIKit applies it, the update gives the new order.
        #expect(update.applied(to: ["a", "b", "c", "d", "e"], newItems: ["x"]) == ["x", "a", "d", "c", "e"])
        #expect(Self.snapshot(["a", "b"]).rowUpdate(from: Self.snapshot(["a", "b"])).isEmpty)
    }

    @Test func testTheDiffableStrategysDeleteIsABatchAndEveryPictureFindsItsItem() {
        let scenario = Scenario(title: "diffable", profile: .modern, table: seedScreen(rows: 40), strategy: "diffable",
                                script: [.wait(ms: 100), .deleteRows([2]), .wait(ms: 1500)])
        let events = record(scenario)
        let kinds = events.map(\.kind)
        guard let start = kinds.firstIndex(of: .performBatchUpdates) else {
            Issue.record("no performBatchUpdates")
            return
        }
        #expect(Array(kinds[start...].prefix(4)) == [.performBatchUpdates, .deleteRows, .endUpdates, .numberOfRows])
        var state = ReplayState(header: TraceHeader(title: "diffable", profile: .modern, scenario: scenario))
        for event in events {
            do { try state.apply(event) } catch { Issue.record("\(event.seq): \(error.message)"); return }
            if case .frame(let snapshot) = event.body { #expect(state.staleCells(in: snapshot).isEmpty, "frame \(snapshot.frame)") }
        }
    }
}

