import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseEngine

/// A table with sections, recorded: headers take space, the data source gets
/// index paths, one pool serves every section, prefetching counts rows across sections.
@Suite
final class SectionsRecordingTests {
    static let table = TableSpec(rows: 0, rowHeight: 44, viewportHeight: 844, contentInsetTop: 47, contentInsetBottom: 34,
                                 sections: [SectionSpec(rows: 12, header: 28), SectionSpec(rows: 30, header: 28), SectionSpec(rows: 20, header: 28)])

    @Test func testHeadersTakeSpaceAboveEachSectionsFirstRow() {
        let geometry = TableGeometry(Self.table)
        #expect(geometry.rowCount == 62)
        #expect(geometry.top(ofRow: 0) == 28)
        #expect(geometry.bottom(ofRow: 11) == (28 + 12 * 44))
        #expect(geometry.top(ofRow: 12) == (28 + 12 * 44 + 28), "section 1's header sits between row 11 and row 12")
        #expect(geometry.contentHeight == (3 * 28 + 62 * 44))
        // Launch: 797 pt below the status bar show 28 + 12·44 + 28 = 584 pt of section 0, then 5 rows of section 1 (the last in part).
        #expect(geometry.visibleRows(at: -47) == 0...16)
        // A viewport that ends inside a header shows no row below it.
        #expect(geometry.visibleRows(at: 570 - 844)?.upperBound == 11, "the bottom edge at y = 570, inside section 1's header (556–584)")
    }

    @Test func testTheDataSourceGetsIndexPathsAndOnePoolServesEverySection() throws {
        let scenario = Scenario(title: "sections", profile: .modern, table: Self.table, prefetching: true,
                                script: [.drag(by: 880, ms: 4000)])
        let events = record(scenario)
        replay(events, header: TraceHeader(title: "sections", profile: .modern, scenario: scenario))
        // Row 12 is section 1 row 0.
        #expect(events.contains { $0.body == .cellForRowAt(row: 12, cell: 13) })
        // A cell that showed a row of section 0 is reused for a row of section 1.
        let crossing = events.contains { event in
            if case .prepareForReuse(_, _, let previous?) = event.body, previous < 12 { return true }
            return false
        }
        #expect(crossing, "section 0's cells go to the same pool section 1 dequeues from")
        // Prefetching counts global rows: the first batch runs across into section 1 without a gap.
        let first = events.first { $0.kind == .prefetchRowsAt }
        #expect(first?.body == .prefetchRowsAt(rows: Array(17...26)))
        // Written as index paths.
        let naming = Self.table.rowNaming
        let line = try #require(events.first { $0.body == .cellForRowAt(row: 12, cell: 13) }).jsonLine(naming: naming)
        #expect(line.contains(#""kind":"cellForRowAt","section":1,"row":0,"cell":13,"line":"#), Comment(rawValue: line))
    }

    @Test func testIndexPathsTheTableViewHandsOutAreThoseOfTheSections() {
        let world = World(spec: WorldSpec(), seed: 1, log: EventLog(capacity: 100))
        let tableView = TableView(profile: .modern, geometry: TableGeometry(Self.table), world: world)
        tableView.naming = Self.table.rowNaming
        #expect(tableView.indexPath(forRow: 12) == IndexPath(row: 0, section: 1))
        #expect(tableView.indexPath(forRow: 61) == IndexPath(row: 19, section: 2))
        #expect(tableView.row(at: IndexPath(row: 5, section: 2)) == 47)
    }
}
