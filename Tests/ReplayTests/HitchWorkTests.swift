import Foundation
import Testing
import ReuseLabTestSupport

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
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let trace = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let events = trace["events"] as? [[String: Any]] else {
            Issue.record("\(path) is not a trace", sourceLocation: sourceLocation)
            return
        }
        let fps = (trace["scenario"] as? [String: Any])?["fps"] as? Int ?? 60
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
