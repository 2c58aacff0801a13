import ReuseLabTestSupport
import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// A trace read ahead (decoded on a second thread): whatever the callbacks do,
/// the caller must see what a reading on one thread gives — the same events in
/// order, and the same error. Traces of a few batches are read through
/// `ReadAhead` directly; `ReadAheadSecondTierTests` checks that a file past the
/// threshold is read that way.
/// Reads a trace ahead and on one thread, and compares what each gave.
enum ReadAheadCheck {
    /// What `read` gives: every event and where it starts, then the error if any.
    static func outcome(_ read: ((TraceHeader) throws(ReuseLabError) -> Void,
                                  (TraceEvent, SourcePosition) throws(ReuseLabError) -> Void) throws(ReuseLabError) -> Void,
                         failingAt failure: Int? = nil, with error: ReuseLabError = ReuseLabError(.badInput, "refused by the caller"))
        -> (events: [TraceEvent], positions: [SourcePosition], error: ReuseLabError?) {
        var events: [TraceEvent] = []
        var positions: [SourcePosition] = []
        do {
            try read({ _ in }, { event, position throws(ReuseLabError) in
                if events.count == failure { throw error }
                events.append(event)
                positions.append(position)
            })
            return (events, positions, nil)
        } catch {
            return (events, positions, error)
        }
    }

    static func bothWays(_ path: String, throughTheReader: Bool = false, failingAt failure: Int? = nil,
                          with error: ReuseLabError = ReuseLabError(.badInput, "refused by the caller"), sourceLocation: SourceLocation = #_sourceLocation) {
        let ahead = Self.outcome({ onHeader, onEvent throws(ReuseLabError) in
            if throughTheReader {
                try TraceReader.stream(path: path, readingAhead: true, onHeader: onHeader, onEvent: onEvent)
            } else {
                try ReadAhead.stream(path: path, onHeader: onHeader, onEvent: onEvent)
            }
        }, failingAt: failure, with: error)
        let single = Self.outcome({ onHeader, onEvent throws(ReuseLabError) in
            _ = try TraceReader.streamReporting(path: path, onHeader: onHeader, onEvent: onEvent)
        }, failingAt: failure, with: error)
        #expect(ahead.events.count == single.events.count, sourceLocation: sourceLocation)
        #expect(ahead.events == single.events, "the same events in the same order", sourceLocation: sourceLocation)
        #expect(ahead.positions == single.positions, sourceLocation: sourceLocation)
        #expect(ahead.error == single.error, sourceLocation: sourceLocation)
    }
}

@Suite
final class ReadAheadTests {
    /// Folders kept until the test ends (each test has its own instance).
    private var keptAlive: [TemporaryFolder] = []

    /// A valid trace: one cell shown, then frames.
    static func largeTrace(frames: Int) -> TraceText {
        var bodies = Ev.show(row: 0, cell: 1)
        for frame in 0..<frames {
            bodies.append(Ev.frame(frame, offset: Double(frame % 7) / 8, [(row: 0, cell: 1)]) + ",\"inferred\":false")
        }
        return TraceText(scenario: fiveRowScenario, numbered: bodies)
    }

    func write(_ text: String) throws -> String {
        let folder = try TemporaryFolder(prefix: "reuselab-read-ahead", removeWhenReleased: true)
        keptAlive.append(folder)
        return try folder.write("large.trace.json", text)
    }

    @Test func testATraceReadAheadGivesWhatOneThreadGives() throws {
        ReadAheadCheck.bothWays(try write(Self.largeTrace(frames: 5_000).text))
        ReadAheadCheck.bothWays(try write(Self.largeTrace(frames: ReadAhead.batchSize - 3).text), failingAt: ReadAhead.batchSize - 1)
        ReadAheadCheck.bothWays(try write(TraceText(scenario: fiveRowScenario, numbered: []).text))
    }

    @Test func testACallersErrorWaitsForASyntaxErrorFurtherOn() throws {
        var trace = Self.largeTrace(frames: 5_000)
        trace.events[4_900] = trace.events[4_900].replacingOccurrences(of: "\"seq\":", with: "\"seq\" ")
        let path = try write(trace.text)
        ReadAheadCheck.bothWays(path, failingAt: 10)
        ReadAheadCheck.bothWays(path, failingAt: 4_800)
        ReadAheadCheck.bothWays(path)
        let mine = ReuseLabError(.badInput, "refused by the caller")
        let seen = ReadAheadCheck.outcome({ onHeader, onEvent throws(ReuseLabError) in
            try ReadAhead.stream(path: path, onHeader: onHeader, onEvent: onEvent)
        }, failingAt: 10, with: mine)
        #expect(seen.error != mine, "the syntax error at event 4900 comes first")
        #expect(seen.error?.description.contains("events[4900]") ?? false, Comment(rawValue: seen.error?.description ?? ""))
    }

