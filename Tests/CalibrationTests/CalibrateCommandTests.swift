import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Recorder
import ReuseLabTestSupport

/// `reuselab calibrate` as a user runs it: the built executable in a separate
/// process (this target does not link the command-line module). Skipped when the
/// executable was not built beside the tests.
@Suite
final class CalibrateCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calibrate-cli-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ arguments: [String]) throws -> ProcessOutcome {
        try ReuselabExecutable.run(try ReuselabExecutable.require(), arguments, directory: folder)
    }

    func write(_ trace: Trace, _ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(TraceWriter.text(trace).utf8).write(to: URL(fileURLWithPath: path))
        return name
    }

    /// A log no scenario reproduces (rows configured far apart, out of order): the
    /// best try is not offered as a match, nothing is written, and the exit status is 1.
    /// Only the 22 calls the log prints are counted, not the 11 `init` the import
    /// reconstructed before them.
    @Test func testABadMatchIsRefusedNotOffered() throws {
        let rows = [50, 40, 30, 20, 10, 0, 45, 35, 25, 15, 5]
        let log = folder.appendingPathComponent("scrambled.log")
        try Data(rows.map { "cellForRowAt: \($0)\nwillDisplay: \($0)\n" }.joined().utf8).write(to: log)
        let imported = try run(["import", "scrambled.log", "-o", "scrambled.trace.json"])
        #expect(imported.status == 0, Comment(rawValue: imported.err))

        let text = try run(["calibrate", "scrambled.trace.json", "-o", "scrambled.scenario.json"])
        #expect(text.status == 1, Comment(rawValue: text.out + text.err))
        let said = text.out.replacingOccurrences(of: "\n", with: " ")
        #expect(said.hasPrefix("No scenario matches the 22 lifecycle calls the log prints: the best of "), Comment(rawValue: text.out))
        #expect(said.contains("The log never prints init, prepareForReuse or didEndDisplaying, so they are not compared. No scenario is offered"), Comment(rawValue: text.out))
        #expect(said.contains("and calibrate accepts 50% or more"), Comment(rawValue: text.out))
        #expect(said.contains("Where the best try parts ways with the log:"), Comment(rawValue: text.out))
        #expect(!(text.out.contains("Best match")), Comment(rawValue: text.out))
        #expect(!(text.out.contains("\"viewportHeight\"")), "no scenario is shown")
        #expect(!(FileManager.default.fileExists(atPath: folder.appendingPathComponent("scrambled.scenario.json").path)), "nothing is written")

        let json = try run(["calibrate", "scrambled.trace.json", "--json"])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect((object["matches"] as? Bool) == false)

        let toStandardOutput = try run(["calibrate", "scrambled.trace.json", "-o", "-"])
        #expect(toStandardOutput.status == 1)
        #expect(toStandardOutput.out == "", "no scenario on standard output")
        #expect(toStandardOutput.err.contains("No scenario matches"), Comment(rawValue: toStandardOutput.err))
    }

    @Test func testTextReportJSONAndTheSavedScenario() throws {
        let device = try write(try deviceTrace(of: seed004()), "device.trace.json")

        let text = try run(["calibrate", device])
        #expect(text.status == 0, Comment(rawValue: text.err))
        #expect(text.out.hasPrefix("Best match: 100% of the 108 lifecycle calls the log prints, in order"), Comment(rawValue: text.out))
        #expect(!text.out.contains("not compared"), "every call of this log is compared: \(text.out)")
        #expect(text.out.contains("\"viewportHeight\": 844"), Comment(rawValue: text.out))
        #expect(text.out.contains("reuselab diff device.trace.json calibrated.trace.json"), Comment(rawValue: text.out))
        #expect(text.out.split(separator: "\n").filter { $0.count > 80 } == [])

        let json = try run(["calibrate", device, "--json"])
        #expect(json.status == 0, Comment(rawValue: json.err))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["scenario", "score", "matched", "deviceEvents", "recordedEvents", "candidatesTried",
                                     "unprinted", "reconstructed", "notCompared", "differences", "matches"])
        #expect((object["unprinted"] as? [String]) == [])
        #expect((object["reconstructed"] as? Int) == 0)
        #expect(object["notCompared"] is NSNull)
        #expect((object["score"] as? Double) == 1)
        #expect((object["matches"] as? Bool) == true)

        let saved = try run(["calibrate", device, "-o", "calibrated.scenario.json"])
        #expect(saved.status == 0, Comment(rawValue: saved.err))
        let scenario = try Recorder.loadScenario(path: folder.appendingPathComponent("calibrated.scenario.json").path)
        #expect(scenario.title == "Calibrated to device.log")

        let again = try run(["calibrate", device, "-o", "calibrated.scenario.json"])
        #expect(again.status == 64, "an existing file is replaced only with --force")
        #expect(again.err.contains("--force"), Comment(rawValue: again.err))
        #expect((try run(["calibrate", device, "-o", "calibrated.scenario.json", "--force"]).status) == 0)
    }

    /// The log end to end: an app that prints only cellForRowAt,
    /// willDisplay and didEndDisplaying. The import reconstructs every dequeue;
    /// calibrate compares the lines the log prints, says init and
    /// prepareForReuse are not compared, and blames the device for nothing.
    @Test func testALogWithoutInitOrPrepareForReuseThroughTheExecutable() throws {
        let log = try printedLog(of: seed004(prefetching: false), printing: [.cellForRowAt, .willDisplay, .didEndDisplaying])
        try Data(log.utf8).write(to: folder.appendingPathComponent("quiet.log"))
        let imported = try run(["import", "quiet.log", "-o", "quiet.trace.json"])
        #expect(imported.status == 0, Comment(rawValue: imported.err))

        let text = try run(["calibrate", "quiet.trace.json"])
        #expect(text.status == 0, Comment(rawValue: text.err))
        let said = text.out.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        #expect(said.hasPrefix("Best match: 100% of the \(lineCount(log)) lifecycle calls the log prints, in order ("), Comment(rawValue: text.out))
        #expect(said.contains("The log never prints init or prepareForReuse, so they are not compared. Modern profile"), Comment(rawValue: text.out))
        #expect(said.contains("lifecycle calls of the kinds the log prints."), Comment(rawValue: text.out))
        #expect(said.contains("Where they still differ: nowhere."), Comment(rawValue: text.out))
        #expect(!said.contains("device shows"), Comment(rawValue: text.out))

        let json = try run(["calibrate", "quiet.trace.json", "--json"])
        #expect(json.status == 0, Comment(rawValue: json.err))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect((object["score"] as? Double) == 1)
        #expect((object["deviceEvents"] as? Int) == lineCount(log))
        #expect((object["unprinted"] as? [String]) == ["init", "prepareForReuse"])
        #expect((object["reconstructed"] as? Int) == 0)
        #expect((object["notCompared"] as? String) == "The log never prints init or prepareForReuse, so they are not compared.")
        #expect((object["differences"] as? [String]) == [])
    }

    @Test func testRefusals() throws {
        let recorded = try write(try Recorder.record(seed004()), "recorded.trace.json")
        let refused = try run(["calibrate", recorded])
        #expect(refused.status == 65)
        #expect(refused.err.hasPrefix("reuselab: error: recorded.trace.json: "), Comment(rawValue: refused.err))
        #expect(refused.err.contains("reuselab diff"), Comment(rawValue: refused.err))
        #expect(refused.out == "")

        let empty = Trace(header: TraceHeader(title: "x", profile: .modern), events: [])
        let nothing = try run(["calibrate", try write(empty, "empty.trace.json")])
        #expect(nothing.status == 65)
        #expect(nothing.err.contains("no lifecycle calls"), Comment(rawValue: nothing.err))

        #expect((try run(["calibrate", "missing.trace.json"]).status) == 66)
        let device = try write(try deviceTrace(of: seed004()), "device.trace.json")
        #expect((try run(["calibrate", device, "-o", device, "--force"]).status) == 64, "never over the trace being read")
    }
}
