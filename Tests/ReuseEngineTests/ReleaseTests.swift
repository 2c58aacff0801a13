import XCTest
import TraceFormat
@testable import ReuseEngine
@testable import Strategies

/// A finished recording lets go of everything it made: nothing is kept alive in a cycle.
final class ReleaseTests: XCTestCase {
    func testEveryStrategyReleasesItsWorldAndViewControllerAfterARecording() throws {
        for entry in StrategyCatalog.all {
            var spec = WorldSpec()
            spec.network.latency = .fixed(ms: 400) // responses still in flight when the script ends
            let scenario = Scenario(title: "release", table: seedScreen(), strategy: entry.name, prefetching: true,
                                    script: [.drag(by: 600, ms: 800)], world: spec)
            weak var world: World?
            weak var app: AnyObject?
            do {
                let simulation = Simulation(scenario: scenario, app: entry.makeViewController(), showsImages: entry.showsImages)
                world = simulation.world
                app = simulation.app
                _ = try simulation.run()
            }
            XCTAssertNil(world, "\(entry.name): the world outlives its recording")
            XCTAssertNil(app, "\(entry.name): the view controller outlives its recording")
        }
    }
}
