import Testing
import Foundation
import ReuseLabTestSupport
import TraceModel
@testable import LogImport

/// An import holds what the cells' state needs, never the log or the trace: what
/// its first pass and its builder hold at the end is the same for a scrolling
/// log four times as long. Counted, not timed: `CellWhereabouts` once kept an
/// entry for every row ever shown, `ProfileEvidence` every row that left, the
/// importer every line and event (a 100 MB log took 1.2 GB; docs/performance.md).
@Suite
final class BoundedImportTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(removeWhenReleased: true) }

    /// A table scrolling through `rows` rows, 20 on screen, the app printing each
    /// dequeue, with NSLog prefixes and a gap marker every 2,000 rows.
    static func scrollingLog(rows: Int) -> String {
        var lines: [String] = []
        func say(_ message: String) {
            let micros = lines.count * 137
            let time = String(format: "%02d:%02d.%06d", micros / 60_000_000 % 60, micros / 1_000_000 % 60, micros % 1_000_000)
            lines.append("2026-11-29 10:\(time)+0000 App[123:4567] \(message)")
        }
        for row in 0..<20 { say("init"); say("cellForRowAt: \(row)"); say("willDisplay: \(row)") }
        for row in 20..<rows {
            if row % 2_000 == 0 { lines.append("...") }
            say("didEndDisplaying: \(row - 20)")
            say("prepareForReuse: Optional(\(row - 20))")
            say("cellForRowAt: \(row)")
            say("willDisplay: \(row)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What an import of `rows` rows holds, and how many lines and events it has.
    func held(rows: Int) throws -> (facts: Int, builder: Int, lines: Int, events: Int) {
        let path = try folder.write("scroll-\(rows).log", Self.scrollingLog(rows: rows))
        let log = try LogImporter.read(path: path, options: ImportOptions(logName: "scroll.log"))
        var events = 0
        let report = try log.build { (_: TraceEvent) in events += 1 }
        #expect(report.eventCount == events && report.unplaced == 0 && report.leftOut.isEmpty)
        return (log.factsHeldItems, log.builderHeldItems, report.lines, events)
    }

    @Test func testWhatAnImportHoldsDoesNotGrowWithTheLog() throws {
        let short = try held(rows: 5_000)
        let long = try held(rows: 20_000)
        #expect(long.events > 3 * short.events)
        // The rows that left are kept as bits, 64 rows a word: less than an item for
        // every 32 more lines. Anything kept for each line or row would be far more.
        let moreLines = long.lines - short.lines
        #expect(long.facts - short.facts < moreLines / 32, "facts: \(short.facts) items for \(short.lines) lines, \(long.facts) for \(long.lines)")
        #expect(long.builder - short.builder < moreLines / 32, "builder: \(short.builder) items for \(short.lines) lines, \(long.builder) for \(long.lines)")
    }
}
