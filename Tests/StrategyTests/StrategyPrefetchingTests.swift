import Foundation
import Testing
import Recorder
import Strategies
import TraceModel
import ToolSupport
import TraceCoding

/// Issue 11, item 8: every strategy honours the scenario's `prefetching` member. With
/// it on, the view controller sets `tableView.prefetchDataSource = self`, so a scroll
/// makes the table view call `prefetchRowsAt` even when the strategy has nothing to
/// prefetch; with it off, nothing is called.
@Suite
final class StrategyPrefetchingTests {
    /// A short recording of `strategy`: 40 rows, a two-screen drag down, then a pause.
    func recording(_ strategy: String, prefetching: Bool) throws -> Trace {
        let text = """
        {"title": "\(strategy), prefetching \(prefetching)", "profile": "modern",
         "table": {"rows": 40, "rowHeight": 44, "viewportHeight": 844, "contentInset": {"top": 47, "bottom": 34}},
         "strategy": "\(strategy)", "prefetching": \(prefetching),
         "script": [{"wait": {"ms": 300}}, {"drag": {"by": 600, "ms": 800}}, {"wait": {"ms": 300}}]}
        """
        let scenario = try Recorder.parseScenario(bytes: Array(text.utf8), file: "\(strategy).scenario.json")
        return try Recorder.record(scenario)
    }

    func prefetchCalls(_ trace: Trace) -> Int {
        trace.events.filter { $0.kind == .prefetchRowsAt }.count
    }

    @Test func testEveryStrategyGetsPrefetchCallsWhenTheScenarioSetsPrefetching() throws {
        #expect(StrategyCatalog.names.count == 12)
        for name in StrategyCatalog.names {
            let trace = try recording(name, prefetching: true)
            #expect(trace.events.contains { $0.kind == .scrollViewWillBeginDragging }, "\(name): the scenario scrolls")
            #expect(prefetchCalls(trace) >= 1, "\(name) ignores \"prefetching\": true (no prefetchDataSource set in viewDidLoad)")
        }
    }

    @Test func testNoStrategyGetsPrefetchCallsWithoutPrefetching() throws {
        for name in StrategyCatalog.names {
            let trace = try recording(name, prefetching: false)
            #expect(prefetchCalls(trace) == 0, "\(name) sets a prefetch data source though the scenario does not ask for one")
            #expect(!(trace.events.contains { $0.kind == .cancelPrefetchingForRowsAt }), Comment(rawValue: name))
        }
    }
}
