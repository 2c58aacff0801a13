import Testing
import Foundation
import ReuseLabTestSupport
import TraceModel
@testable import LogImport

/// What a log states about a cell beats what the import would infer (issue 35):
/// a line saying a cell is new or reused, or which row it showed, decides which
/// cell a row gets, and a statement that contradicts an earlier inference is
/// reported where it is, never settled silently.
@Suite
final class CellOriginImportTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(removeWhenReleased: true) }

    /// A modern table's slow drag as an app prints it, in UIKit's order: rows 0–18
    /// at launch, rows 19–22 on new cells (rows 0 and 1 leave, but a cell just off
    /// screen is kept aside), then rows 23–28 each reusing the cell of the row
    /// 23 rows up. `dequeue(row, previous)` is what the app prints inside
    /// cellForRowAt for the cell it got (previous is nil for a new cell);
    /// `reusePrint(previous)` what its prepareForReuse prints.
    static func slowDrag(dequeue: (Int, Int?) -> [String], reusePrint: (Int) -> [String] = { _ in [] },
                         configuredFirst: Bool = false) -> String {
        var lines: [String] = []
        func show(_ row: Int, previous: Int?, leaving: Int?) {
            if let previous { lines += reusePrint(previous) }
            let configure = "cellForRowAt: \(row)"
            lines += configuredFirst ? [configure] + dequeue(row, previous) : dequeue(row, previous) + [configure]
            if let leaving { lines.append("didEndDisplaying: \(leaving)") }
            lines.append("willDisplay: \(row)")
        }
        for row in 0...20 { show(row, previous: nil, leaving: nil) }
        for row in 21...22 { show(row, previous: nil, leaving: row - 21) }
        for row in 23...28 { show(row, previous: row - 23, leaving: row - 21) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The cell each row was configured with.
    static func cells(_ trace: Trace) -> [Int: Int] {
        var cells: [Int: Int] = [:]
        for event in trace.events { if case .cellForRowAt(let row, let cell) = event.body { cells[row] = cell } }
        return cells
    }

    func imported(_ text: String, profile: TableProfile? = nil) throws -> ImportReport {
        let report = try folder.importLog(text, options: ImportOptions(logName: "test.log", profile: profile))
        assertValid(report.trace)
        return report
    }

    /// The log: `oldIndexPath: nil` before a new cell's cellForRowAt,
    /// `prepareForReuse: Optional(0)` in a reused one. Rows 21 and 22 get new
    /// cells; row 23 the cell that showed row 0. Nothing is inferred.
    @Test func testOldIndexPathNilMakesANewCellAndAPrintedPreviousRowPicksTheCell() throws {
        let log = Self.slowDrag(dequeue: { _, previous in previous == nil ? ["oldIndexPath: nil"] : [] },
                                reusePrint: { ["prepareForReuse: Optional(\($0))"] })
        let report = try imported(log)
        let cells = Self.cells(report.trace)
        #expect(cells[21] == 22 && cells[22] == 23, "new cells, as the log says: \(cells)")
        #expect(cells[23] == 1 && cells[24] == 2, "the cells that showed rows 0 and 1")
        #expect(report.inferred == 0 && report.contradictions.isEmpty, "\(report.contradictions)")
        #expect(report.statements == 23 && report.skipped == 0)
        #expect(report.origins.contains("come before the cellForRowAt line they belong to"), Comment(rawValue: report.origins))
        #expect(report.trace.header.source?.unprinted == [], "init is stated by the nil lines, so it counts as printed")
    }

    /// Printed after the cellForRowAt line instead, the same lines go to the same rows.
    @Test func testOriginLinesAfterTheirCellForRowAtAreReadThere() throws {
        let log = Self.slowDrag(dequeue: { _, previous in [previous.map { "oldIndexPath: Optional([0, \($0)])" } ?? "oldIndexPath: nil"] },
                                configuredFirst: true)
        let report = try imported(log)
        #expect(report.origins.contains("come after the cellForRowAt line"), Comment(rawValue: report.origins))
        let cells = Self.cells(report.trace)
        #expect(cells[21] == 22 && cells[23] == 1 && cells[28] == 6, "\(cells)")
        #expect(report.inferred == 0 && report.contradictions.isEmpty && report.leftOut.isEmpty)
        let reuses = report.trace.events.compactMap { event -> Int?? in
            if case .prepareForReuse(_, _, let previous) = event.body { return previous }
            return nil
        }
        #expect(reuses == (0...5).map { Optional($0) }, "each reuse names the row its cell showed")
    }

    /// An app that prints cellForRowAt first, then dequeues (its cell's init and
    /// prepareForReuse print), then the previous row: the statement reaches its
    /// cellForRowAt across the dequeue's lines, and the two agree.
    @Test func testAStatementAfterTheDequeuesOwnLinesReachesItsCellForRowAt() throws {
        let log = Self.slowDrag(dequeue: { _, previous in
            previous.map { ["prepareForReuse", "oldIndexPath: [0, \($0)]"] } ?? ["init", "oldIndexPath: nil"]
        }, configuredFirst: true)
        let report = try imported(log)
        #expect(report.origins.contains("come after the cellForRowAt line"), Comment(rawValue: report.origins))
        #expect(report.leftOut.isEmpty && report.contradictions.isEmpty, "\(report.leftOut) \(report.contradictions)")
        let cells = Self.cells(report.trace)
        #expect(cells[21] == 22 && cells[23] == 1 && cells[28] == 6, "\(cells)")
        #expect(report.inferred == 0, "the statements name each reused cell's row")
    }

    /// An app whose cellForRowAt prints only "new cell for row N" / "reused cell
    /// for row N": those lines are the log's cellForRowAt.
    @Test func testNewAndReusedCellForRowLinesAreTheCellForRowAt() throws {
        let log = Self.slowDrag(dequeue: { row, previous in [previous == nil ? "new cell for row \(row)" : "reused cell for row \(row)"] })
            .split(separator: "\n").filter { !$0.hasPrefix("cellForRowAt") }.joined(separator: "\n")
        let report = try imported(log)
        let cells = Self.cells(report.trace)
        #expect(cells.count == 29 && cells[21] == 22 && cells[23] == 1, "\(cells)")
        #expect(report.recognised == 29 + 8 && report.statements == 29, "every row's line is its cellForRowAt: \(report.recognised)")
        #expect(report.leftOut.isEmpty)
        #expect(report.trace.events.filter { $0.kind == .initCell }.allSatisfy { $0.inferred == nil }, "new cells are stated")
        #expect(report.trace.events.filter { $0.kind == .prepareForReuse }.allSatisfy { $0.inferred == .cell }, "which cell is reused is not")
    }

    /// Without any statement the modern rules decide, and they too make rows 21
    /// and 22 new cells: a cell kept aside is not handed out (it was, before).
    @Test func testWithoutStatementsTheModernRuleKeepsACellAsideAndMakesANewOne() throws {
        let report = try imported(Self.slowDrag(dequeue: { _, _ in [] }, reusePrint: { ["prepareForReuse: Optional(\($0))"] }))
        let cells = Self.cells(report.trace)
        #expect(cells[21] == 22 && cells[22] == 23 && cells[23] == 1, "\(cells)")
        #expect(report.contradictions.isEmpty)
    }

    /// Under the wrong profile the rules hand row 0's cell to row 22; the log's
    /// `Optional(0)` two rows later contradicts that, and each place is reported
    /// with its line, and marked by a note in the trace, never settled silently.
    @Test func testAStatementThatContradictsAnInferenceIsReported() throws {
        let log = Self.slowDrag(dequeue: { _, _ in [] }, reusePrint: { ["prepareForReuse: Optional(\($0))"] })
        let report = try imported(log, profile: .classic)
        let first = try #require(report.contradictions.first)
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[first.line - 1] == "prepareForReuse: Optional(0)", "the line that states it")
        #expect(first.reason.contains("it says the reused cell showed row 0, but the cell that showed it (#1) went to row 22"), Comment(rawValue: first.reason))
        #expect(first.reason.contains("where the log does not say which cell, the import chose it"), Comment(rawValue: first.reason))
        let notes = report.trace.events.compactMap { event -> String? in
            if case .note(let text) = event.body { return text }
            return nil
        }
        #expect(notes.count == report.contradictions.count)
        #expect(notes.first?.hasPrefix("Line \(first.line) contradicts the import: ") == true, "\(notes)")
    }

    /// A stated reuse takes a cell even where the modern rules would keep it
    /// aside; a dequeue line that disagrees with a statement is reported.
    @Test func testAStatedReuseIsTakenAndADisagreeingDequeueIsReported() throws {
        let stated = Self.slowDrag(dequeue: { row, previous in row == 22 ? ["reused cell"] : previous == nil ? ["oldIndexPath: nil"] : [] })
        let report = try imported(stated)
        #expect(Self.cells(report.trace)[22] == 1, "the log says row 22's cell is reused: the one row 0 gave up, though kept aside")
        #expect(report.trace.events.contains { $0.body == .prepareForReuse(cell: 1, identifier: "Cell", previousRow: 0) })
        let disagreeing = "init\noldIndexPath: Optional([0, 4])\ncellForRowAt: 0\nwillDisplay: 0\n"
        let contradiction = try #require(try imported(disagreeing).contradictions.first)
        #expect(contradiction.line == 2 && contradiction.reason == "it says row 0's cell is reused, but line 1 printed init for it")
    }

    /// A statement with no cellForRowAt beside it is left out, saying why; a line
    /// that seems to state one unreadably is counted for the --pattern advice.
    @Test func testLinesThatCannotBeUsedAreAccountedFor() throws {
        let report = try imported("cellForRowAt: 0\nwillDisplay: 0\noldIndexPath: nil\nwillDisplay: 1\noldIndexPath: <?>\ncellForRowAt: 1\n")
        #expect(report.leftOut.map(\.line) == [3], "\(report.leftOut)")
        #expect(report.leftOut.first?.reason == "it says a cell is new, but no cellForRowAt line is printed next to it to say it of")
        #expect(report.unreadableOrigins == 1 && report.firstUnreadableOrigin?.line == 5)
        #expect(report.statements == 1 && report.skipped == 1)
        #expect(report.origins.hasPrefix("No line saying whether a cell is new or reused (line 3) is printed next to a cellForRowAt line"),
                Comment(rawValue: report.origins))
    }
}
