import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import TimelineExport

/// Every bundled trace exports to a file the trace-event rules accept, the same
/// bytes every time.
@Suite
final class BundledExportTests {
    /// The sample traces; every bundled trace in `BundledExportSecondTierTests`.
    @Test func testSampleTracesExportToAValidTimeline() throws {
        try Self.checkExports(BundledFiles.sampleTraces)
    }

    static func checkExports(_ names: [String]) throws {
        for name in names {
            let bytes = try ExportFixtures.export(name)
            let timeline = try ExportFixtures.checked(bytes, name)
            #expect((timeline.document["displayTimeUnit"] as? String) == "ms", Comment(rawValue: name))
            let other = try #require(timeline.document["otherData"] as? [String: Any], Comment(rawValue: name))
            #expect((other["generator"] as? String) == "reuselab export", Comment(rawValue: name))
            #expect(timeline.track(named: "main thread") != nil, "\(name): the main thread leads")
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
            #expect(undrawn.isEmpty, "\(name): events not on the timeline: \(undrawn.prefix(5).map { "\($0.seq) \($0.kind.rawValue)" })")
            // Whole microseconds everywhere.
            for event in timeline.events {
                for key in ["ts", "dur"] {
                    if let value = TraceEventValidator.number(event[key]) {
                        #expect(value == value.rounded(), "\(name): \(key) \(value) is not whole")
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
    @Test func testTheFileIsLaidOutAsPerfettosReaderNeedsIt() throws {
        let bytes = try ExportFixtures.export("images-task-identity-cancel")
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("{\"displayTimeUnit\":\"ms\",\"otherData\":{"), Comment(rawValue: String(lines[0])))
        #expect(lines[0].hasSuffix("},\"traceEvents\":["), Comment(rawValue: String(lines[0])))
        #expect(lines.suffix(2) == ["]}", ""])
        for line in lines.dropFirst().dropLast(2) {
            #expect(line.hasPrefix("{\"ts\":"), Comment(rawValue: String(line)))
        }
        let timeline = try ExportFixtures.checked(bytes, "images-task-identity-cancel")
        #expect(Set(timeline.document.keys) == ["displayTimeUnit", "otherData", "traceEvents"])
    }

    @Test func testTheSameTraceGivesTheSameBytes() throws {
        for name in ["images-sync-download", "sections", "device-seed004"] {
            let first = try ExportFixtures.export(name)
            let second = try ExportFixtures.export(name)
            #expect(first == second, Comment(rawValue: name))
            // Read from memory (as standard input is) it is the same file again.
            let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: ExportFixtures.path(name))))
            let fromMemory = try PerfettoTrace.bytes(of: .bytes(bytes, name: "<stdin>"), generator: ExportFixtures.generator)
            #expect(first == fromMemory, Comment(rawValue: name))
        }
    }

    @Test func testTheExportIsStreamedInBlocks() throws {
        var blocks: [Int] = []
        var whole: [UInt8] = []
        let summary = try PerfettoTrace.export(.file(ExportFixtures.path("images-async-no-reset")), generator: ExportFixtures.generator) {
            (chunk: UnsafeRawBufferPointer) throws(ReuseLabError) in
            blocks.append(chunk.count)
            whole.append(contentsOf: chunk)
        }
        #expect(blocks.count > 2, "a file of \(whole.count) bytes comes in more than one block")
        #expect(blocks.dropLast().allSatisfy { $0 >= 1 << 16 && $0 < (1 << 16) + (1 << 14) }, "\(blocks)")
        #expect(summary.bytes == whole.count)
        #expect(summary.events == (try BundledFiles.lastStep(of: "images-async-no-reset")) + 1)
        let timeline = try ExportFixtures.checked(whole, "images-async-no-reset")
        #expect(summary.traceEvents == timeline.events.count)
        #expect(summary.tracks == timeline.threadNames.count)
    }
}

/// `BundledExportTests` over every bundled trace.
@Suite(SecondTier.enabled("the timeline export of every bundled trace"))
final class BundledExportSecondTierTests {

    @Test func testEveryBundledTraceExportsToAValidTimeline() throws {
        try BundledExportTests.checkExports(try BundledFiles.allTraces())
    }
}
