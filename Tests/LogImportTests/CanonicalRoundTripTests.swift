import Testing
import Foundation
import ReuseLabTestSupport
import TraceModel
import ToolSupport
import TraceCoding
@testable import LogImport

/// The instrumentation snippet's canonical format imports without guessing: a
/// recording printed line by line in that format — a table view's, or a
/// collection view's in its own words — comes back as the same calls on the same
/// cells at the same times.
@Suite
final class CanonicalRoundTripTests {
    /// One canonical line per lifecycle event, as the snippet prints it (cells at
    /// made-up addresses), in the words of the trace's list: `cellForItemAt` and
    /// `item=` for a collection view's.
    static func canonicalLines(_ trace: Trace) -> [String] {
        let list = trace.header.list
        let place = list.member("row")
        let places = list.member("rows")
        func cell(_ id: Int) -> String { "cell=0x6000" + String(id, radix: 16) + "a0c000" }
        func seconds(_ event: TraceEvent) -> String { String(format: "%.6f", event.time.milliseconds / 1000) }
        return trace.events.compactMap { event -> String? in
            let head = "ReuseLab t=\(seconds(event)) kind=\(list.name(of: event.kind))"
            switch event.body {
            case .initCell(let id, _), .deinitCell(let id): return "\(head) \(cell(id))"
            case .prepareForReuse(let id, _, let previous):
                return "\(head)" + (previous.map { " section=0 \(place)=\($0)" } ?? "") + " \(cell(id))"
            case .cellForRowAt(let row, let id), .willDisplay(let row, let id), .didEndDisplaying(let row, let id):
                return "\(head) section=0 \(place)=\(row) \(cell(id)) offset=-47.0"
            case .prefetchRowsAt(let rows), .cancelPrefetchingForRowsAt(let rows):
                return "\(head) \(places)=" + rows.map { "0:\($0)" }.joined(separator: ",")
            default: return nil
            }
        }
    }

    /// The first canonical line of each kind of call in `lines`.
    static func firstOfEachKind(_ lines: [String]) -> String {
        var kinds: Set<Substring> = []
        return lines.filter { line in
            guard let kind = line.split(separator: " ").first(where: { $0.hasPrefix("kind=") }) else { return true }
            return kinds.insert(kind).inserted
        }.joined(separator: "\n") + "\n"
    }

    /// Imports `recorded` printed canonically and checks it comes back exactly: no
    /// gap, nothing inferred, and its lifecycle events — the same calls on the same
    /// cells and rows or items at the same times — in the same kind of list.
    func assertImportsExactly(_ recorded: Trace, columns: Int? = nil,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let path = try folder.write("device.log", Self.canonicalLines(recorded).joined(separator: "\n") + "\n")
        let report = try LogImporter.importLog(path: path, options: ImportOptions(logName: "device.log", columns: columns))
        #expect(report.gaps == 0, sourceLocation: sourceLocation)
        #expect(report.inferred == 0, "nothing is guessed", sourceLocation: sourceLocation)
        #expect(!report.syntheticTimes, sourceLocation: sourceLocation)
        #expect(report.trace.header.list == recorded.header.list, "the same kind of list", sourceLocation: sourceLocation)
        let lifecycle = recorded.events.filter { $0.kind.isLifecycle }
        #expect(report.trace.events.map(\.body) == Self.calls(of: recorded), "the same calls on the same cells", sourceLocation: sourceLocation)
        #expect(report.trace.events.map(\.time) == lifecycle.map(\.time), "at the same times", sourceLocation: sourceLocation)
        #expect(report.trace.events.allSatisfy { $0.inferred == nil }, "no event says it was inferred", sourceLocation: sourceLocation)
    }

    /// The lifecycle calls of a recording as its log imports them: a log does not
    /// print reuse identifiers, so an imported trace calls every cell's "Cell".
    static func calls(of recorded: Trace) -> [EventBody] {
        recorded.events.filter { $0.kind.isLifecycle }.map { event -> EventBody in
            switch event.body {
            case .initCell(let cell, _): return .initCell(cell: cell, identifier: "Cell")
            case .prepareForReuse(let cell, _, let previous): return .prepareForReuse(cell: cell, identifier: "Cell", previousRow: previous)
            default: return event.body
            }
        }
    }

    static func bundled(_ name: String) throws -> Trace {
        try TraceReader.read(path: Golden.packageRoot.appendingPathComponent("traces/\(name).trace.json").path)
    }

    @Test func testASeed004RecordingPrintedCanonicallyImportsExactly() throws {
        let recorded = try Self.bundled("seed004-slow-scroll")
        try Golden.assertExcerpt(Self.firstOfEachKind(Self.canonicalLines(recorded)), "canonical-seed004.log", shows: """
            The canonical log line of each kind of call seed 004 makes, the first of each:
            what the instrumentation snippet prints and the importer reads back exactly.
            """, suite: "LogImportTests", filter: "CanonicalRoundTripTests")
        try assertImportsExactly(recorded)
    }

