import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Recorder

/// The bundled collection view scenarios: each is a grid, its trace is in the
/// collection view's words and valid, and the first is the issue's own scenario.
@Suite
final class BundledGridTraceTests {
    static let grids = ["grid-slow-drag", "grid-fast-fling", "grid-down-and-up", "grid-stale-images",
                        "grid-async-reset", "grid-cache-coalesce", "grid-cache-coalesce-reconfigure"]

    func path(_ name: String, _ suffix: String) -> String {
        BundledTraceTests.tracesFolder.appendingPathComponent(name + suffix).path
    }

    @Test func testEveryBundledGridIsACollectionViewTraceThatValidates() throws {
        for name in Self.grids {
            let scenario = try Recorder.loadScenario(path: path(name, ".scenario.json"))
            #expect(scenario.collection != nil, Comment(rawValue: name))
            #expect(scenario.script.contains { if case .note = $0 { return true }; return false }, "\(name) says what it shows")
            let summary = try TraceValidator.validate(path: path(name, ".trace.json"))
            #expect(summary.eventCount > 100, Comment(rawValue: name))
            let text = try String(contentsOfFile: path(name, ".trace.json"), encoding: .utf8)
            #expect(text.contains("\"list\": \"collection\""), Comment(rawValue: name))
            #expect(text.contains("\"kind\":\"cellForItemAt\""), Comment(rawValue: name))
            #expect(!(text.contains("\"kind\":\"cellForRowAt\"")), Comment(rawValue: name))
        }
    }

    @Test func testTheSlowDragIsTheIssuesScenarioWithANote() throws {
        let issue = #"{"title": "A two-column grid, a slow drag", "collection": {"items": 200, "columns": 2, "itemHeight": 180, "lineSpacing": 0, "viewportHeight": 736}, "strategy": "plain", "prefetching": true, "script": [{"drag": {"by": 540, "ms": 3000}}]}"#
        var expected = try Recorder.parseScenario(bytes: Array(issue.utf8), file: "issue")
        let bundled = try Recorder.loadScenario(path: path("grid-slow-drag", ".scenario.json"))
        guard case .note = bundled.script.first else { Issue.record("the note comes first"); return }
        expected.script.insert(bundled.script[0], at: 0)
        #expect(bundled == expected)
    }
}
