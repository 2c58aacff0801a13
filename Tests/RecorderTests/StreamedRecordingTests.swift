import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Recorder

/// A trace is written in chunks straight to its file: the same bytes as the whole
/// text, whole lines in each chunk, and nothing left behind when it is refused.
@Suite
final class StreamedRecordingTests {
    func scenario() throws -> Scenario {
        try Recorder.loadScenario(path: BundledTraceTests.tracesFolder.appendingPathComponent("down-then-up.scenario.json").path)
    }

    @Test func testChunksAreWholeLinesAndAddUpToTheWholeTrace() throws {
        let trace = try Recorder.record(try scenario())
        let whole = try #require(TraceWriter.bytes(trace))
        var chunks: [[UInt8]] = []
        #expect(TraceWriter.stream(trace, chunkSize: 1_000) { (chunk: UnsafeRawBufferPointer) in chunks.append(Array(chunk)) })
        #expect(chunks.count > 10)
        #expect(Array(chunks.joined()) == whole)
        #expect(chunks.dropLast().allSatisfy { $0.last == UInt8(ascii: "}") }, "each chunk ends with an event")
        #expect(String(decoding: whole, as: UTF8.self) == TraceWriter.text(trace))
    }

    @Test func testWritingToAFileGivesTheRecordedText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.trace.json").path
        let trace = try Recorder.record(try scenario())
        let written = try Recorder.write(trace, to: path, permission: .ours, standardOutput: { _ in Issue.record("not standard output") })
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count == written)
        #expect(String(decoding: bytes, as: UTF8.self) == (try Recorder.recordText(try scenario())))

        // Too large: refused, the old file stays, no temporary file is left beside it.
        if let error = #expect(throws: (any Error).self, performing: { try Recorder.write(trace, to: path, permission: .ours, standardOutput: { _ in }, scenarioName: "s.json",
                                                maximumBytes: written - 1) }) {
            guard let error = error as? ReuseLabError else { Issue.record("\(error)"); return }
            #expect(error.kind == .tooLarge)
            #expect(error.file == "s.json")
        }
        #expect((try Array(Data(contentsOf: URL(fileURLWithPath: path)))) == bytes)
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["out.trace.json"])

        // Standard output gets the whole trace at once, and nothing when it is refused.
        var printed: [String] = []
        try Recorder.write(trace, to: "-", permission: .ours, standardOutput: { printed.append($0) })
        #expect(printed == [String(decoding: bytes, as: UTF8.self)])
        printed = []
        #expect(throws: (any Error).self) { try Recorder.write(trace, to: "-", permission: .ours, standardOutput: { printed.append($0) }, maximumBytes: 1_000) }
        #expect(printed == [])
    }

    @Test func testTheWholeJobStreamsTheSameBytesAndLeavesNothingWhenItFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.trace.json").path
        let events = try Recorder.record(try scenario(), to: path, permission: .ours, standardOutput: { _ in })
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(String(decoding: bytes, as: UTF8.self) == (try Recorder.recordText(try scenario())))
        #expect(events == (try Recorder.record(try scenario()).events.count))

        // Past the engine's capacity: the engine's own error, naming the step and the scenario file.
        let long = Scenario(title: "long", table: TableSpec(rows: 10_000, viewportHeight: 844),
                            script: [.wait(ms: 10), .drag(by: 40_000, ms: 5_000), .wait(ms: 10)])
        if let error = #expect(throws: (any Error).self, performing: { try Recorder.record(long, to: path, permission: .ours, standardOutput: { _ in }, scenarioName: "long.json",
                                                 capacity: 5_000) }) {
            guard let error = error as? ReuseLabError else { Issue.record("\(error)"); return }
            #expect(error.kind == .tooLarge)
            #expect(error.location.path == "script[1]")
            #expect(error.file == "long.json")
        }
        // Past the readers' limit: refused with the whole recording's event count.
        if let error = #expect(throws: (any Error).self, performing: { try Recorder.record(try scenario(), to: path, permission: .ours, standardOutput: { _ in },
                                                 maximumBytes: bytes.count - 1) }) {
            guard let error = error as? ReuseLabError else { Issue.record("\(error)"); return }
            #expect(error.kind == .tooLarge)
            #expect(error.message.contains("(\(events) events)"), Comment(rawValue: error.message))
        }
        #expect((try Array(Data(contentsOf: URL(fileURLWithPath: path)))) == bytes, "the old file stays")
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["out.trace.json"], "no temporary file is left")
        // Exactly at the limit is fine.
        #expect(throws: Never.self) { try Recorder.record(try scenario(), to: path, permission: .ours, standardOutput: { _ in }, maximumBytes: bytes.count) }
    }
}
