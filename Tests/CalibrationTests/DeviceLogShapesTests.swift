import Foundation
import Testing
import TraceModel
import TraceCoding
import Recorder
import LogImport
import ReuseLabTestSupport

/// The logs an instructor brought from real apps (issue 35), each written anew
/// from its description: the import agrees with every line of the log or says
/// where it could not, and `reuselab calibrate` reproduces each or refuses,
/// saying why.
@Suite
final class DeviceLogShapesTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(prefix: "device-log-shapes", removeWhenReleased: true) }

    /// Every printed lifecycle line is one event not reconstructed (a cell may be
    /// the import's choice), or is listed as left out with why, and each line
    /// saying a cell is new made its `init` (`stated`): the counts add up.
    static func agreesLineForLine(_ report: ImportReport, stated: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        let printed = report.trace.events.filter { $0.kind.isLifecycle && $0.inferred != .call }.count
        #expect(printed + report.leftOut.count == report.recognised + stated,
                "\(printed) printed events, \(report.leftOut.count) left out, \(report.recognised) lines, \(stated) stated", sourceLocation: sourceLocation)
    }

    /// The lifecycle events with their cells, as the recording has them (a log
    /// does not print the reuse identifier: the import names it "Cell").
    static func lifecycle(_ events: [TraceEvent]) -> [EventBody] {
        events.filter { $0.kind.isLifecycle }.map { event in
            switch event.body {
            case .initCell(let cell, _): return .initCell(cell: cell, identifier: "Cell")
            case .prepareForReuse(let cell, _, let previous): return .prepareForReuse(cell: cell, identifier: "Cell", previousRow: previous)
            default: return event.body
            }
        }
    }

    /// `reuselab calibrate` on `report`'s trace, through the built executable.
    func calibrate(_ report: ImportReport, _ name: String) throws -> ProcessOutcome {
        try folder.write(name, TraceWriter.text(report.trace))
        return try ReuselabExecutable.run(try ReuselabExecutable.require(), ["calibrate", name], directory: folder.url)
    }

    /// `oldIndexPath: nil` before each new cell's cellForRowAt and
    /// `prepareForReuse: Optional(0)` in each reused one, the rest printed plainly:
    /// once imported with rows 22 and 23 reusing rows 0 and 1's cells.
    @Test func testALogThatSaysWhichCellsAreNewImportsAsTheDeviceDidIt() throws {
        let scenario = seed004()
        var made = Set<Int>()
        let log = try printedLog(of: scenario) { event in
            switch event.body {
            case .initCell(let cell, _):
                made.insert(cell)
                return []
            case .prepareForReuse(_, _, let previous):
                return ["prepareForReuse: Optional(\(previous.map(String.init) ?? "nil"))"]
            case .cellForRowAt(let row, let cell):
                return (made.remove(cell) != nil ? ["oldIndexPath: nil"] : []) + ["cellForRowAt: \(row)"]
            default:
                return plainLine(event).map { [$0] } ?? []
            }
        }
        let report = try importReport(log)
        Self.agreesLineForLine(report, stated: log.components(separatedBy: "oldIndexPath: nil").count - 1)
        #expect(Self.lifecycle(report.trace.events) == Self.lifecycle(try Recorder.record(scenario).events), "every cell as the device had it")
        #expect(report.inferred == 0 && report.contradictions.isEmpty && report.gaps == 0)
        #expect(report.trace.header.profile == .modern)
        let calibrated = try calibrate(report, "old-index-path.trace.json")
        #expect(calibrated.status == 0, Comment(rawValue: calibrated.err))
        #expect(calibrated.out.hasPrefix("Best match: 100% of the"), Comment(rawValue: calibrated.out))
    }

    /// A log whose last two lines are prefetch calls, a batch of ten rows back up
    /// the list and then one of them again: once in no trace and no listing.
    @Test func testALogEndingInPrefetchesAccountsForEachLine() throws {
        let scenario = seed004(profile: .classic)
        let log = try printedLog(of: scenario) { plainLine($0).map { [$0] } ?? [] }
            + "prefetchRowsAt: [" + (0..<10).reversed().map { "[0, \($0)]" }.joined(separator: ", ") + "]\nprefetchRowsAt: [[0, 3]]\n"
        let report = try importReport(log)
        Self.agreesLineForLine(report)
        let last = lineCount(log)
        #expect(report.leftOut.map(\.line) == [last], "the second asks only for a row still being prefetched: \(report.leftOut)")
        #expect(report.leftOut.first?.reason.contains("rows still being prefetched (3)") == true)
        #expect(report.trace.events.last { $0.kind == .prefetchRowsAt }?.body == .prefetchRowsAt(rows: Array((0..<10).reversed())))
        let calibrated = try calibrate(report, "tail.trace.json")
        #expect(calibrated.status == 0, Comment(rawValue: calibrated.out + calibrated.err))
        #expect(calibrated.out.hasPrefix("Best match: "), Comment(rawValue: calibrated.out))
    }

    /// An app that prints in cellForRowAt before it dequeues, with labels of its
    /// own between the calls and blank lines: once every cell on the wrong row,
    /// an extra cell, and six gaps.
    @Test func testALogPrintedBeforeTheDequeueWithLabelsImportsAsTheDeviceDidIt() throws {
        let scenario = seed004(profile: .classic, prefetching: false)
        var configured = 0
        var dequeue: String?
        let log = try printedLog(of: scenario) { event in
            switch event.body {
            case .initCell, .prepareForReuse:
                dequeue = event.kind.rawValue
                return []
            case .cellForRowAt(let row, _):
                configured += 1
                // The dequeue prints inside it, after the app's own line; a label every fifth row.
                defer { dequeue = nil }
                return ["cellForRowAt: \(row)"] + (dequeue.map { [$0] } ?? []) + (configured % 5 == 0 ? ["=== page \(configured / 5) ===", ""] : [])
            default:
                return plainLine(event).map { [$0] } ?? []
            }
        }
        let recording = try Recorder.record(scenario).events
        let made = recording.filter { $0.kind == .initCell }.count
        let report = try importReport(log)
        Self.agreesLineForLine(report)
        #expect(report.gaps == 0 && report.leftOut.isEmpty, "labels are no gaps: \(report.leftOut)")
        #expect(report.blank > 0 && report.skipped > 0)
        #expect(report.printOrder.hasPrefix("The app prints cellForRowAt before it dequeues"), Comment(rawValue: report.printOrder))
        #expect(report.trace.events.filter { $0.kind == .initCell }.count == made, "one cell a row, not one too many")
        let rowsAndCells = { (events: [TraceEvent]) in events.compactMap { event -> [Int]? in
            if case .cellForRowAt(let row, let cell) = event.body { return [row, cell] }
            return nil
        } }
        #expect(rowsAndCells(report.trace.events) == rowsAndCells(recording), "every cell on its own row")
        let calibrated = try calibrate(report, "before.trace.json")
        #expect(calibrated.status == 0 && calibrated.out.hasPrefix("Best match: 100% of the"), Comment(rawValue: calibrated.out))
    }

    /// A classic table's log that never prints willDisplay: once explained as a
    /// modern table preparing rows "while scrolling" at 0 ms, under a profile it
    /// only assumed.
    @Test func testALogWithoutWillDisplayIsClassicAndSilentAboutWhenRowsAppear() throws {
        let scenario = seed004(profile: .classic, prefetching: false)
        let log = try printedLog(of: scenario, printing: [.initCell, .prepareForReuse, .cellForRowAt, .didEndDisplaying])
        let report = try importReport(log)
        Self.agreesLineForLine(report)
        #expect(report.trace.header.profile == .classic, Comment(rawValue: report.profile))
        #expect(report.trace.header.source?.unprinted == [.willDisplay])
        #expect(report.gaps == 0 && report.leftOut.isEmpty, "\(report.leftOut)")
        let calibrated = try calibrate(report, "no-will-display.trace.json")
        #expect(calibrated.status == 0, Comment(rawValue: calibrated.out + calibrated.err))
        #expect(calibrated.out.hasPrefix("Best match: 100% of the"), Comment(rawValue: calibrated.out))
        #expect(calibrated.out.contains("Classic profile"), Comment(rawValue: calibrated.out))
        let replay = try ReuselabExecutable.run(try ReuselabExecutable.require(), ["replay", "no-will-display.trace.json"],
                                                directory: folder.url)
        #expect(replay.out.contains("This log does not print willDisplay"), Comment(rawValue: replay.out))
        #expect(!replay.out.contains("while scrolling"), "no story about scrolling the log cannot tell")
    }
}
