import Foundation
import Testing

/// The real `reuselab` executable, run as a separate process: exit statuses as a
/// shell sees them, standard input with `-`, and byte-identical recordings.
@Suite
final class EndToEndTests: FolderTestCase {

    func run(_ arguments: [String], stdin: String? = nil) throws -> CommandResult {
        let result = try Executable.run(try Executable.require(), arguments, stdin: stdin, in: folder)
        #expect(result.exited, "reuselab \(arguments) was killed by a signal \(result.status): \(result.err)")
        return result
    }

    @Test func testTheExecutableIsFound() throws {
        let url = try Executable.require()
        let result = try run(["--help"])
        #expect(result.status == 0, "\(url.path): \(result.err)")
        #expect(result.out.hasPrefix("reuselab — "), Comment(rawValue: result.out))
        let bare = try run([])
        #expect(bare.status == 64, "no command is a usage error")
        #expect(bare.err == result.out, "the overview goes to standard error")
    }

    @Test func testRecordToStandardOutputIsJSONAndIdenticalEveryTime() throws {
        try folder.write("drag.scenario.json", Fixtures.scenario)
        let first = try run(["record", "drag.scenario.json"])
        #expect(first.status == 0, Comment(rawValue: first.err))
        #expect(first.err == "")
        #expect(first.outBytes.count > 1000)
        let second = try run(["record", "drag.scenario.json"])
        #expect(second.outBytes == first.outBytes, "the same scenario must give the same bytes")

        // The trace is ordinary JSON: Foundation reads it…
        let object = try #require(try JSONSerialization.jsonObject(with: Data(first.outBytes)) as? [String: Any])
        #expect((object["format"] as? String) == "reuselab-trace")
        #expect((object["version"] as? Int) == 1)
        let events = try #require(object["events"] as? [[String: Any]])
        #expect(events.enumerated().map { $0.offset } == events.compactMap { $0["seq"] as? Int })


        // Written with -o, the bytes are the same as on standard output, and they validate.
        let written = try run(["record", "drag.scenario.json", "-o", "out.trace.json"])
        #expect(written.status == 0, Comment(rawValue: written.err))
        #expect(written.out == "")
        #expect((try folder.read("out.trace.json")) == first.outBytes)
        let validate = try run(["validate", "out.trace.json"])
        #expect(validate.status == 0, Comment(rawValue: validate.err))
        #expect(validate.out.hasPrefix("out.trace.json: valid — \(events.count) events"), Comment(rawValue: validate.out))
    }

    /// The trace is ordinary JSON to Python's json module too, where python3 is installed.
    @Test func testPythonReadsTheTrace() throws {
        try folder.write("drag.scenario.json", Fixtures.scenario)
        let recorded = try run(["record", "drag.scenario.json", "-o", "drag.trace.json"])
        #expect(recorded.status == 0, Comment(rawValue: recorded.err))
        let python = try Executable.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-m", "json.tool", folder.path("drag.trace.json")], in: folder)
        if python.status == 127 || python.err.contains("No such file") || python.err.contains("not found") {
            try Test.cancel("python3 is not installed here, so json.tool cannot read the trace")
        }
        #expect(python.status == 0, "python3 -m json.tool refused the trace: \(python.err)")
        #expect(python.out.contains("\"format\": \"reuselab-trace\""))
    }

    @Test func testScenarioFromStandardInput() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let fromFile = try run(["record", "drag.scenario.json"])
        let fromStdin = try run(["record", "-"], stdin: scenario)
        #expect(fromStdin.status == 0, Comment(rawValue: fromStdin.err))
        #expect(fromStdin.outBytes == fromFile.outBytes, "no path or file name goes into a trace")

        // Errors in standard input are reported against <stdin>.
        let bad = try folder.write("bad.scenario.json", Fixtures.scenario(replacing: "\"modern\"", with: "\"modren\""))
        let place = Fixtures.locate("\"modren\"", in: Fixtures.scenario(replacing: "\"modern\"", with: "\"modren\""))
        let result = try run(["record", "-", "-o", "out.trace.json"], stdin: bad)
        assertFailure(result, status: 65, file: "<stdin>", line: place.line, column: place.column, contains: ["did you mean \"modern\"?"])
        #expect(!(FileManager.default.fileExists(atPath: folder.path("out.trace.json"))))
        // Empty standard input.
        let empty = try folder.write("empty", "")
        assertFailure(try run(["record", "-"], stdin: empty), status: 65, file: "<stdin>", line: 1, column: 1, contains: ["the file is empty"])
    }

    @Test func testTraceFromStandardInput() throws {
        let good = try folder.write("ok.trace.json", Fixtures.lifecycleOnly)
        let result = try run(["validate", "-"], stdin: good)
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.out.hasPrefix("<stdin>: valid — 5 events"), Comment(rawValue: result.out))
    }

    @Test func testExitStatusesAsTheShellSeesThem() throws {
        try folder.write("drag.scenario.json", Fixtures.scenario)
        try folder.write("ok.trace.json", Fixtures.lifecycleOnly)
        try folder.write("bad.trace.json", Fixtures.lifecycleOnly.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"))
        try folder.sparse("huge.trace.json", size: 1 << 30)
        #expect((try run(["record", "drag.scenario.json", "-o", "drag.trace.json"]).status) == 0)

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
            #expect(result.status == status, "reuselab \(arguments.joined(separator: " ")): \(result.err)")
            if stderrPrefix.isEmpty {
                #expect(result.err == "", "reuselab \(arguments.joined(separator: " "))")
            } else {
                #expect(result.err.hasPrefix(stderrPrefix), "reuselab \(arguments.joined(separator: " ")): \(result.err)")
            }
        }
    }

    @Test func testNoColourOrEscapesInErrors() throws {
        // A control sequence in a scenario value is shown escaped, even with NO_COLOR and no terminal.
        try folder.write("bad.scenario.json", Fixtures.scenario(replacing: "\"modern\"", with: #""\u001b[31mmodern""#))
        let result = try Executable.run(try Executable.require(), ["record", "bad.scenario.json"],
                                        environment: ["NO_COLOR": "1", "PATH": "/usr/bin:/bin"], in: folder)
        #expect(result.status == 65)
        #expect(!(result.err.contains("\u{1B}")), Comment(rawValue: result.err))
        #expect(result.err.contains("found \"\\e[31mmodern\""), Comment(rawValue: result.err))
        #expect(result.out == "")
    }
}
