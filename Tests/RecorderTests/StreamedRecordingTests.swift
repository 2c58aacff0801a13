import XCTest
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Recorder

/// A trace is written in chunks straight to its file: the same bytes as the whole
/// text, whole lines in each chunk, and nothing left behind when it is refused.
final class StreamedRecordingTests: XCTestCase {
    func scenario() throws -> Scenario {
        try Recorder.loadScenario(path: BundledTraceTests.tracesFolder.appendingPathComponent("down-then-up.scenario.json").path)
    }

    func testChunksAreWholeLinesAndAddUpToTheWholeTrace() throws {
        let trace = try Recorder.record(try scenario())
        let whole = try XCTUnwrap(TraceWriter.bytes(trace))
        var chunks: [[UInt8]] = []
        XCTAssertTrue(TraceWriter.stream(trace, chunkSize: 1_000) { (chunk: UnsafeRawBufferPointer) in chunks.append(Array(chunk)) })
        XCTAssertGreaterThan(chunks.count, 10)
        XCTAssertEqual(Array(chunks.joined()), whole)
        XCTAssertTrue(chunks.dropLast().allSatisfy { $0.last == UInt8(ascii: "}") }, "each chunk ends with an event")
        XCTAssertEqual(String(decoding: whole, as: UTF8.self), TraceWriter.text(trace))
    }

    func testWritingToAFileGivesTheRecordedText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.trace.json").path
        let trace = try Recorder.record(try scenario())
        let written = try Recorder.write(trace, to: path, permission: .ours, standardOutput: { _ in XCTFail("not standard output") })
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(bytes.count, written)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), try Recorder.recordText(try scenario()))

        // Too large: refused, the old file stays, no temporary file is left beside it.
        XCTAssertThrowsError(try Recorder.write(trace, to: path, permission: .ours, standardOutput: { _ in }, scenarioName: "s.json",
                                                maximumBytes: written - 1)) { error in
            guard let error = error as? ReuseLabError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.kind, .tooLarge)
            XCTAssertEqual(error.file, "s.json")
        }
        XCTAssertEqual(try Array(Data(contentsOf: URL(fileURLWithPath: path))), bytes)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.trace.json"])

        // Standard output gets the whole trace at once, and nothing when it is refused.
        var printed: [String] = []
        try Recorder.write(trace, to: "-", permission: .ours, standardOutput: { printed.append($0) })
        XCTAssertEqual(printed, [String(decoding: bytes, as: UTF8.self)])
        printed = []
        XCTAssertThrowsError(try Recorder.write(trace, to: "-", permission: .ours, standardOutput: { printed.append($0) }, maximumBytes: 1_000))
        XCTAssertEqual(printed, [])
    }

    func testTheWholeJobStreamsTheSameBytesAndLeavesNothingWhenItFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.trace.json").path
        let events = try Recorder.record(try scenario(), to: path, permission: .ours, standardOutput: { _ in })
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), try Recorder.recordText(try scenario()))
        XCTAssertEqual(events, try Recorder.record(try scenario()).events.count)

        // Past the engine's capacity: the engine's own error, naming the step and the scenario file.
        let long = Scenario(title: "long", table: TableSpec(rows: 10_000, viewportHeight: 844),
                            script: [.wait(ms: 10), .drag(by: 40_000, ms: 5_000), .wait(ms: 10)])
        XCTAssertThrowsError(try Recorder.record(long, to: path, permission: .ours, standardOutput: { _ in }, scenarioName: "long.json",
                                                 capacity: 5_000)) { error in
            guard let error = error as? ReuseLabError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.kind, .tooLarge)
            XCTAssertEqual(error.location.path, "script[1]")
            XCTAssertEqual(error.file, "long.json")
        }
        // Past the readers' limit: refused with the whole recording's event count.
        XCTAssertThrowsError(try Recorder.record(try scenario(), to: path, permission: .ours, standardOutput: { _ in },
                                                 maximumBytes: bytes.count - 1)) { error in
            guard let error = error as? ReuseLabError else { return XCTFail("\(error)") }
            XCTAssertEqual(error.kind, .tooLarge)
            XCTAssertTrue(error.message.contains("(\(events) events)"), error.message)
        }
        XCTAssertEqual(try Array(Data(contentsOf: URL(fileURLWithPath: path))), bytes, "the old file stays")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.trace.json"], "no temporary file is left")
        // Exactly at the limit is fine.
        XCTAssertNoThrow(try Recorder.record(try scenario(), to: path, permission: .ours, standardOutput: { _ in }, maximumBytes: bytes.count))
    }
}
