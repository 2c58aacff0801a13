import ReuseLabTestSupport
import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// The reader reads a file through a window that moves as it goes: read that
/// way — a byte, a few bytes or a few dozen at a time — every trace and every
/// file of the corpus gives what reading it from memory gives: the same trace
/// or the same error, character for character, and the same fold.
@Suite
final class WindowedReadingTests {
    private static func describeFold(_ body: () throws(ReuseLabError) -> ReplayState) -> String {
        do {
            return "valid: \(try body().eventCount) events"
        } catch {
            return "error \(error.kind): \(error.description)"
        }
    }

    /// Compares one file read from memory with the file read `chunk` bytes at a time.
    static func compare(_ name: String, _ bytes: [UInt8], folder: TemporaryFolder, chunks: [Int]) throws {
        let expected = ReaderCorpus.describe { () throws(ReuseLabError) in try TraceReader.read(bytes: bytes, file: "t.json") }
        let expectedFold = Self.describeFold { () throws(ReuseLabError) in try TraceFold.run(ReplayState.self, bytes: bytes, file: "t.json") }
        let path = try folder.write("t.json", bytes: bytes)
        for chunk in chunks {
            let fromFile = ReaderCorpus.describe { () throws(ReuseLabError) in
                var header: TraceHeader?
                var events: [TraceEvent] = []
                _ = try TraceReader.streamReporting(path: path, chunkSize: chunk, capacity: 0, onHeader: { header = $0 }, onEvent: { event, _ in events.append(event) })
                guard let header else { throw ReuseLabError(.badInput, file: path, "the trace has no header") }
                return Trace(header: header, events: events)
            }
            #expect(fromFile.replacingOccurrences(of: path, with: "t.json") == expected, "\(name) read \(chunk) bytes at a time")
            let foldFromFile = Self.describeFold { () throws(ReuseLabError) in
                try TraceFold.run(ReplayState.self, file: path) { onHeader, onEvent throws(ReuseLabError) in
                    _ = try TraceReader.streamReporting(path: path, chunkSize: chunk, capacity: 0, onHeader: onHeader, onEvent: onEvent)
                }
            }
            #expect(foldFromFile.replacingOccurrences(of: path, with: "t.json") == expectedFold, "\(name) folded \(chunk) bytes at a time")
        }
    }

    /// The sample of bundled traces (`BundledFiles.sampleTraces`); every one of
    /// them in `WindowedReadingSecondTierTests`.
    @Test func testSampleTracesReadTheSameThroughAWindow() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        for name in BundledFiles.sampleTraces {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BundledFiles.tracePath(name))))
            try Self.compare(name, bytes, folder: folder, chunks: [4096])
        }
    }

    /// The hand-made files through a tiny window, and every 40th other (a cut, a
    /// changed byte); the whole corpus in `WindowedReadingSecondTierTests`.
    @Test func testCorpusSampleReadsTheSameThroughAWindow() throws {
        try Self.readCorpus(every: 40)
    }

    /// Reads the corpus from memory, and its hand-made files and every `stride`th
    /// other through windows; most files are refused, not all.
    static func readCorpus(every stride: Int) throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let files = ReaderFileCorpus.files()
        #expect(files.count > 3_000)
        var refused = 0, read = 0
        for (index, file) in files.enumerated() where index < 100 || index % stride == 0 {
            // The hand-made files through a tiny window; of the rest, every tenth through 7 bytes.
            try compare(file.name, file.bytes, folder: folder, chunks: index < 100 ? [1, 64] : index % 10 == 0 ? [7] : [])
            let outcome = ReaderCorpus.describe { () throws(ReuseLabError) in try TraceReader.read(bytes: file.bytes, file: "t.json") }
            if outcome.hasPrefix("error") { refused += 1 }
            read += 1
        }
        #expect(refused > (read / 2))
        #expect(refused < read)
    }

    @Test func testMembersAfterTheEventsArrayMakeTheHeader() throws {
        let text = ReaderFileCorpus.trace(header: [], eventsAt: 0, after: ReaderFileCorpus.headerLines)
        let trace = try TraceReader.read(bytes: utf8(text), file: "t.json")
        #expect(trace.header.title == "Hand")
        #expect(trace.events.count == ReaderFileCorpus.handEvents.count)
    }

    @Test func testHeaderMembersThatAreArraysAreRefused() throws {
        // The one-pass reader relies on this: a header ending in an array after the events is never accepted.
        for key in TraceReader.headerMembers where key != "events" {
            var members = ["format": try parseField(#""reuselab-trace""#, path: "format"),
                           "version": try parseField("1", path: "version"),
                           "title": try parseField(#""T""#, path: "title"),
                           "profile": try parseField(#""modern""#, path: "profile")]
            members[key] = try parseField("[]", path: key)
            #expect(throws: (any Error).self, Comment(rawValue: key)) { try TraceReader.decodeHeader(members, rootPosition: .start) }
        }
    }
}

/// The sweeps of `WindowedReadingTests` over everything: every bundled trace, and
/// every file of the reader's corpus (over 3,000, most read from memory only).
@Suite(SecondTier.enabled("the windowed reading of every bundled trace and the whole corpus"))
final class WindowedReadingSecondTierTests {

    @Test func testBundledTracesReadTheSameThroughAWindow() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        for (name, bytes) in try ReaderCorpus.bundledTraces() {
            try WindowedReadingTests.compare(name, bytes, folder: folder, chunks: [4096])
        }
    }

    @Test func testCorpusReadsTheSameThroughAWindow() throws {
        try WindowedReadingTests.readCorpus(every: 1)
    }
}
