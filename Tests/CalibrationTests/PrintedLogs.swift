import Foundation
import TraceModel
import Recorder
import LogImport
import ReuseLabTestSupport

/// The console log an app would print for a recording of `scenario`, if it
/// printed only the calls of `kinds`: one line per call, in the forms
/// `reuselab import` reads ("cellForRowAt: 21", "init", "prefetchRowsAt:
/// [[0, 29]]"). A log that leaves whole kinds out, as real apps' logs do.
func printedLog(of scenario: Scenario, printing kinds: Set<EventKind>) throws -> String {
    try printedLog(of: scenario) { event in kinds.contains(event.kind) ? plainLine(event).map { [$0] } ?? [] : [] }
}

/// The console log an app would print for a recording of `scenario`: the lines
/// `print` gives for each event, in order.
func printedLog(of scenario: Scenario, _ print: (TraceEvent) -> [String]) throws -> String {
    try Recorder.record(scenario).events.flatMap(print).map { $0 + "\n" }.joined()
}

/// A lifecycle event as the plainest app prints it ("cellForRowAt: 21", "init",
/// "prefetchRowsAt: [[0, 29]]"); nil for any other event.
func plainLine(_ event: TraceEvent) -> String? {
    switch event.body {
    case .initCell, .prepareForReuse, .deinitCell:
        return event.kind.rawValue
    case .cellForRowAt(let row, _), .willDisplay(let row, _), .didEndDisplaying(let row, _):
        return "\(event.kind.rawValue): \(row)"
    case .prefetchRowsAt(let rows), .cancelPrefetchingForRowsAt(let rows):
        return "\(event.kind.rawValue): [" + rows.map { "[0, \($0)]" }.joined(separator: ", ") + "]"
    default:
        return nil
    }
}

/// `log` written to a temporary folder as `name` and imported, as `reuselab import` does.
func imported(_ log: String, name: String = "device.log") throws -> Trace {
    try importReport(log, name: name).trace
}

/// `log` imported, with everything the import says of it.
func importReport(_ log: String, name: String = "device.log") throws -> ImportReport {
    let folder = try TemporaryFolder(prefix: "calibration-logs", removeWhenReleased: true)
    return try LogImporter.importLog(path: try folder.write(name, log), options: ImportOptions(logName: name))
}

/// The lines of a log.
func lineCount(_ log: String) -> Int {
    log.split(separator: "\n").count
}
