import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import Recorder
import Strategies

/// The strategies on a collection view: what each bundled grid trace shows,
/// measured with `reuselab stats`' own metrics — from the trace alone.
@Suite
final class CollectionStrategyTests {
    static let traces = StrategyBehaviourTests.traces

    func metrics(_ name: String) throws -> MetricsReport {
        try TraceMetrics.measure(path: Self.traces.appendingPathComponent(name + ".trace.json").path)
    }

    func trace(_ name: String) throws -> Trace {
        try TraceReader.read(path: Self.traces.appendingPathComponent(name + ".trace.json").path)
    }

    func ms(_ time: Measured<VirtualTime>) -> Double { time.value?.milliseconds ?? -1 }

    /// The picture grids share their screen, network and gestures, so they can be compared.
    static let pictureGrids = ["grid-stale-images", "grid-async-reset", "grid-cache-coalesce", "grid-cache-coalesce-reconfigure"]

    @Test func testThePictureGridsShareOneScreenNetworkAndScript() throws {
        var shapes: Set<String> = []
        for name in Self.pictureGrids {
            guard let scenario = try trace(name).header.scenario, let grid = scenario.collection else { Issue.record("\(name) is not a grid"); return }
            let script = scenario.script.filter { if case .note = $0 { return false }; return true }
            shapes.insert("\(grid) \(scenario.world.network) \(scenario.world.images) \(script)")
        }
        #expect(shapes.count == 1)
    }

    @Test func testAsyncNoResetShowsStaleImagesAWholeRowOfItemsAtATimeAndTheResetShowsNone() throws {
        let noReset = try metrics("grid-stale-images")
        #expect((noReset.staleFrames.value ?? 0) > 5)
        #expect(ms(noReset.staleTime) > 100)
        let reset = try metrics("grid-async-reset")
        #expect(reset.staleFrames.value == 0)
        #expect(ms(reset.staleTime) == 0)
        #expect(reset.downloads.value == noReset.downloads.value, "the reset changes what shows, not what is loaded")
        // Some frame shows both items of a row of items with other items' pictures.
        let stale = try trace("grid-stale-images")
        var state = ReplayState(header: stale.header)
        var wholeRow = false
        for event in stale.events {
            try state.apply(event)
            guard case .frame(let snapshot) = event.body else { continue }
            let items = Set(state.staleCells(in: snapshot).map(\.row))
            if items.contains(where: { $0 % 2 == 0 && items.contains($0 + 1) }) { wholeRow = true }
        }
        #expect(wholeRow, "a reused row of items shows the old pictures side by side")
    }

    @Test func testCacheCoalesceDownloadsEachPictureOnceAndReloadsTheItemWithANewCell() throws {
        let report = try metrics("grid-cache-coalesce")
        let trace = try trace("grid-cache-coalesce")
        var requests: [Int: Int] = [:]
        for event in trace.events {
            if case .imageRequest(_, _, let image, _, _) = event.body { requests[image, default: 0] += 1 }
        }
        #expect(report.downloads.value == requests.count, "one download per picture")
        #expect(requests.values.allSatisfy { $0 == 1 }, "no picture requested twice: coming back, the NSCache answers")
        #expect((report.cacheHits.value?[.memory] ?? 0) > 10)
        #expect((report.downloads.value ?? .max) < (try metrics("grid-stale-images").downloads.value ?? 0), "fewer downloads than the strategy without a cache")
        #expect(report.staleFrames.value == 0)
        // Every reload of a visible item gives it another cell; one of an item prepared ahead discards its cell.
        var state = ReplayState(header: trace.header)
        var replaced = 0, discarded = 0
        for (index, event) in trace.events.enumerated() {
            defer { try? state.apply(event) }
            guard case .reloadRows(let items) = event.body, let item = items.first else { continue }
            if let prepared = state.cells.first(where: { $0.phase == .configured(row: item) }) {
                #expect(trace.events[index + 1].body == .enqueue(cell: prepared.id, identifier: "ItemCell"), "item \(item)'s prepared cell goes to the pool")
                discarded += 1
            }
            guard let old = state.displayed[item]?.first else { continue }
            guard let next = trace.events[(index + 1)...].first(where: { if case .cellForRowAt(item, _) = $0.body { return true }; return false }),
                  case .cellForRowAt(_, let new) = next.body else { Issue.record("item \(item) reloaded without cellForItemAt"); return }
            #expect(new != old, "reloadItems replaces item \(item)'s cell")
            replaced += 1
        }
        #expect(replaced > 5)
        #expect(discarded > 5, "a download started by cell prefetching often ends before its item is on screen")
    }

