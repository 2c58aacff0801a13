import ReuseLabTestSupport
import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Reading a long trace from a file keeps memory bounded: the reader's window
/// never grows past its first size, however long the file (a structural check on
/// the reader itself, not a timing).
@Suite
final class BoundedReadingTests {
    /// A valid trace of `count` small events, written as the writer lays traces out.
    static func longTrace(events count: Int) -> String {
        var text = "{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n  \"title\": \"Long\",\n  \"profile\": \"modern\",\n  \"events\": [\n"
        for seq in 0..<count {
            let body = seq % 2 == 0 ? "\"kind\":\"note\",\"text\":\"step \(seq)\"" : "\"kind\":\"imageMemory\",\"bytes\":\(seq * 100)"
            text += "    {\"seq\":\(seq),\"t\":\(Double(seq) / 4),\(body)}" + (seq + 1 < count ? ",\n" : "\n")
        }
        return text + "  ]\n}\n"
    }

    /// 15,000 events (over 5 windows of 128 KB, filled 16 KB at a time; the header's
    /// first reading takes 64 KB); 100,000 through 256 KB and through the reader's
    /// own sizes in `BoundedReadingSecondTierTests`.
    @Test func testStreamingALongTraceKeepsTheWindowAtItsFirstSize() throws {
        try Self.checkLongTrace(events: 15_000, chunk: 16 << 10, capacity: 128 << 10, windows: 5)
    }

    /// Streams a trace of `count` small events, more than `windows` windows long,
    /// through a window of `capacity` bytes filled `chunk` at a time: it never grows.
    static func checkLongTrace(events count: Int, chunk: Int, capacity: Int, windows: Int) throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let path = try folder.write("long.trace.json", longTrace(events: count))
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        var read = 0
        let report = try TraceReader.streamReporting(path: path, chunkSize: chunk, capacity: capacity, onHeader: { _ in }, onEvent: { _, _ in read += 1 })
        #expect(read == count)
        #expect(size > (windows * capacity))
        #expect(report.largestWindow == capacity, "the window grew while reading a trace of small events")
        // The same file through validate's path.
        #expect((try TraceValidator.validate(path: path).eventCount) == count)
    }

    @Test func testAnEventLargerThanTheWindowGrowsItOnlyAsFarAsNeeded() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let note = String(repeating: "x", count: 60_000) // under the 64 KB string limit, over the window
        let text = "{\"format\":\"reuselab-trace\",\"version\":1,\"title\":\"Big note\",\"profile\":\"modern\",\"events\":[\n"
            + "{\"seq\":0,\"t\":0,\"kind\":\"note\",\"text\":\"\(note)\"},\n{\"seq\":1,\"t\":1,\"kind\":\"note\",\"text\":\"\\u00e9\(note)\"}\n]}\n"
        let path = try folder.write("big.trace.json", text)
        var texts: [Int] = []
        let report = try TraceReader.streamReporting(path: path, chunkSize: 4096, capacity: 16_384, onHeader: { _ in }, onEvent: { event, _ in
            if case .note(let text) = event.body { texts.append(text.count) }
        })
        #expect(texts == [60_000, 60_001])
        #expect(report.largestWindow <= (4 * 60_000))
    }
}

/// `BoundedReadingTests` at full length: 100,000 events, through a window of
/// 256 KB and through the reader's own sizes (a 4 MB window for a 5 MB file).
@Suite(SecondTier.enabled("the bounded reading of a 100,000-event trace"))
final class BoundedReadingSecondTierTests {

    @Test func testStreamingALongTraceKeepsTheWindowAtItsFirstSize() throws {
        try BoundedReadingTests.checkLongTrace(events: 100_000, chunk: 64 << 10, capacity: 256 << 10, windows: 20)
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let path = try folder.write("long.trace.json", BoundedReadingTests.longTrace(events: 100_000))
        let defaults = try TraceReader.streamReporting(path: path, onHeader: { _ in }, onEvent: { _, _ in })
        #expect(defaults.largestWindow == InputWindow.defaultCapacity)
    }
}
