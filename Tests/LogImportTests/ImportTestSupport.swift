import Foundation
import Testing
import TraceModel
import ReuseLabTestSupport
import LogImport

extension TemporaryFolder {
    /// Writes `text` as the log `name` in this folder and imports it, as `reuselab import` would.
    func importLog(_ text: String, name: String = "test.log", options: ImportOptions? = nil) throws -> ImportReport {
        try LogImporter.importLog(path: try write(name, text), options: options ?? ImportOptions(logName: name))
    }
}

/// Every imported trace must be one the readers accept: folded through `ReplayState` without a violation.
func assertValid(_ trace: Trace, sourceLocation: SourceLocation = #_sourceLocation) {
    var state = ReplayState(header: trace.header)
    for event in trace.events {
        do { try state.apply(event) } catch { Issue.record("event \(event.seq): \(error.message)", sourceLocation: sourceLocation); return }
    }
}
