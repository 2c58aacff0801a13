import XCTest
@testable import TraceFormat

/// A frame's check asks each listed cell's record whether it is displayed in its
/// row, instead of looking the row up in `displayed`: the two must always agree.
/// After every event of every bundled trace (imported ones with gaps among them),
/// a cell is in `displayed[row]` exactly when its phase is `.displayed(row:)`.
final class DisplayedCellsTests: XCTestCase {
    func testDisplayedRowsAndCellPhasesAgreeAfterEveryEvent() throws {
        var checked = 0
        for (name, bytes) in try ReaderCorpus.bundledTraces() {
            let trace = try TraceReader.read(bytes: bytes, file: name)
            var state = ReplayState(header: trace.header)
            for event in trace.events {
                try state.apply(event)
                var listed = 0
                for (row, cells) in state.displayed {
                    for cell in cells {
                        XCTAssertEqual(state.cell(cell)?.phase, .displayed(row: row), "\(name) after seq \(event.seq): cell #\(cell)")
                        listed += 1
                    }
                }
                let shown = state.cells.filter { if case .displayed = $0.phase { return true } else { return false } }.count
                XCTAssertEqual(listed, shown, "\(name) after seq \(event.seq)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 10_000)
    }
}
