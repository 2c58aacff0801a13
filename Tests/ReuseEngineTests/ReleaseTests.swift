import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseEngine
@testable import Strategies

/// A finished recording lets go of everything it made: nothing is kept alive in a cycle.
@Suite
final class ReleaseTests {
    @Test func testEveryStrategyReleasesItsWorldAndViewControllerAfterARecording() throws {
        var spec = WorldSpec()
        spec.network.latency = .fixed(ms: 400) // responses still in flight when the script ends
        let table = Scenario(title: "release", table: seedScreen(), prefetching: true, script: [.drag(by: 600, ms: 800)], world: spec)
        let grid = Scenario(title: "release", collection: CollectionSpec(items: 100, columns: 2, itemHeight: 180, viewportHeight: 736),
                            prefetching: true, script: [.drag(by: 600, ms: 800)], world: spec)
        var recorded = 0
        for entry in StrategyCatalog.all {
            for base in [table, grid] {
                guard entry.makeScreen(for: base.list) != nil else { continue }
                var scenario = base
                scenario.strategy = entry.name
                weak var world: World?
                weak var app: AnyObject?
                do {
                    guard let screen = entry.makeScreen(for: base.list) else { continue }
                    let simulation = Simulation(scenario: scenario, screen: screen, showsImages: entry.showsImages)
                    world = simulation.world
                    app = simulation.app
                    _ = try simulation.run()
                }
                #expect(world == nil, "\(entry.name) on a \(base.list.viewName): the world outlives its recording")
                #expect(app == nil, "\(entry.name) on a \(base.list.viewName): the view controller outlives its recording")
                recorded += 1
            }
        }
        #expect(recorded == (StrategyCatalog.names.count + StrategyCatalog.collectionNames.count))
    }
}
