import Foundation
import Testing
import ReuseLabTestSupport
import TraceCoding
import Replay

/// A hitch is a frame the main thread's work kept from being drawn: the work since
/// the last frame drawn began exceeds a frame. A reader recomputes it from the trace
/// alone: the `mainThreadBlocked` time from the vsync of frame `hitch.frame − 1` to
/// the hitch. These tests hold the bundled traces to that definition.
@Suite
final class HitchWorkTests {
    @Test(arguments: ["images-sync-download", "images-memo-main-async", "late-response-async-reset"])
    func testEveryHitchHasAFrameOfWorkBehindIt(name: String) throws {
        try Self.checkWork(BundledFiles.tracePath(name))
    }

    /// Checks every hitch of the trace at `path` against the main-thread work before it.
    static func checkWork(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let trace = try RawTrace(path: path)
        let events = trace.events
        let fps = trace.scenario?["fps"] as? Int ?? 60
        let budget = 1000 / Double(fps)
        var blocks: [(start: Double, ms: Double)] = []
        for event in events {
            guard let time = event["t"] as? Double else { continue }
            switch event["kind"] as? String {
            case "mainThreadBlocked":
                blocks.append((time, event["ms"] as? Double ?? 0))
            case "hitch":
                let frame = event["frame"] as? Int ?? 0
                let previousVsync = Double(frame - 1) * budget
                // Block starts are rounded to the microsecond in the trace.
                let work = blocks.filter { $0.start >= previousVsync - 0.001 && $0.start < time }.reduce(0) { $0 + $1.ms }
                #expect(work > budget, "\(URL(fileURLWithPath: path).lastPathComponent): the hitch at \(time) ms has \(work) ms of work behind it",
                        sourceLocation: sourceLocation)
            default:
                break
            }
        }
    }
}

@Suite(SecondTier.enabled("the work behind every hitch of every bundled trace"))
final class HitchWorkSecondTierTests {
    @Test func testEveryBundledHitchHasAFrameOfWorkBehindIt() throws {
        for name in try BundledFiles.allTraces() {
            try HitchWorkTests.checkWork(BundledFiles.tracePath(name))
        }
    }
}

/// A hitch's sentence counts the work behind it, as the engine decides a frame is late.
@Suite
final class HitchSentenceTests {
    func hitchText(_ trace: HandTrace) throws -> String {
        let annotations = try Annotator.annotate(try TraceReader.read(bytes: trace.bytes, file: "hand.trace.json"), file: "hand.trace.json")
        return annotations.first { $0.kind == .hitch }?.text ?? ""
    }

    /// Frame 1 is drawn at 16.7 ms; then 12 ms and 9 ms of work (21 ms since frame 1
    /// began) keep frame 2 from being drawn. Work before frame 1 is not counted.
    @Test func testTheSentenceCountsTheWorkSinceTheFrameBefore() throws {
        var trace = HandTrace(scenario: scenarioJSON())
        trace.at(0, Ev.blocked(5))
        trace.at(16.667, Ev.textFrame(1, []))
        trace.at(20, Ev.blocked(12))
        trace.at(32, Ev.blocked(9))
        trace.at(50, Ev.hitch(frame: 2, missed: 1, ms: 16.667))
        let text = try hitchText(trace)
        #expect(text.contains("Since frame 1 began, the main thread worked 21 ms: more than a frame's 16.7 ms."), Comment(rawValue: text))
    }

    /// A hand-written hitch with no main-thread work recorded says nothing of work.
    @Test func testNoWorkRecordedNoClause() throws {
        var trace = HandTrace(scenario: scenarioJSON())
        trace.at(50, Ev.hitch(frame: 2, missed: 1, ms: 16.667))
        let text = try hitchText(trace)
        #expect(text.hasPrefix("HITCH: 1 frame missed from frame 2"), Comment(rawValue: text))
        #expect(!text.contains("worked"), Comment(rawValue: text))
    }
}
