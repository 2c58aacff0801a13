import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Replay
import ReuseLabTestSupport

/// `replay --step` holds no trace: it keeps where each stretch of 1024 events
/// starts in the file, and reads a stretch again when a step in it is shown. Any
/// step, in any order, must read as one pass over the whole trace gives it, for
/// every way a trace file may be written; a file changed under the session is
/// an error, not a wrong step or a crash.
@Suite
final class SteppingFromFileTests {
    /// Every step of `path` against one pass over the whole trace: annotation,
    /// event and (at the edges of stretches) the state after it.
    private static func assertStepsMatchOnePass(_ path: String, name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let timeline = try ReplayTimeline(source: .file(path))
        let trace = try CheckedTraceReader.read(path: path)
        let once = try Annotator.annotate(trace, file: timeline.file)
        #expect(timeline.count == trace.events.count, Comment(rawValue: name), sourceLocation: sourceLocation)
        // Backwards first, so each stretch is read again from the file, then in order.
        for seq in Array((0..<timeline.count).reversed()) + Array(0..<timeline.count) {
            #expect((try timeline.annotation(seq)) == once[seq], "\(name) step \(seq)", sourceLocation: sourceLocation)
            #expect((try timeline.event(seq)) == trace.events[seq], "\(name) step \(seq)", sourceLocation: sourceLocation)
        }
        var state = ReplayState(header: trace.header)
        for (seq, event) in trace.events.enumerated() {
            try state.apply(event)
            let edge = seq % ReplayTimeline.interval
            guard edge == 0 || edge == ReplayTimeline.interval - 1 || seq == trace.events.count - 1 else { continue }
            #expect(StatePicture.draw(try timeline.state(after: seq)) == StatePicture.draw(state), "\(name) after \(seq)", sourceLocation: sourceLocation)
        }
    }

    /// The sample traces; every bundled trace in `SteppingFromFileSecondTierTests`.
    @Test func testEverySampleTraceStepsAsOnePassExplainsIt() throws {
        try Self.checkStepsMatchOnePass(sampleTraceFiles())
    }

    static func checkStepsMatchOnePass(_ files: [(name: String, path: String)]) throws {
        for (name, path) in files {
            try Self.assertStepsMatchOnePass(path, name: name)
        }
    }

