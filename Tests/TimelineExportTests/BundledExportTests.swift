import ReuseLabTestSupport
import Foundation
import XCTest
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import TimelineExport

/// Every bundled trace exports to a file the trace-event rules accept, the same
/// bytes every time.
final class BundledExportTests: XCTestCase {
    /// The sample traces; every bundled trace in `BundledExportSecondTierTests`.
    func testSampleTracesExportToAValidTimeline() throws {
        try Self.checkExports(BundledFiles.sampleTraces)
    }

    static func checkExports(_ names: [String]) throws {
        for name in names {
            let bytes = try ExportFixtures.export(name)
            let timeline = try ExportFixtures.checked(bytes, name)
            XCTAssertEqual(timeline.document["displayTimeUnit"] as? String, "ms", name)
            let other = try XCTUnwrap(timeline.document["otherData"] as? [String: Any], name)
            XCTAssertEqual(other["generator"] as? String, "reuselab export", name)
            XCTAssertNotNil(timeline.track(named: "main thread"), "\(name): the main thread leads")
            // Every event of the trace is drawn: each instant, slice or counter names
            // its seq, except image memory, which is a counter.
            let trace = try CheckedTraceReader.read(path: ExportFixtures.path(name))
            var seqs = Set<Int>()
            for slices in timeline.slices.values {
                for slice in slices {
                    for key in ["seq", "fromSeq", "toSeq"] {
                        if let seq = TraceEventValidator.integer(slice.args[key]) { seqs.insert(seq) }
                    }
                }
            }
            let undrawn = trace.events.filter { !seqs.contains($0.seq) && $0.kind != .imageMemory }
            XCTAssertTrue(undrawn.isEmpty, "\(name): events not on the timeline: \(undrawn.prefix(5).map { "\($0.seq) \($0.kind.rawValue)" })")
            // Whole microseconds everywhere.
            for event in timeline.events {
                for key in ["ts", "dur"] {
                    if let value = TraceEventValidator.number(event[key]) {
                        XCTAssertEqual(value, value.rounded(), "\(name): \(key) \(value) is not whole")
                    }
                }
            }
        }
    }

    /// Perfetto's JSON reader reads `displayTimeUnit` only near the start, stops at a
    /// top-level member it does not know, and finds each event's `ts` member by
    /// member (older versions giving up at a string with a `\u` escape before it):
    /// so the file has only the members it knows, in that order, and each event
    /// starts with `ts`, one event per line.
    func testTheFileIsLaidOutAsPerfettosReaderNeedsIt() throws {
        let bytes = try ExportFixtures.export("images-task-identity-cancel")
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(lines[0].hasPrefix("{\"displayTimeUnit\":\"ms\",\"otherData\":{"), String(lines[0]))
        XCTAssertTrue(lines[0].hasSuffix("},\"traceEvents\":["), String(lines[0]))
        XCTAssertEqual(lines.suffix(2), ["]}", ""])
        for line in lines.dropFirst().dropLast(2) {
            XCTAssertTrue(line.hasPrefix("{\"ts\":"), String(line))
        }
        let timeline = try ExportFixtures.checked(bytes, "images-task-identity-cancel")
        XCTAssertEqual(Set(timeline.document.keys), ["displayTimeUnit", "otherData", "traceEvents"])
    }

    func testTheSameTraceGivesTheSameBytes() throws {
        for name in ["images-sync-download", "sections", "device-seed004"] {
            let first = try ExportFixtures.export(name)
            let second = try ExportFixtures.export(name)
            XCTAssertEqual(first, second, name)
            // Read from memory (as standard input is) it is the same file again.
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: ExportFixtures.path(name))))
            let fromMemory = try PerfettoTrace.bytes(of: .bytes(bytes, name: "<stdin>"), generator: ExportFixtures.generator)
            XCTAssertEqual(first, fromMemory, name)
        }
    }

    func testTheExportIsStreamedInBlocks() throws {
        var blocks: [Int] = []
        var whole: [UInt8] = []
        let summary = try PerfettoTrace.export(.file(ExportFixtures.path("images-async-no-reset")), generator: ExportFixtures.generator) {
            (chunk: UnsafeRawBufferPointer) throws(ReuseLabError) in
            blocks.append(chunk.count)
            whole.append(contentsOf: chunk)
        }
        XCTAssertGreaterThan(blocks.count, 2, "a file of \(whole.count) bytes comes in more than one block")
        XCTAssertTrue(blocks.dropLast().allSatisfy { $0 >= 1 << 16 && $0 < (1 << 16) + (1 << 14) }, "\(blocks)")
        XCTAssertEqual(summary.bytes, whole.count)
        XCTAssertEqual(summary.events, 1266)
        let timeline = try ExportFixtures.checked(whole, "images-async-no-reset")
        XCTAssertEqual(summary.traceEvents, timeline.events.count)
        XCTAssertEqual(summary.tracks, timeline.threadNames.count)
    }
}

/// `BundledExportTests` over every bundled trace.
final class BundledExportSecondTierTests: SecondTierTestCase {
    override class var secondTierWork: String { "the timeline export of every bundled trace" }

    func testEveryBundledTraceExportsToAValidTimeline() throws {
        try BundledExportTests.checkExports(try BundledFiles.allTraces())
    }
}