    @Test func testACallersErrorIsThrownWhenTheRestIsSound() throws {
        let path = try write(Self.largeTrace(frames: 5_000).text)
        ReadAheadCheck.bothWays(path, failingAt: 10)
        ReadAheadCheck.bothWays(path, failingAt: 1_500)
    }

    @Test func testStoppingEndsAReadAheadAtOnce() throws {
        var trace = Self.largeTrace(frames: 5_000)
        trace.events[4_900] = trace.events[4_900].replacingOccurrences(of: "\"seq\":", with: "\"seq\" ")
        let path = try write(trace.text)
        let seen = ReadAheadCheck.outcome({ onHeader, onEvent throws(ReuseLabError) in
            try ReadAhead.stream(path: path, onHeader: onHeader, onEvent: onEvent)
        }, failingAt: 2_000, with: TraceReader.stopReading)
        #expect(seen.error == TraceReader.stopReading, "the syntax error further on is never reached")
        #expect(seen.events.count == 2_000)
    }

    @Test func testAnEventThatDoesNotDecodeEndsTheEventsWhereOneThreadEndsThem() throws {
        var trace = Self.largeTrace(frames: 5_000)
        trace.events[3_000] = trace.events[3_000].replacingOccurrences(of: "\"kind\":\"frame\"", with: "\"kind\":\"fram\"")
        let path = try write(trace.text)
        ReadAheadCheck.bothWays(path)
        ReadAheadCheck.bothWays(path, failingAt: 4_000)
    }

    @Test func testAViolationInTheFoldIsReportedAsValidateReportsIt() throws {
        var trace = Self.largeTrace(frames: 5_000)
        trace.events[4_500] = trace.events[4_500].replacingOccurrences(of: "\"cell\":1}", with: "\"cell\":9}")
        let path = try write(trace.text)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        var ahead: ReuseLabError?
        var fromMemory: ReuseLabError?
        do {
            _ = try TraceFold.run(ReplayState.self, file: InputFile.displayName(path)) { onHeader, onEvent throws(ReuseLabError) in
                try ReadAhead.stream(path: path, onHeader: onHeader, onEvent: onEvent)
            }
        } catch { ahead = error }
        do { _ = try TraceValidator.validate(bytes: Array(bytes), file: InputFile.displayName(path)) } catch { fromMemory = error }
        #expect(ahead != nil)
        #expect(ahead == fromMemory, "read ahead or read from memory on one thread, the same words")
    }

    /// The hand-off itself: every piece in order, a bounded number waiting, and a
    /// cancelled producer released.
    @Test func testTheHandoffKeepsOrderAndReleasesACancelledProducer() {
        let all = Handoff<Int>(capacity: 2) { handoff in
            for piece in 0..<1_000 where !handoff.put(piece) { return }
        }
        var taken: [Int] = []
        while let piece = all.take() { taken.append(piece) }
        all.finish()
        #expect(taken == Array(0..<1_000))

        let stopped = Handoff<Int>(capacity: 2) { handoff in
            var piece = 0
            while handoff.put(piece) { piece += 1 }
        }
        #expect(stopped.take() == 0)
        stopped.cancel()
        stopped.finish()
        #expect(stopped.take() == nil, "nothing waits after a cancel")
    }
}

/// A file past `ReadAhead.threshold` is read ahead when asked, and still gives
/// what one thread gives (a few MB: second tier).
@Suite(SecondTier.enabled("reading a trace of a few megabytes ahead"))
final class ReadAheadSecondTierTests {
    @Test func testAFileOfFourMegabytesOrMoreIsReadAheadWhenAsked() throws {
        var trace = ReadAheadTests.largeTrace(frames: 45_000)
        trace.events[44_000] = trace.events[44_000].replacingOccurrences(of: "\"seq\":", with: "\"seq\" ")
        let folder = try TemporaryFolder(prefix: "reuselab-read-ahead", removeWhenReleased: true)
        let path = try folder.write("large.trace.json", trace.text)
        #expect((InputFile.sizeHint(path) ?? 0) >= ReadAhead.threshold, "large enough to be read ahead")
        ReadAheadCheck.bothWays(path, throughTheReader: true)
        ReadAheadCheck.bothWays(path, throughTheReader: true, failingAt: 20_000)
        ReadAheadCheck.bothWays(path, throughTheReader: true, failingAt: 30_000, with: TraceReader.stopReading)
        _ = folder
    }
}
