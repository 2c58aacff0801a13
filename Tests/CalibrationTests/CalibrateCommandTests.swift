import Foundation
import XCTest
import TraceModel
import ToolSupport
import TraceCoding
import Recorder
import ReuseLabTestSupport

/// `reuselab calibrate` as a user runs it: the built executable in a separate
/// process (this target does not link the command-line module). Skipped when the
/// executable was not built beside the tests.
final class CalibrateCommandTests: XCTestCase {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("calibrate-cli-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
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
    func testABadMatchIsRefusedNotOffered() throws {
        let rows = [50, 40, 30, 20, 10, 0, 45, 35, 25, 15, 5]
        let log = folder.appendingPathComponent("scrambled.log")
        try Data(rows.map { "cellForRowAt: \($0)\nwillDisplay: \($0)\n" }.joined().utf8).write(to: log)
        let imported = try run(["import", "scrambled.log", "-o", "scrambled.trace.json"])
        XCTAssertEqual(imported.status, 0, imported.err)

        let text = try run(["calibrate", "scrambled.trace.json", "-o", "scrambled.scenario.json"])
        XCTAssertEqual(text.status, 1, text.out + text.err)
        let said = text.out.replacingOccurrences(of: "\n", with: " ")
        XCTAssertTrue(said.hasPrefix("No scenario matches the device's 33 lifecycle calls: the best of "), text.out)
        XCTAssertTrue(said.contains("and calibrate accepts 50% or more"), text.out)
        XCTAssertTrue(said.contains("Where the best try parts ways with the log:"), text.out)
        XCTAssertFalse(text.out.contains("Best match"), text.out)
        XCTAssertFalse(text.out.contains("\"viewportHeight\""), "no scenario is shown")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("scrambled.scenario.json").path), "nothing is written")

        let json = try run(["calibrate", "scrambled.trace.json", "--json"])
        XCTAssertEqual(json.status, 1)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(object["matches"] as? Bool, false)

        let toStandardOutput = try run(["calibrate", "scrambled.trace.json", "-o", "-"])
        XCTAssertEqual(toStandardOutput.status, 1)
        XCTAssertEqual(toStandardOutput.out, "", "no scenario on standard output")
        XCTAssertTrue(toStandardOutput.err.contains("No scenario matches"), toStandardOutput.err)
    }

    func testTextReportJSONAndTheSavedScenario() throws {
        let device = try write(try deviceTrace(of: seed004()), "device.trace.json")

        let text = try run(["calibrate", device])
        XCTAssertEqual(text.status, 0, text.err)
        XCTAssertTrue(text.out.hasPrefix("Best match: 100% of the device's "), text.out)
        XCTAssertTrue(text.out.contains("\"viewportHeight\": 844"), text.out)
        XCTAssertTrue(text.out.contains("reuselab diff device.trace.json calibrated.trace.json"), text.out)
        XCTAssertEqual(text.out.split(separator: "\n").filter { $0.count > 80 }, [])

        let json = try run(["calibrate", device, "--json"])
        XCTAssertEqual(json.status, 0, json.err)
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["scenario", "score", "matched", "deviceEvents", "recordedEvents", "candidatesTried", "differences", "matches"])
        XCTAssertEqual(object["score"] as? Double, 1)
        XCTAssertEqual(object["matches"] as? Bool, true)

        let saved = try run(["calibrate", device, "-o", "calibrated.scenario.json"])
        XCTAssertEqual(saved.status, 0, saved.err)
        let scenario = try Recorder.loadScenario(path: folder.appendingPathComponent("calibrated.scenario.json").path)
        XCTAssertEqual(scenario.title, "Calibrated to device.log")

        let again = try run(["calibrate", device, "-o", "calibrated.scenario.json"])
        XCTAssertEqual(again.status, 64, "an existing file is replaced only with --force")
        XCTAssertTrue(again.err.contains("--force"), again.err)
        XCTAssertEqual(try run(["calibrate", device, "-o", "calibrated.scenario.json", "--force"]).status, 0)
    }

    func testRefusals() throws {
        let recorded = try write(try Recorder.record(seed004()), "recorded.trace.json")
        let refused = try run(["calibrate", recorded])
        XCTAssertEqual(refused.status, 65)
        XCTAssertTrue(refused.err.hasPrefix("reuselab: error: recorded.trace.json: "), refused.err)
        XCTAssertTrue(refused.err.contains("reuselab diff"), refused.err)
        XCTAssertEqual(refused.out, "")

        let empty = Trace(header: TraceHeader(title: "x", profile: .modern), events: [])
        let nothing = try run(["calibrate", try write(empty, "empty.trace.json")])
        XCTAssertEqual(nothing.status, 65)
        XCTAssertTrue(nothing.err.contains("no lifecycle calls"), nothing.err)

        XCTAssertEqual(try run(["calibrate", "missing.trace.json"]).status, 66)
        let device = try write(try deviceTrace(of: seed004()), "device.trace.json")
        XCTAssertEqual(try run(["calibrate", device, "-o", device, "--force"]).status, 64, "never over the trace being read")
    }
}