    /// A grid's recording printed in the collection view's canonical lines
    /// (`cellForItemAt`, `item=`, `items=`) imports as the same collection view's
    /// calls; the grid's columns are given, as `--columns` gives them. (The
    /// bundled grids whose scroll turns back or whose items are reconfigured
    /// reconstruct what a log cannot show: the next test.)
    @Test(arguments: ["grid-slow-drag", "grid-fast-fling"])
    func testAGridRecordingPrintedCanonicallyImportsExactly(_ name: String) throws {
        let recorded = try Self.bundled(name)
        #expect(recorded.header.list.isCollection)
        try assertImportsExactly(recorded, columns: recorded.header.list.columns)
    }

    /// A grid that turns back, reloads or reconfigures: its log cannot show a
    /// prepared cell put back in the pool unseen, nor the app's reload or
    /// reconfigure, nor the screen going away before the cells' deinit, so the
    /// import reconstructs those (marked), and every call the
    /// log prints comes back on its own cell, with no gap.
    @Test(arguments: ["grid-down-and-up", "grid-async-reset", "grid-cache-coalesce", "grid-cache-coalesce-reconfigure"])
    func testAGridThatTurnsBackOrReloadsImportsEveryPrintedCall(_ name: String) throws {
        let recorded = try Self.bundled(name)
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let path = try folder.write("device.log", Self.canonicalLines(recorded).joined(separator: "\n") + "\n")
        let report = try LogImporter.importLog(path: path, options: ImportOptions(logName: "device.log", columns: recorded.header.list.columns))
        #expect(report.gaps == 0 && report.leftOut.isEmpty && report.contradictions.isEmpty, "\(report.leftOut) \(report.contradictions)")
        let reconstructed = report.trace.events.filter { $0.inferred != nil }
        #expect(reconstructed.allSatisfy { $0.inferred == .call && [.enqueue, .reloadRows, .reconfigureRows, .viewDidDisappear].contains($0.kind) },
                "only what a log cannot print: \(reconstructed.map(\.kind))")
        let printed = report.trace.events.filter { $0.inferred == nil }.map(\.body)
        #expect(printed == Self.calls(of: recorded), "the same calls on the same cells")
    }

    @Test func testAGridIsPrintedInTheCollectionViewsWords() throws {
        let lines = Self.canonicalLines(try Self.bundled("grid-slow-drag"))
        #expect(lines.allSatisfy { !$0.contains(" row=") && !$0.contains(" rows=") && !$0.contains("RowAt") })
        try Golden.assertExcerpt(Self.firstOfEachKind(lines), "canonical-grid-slow-drag.log", shows: """
            The canonical log line of each kind of call a two-column grid makes, the first
            of each: a collection view's words (cellForItemAt, item=, items=), which the
            importer reads back as a collection view's calls.
            """, suite: "LogImportTests", filter: "CanonicalRoundTripTests")
    }

    @Test func testTheSnippetIsTheGoldenOne() throws {
        let text = InstrumentationSnippet.text
        try Golden.assertExcerpt(Golden.lines(of: text, to: "import UIKit") + Golden.lines(of: text, from: "enum ReuseLabLog", to: "// Make your cell class"),
                                 "snippet.swift.txt", shows: """
            The instrumentation snippet's head and its logger: the line format it promises
            and the code that prints it (time, kind, a row's or an item's index path, cell
            address, offset) for a table view and a collection view.
            """, suite: "LogImportTests", filter: "CanonicalRoundTripTests")
        // The rest of the snippet logs each callback of both lists through that logger.
        let tableCalls = LogLine.Callback.allCases.map(\.rawValue)
        for call in tableCalls + ["cellForItemAt", "prefetchItemsAt", "cancelPrefetchingForItemsAt"] {
            #expect(text.contains("ReuseLabLog.line(\"\(call)\""), Comment(rawValue: call))
        }
        // Its example lines read back: a table view's call, then a collection view's.
        let examples = text.split(separator: "\n").filter { $0.hasPrefix("//   ReuseLab ") }
        let read = examples.map { LineRecogniser().recognise(String($0.dropFirst(5)), number: 1) }
        #expect(read.map(\.callName) == ["cellForRowAt", "cellForItemAt"])
        #expect(read.map(\.namesItems) == [false, true])
        #expect(read.map(\.indexPaths) == [[LogIndexPath(row: 19)], [LogIndexPath(row: 19)]])
        for cell in ["class LoggedCell: UITableViewCell", "class LoggedItemCell: UICollectionViewCell", "override init(frame: CGRect)"] {
            #expect(text.contains(cell), Comment(rawValue: cell))
        }
    }
}