    /// The Annotator's fold is the check: a bad trace is refused with `validate`'s
    /// error, a syntax error further on first, as `validate` has it.
    @Test func testABadTraceIsRefusedInValidatesWords() throws {
        let folder = try TemporaryFolder(prefix: "reuselab-stepping", removeWhenReleased: true)
        // 1,028 events: just over one stretch of 1,024.
        let text = try String(contentsOfFile: bundledTrace("images-batch-paging"), encoding: .utf8)
        let badSeq = text.replacingOccurrences(of: "{\"seq\":900,", with: "{\"seq\":907,")
        let andSyntax = badSeq.replacingOccurrences(of: "{\"seq\":1010,", with: "{\"seq\" 1010,")
        let badAtTheEnd = text.replacingOccurrences(of: "{\"seq\":1025,", with: "{\"seq\":1026,")
        for (name, variant) in [("bad seq", badSeq), ("and a syntax error later", andSyntax), ("bad seq near the end", badAtTheEnd)] {
            #expect(variant != text, Comment(rawValue: name))
            let path = try folder.write("bad.trace.json", variant)
            var expected: ReuseLabError?
            do throws(ReuseLabError) { _ = try TraceFold.run(ReplayState.self, path: path) } catch { expected = error }
            #expect(expected != nil, Comment(rawValue: name))
            if let error = #expect(throws: (any Error).self, Comment(rawValue: name), performing: { try ReplayTimeline(source: .file(path)) }) {
                #expect((error as? ReuseLabError)?.description == expected?.description, Comment(rawValue: name))
            }
        }
    }

    /// A step the trace does not have is an error, not a trap.
    @Test func testAStepOutsideTheTraceIsAnError() throws {
        let timeline = try ReplayTimeline(source: .file(bundledTrace("first-screen")))
        for seq in [-1, timeline.count, Int.max, Int.min] {
            #expect(throws: (any Error).self, "\(seq)") { try timeline.annotation(seq) }
            #expect(throws: (any Error).self, "\(seq)") { try timeline.event(seq) }
        }
        #expect(throws: Never.self) { try timeline.annotation(timeline.count - 1) }
        // The state and the search take any number, past either end.
        #expect((try timeline.state(after: Int.max).eventCount) == timeline.count)
        #expect((try timeline.state(after: Int.min).eventCount) == 0)
        #expect((try timeline.next(after: Int.max, matching: .staleOrLate)) == nil)
        #expect((try timeline.next(after: Int.min, matching: EventFilter(kinds: [.initCell]))?.seq) == 0)
    }

    /// A trace whose header comes after its events (read twice by the reader), and
    /// one spaced out with its members in another order (events the fast decoder
    /// declines, read by the parser): stretches start where their events really do.
    @Test func testTracesWrittenOtherwiseStepAsOnePassExplainsThem() throws {
        let folder = try TemporaryFolder(prefix: "reuselab-stepping", removeWhenReleased: true)
        let text = try String(contentsOfFile: bundledTrace("images-batch-paging"), encoding: .utf8)
        let split = try #require(text.range(of: ",\n  \"events\": ["))
        let headerMembers = text[text.index(after: text.startIndex)..<split.lowerBound]
        let events = text[text.index(split.lowerBound, offsetBy: 2)..<text.index(before: text.lastIndex(of: "}") ?? text.endIndex)]
        let headerLast = "{" + events + "," + headerMembers + "\n}\n"
        try Self.assertStepsMatchOnePass(try folder.write("header-last.trace.json", headerLast), name: "header last")

        let document = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let spaced = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        try Self.assertStepsMatchOnePass(try folder.write("spaced.trace.json", bytes: [UInt8](spaced)), name: "spaced")
    }

    /// The file replaced or cut after the session read it: the next stretch read
    /// is refused with an error naming the file, not shown wrong.
    @Test func testAFileChangedUnderTheSessionIsAnError() throws {
        let folder = try TemporaryFolder(prefix: "reuselab-stepping", removeWhenReleased: true)
        let original = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bundledTrace("images-async-no-reset"))))
        let path = try folder.write("changing.trace.json", bytes: original)
        let other = try [UInt8](Data(contentsOf: URL(fileURLWithPath: bundledTrace("images-async-reset"))))
        for replacement in [other, Array(original.prefix(original.count / 2)), []] {
            try folder.write("changing.trace.json", bytes: original)
            let timeline = try ReplayTimeline(source: .file(path))
            _ = try timeline.annotation(0)
            try folder.write("changing.trace.json", bytes: replacement)
            if let error = #expect(throws: (any Error).self, performing: { try timeline.annotation(ReplayTimeline.interval + 3) }) {
                let message = (error as? ReuseLabError)?.description ?? "\(error)"
                #expect(message.contains("changing.trace.json"), Comment(rawValue: message))
                #expect(message.contains("changed while it was being stepped through"), Comment(rawValue: message))
            }
            try FileManager.default.removeItem(atPath: path)
            #expect(throws: (any Error).self) { try timeline.state(after: ReplayTimeline.interval + 5) }
            #expect(throws: (any Error).self) { try timeline.event(ReplayTimeline.interval + 5) }
        }
    }
}

/// `SteppingFromFileTests` over every bundled trace.
@Suite(SecondTier.enabled("stepping through every bundled trace from its file"))
final class SteppingFromFileSecondTierTests {

    @Test func testEveryBundledTraceStepsAsOnePassExplainsIt() throws {
        try SteppingFromFileTests.checkStepsMatchOnePass(try bundledTraceFiles())
    }
}
