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
    var lines: [String] = []
    for event in try Recorder.record(scenario).events where kinds.contains(event.kind) {
        switch event.body {
        case .initCell, .prepareForReuse, .deinitCell:
            lines.append(event.kind.rawValue)
        case .cellForRowAt(let row, _), .willDisplay(let row, _), .didEndDisplaying(let row, _):
            lines.append("\(event.kind.rawValue): \(row)")
        case .prefetchRowsAt(let rows), .cancelPrefetchingForRowsAt(let rows):
            lines.append("\(event.kind.rawValue): [" + rows.map { "[0, \($0)]" }.joined(separator: ", ") + "]")
        default:
            break
        }
    }
    return lines.map { $0 + "\n" }.joined()
}

/// `log` written to a temporary folder as `name` and imported, as `reuselab import` does.
func imported(_ log: String, name: String = "device.log") throws -> Trace {
    let folder = try TemporaryFolder(prefix: "calibration-logs", removeWhenReleased: true)
    return try LogImporter.importLog(path: try folder.write(name, log), options: ImportOptions(logName: name)).trace
}

/// The lines of a log.
func lineCount(_ log: String) -> Int {
    log.split(separator: "\n").count
}
