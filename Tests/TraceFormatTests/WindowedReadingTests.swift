import ReuseLabTestSupport
import XCTest
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// The reader reads a file through a window that moves as it goes: read that
/// way — a byte, a few bytes or a few dozen at a time — every trace and every
/// file of the corpus gives what reading it from memory gives: the same trace
/// or the same error, character for character, and the same fold.
final class WindowedReadingTests: XCTestCase {
    private func describeFold(_ body: () throws(ReuseLabError) -> ReplayState) -> String {
        do {
            return "valid: \(try body().eventCount) events"
        } catch {
            return "error \(error.kind): \(error.description)"
        }
    }

    /// Compares one file read from memory with the file read `chunk` bytes at a time.
    private func compare(_ name: String, _ bytes: [UInt8], folder: TemporaryFolder, chunks: [Int]) throws {
        let expected = ReaderCorpus.describe { () throws(ReuseLabError) in try TraceReader.read(bytes: bytes, file: "t.json") }
        let expectedFold = describeFold { () throws(ReuseLabError) in try TraceFold.run(ReplayState.self, bytes: bytes, file: "t.json") }
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

    func testBundledTracesReadTheSameThroughAWindow() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        for (name, bytes) in try ReaderCorpus.bundledTraces() {
            try compare(name, bytes, folder: folder, chunks: [4096])
        }
    }

    func testCorpusReadsTheSameThroughAWindow() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let files = ReaderFileCorpus.files()
        XCTAssertGreaterThan(files.count, 3_000)
        var refused = 0
        for (index, file) in files.enumerated() {
            // The hand-made files through a tiny window, and every tenth other.
            try compare(file.name, file.bytes, folder: folder, chunks: index < 100 ? [1, 64] : index % 10 == 0 ? [7] : [])
            let read = ReaderCorpus.describe { () throws(ReuseLabError) in try TraceReader.read(bytes: file.bytes, file: "t.json") }
            if read.hasPrefix("error") { refused += 1 }
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

    func testHeaderMembersThatAreArraysAreRefused() throws {
        // The one-pass reader relies on this: a header ending in an array after the events is never accepted.
        for key in TraceReader.headerMembers where key != "events" {
            var members = ["format": try parseField(#""reuselab-trace""#, path: "format"),
                           "version": try parseField("1", path: "version"),
                           "title": try parseField(#""T""#, path: "title"),
                           "profile": try parseField(#""modern""#, path: "profile")]
            members[key] = try parseField("[]", path: key)
            XCTAssertThrowsError(try TraceReader.decodeHeader(members, rootPosition: .start), key)
        }
    }
}
