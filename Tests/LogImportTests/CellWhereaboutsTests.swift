import Foundation
import Testing
import ReuseLabTestSupport
import TraceModel
import TraceCoding
@testable import LogImport

/// The importer's index of where each live cell is answers, after every event,
/// what walking every cell of the `ReplayState` answers — on recordings and on
/// imported logs with gaps.
@Suite
final class CellWhereaboutsTests {
    func check(_ trace: Trace, _ name: String) throws {
        var state = ReplayState(header: trace.header)
        var index = CellWhereabouts()
        var rows = Set<Int>()
        for event in trace.events {
            try state.apply(event)
            if case .gap = event.body { index.rebuild(from: state) } else if let cell = event.body.cellField { index.update(cell, from: state) }
            for record in state.cells { if let row = record.lastRow { rows.insert(row) } }
            let live = state.cells.filter { $0.phase != .deallocated }
            let released = Set(live.filter { record in
                switch record.phase {
                case .offscreen, .pooled, .keptAside, .unknown: return true
                default: return false
                }
            }.map(\.id))
            #expect(index.released == released, "\(name) after event \(event.seq)")
            let notDisplayed = Set(live.filter { if case .displayed = $0.phase { return false } else { return true } }.map(\.id))
            #expect(index.notDisplayed == notDisplayed, "\(name) after event \(event.seq)")
            #expect(index.firstLive == live.first?.id, "\(name) after event \(event.seq)")
            for row in rows {
                #expect(index.cellConfigured(forRow: row) == state.cells.first { $0.phase == .configured(row: row) }?.id, "\(name) \(event.seq) row \(row)")
                #expect(index.cellHeld(forRow: row) == state.cells.first { $0.phase == .keptAside(row: row) || $0.phase == .offscreen(row: row) }?.id, "\(name) \(event.seq) row \(row)")
                #expect(index.cellLastShowing(row) == state.cells.last { $0.phase == .unknown && $0.lastRow == row }?.id, "\(name) \(event.seq) row \(row)")
            }
        }
    }

    @Test func testTheIndexAgreesWithAWalkOverEveryCell() throws {
        for name in ["device-seed004", "first-screen", "seed004-slow-scroll"] {
            try check(try TraceReader.read(path: BundledFiles.tracePath(name)), name)
        }
    }

    /// A log abridged twice: after each gap every live cell is of unknown place.
    @Test func testAfterGapsToo() throws {
        let log = (0..<6).flatMap { ["init, row:0", "cellForRowAt: \($0)", "willDisplay: \($0)"] }
            + ["...", "didEndDisplaying: 0", "prepareForReuse, row:0", "cellForRowAt: 7", "willDisplay: 7", "(중략)",
               "cellForRowAt: 3", "willDisplay: 3", "didEndDisplaying: 1", "deinit"]
        let folder = try TemporaryFolder(prefix: "reuselab-whereabouts", removeWhenReleased: true)
        let path = try folder.write("gaps.log", log.joined(separator: "\n") + "\n")
        let report = try LogImporter.importLog(path: path, options: ImportOptions(logName: "gaps.log"))
        #expect(report.gaps >= 2)
        try check(report.trace, "gaps.log")
    }
}
