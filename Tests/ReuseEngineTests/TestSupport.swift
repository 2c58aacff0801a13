import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Recorder

/// Records a scenario built in code and returns its events.
func record(_ scenario: Scenario, sourceLocation: SourceLocation = #_sourceLocation) -> [TraceEvent] {
    do {
        return try Recorder.record(scenario).events
    } catch {
        Issue.record("recording failed: \(error)", sourceLocation: sourceLocation)
        return []
    }
}

/// The geometry of seed 004's device: an iPhone 12/13-sized screen (844 pt tall,
/// 47 pt status bar and 34 pt home indicator insets) and UIKit's default 44 pt rows.
func seedScreen(rows: Int = 100) -> TableSpec {
    TableSpec(rows: rows, rowHeight: 44, viewportHeight: 844, contentInsetTop: 47, contentInsetBottom: 34)
}

/// A screen exactly 19 rows tall with no insets, where a row leaves and the next
/// enters in the same layout pass.
func exactScreen(rows: Int = 100) -> TableSpec {
    TableSpec(rows: rows, rowHeight: 44, viewportHeight: 836)
}

/// The events printed the way seed 004's program prints them: `init, row:0`,
/// `cellForRowAt: 5`, `prepareForReuse, row:2`, `prefetchRowsAt: [[0, 19], …]`.
func seedLogLines(_ events: [TraceEvent]) -> [String] {
    events.compactMap { event in
        switch event.body {
        case .initCell: return "init, row:0"
        case .prepareForReuse(_, _, let previous): return "prepareForReuse, row:\(previous ?? 0)"
        case .cellForRowAt(let row, _): return "cellForRowAt: \(row)"
        case .willDisplay(let row, _): return "willDisplay: \(row)"
        case .didEndDisplaying(let row, _): return "didEndDisplaying: \(row)"
        case .prefetchRowsAt(let rows): return "prefetchRowsAt: [" + rows.map { "[0, \($0)]" }.joined(separator: ", ") + "]"
        case .cancelPrefetchingForRowsAt(let rows): return "cancelPrefetchingForRowsAt: [" + rows.map { "[0, \($0)]" }.joined(separator: ", ") + "]"
        case .deinitCell: return "deinit"
        default: return nil
        }
    }
}

/// Folds events through the shared replay state, failing the test on any violation.
@discardableResult
func replay(_ events: [TraceEvent], header: TraceHeader, sourceLocation: SourceLocation = #_sourceLocation) -> ReplayState {
    var state = ReplayState(header: header)
    for event in events {
        do {
            try state.apply(event)
        } catch {
            Issue.record("event \(event.seq) (\(event.kind.rawValue)): \(error.message)", sourceLocation: sourceLocation)
            break
        }
    }
    return state
}

extension Array where Element == TraceEvent {
    func index(of kind: EventKind, after start: Int = 0) -> Int? {
        self[start...].firstIndex { $0.kind == kind }
    }
}