    @Test func testReconfigureConfiguresTheItemsOwnCellWithoutPrepareForReuse() throws {
        let trace = try trace("grid-cache-coalesce-reconfigure")
        #expect(!(trace.events.contains { $0.kind == .reloadRows }))
        var state = ReplayState(header: trace.header)
        var reconfigured = 0
        for (index, event) in trace.events.enumerated() {
            defer { try? state.apply(event) }
            guard case .reconfigureRows(let items) = event.body, let item = items.first else { continue }
            let own = state.displayed[item]?.first ?? state.cells.first { $0.phase == .configured(row: item) || $0.phase == .keptAside(row: item) }?.id
            guard let own else { continue }
            let next = trace.events[(index + 1)...].first { $0.kind.isLifecycle }
            #expect(next?.body == .cellForRowAt(row: item, cell: own), "item \(item): its own cell again, nothing before it")
            reconfigured += 1
        }
        #expect(reconfigured > 10)
        let reload = try metrics("grid-cache-coalesce")
        let reconfigure = try metrics("grid-cache-coalesce-reconfigure")
        #expect(reconfigure.downloads.value == reload.downloads.value, "the same pictures")
        #expect(reconfigure.reuses < reload.reuses, "no prepareForReuse for an update")
        #expect(reconfigure.staleFrames.value == 0)
    }

    /// Every collection strategy honours "prefetching", as the table ones do.
    @Test func testEveryCollectionStrategySetsItsPrefetchDataSourceOnlyWhenAsked() throws {
        #expect(StrategyCatalog.collectionNames == ["plain", "async-no-reset", "async-reset", "cache-coalesce", "cache-coalesce-reconfigure",
                                                    "cache-coalesce-prepare", "grid-registration"])
        for name in StrategyCatalog.collectionNames {
            for prefetching in [true, false] {
                let text = """
                {"title": "\(name)", "collection": {"items": 60, "columns": 2, "itemHeight": 100, "viewportHeight": 350},
                 "strategy": "\(name)", "prefetching": \(prefetching),
                 "script": [{"wait": {"ms": 300}}, {"drag": {"by": 600, "ms": 800}}, {"wait": {"ms": 300}}]}
                """
                let trace = try Recorder.record(try Recorder.parseScenario(bytes: Array(text.utf8), file: "\(name).scenario.json"))
                let calls = trace.events.filter { $0.kind == .prefetchRowsAt }.count
                if prefetching {
                    #expect(calls >= 2, "\(name): prefetchItemsAt from the first layout and while scrolling")
                } else {
                    #expect(calls == 0, Comment(rawValue: name))
                }
                #expect(trace.header.list == .collection(columns: 2))
            }
        }
    }

    @Test func testAStrategyWithoutAVersionForTheScenariosListIsRefusedAtStrategy() {
        func refusal(_ text: String) -> String {
            do {
                _ = try Recorder.parseScenario(bytes: Array(text.utf8), file: "s.json")
                return "accepted"
            } catch {
                return error.description
            }
        }
        let grid = #"{"title":"g","collection":{"items":20,"columns":2,"itemHeight":100,"viewportHeight":350},"strategy":"NAME","script":[{"wait":{"ms":10}}]}"#
        for name in ["prefetch-reload", "task-identity-cancel", "batch-paging", "sync-download"] {
            let message = refusal(grid.replacingOccurrences(of: "NAME", with: name))
            #expect(message.hasPrefix("s.json:1:"), Comment(rawValue: message))
            #expect(message.contains("at strategy: the \(name) strategy has no collection view version"), Comment(rawValue: message))
            #expect(message.contains(#""plain", "async-no-reset", "async-reset", "cache-coalesce", "cache-coalesce-reconfigure""#), Comment(rawValue: message))
        }
        #expect(refusal(grid.replacingOccurrences(of: "NAME", with: "cache-coalesce")) == "accepted")
        let table = #"{"title":"t","table":{"rows":20,"viewportHeight":800},"strategy":"cache-coalesce-reconfigure","script":[{"wait":{"ms":10}}]}"#
        let message = refusal(table)
        #expect(message.contains("at strategy: the cache-coalesce-reconfigure strategy runs only on a collection view"), Comment(rawValue: message))
    }
}
