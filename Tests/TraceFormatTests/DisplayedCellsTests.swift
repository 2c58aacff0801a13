import ReuseLabTestSupport
import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// A frame's check asks each listed cell's record whether it is displayed in its
/// row, instead of looking the row up in `displayed`: the two must always agree.
/// After every event of every bundled trace (imported ones with gaps among them),
/// a cell is in `displayed[row]` exactly when its phase is `.displayed(row:)`, and
/// the counts a frame's check reads instead of walking `displayed` agree with it.
@Suite
final class DisplayedCellsTests {
    /// After every event of the sample traces; of every bundled trace in
    /// `DisplayedCellsSecondTierTests`.
    @Test func testDisplayedRowsAndCellPhasesAgreeAfterEveryEvent() throws {
        let checked = try Self.checkEveryEvent(of: BundledFiles.sampleTraces)
        #expect(checked > 1_500)
    }

    /// Checks the agreement after every event of the named bundled traces; how many events.
    static func checkEveryEvent(of names: [String]) throws -> Int {
        var checked = 0
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BundledFiles.tracePath(name))))
            let trace = try TraceReader.read(bytes: bytes, file: name)
            var state = ReplayState(header: trace.header)
            for event in trace.events {
                try state.apply(event)
                var listed = 0
                for (row, cells) in state.displayed {
                    for cell in cells {
                        #expect(state.cell(cell)?.phase == .displayed(row: row), "\(name) after seq \(event.seq): cell #\(cell)")
                        listed += 1
                    }
                }
                let shown = state.cells.filter { if case .displayed = $0.phase { return true } else { return false } }.count
                // A cell leaving a row an update removed is displayed until it ends displaying, in no row.
                #expect(listed + state.departing.count == shown, "\(name) after seq \(event.seq)")
                #expect(state.displayedCellCount == listed, "\(name) after seq \(event.seq)")
                #expect(state.rowsShowingMoreThanOne == state.displayed.values.filter { $0.count > 1 }.count, "\(name) after seq \(event.seq)")
                checked += 1
            }
        }
        return checked
    }

    /// reloadRows shows a row's new cell before its old one ends displaying: the
    /// row counts as showing two until then, a frame in between is refused, and
    /// the counts come back down as the old cell goes.
    @Test func testARowShowingTwoCellsDuringReloadRowsIsCountedAndRefusedByAFrame() throws {
        var state = ReplayState(header: TraceHeader(title: "reload", profile: .classic, scenario: nil))
        var seq = 0
        func apply(_ body: EventBody) throws {
            try state.apply(TraceEvent(seq: seq, time: .zero, body: body))
            seq += 1
        }
        for row in 0...1 {
            try apply(.initCell(cell: row + 1, identifier: "C"))
            try apply(.cellForRowAt(row: row, cell: row + 1))
            try apply(.willDisplay(row: row, cell: row + 1))
        }
        try apply(.frame(FrameSnapshot(frame: 0, offset: 0, cells: [VisibleCell(row: 0, cell: 1), VisibleCell(row: 1, cell: 2)])))
        #expect(state.displayedCellCount == 2)
        #expect(state.rowsShowingMoreThanOne == 0)

        try apply(.reloadRows(rows: [1]))
        try apply(.initCell(cell: 3, identifier: "C"))
        try apply(.cellForRowAt(row: 1, cell: 3))
        try apply(.willDisplay(row: 1, cell: 3))
        #expect(state.displayedCellCount == 3)
        #expect(state.rowsShowingMoreThanOne == 1)
        var frameState = state
        let frame = TraceEvent(seq: seq, time: .zero, body: .frame(FrameSnapshot(frame: 1, offset: 0, cells: [VisibleCell(row: 0, cell: 1), VisibleCell(row: 1, cell: 3)])))
        if let error = #expect(throws: (any Error).self, performing: { try frameState.apply(frame) }) {
            #expect(((error as? LifecycleViolation)?.message ?? "").contains("row 1 is displayed by two cells (#2 and #3)"), "\(error)")
        }

        try apply(.didEndDisplaying(row: 1, cell: 2))
        #expect(state.displayedCellCount == 2)
        #expect(state.rowsShowingMoreThanOne == 0)
        #expect(state.reloadingRows.isEmpty, "the row is no longer reloading once it shows one cell")
        try apply(.frame(FrameSnapshot(frame: 1, offset: 0, cells: [VisibleCell(row: 0, cell: 1), VisibleCell(row: 1, cell: 3)])))
        try apply(.didEndDisplaying(row: 0, cell: 1))
        #expect(state.displayedCellCount == 1)
        if let error = #expect(throws: (any Error).self, performing: { try state.apply(TraceEvent(seq: seq, time: .zero, body: .frame(FrameSnapshot(frame: 2, offset: 0, cells: [])))) }) {
            #expect(((error as? LifecycleViolation)?.message ?? "").contains("leaves out displayed row(s) 1"), "\(error)")
        }
    }

    /// A batch that names a row twice is refused, however long it is (short ones
    /// are compared pairwise, long ones through a set).
    @Test func testABatchNamingARowTwiceIsFoundAtAnyLength() {
        #expect(!ReplayState.namesARowTwice([]))
        #expect(!ReplayState.namesARowTwice([4]))
        #expect(ReplayState.namesARowTwice([4, 4]))
        #expect(!(ReplayState.namesARowTwice(Array(0..<32))))
        #expect(ReplayState.namesARowTwice(Array(0..<31) + [0]))
        #expect(!(ReplayState.namesARowTwice(Array(0..<500))))
        #expect(ReplayState.namesARowTwice(Array(0..<500) + [499]))
    }
}

/// `DisplayedCellsTests`' agreement after every event of every bundled trace.
@Suite(SecondTier.enabled("the displayed-cells check after every event of every bundled trace"))
final class DisplayedCellsSecondTierTests {

    @Test func testDisplayedRowsAndCellPhasesAgreeAfterEveryEvent() throws {
        #expect((try DisplayedCellsTests.checkEveryEvent(of: try BundledFiles.allTraces())) > 10_000)
    }
}
