import Foundation
import XCTest

/// The real `reuselab` executable, run as a separate process: exit statuses as a
/// shell sees them, standard input with `-`, and byte-identical recordings.
final class EndToEndTests: FolderTestCase {

    func run(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
        let result = try Executable.run(try Executable.require(), arguments, stdin: stdin, in: folder)
        XCTAssertTrue(result.exited, "reuselab \(arguments) was killed by a signal \(result.status): \(result.err)")
        return result
    }

    func testTheExecutableIsFound() throws {
        let url = try Executable.require()
        let result = try run(["--help"])
        XCTAssertEqual(result.status, 0, "\(url.path): \(result.err)")
        XCTAssertTrue(result.out.hasPrefix("reuselab — "), result.out)
        let bare = try run([])
        XCTAssertEqual(bare.status, 64, "no command is a usage error")
        XCTAssertEqual(bare.err, result.out, "the overview goes to standard error")
    }

    func testRecordToStandardOutputIsJSONAndIdenticalEveryTime() throws {
        try folder.write("drag.scenario.json", Fixtures.scenario)
        let first = try run(["record", "drag.scenario.json"])
        XCTAssertEqual(first.status, 0, first.err)
        XCTAssertEqual(first.err, "")
        XCTAssertGreaterThan(first.outBytes.count, 1000)
        let second = try run(["record", "drag.scenario.json"])
        XCTAssertEqual(second.outBytes, first.outBytes, "the same scenario must give the same bytes")

        // The trace is ordinary JSON: Foundation reads it…
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(first.outBytes)) as? [String: Any])
        XCTAssertEqual(object["format"] as? String, "reuselab-trace")
        XCTAssertEqual(object["version"] as? Int, 1)
        let events = try XCTUnwrap(object["events"] as? [[String: Any]])
        XCTAssertEqual(events.enumerated().map { $0.offset }, events.compactMap { $0["seq"] as? Int })


        // Written with -o, the bytes are the same as on standard output, and they validate.
        let written = try run(["record", "drag.scenario.json", "-o", "out.trace.json"])
        XCTAssertEqual(written.status, 0, written.err)
        XCTAssertEqual(written.out, "")
        XCTAssertEqual(try folder.read("out.trace.json"), first.outBytes)
        let validate = try run(["validate", "out.trace.json"])
        XCTAssertEqual(validate.status, 0, validate.err)
        XCTAssertTrue(validate.out.hasPrefix("out.trace.json: valid — \(events.count) events"), validate.out)
    }

    /// The trace is ordinary JSON to Python's json module too, where python3 is installed.
    func testPythonReadsTheTrace() throws {
        try folder.write("drag.scenario.json", Fixtures.scenario)
        let recorded = try run(["record", "drag.scenario.json", "-o", "drag.trace.json"])
        XCTAssertEqual(recorded.status, 0, recorded.err)
        let python = try Executable.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-m", "json.tool", folder.path("drag.trace.json")], in: folder)
        if python.status == 127 || python.err.contains("No such file") || python.err.contains("not found") {
            throw XCTSkip("python3 is not installed here, so json.tool cannot read the trace")
        }
        XCTAssertEqual(python.status, 0, "python3 -m json.tool refused the trace: \(python.err)")
        XCTAssertTrue(python.out.contains("\"format\": \"reuselab-trace\""))
    }

    func testScenarioFromStandardInput() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let fromFile = try run(["record", "drag.scenario.json"])
        let fromStdin = try run(["record", "-"], stdin: scenario)
        XCTAssertEqual(fromStdin.status, 0, fromStdin.err)
        XCTAssertEqual(fromStdin.outBytes, fromFile.outBytes, "no path or file name goes into a trace")

        // Errors in standard input are reported against <stdin>.
        let bad = try folder.write("bad.scenario.json", Fixtures.scenario(replacing: "\"modern\"", with: "\"modren\""))
        let place = Fixtures.locate("\"modren\"", in: Fixtures.scenario(replacing: "\"modern\"", with: "\"modren\""))
        let result = try run(["record", "-", "-o", "out.trace.json"], stdin: bad)
        assertFailure(result, status: 65, file: "<stdin>", line: place.line, column: place.column, contains: ["did you mean \"modern\"?"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.path("out.trace.json")))
        // Empty standard input.
        let empty = try folder.write("empty", "")
        assertFailure(try run(["record", "-"], stdin: empty), status: 65, file: "<stdin>", line: 1, column: 1, contains: ["the file is empty"])
    }

    func testTraceFromStandardInput() throws {
        let good = try folder.write("ok.trace.json", Fixtures.lifecycleOnly)
        let result = try run(["validate", "-"], stdin: good)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.hasPrefix("<stdin>: valid — 5 events"), result.out)
    }

    func testExitStatusesAsTheShellSeesThem() throws {
        try folder.write("drag.scenario.json", Fixtures.scenario)
        try folder.write("ok.trace.json", Fixtures.lifecycleOnly)
        try folder.write("bad.trace.json", Fixtures.lifecycleOnly.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"))
        try folder.sparse("huge.trace.json", size: 1 << 30)
        XCTAssertEqual(try run(["record", "drag.scenario.json", "-o", "drag.trace.json"]).status, 0)

        let cases: [([String], Int32, String)] = [
            (["validate", "ok.trace.json"], 0, ""),
            (["validate", "drag.trace.json"], 0, ""),
            (["validate", "bad.trace.json"], 65, "reuselab: error: bad.trace.json:3:14: at version: trace format version 2 is not known"),
            (["validate", "missing.trace.json"], 66, "reuselab: error: missing.trace.json: no such file"),
            (["validate", "huge.trace.json"], 67, "reuselab: error: huge.trace.json: the file is 1 GB"),
            (["validate"], 64, "reuselab: error: validate: expected at least 1 TRACE"),
            (["frobnicate"], 64, "reuselab: error: unknown command 'frobnicate'"),
            (["record", "drag.scenario.json", "--check", "-o", "drag.trace.json"], 0, ""),
            (["record", "drag.scenario.json", "--check", "-o", "ok.trace.json"], 1, "reuselab: error: ok.trace.json: differs from a fresh recording"),
            (["record", "drag.scenario.json", "-o", "no/such/dir/x.json"], 73, "reuselab: error: no/such/dir/x.json: cannot write the file"),
        ]
        for (arguments, status, stderrPrefix) in cases {
            let result = try run(arguments)
            XCTAssertEqual(result.status, status, "reuselab \(arguments.joined(separator: " ")): \(result.err)")
            if stderrPrefix.isEmpty {
                XCTAssertEqual(result.err, "", "reuselab \(arguments.joined(separator: " "))")
            } else {
                XCTAssertTrue(result.err.hasPrefix(stderrPrefix), "reuselab \(arguments.joined(separator: " ")): \(result.err)")
            }
        }
    }

    func testNoColourOrEscapesInErrors() throws {
        // A control sequence in a scenario value is shown escaped, even with NO_COLOR and no terminal.
        try folder.write("bad.scenario.json", Fixtures.scenario(replacing: "\"modern\"", with: #""\u001b[31mmodern""#))
        let result = try Executable.run(try Executable.require(), ["record", "bad.scenario.json"],
                                        environment: ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"], in: folder)
        XCTAssertEqual(result.status, 65)
        XCTAssertFalse(result.err.contains("\u{1B}"), result.err)
        XCTAssertTrue(result.err.contains("found \"\\e[31mmodern\""), result.err)
        XCTAssertEqual(result.out, "")
    }
}
