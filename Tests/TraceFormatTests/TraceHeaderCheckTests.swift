import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Whether a file is a trace (so `record -o` may replace it) is decided from its
/// header, read from the first few MB: a long trace is not read whole to decide.
@Suite
final class TraceHeaderCheckTests {
    private var removedAtTheEnd: [String] = []
    deinit { for path in removedAtTheEnd { try? FileManager.default.removeItem(atPath: path) } }

    private func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reuselab-header-\(UUID().uuidString).json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        removedAtTheEnd.append(path)
        return path
    }

    @Test func testALongTraceIsKnownByItsHeaderAlone() throws {
        var text = "{\"format\":\"reuselab-trace\",\"version\":1,\"title\":\"long\",\"profile\":\"modern\",\"events\":[\n"
        let event = "{\"seq\":0,\"t\":0,\"kind\":\"note\",\"text\":\"" + String(repeating: "x", count: 200) + "\"},\n"
        text += String(repeating: event, count: 30_000)   // about 7 MB, past what is read
        let path = try write(Array(text.utf8))
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0) > 5 << 20)
        #expect(TraceReader.whyNotATrace(path: path) == nil)
        #expect((try InputFile.readPrefix(path, count: 10)) == Array(text.utf8.prefix(10)))
    }

    @Test func testALongFileThatIsNotATraceIsStillRefused() throws {
        let json = "{\"title\":\"notes\",\"items\":[" + String(repeating: "1,", count: 3_000_000) + "1]}"
        #expect(TraceReader.whyNotATrace(path: try write(Array(json.utf8))) == "is not a ReuseLab trace (its header has no \"format\": \"reuselab-trace\")")
        #expect(TraceReader.whyNotATrace(path: try write(Array("plain words".utf8))) != nil)
        #expect((try InputFile.readPrefix(try write([]), count: 10)) == [])
    }
}
