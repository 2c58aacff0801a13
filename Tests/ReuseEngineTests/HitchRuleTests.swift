import Testing
import TraceModel
import Strategies
@testable import ReuseEngine

/// When a frame is late: the main thread's work since the last frame began must
/// exceed one frame's budget. A short block that straddles a vsync only moves the
/// frame to the next vsync; it is not a hitch.
@Suite
final class HitchRuleTests {
    /// A text-only table idling for 400 ms, with one main-thread block of `ms`
    /// queued from a background thread so that it starts 2 ms before the vsync at 200 ms.
    func hitches(blockingFor ms: Double) throws -> [(frame: Int, missed: Int, cause: String)] {
        let scenario = Scenario(title: "a block across a vsync", table: seedScreen(), strategy: "plain",
                                script: [.wait(ms: 400)])
        let (screen, showsImages) = StrategyCatalog.screen(for: "plain", on: scenario.list)
        let simulation = Simulation(scenario: scenario, screen: screen, showsImages: showsImages)
        let world = simulation.world
        world.onBackground(at: .milliseconds(198)) {
            world.enqueueOnMain { world.spend(ms: ms, cause: "a block of \(ms) ms") }
        }
        return try simulation.run().compactMap { event in
            if case .hitch(let frame, let missed, _, let cause) = event.body { return (frame, missed, cause) }
            return nil
        }
    }

    @Test func testAShortBlockAcrossAVsyncIsNotAHitch() throws {
        #expect(try hitches(blockingFor: 10).isEmpty)
    }

    @Test func testABlockLongerThanAFrameIsAHitchNamingIt() throws {
        let late = try hitches(blockingFor: 20)
        #expect(late.count == 1)
        // The block runs from 198 to 218 ms: the vsyncs of frames 12 (200 ms) and 13 (216.7 ms) pass, frame 14 is drawn.
        #expect(late.first?.frame == 12)
        #expect(late.first?.missed == 2)
        #expect(late.first?.cause == "a block of 20.0 ms")
    }
}
