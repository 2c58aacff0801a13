import ReuseLabTestSupport
import XCTest
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// The streaming reader against the reader before it (`ReferenceTraceReader`):
/// the same trace or the same error message, character for character, for every
/// bundled trace and every file of the corpus — read from memory, and from a file
/// through a window moved every few bytes — and the same positions for each event.
final class StreamingReaderTests: XCTestCase {
    private func referenceRead(_ bytes: [UInt8]) -> String {
        ReaderCorpus.describe { () throws(ReuseLabError) in try ReferenceTraceReader.read(bytes: bytes, file: "t.json") }
    }

    private func referenceFold(_ bytes: [UInt8]) -> String {
        describeFold { () throws(ReuseLabError) in try ReferenceFold.run(ReplayState.self, bytes: bytes, file: "t.json") }
    }

    private func describeFold(_ body: () throws(ReuseLabError) -> ReplayState) -> String {
        do {
            return "valid: \(try body().eventCount) events"
        } catch {
            return "error \(error.kind): \(error.description)"
        }
    }

    /// The events and their positions as a stream hands them over.
    private func positions(_ body: (_ onEvent: (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> Void) -> [String] {
        var out: [String] = []
        do {
            try body { event, position in out.append("\(event.seq) \(position)") }
        } catch {
            out.append("error")
        }
        return out
    }

    /// Compares the readers on one file, from memory and from a file read `chunk` bytes at a time.
    private func compare(_ name: String, _ bytes: [UInt8], folder: TemporaryFolder, chunks: [Int]) throws {
        let expected = referenceRead(bytes)
        let read = ReaderCorpus.describe { () throws(ReuseLabError) in try TraceReader.read(bytes: bytes, file: "t.json") }
        XCTAssertEqual(read, expected, "read of \(name)")
        let expectedFold = referenceFold(bytes)
        let fold = describeFold { () throws(ReuseLabError) in try TraceFold.run(ReplayState.self, bytes: bytes, file: "t.json") }
        XCTAssertEqual(fold, expectedFold, "fold of \(name)")
        let expectedPositions = positions { onEvent throws(ReuseLabError) in
            try ReferenceTraceReader.stream(bytes: bytes, file: "t.json", onHeader: { _ in }, onEvent: onEvent)
        }
        let streamed = positions { onEvent throws(ReuseLabError) in
            try TraceReader.stream(bytes: bytes, file: "t.json", onHeader: { _ in }, onEvent: onEvent)
        }
        // One pass hands events on before it meets a later error; the outcome is that error all the same.
        if expectedPositions.last == "error" {
            XCTAssertEqual(streamed.last, "error", "\(name) is refused")
        } else {
            XCTAssertEqual(streamed, expectedPositions, "positions in \(name)")
        }

        let path = try folder.write("t.json", bytes: bytes)
        for chunk in chunks {
            let fromFile = ReaderCorpus.describe { () throws(ReuseLabError) in
                var header: TraceHeader?
                var events: [TraceEvent] = []
                _ = try TraceReader.streamReporting(path: path, chunkSize: chunk, capacity: 0, onHeader: { header = $0 }, onEvent: { event, _ in events.append(event) })
                guard let header else { throw ReuseLabError(.badInput, file: path, "the trace has no header") }
                return Trace(header: header, events: events)
            }
            XCTAssertEqual(fromFile.replacingOccurrences(of: path, with: "t.json"), expected, "\(name) read \(chunk) bytes at a time")
            let foldFromFile = describeFold { () throws(ReuseLabError) in
                try TraceFold.run(ReplayState.self, file: path) { onHeader, onEvent throws(ReuseLabError) in
                    _ = try TraceReader.streamReporting(path: path, chunkSize: chunk, capacity: 0, onHeader: onHeader, onEvent: onEvent)
                }
            }
            XCTAssertEqual(foldFromFile.replacingOccurrences(of: path, with: "t.json"), expectedFold, "\(name) folded \(chunk) bytes at a time")
        }
    }

    func testBundledTracesReadAsBefore() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        for (name, bytes) in try ReaderCorpus.bundledTraces() {
            try compare(name, bytes, folder: folder, chunks: [4096])
            XCTAssertTrue(referenceFold(bytes).hasPrefix("valid"), name)
        }
    }

    func testCorpusReadsAsBeforeWithTheSameMessages() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let files = ReaderFileCorpus.files()
        XCTAssertGreaterThan(files.count, 3_000)
        var refused = 0
        for (index, file) in files.enumerated() {
            // Every file from memory; the hand-made ones and every tenth other also from a file through a tiny window.
            try compare(file.name, file.bytes, folder: folder, chunks: index < 100 ? [1, 64] : index % 10 == 0 ? [7] : [])
            if referenceRead(file.bytes).hasPrefix("error") { refused += 1 }
        }
        XCTAssertGreaterThan(refused, files.count / 2)
        XCTAssertLessThan(refused, files.count)
    }

    func testMembersAfterTheEventsArrayMakeTheHeader() throws {
        let text = ReaderFileCorpus.trace(header: [], eventsAt: 0, after: ReaderFileCorpus.headerLines)
        let trace = try TraceReader.read(bytes: utf8(text), file: "t.json")
        XCTAssertEqual(trace.header.title, "Hand")
        XCTAssertEqual(trace.events.count, ReaderFileCorpus.handEvents.count)
    }

    func testHeaderMembersThatAreArraysAreRefused() {
        // The one-pass reader relies on this: a header ending in an array after the events is never accepted.
        for key in TraceReader.headerMembers where key != "events" {
            var members = ["format": JSONField(JSONNode(.string(TraceHeader.formatName), at: .start), path: "format"),
                           "version": JSONField(JSONNode(.number(1), at: .start), path: "version"),
                           "title": JSONField(JSONNode(.string("T"), at: .start), path: "title"),
                           "profile": JSONField(JSONNode(.string("modern"), at: .start), path: "profile")]
            members[key] = JSONField(JSONNode(.array([]), at: .start), path: key)
            XCTAssertThrowsError(try TraceReader.decodeHeader(members, rootPosition: .start), key)
        }
    }
}
