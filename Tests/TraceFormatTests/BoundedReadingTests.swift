import ReuseLabTestSupport
import XCTest
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Reading a long trace from a file keeps memory bounded: the reader's window
/// never grows past its first size, however long the file (a structural check on
/// the reader itself, not a timing).
final class BoundedReadingTests: XCTestCase {
    /// A valid trace of `count` small events, written as the writer lays traces out.
    private func longTrace(events count: Int) -> String {
        var text = "{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n  \"title\": \"Long\",\n  \"profile\": \"modern\",\n  \"events\": [\n"
        for seq in 0..<count {
            let body = seq % 2 == 0 ? "\"kind\":\"note\",\"text\":\"step \(seq)\"" : "\"kind\":\"imageMemory\",\"bytes\":\(seq * 100)"
            text += "    {\"seq\":\(seq),\"t\":\(Double(seq) / 4),\(body)}" + (seq + 1 < count ? ",\n" : "\n")
        }
        return text + "  ]\n}\n"
    }

    func testStreamingALongTraceKeepsTheWindowAtItsFirstSize() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let path = try folder.write("long.trace.json", longTrace(events: 100_000))
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let chunk = 64 << 10, capacity = 256 << 10
        var count = 0
        let report = try TraceReader.streamReporting(path: path, chunkSize: chunk, capacity: capacity, onHeader: { _ in }, onEvent: { _, _ in count += 1 })
        XCTAssertEqual(count, 100_000)
        XCTAssertGreaterThan(size, 20 * capacity)
        XCTAssertEqual(report.largestWindow, capacity, "the window grew while reading a trace of small events")

        // The same file through validate's path, with the reader's own sizes.
        let summary = try TraceValidator.validate(path: path)
        XCTAssertEqual(summary.eventCount, 100_000)
        let defaults = try TraceReader.streamReporting(path: path, onHeader: { _ in }, onEvent: { _, _ in })
        XCTAssertEqual(defaults.largestWindow, InputWindow.defaultCapacity)
    }

    func testAnEventLargerThanTheWindowGrowsItOnlyAsFarAsNeeded() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let note = String(repeating: "x", count: 300_000)
        let text = "{\"format\":\"reuselab-trace\",\"version\":1,\"title\":\"Big note\",\"profile\":\"modern\",\"events\":[\n"
            + "{\"seq\":0,\"t\":0,\"kind\":\"note\",\"text\":\"\(note)\"},\n{\"seq\":1,\"t\":1,\"kind\":\"note\",\"text\":\"\\u00e9\(note)\"}\n]}\n"
        let path = try folder.write("big.trace.json", text)
        var texts: [Int] = []
        let report = try TraceReader.streamReporting(path: path, chunkSize: 4096, capacity: 16_384, onHeader: { _ in }, onEvent: { event, _ in
            if case .note(let text) = event.body { texts.append(text.count) }
        })
        XCTAssertEqual(texts, [300_000, 300_001])
        XCTAssertLessThanOrEqual(report.largestWindow, 4 * 300_000)
    }
}
