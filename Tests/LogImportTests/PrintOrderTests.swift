import Testing
import Foundation
import ReuseLabTestSupport
import TraceModel
@testable import LogImport

/// An app that prints at the top of `cellForRowAt`, before it dequeues, shows
/// each `init` or `prepareForReuse` after its row's `cellForRowAt` line; the
/// importer reads that order from the log and places each dequeue back inside
/// the `cellForRowAt` it follows.
@Suite
final class PrintOrderTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(removeWhenReleased: true) }

    func imported(_ text: String) throws -> ImportReport {
        try folder.importLog(text, options: ImportOptions(logName: "test.log", profile: .classic))
    }

    /// The cell each row got, in the order the rows were configured.
    static func cells(_ trace: Trace) -> [[Int]] {
        trace.events.compactMap { event in
            if case .cellForRowAt(let row, let cell) = event.body { return [row, cell] }
            return nil
        }
    }

    @Test func testPrintedBeforeTheDequeueEachCellGoesToItsOwnRow() throws {
        // Ten rows at launch, a label printed by the app between them, then three reuses.
        var lines = (0..<10).flatMap { ["cellForRowAt: \($0)", "init", "willDisplay: \($0)"] }
        lines.insert("--- first screen done ---", at: 30)
        lines += (0..<3).flatMap { ["didEndDisplaying: \($0)", "cellForRowAt: \($0 + 10)", "prepareForReuse", "willDisplay: \($0 + 10)"] }
        let report = try imported(lines.joined(separator: "\n") + "\n")
        #expect(report.printOrder.hasPrefix("The app prints cellForRowAt before it dequeues (in 13 places"), Comment(rawValue: report.printOrder))
        #expect(report.gaps == 0 && report.leftOut.isEmpty, "\(report.leftOut)")
        #expect(report.inferred == 3, "only which cell each prepareForReuse takes, which the log does not print")
        #expect(report.trace.events.filter { $0.kind == .initCell }.count == 10, "one cell a row, not one too many")
        // Row N's cell is #N+1; rows 10, 11 and 12 each reuse the cell the row just gone gave up.
        #expect(Self.cells(report.trace) == (0..<10).map { [$0, $0 + 1] } + [[10, 1], [11, 2], [12, 3]])
    }

    @Test func testWithoutWillDisplayTheEndsOfTheLogTell() throws {
        let first = try imported((0..<5).map { "cellForRowAt: \($0)\ninit" }.joined(separator: "\n") + "\n")
        #expect(first.printOrder.hasPrefix("The app prints cellForRowAt before it dequeues (in 2 places"), Comment(rawValue: first.printOrder))
        #expect(Self.cells(first.trace) == (0..<5).map { [$0, $0 + 1] })
        #expect(first.inferred == 0)
        let usual = try imported((0..<5).map { "init\ncellForRowAt: \($0)" }.joined(separator: "\n") + "\n")
        #expect(usual.printOrder.hasPrefix("The app prints init and prepareForReuse before the cellForRowAt they belong to (in 1 place)"), Comment(rawValue: usual.printOrder))
        #expect(Self.cells(usual.trace) == (0..<5).map { [$0, $0 + 1] })
    }

    @Test func testTheUsualOrderIsKeptAndALogThatCannotTellSaysSo() throws {
        let usual = (0..<4).flatMap { ["init", "cellForRowAt: \($0)", "willDisplay: \($0)"] }.joined(separator: "\n")
        let report = try imported(usual + "\n")
        #expect(report.printOrder.contains("(in 4 places), in the order UIKit calls them"), Comment(rawValue: report.printOrder))
        #expect(Self.cells(report.trace) == (0..<4).map { [$0, $0 + 1] })
        let silent = try imported("cellForRowAt: 0\nwillDisplay: 0\n")
        #expect(silent.printOrder.hasPrefix("The log does not show whether"), Comment(rawValue: silent.printOrder))
    }

    @Test func testAGapMarkerBreaksTheEvidence() {
        // A dequeue after a gap marker says nothing about the cellForRowAt before the marker.
        let lines = [LogLine(content: .callback(.cellForRowAt), indexPaths: [LogIndexPath(row: 0)], lineNumber: 1),
                     LogLine(content: .gap, lineNumber: 2),
                     LogLine(content: .callback(.initCell), lineNumber: 3),
                     LogLine(content: .callback(.cellForRowAt), indexPaths: [LogIndexPath(row: 1)], lineNumber: 4)]
        let order = PrintOrder(lines)
        #expect(!order.callbackFirst && order.callbackFirstEvidence == 0 && order.dequeueFirstEvidence == 1)
        #expect(order.placed(lines) == lines)
    }
}
