import TraceModel
import ToolSupport
import TraceCoding
import Recorder

/// Finds the scenario whose recording best reproduces an imported device trace.
///
/// A device's console log says what UIKit did, but not the screen, the insets,
/// the profile or how the finger moved. Calibration reads what the log does say
/// (`DeviceLog`: the launch rows, the last rows shown and gone, prefetch calls,
/// timestamps when there are any), records candidate scenarios (`SearchSpace`,
/// `CandidateSearch`) in memory, and keeps the one whose lifecycle calls — kind
/// and rows, never cell ids, which a log only lets the importer guess — match the
/// device's longest in order. Only what the log prints is compared
/// (`PrintedCalls`): calls the import reconstructed are not the device's, and a
/// kind the log never prints is left out of the recordings too. Gaps in the log
/// are skipped: the alignment absorbs whatever the recording does where the log
/// was abridged. The same trace always gives the same result.
public enum Calibrator {
    /// Logs with more lifecycle calls than this are refused: every candidate is
    /// aligned against all of them.
    public static let maximumDeviceEvents = 200_000

    /// Calibrates against `device`; `file` names it in errors and, without an
    /// import source, in the scenario's title.
    public static func calibrate(_ device: Trace, file: String) throws(ReuseLabError) -> CalibrationResult {
        guard device.header.scenario == nil else {
            throw ReuseLabError(.badInput, file: file, "is a recording (its header has a \"scenario\"), not a trace imported from a device's log; to compare two recordings use 'reuselab diff'")
        }
        // The search space is a table view's: a grid's log would be matched by a table, a story it contradicts.
        guard !device.header.list.isCollection else {
            throw ReuseLabError(.badInput, file: file, "is a collection view's trace (its log prints cellForItemAt and item calls); calibrate searches table view scenarios only, so it cannot reproduce a grid. Write the grid's scenario by hand (docs/scenario-format.md) and compare the two with 'reuselab diff'")
        }
        let log = try DeviceLog(device, file: file)
        let count = log.calls.calls.count
        guard count > 0 else {
            let only = log.calls.reconstructed > 0 ? " the log prints (the import reconstructed all \(log.calls.reconstructed) it has)" : ""
            throw ReuseLabError(.badInput, file: file, "has no lifecycle calls\(only) (init, prepareForReuse, cellForRowAt, willDisplay, didEndDisplaying, prefetchRowsAt, cancelPrefetchingForRowsAt, deinit) to calibrate against")
        }
        guard count <= maximumDeviceEvents else {
            throw ReuseLabError(.tooLarge, file: file, "has \(count) lifecycle calls; calibrate compares at most \(maximumDeviceEvents) (cut the log shorter)")
        }
        guard log.launchRows <= DeviceLog.maximumLaunchRows else {
            throw ReuseLabError(.badInput, file: file, "shows \(log.launchRows) rows at launch; a screen of 44 pt rows shows at most \(DeviceLog.maximumLaunchRows)")
        }

        let space = SearchSpace(log: log)
        var search = CandidateSearch(space: space, title: "Calibrated to \(log.name)")
        search.run()
        guard let best = search.tried.first else {
            throw ReuseLabError(.badInput, file: file, "no candidate scenario could be recorded for this log (its rows or its drag are out of the engine's range)")
        }
        let scenario = space.scenario(best.candidate, title: search.title)
        // What is printed must be a scenario `record` reads back as it is.
        do {
            let text = JSONWriter.compact(scenario.jsonValue)
            _ = try Recorder.parseScenario(bytes: Array(text.utf8), file: "the calibrated scenario")
        } catch {
            throw ReuseLabError(.badInput, file: file, "the best scenario for this log is not one a scenario file can hold (\(error.description)); write it by hand")
        }
        return CalibrationResult(scenario: scenario, score: Double(best.match.matched) / Double(count), matched: best.match.matched,
                                 deviceEvents: count, recordedEvents: best.match.recordedCount, candidatesTried: search.tried.count,
                                 differences: Differences(log: log, match: best.match).sentences(),
                                 unprinted: log.printed.unprinted, reconstructed: log.calls.reconstructed,
                                 notCompared: log.printed.sentence(reconstructed: log.calls.reconstructed))
    }
}
