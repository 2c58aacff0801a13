import Testing
import Foundation
import ReuseLabTestSupport
import TraceModel
import ToolSupport
import TraceCoding
@testable import LogImport

/// The instrumentation snippet's canonical format imports without guessing: a
/// recording printed line by line in that format comes back as the same calls on
/// the same cells at the same times.
@Suite
final class CanonicalRoundTripTests {
    /// One canonical line per lifecycle event, as the snippet prints it (cells at made-up addresses).
    static func canonicalLines(_ trace: Trace) -> [String] {
        func cell(_ id: Int) -> String { "cell=0x6000" + String(id, radix: 16) + "a0c000" }
        func seconds(_ event: TraceEvent) -> String { String(format: "%.6f", event.time.milliseconds / 1000) }
        return trace.events.compactMap { event -> String? in
            let head = "ReuseLab t=\(seconds(event)) kind=\(event.kind.rawValue)"
            switch event.body {
            case .initCell(let id, _), .deinitCell(let id): return "\(head) \(cell(id))"
            case .prepareForReuse(let id, _, let previous):
                return "\(head)" + (previous.map { " section=0 row=\($0)" } ?? "") + " \(cell(id))"
            case .cellForRowAt(let row, let id), .willDisplay(let row, let id), .didEndDisplaying(let row, let id):
                return "\(head) section=0 row=\(row) \(cell(id)) offset=-47.0"
            case .prefetchRowsAt(let rows), .cancelPrefetchingForRowsAt(let rows):
                return "\(head) rows=" + rows.map { "0:\($0)" }.joined(separator: ",")
            default: return nil
            }
        }
    }

    @Test func testASeed004RecordingPrintedCanonicallyImportsExactly() throws {
        let recorded = try TraceReader.read(path: Golden.packageRoot.appendingPathComponent("traces/seed004-slow-scroll.trace.json").path)
        let lines = Self.canonicalLines(recorded)
        var kinds: Set<Substring> = []
        let firstOfEachKind = lines.filter { line in
            guard let kind = line.split(separator: " ").first(where: { $0.hasPrefix("kind=") }) else { return true }
            return kinds.insert(kind).inserted
        }
        try Golden.assertExcerpt(firstOfEachKind.joined(separator: "\n") + "\n", "canonical-seed004.log", shows: """
            The canonical log line of each kind of call seed 004 makes, the first of each:
            what the instrumentation snippet prints and the importer reads back exactly.
            """, suite: "LogImportTests", filter: "CanonicalRoundTripTests")
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let path = try folder.write("device.log", lines.joined(separator: "\n") + "\n")
        let report = try LogImporter.importLog(path: path, options: ImportOptions(logName: "device.log"))
        #expect(report.gaps == 0)
        #expect(report.inferred == 0, "nothing is guessed")
        #expect(!report.syntheticTimes)
        let lifecycle = recorded.events.filter { $0.kind.isLifecycle }
        // A log does not print reuse identifiers: an imported trace calls every cell's "Cell".
        let expected = lifecycle.map { event -> EventBody in
            switch event.body {
            case .initCell(let cell, _): return .initCell(cell: cell, identifier: "Cell")
            case .prepareForReuse(let cell, _, let previous): return .prepareForReuse(cell: cell, identifier: "Cell", previousRow: previous)
            default: return event.body
            }
        }
        #expect(report.trace.events.map(\.body) == expected, "the same calls on the same cells")
        #expect(report.trace.events.map(\.time) == lifecycle.map(\.time), "at the same times")
    }

    @Test func testTheSnippetIsTheGoldenOne() throws {
        let text = InstrumentationSnippet.text
        try Golden.assertExcerpt(Golden.lines(of: text, to: "import UIKit") + Golden.lines(of: text, from: "enum ReuseLabLog", to: "// Make your cell class"),
                                 "snippet.swift.txt", shows: """
            The instrumentation snippet's head and its logger: the line format it promises
            and the code that prints it (time, kind, index path, cell address, offset).
            """, suite: "LogImportTests", filter: "CanonicalRoundTripTests")
        // The rest of the snippet logs each callback through that logger.
        for call in ["init", "prepareForReuse", "deinit", "cellForRowAt", "willDisplay", "didEndDisplaying", "prefetchRowsAt", "cancelPrefetchingForRowsAt"] {
            #expect(text.contains("ReuseLabLog.line(\"\(call)\""), Comment(rawValue: call))
        }
    }
}
