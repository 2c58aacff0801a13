import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Replay
import ReuseLabTestSupport

/// The Annotator's window is fed an event at a time while a trace is read, with
/// explained events dropped from the front in between: every event's layout pass
/// must end where the whole trace, given at once, says it does, and the first
/// frame be the same.
@Suite
final class EventWindowTests {
    /// The sample traces; every bundled trace in `EventWindowSecondTierTests`.
    @Test func testEventsFedOneByOneSeeTheSamePasses() throws {
        try Self.checkPasses(sampleTraceFiles())
    }

    static func checkPasses(_ files: [(name: String, path: String)]) throws {
        var random = SeededGenerator(seed: 7)
        for (name, path) in files {
            let events = try CheckedTraceReader.read(path: path).events
            let whole = EventWindow(whole: events)
            var fed = EventWindow()
            var next = 0, read = 0
            while read < events.count {
                // 1 to 600 events, then some dropped from the front.
                let count = min(events.count - read, Int(random.next() % 600) + 1)
                for event in events[read..<(read + count)] { fed.append(event) }
                read += count
                // Where a pass is closed by what has come in, it ends where the whole trace says.
                for index in next..<read where whole.passEnd(index) < read {
                    #expect(fed.passEnd(index) == whole.passEnd(index), "\(name) event \(index) after \(read)")
                }
                let frameCame = whole.firstFrame.map { $0 < read } ?? false
                #expect(fed.firstFrame == (frameCame ? whole.firstFrame : nil), "\(name) after \(read)")
                next = min(read, next + Int(random.next() % 700))
                fed.drop(before: next)
            }
            fed.end()
            for index in next..<events.count {
                #expect(fed.passEnd(index) == whole.passEnd(index), "\(name) event \(index) at the end")
            }
            #expect(fed.firstFrame == whole.firstFrame, Comment(rawValue: name))
        }
    }
}

/// `EventWindowTests` over every bundled trace.
@Suite(SecondTier.enabled("the event window over every bundled trace"))
final class EventWindowSecondTierTests {

    @Test func testEventsFedOneByOneSeeTheSamePasses() throws {
        try EventWindowTests.checkPasses(try bundledTraceFiles())
    }
}
