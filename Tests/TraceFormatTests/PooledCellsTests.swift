import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// A pool as replay keeps it: joining order kept, any cell taken out, holes
/// squeezed out — and the same answers as a plain list would give.
@Suite
final class PooledCellsTests {
    @Test func testTakingCellsOutInAnyOrderKeepsTheRestInJoiningOrder() {
        var pool = PooledCells()
        var reference: [Int] = []
        var generator = SystemRandomNumberGenerator()
        for id in 1...2_000 {
            pool.append(id)
            reference.append(id)
            if id % 3 == 0, let taken = reference.randomElement(using: &generator) {
                pool.remove(taken)
                reference.removeAll { $0 == taken }
            }
        }
        // Take the oldest first, as a memory warning's deallocations can.
        for taken in reference.prefix(1_000) { pool.remove(taken) }
        reference.removeFirst(1_000)
        #expect(pool.cells == reference)
        #expect(pool.count == reference.count)
        #expect(!(pool.contains(-1)))
        pool.remove(-1)
        #expect(pool.count == reference.count, "taking a cell that is not there changes nothing")
    }

    @Test func testAReplayStatePoolsTenThousandCellsAndDeallocatesThemOldestFirst() throws {
        var state = ReplayState(header: TraceHeader(title: "pool", profile: .classic, scenario: nil))
        var seq = 0
        func apply(_ body: EventBody) throws {
            try state.apply(TraceEvent(seq: seq, time: .zero, body: body))
            seq += 1
        }
        let count = 10_000
        for id in 1...count {
            try apply(.initCell(cell: id, identifier: "C"))
            try apply(.cellForRowAt(row: id, cell: id))
            try apply(.willDisplay(row: id, cell: id))
        }
        for id in 1...count {
            try apply(.didEndDisplaying(row: id, cell: id))
            try apply(.enqueue(cell: id, identifier: "C"))
        }
        #expect(state.poolCount("C") == count)
        for id in 1...count { try apply(.deinitCell(cell: id)) }
        #expect(state.poolCount("C") == 0)
        #expect(state.pools["C"] == [])
        #expect(state.liveCellCount == 0)
    }
}
