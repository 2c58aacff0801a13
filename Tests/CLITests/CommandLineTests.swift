import Foundation
import XCTest
import ReuseLabCLI
import TraceModel
import ToolSupport
import TraceCoding

/// The command line itself: overview, help, usage errors, and the happy paths of
/// each subcommand, run in-process through `ReuseLab.run(_:io:)`.
final class CommandLineTests: FolderTestCase {

    // MARK: Overview and help

    func testNoArgumentsIsAUsageErrorThatShowsTheOverview() {
        let bare = reuselab([])
        XCTAssertEqual(bare.status, 64)
        XCTAssertEqual(bare.out, "", "the overview goes to standard error")
        XCTAssertTrue(bare.err.hasPrefix("reuselab — "), bare.err)
        let result = reuselab(["--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(result.out, bare.err)
        for command in ["record", "validate", "strategies", "list", "diff"] {
            XCTAssertTrue(result.out.contains("\n  \(command) "), "overview lists \(command)")
        }
        XCTAssertTrue(result.out.contains("64 usage error"), "the overview documents exit statuses")
        XCTAssertEqual(reuselab(["-h"]).out, result.out)
        XCTAssertEqual(reuselab(["help"]).status, 0)
    }

    func testABrokenLessonNamedByItsIdReportsItsOwnError() throws {
        try FileManager.default.createDirectory(atPath: folder.path("lessons"), withIntermediateDirectories: true)
        try folder.write("lessons/07-broken.json", #"{"id": "07-broken", "title": "Broken", "stepz": []}"#)
        let result = reuselab(["lesson", "07-broken", "--lessons", folder.path("lessons")])
        assertFailure(result, status: 65, contains: ["lessons/07-broken.json:1:", "unknown member \"stepz\""])
    }

    func testVersionAndExtraArguments() {
        let version = reuselab(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.out.hasPrefix("reuselab ") && version.out.contains("trace format version 1"), version.out)
        assertFailure(reuselab(["strategies", "extra"]), status: 64, contains: ["strategies: unexpected argument 'extra'"])
        assertFailure(reuselab(["list", "traces", "more"]), status: 64, contains: ["list: unexpected argument 'more'"])
    }

    func testEverySubcommandHasHelp() {
        for command in ["record", "validate", "strategies", "list", "diff"] {
            for flag in ["--help", "-h"] {
                let result = reuselab([command, flag])
                XCTAssertEqual(result.status, 0, "\(command) \(flag)")
                XCTAssertEqual(result.err, "", "\(command) \(flag)")
                XCTAssertTrue(result.out.hasPrefix("Usage: reuselab \(command)"), "\(command) \(flag): \(result.out)")
            }
        }
        // Help wins over other arguments, even a missing file.
        XCTAssertEqual(reuselab(["record", "no-such-file.json", "--help"]).status, 0)
        XCTAssertTrue(reuselab(["record", "--help"]).out.contains("--check"))
        XCTAssertTrue(reuselab(["validate", "--help"]).out.contains("--json"))
    }

    // MARK: Usage errors

    func testUnknownCommandSuggestsTheNearestOne() {
        assertFailure(reuselab(["recrod", "x.json"]), status: 64, contains: ["unknown command 'recrod'; did you mean 'record'?"])
        assertFailure(reuselab(["valdiate"]), status: 64, contains: ["did you mean 'validate'?"])
        let far = reuselab(["teleport"])
        assertFailure(far, status: 64, contains: ["unknown command 'teleport'"])
        XCTAssertFalse(far.err.contains("did you mean"))
        // Control characters in a command name are shown visibly, never raw.
        let escape = reuselab(["\u{1B}[2J"])
        assertFailure(escape, status: 64, contains: ["'\\e[2J'"])
        XCTAssertFalse(escape.err.contains("\u{1B}"))
    }

    func testUnknownOption() {
        assertFailure(reuselab(["record", "--outptu", "x", "s.json"]), status: 64,
                      contains: ["record: unknown option --outptu (did you mean --output?)", "see 'reuselab record --help'"])
        assertFailure(reuselab(["validate", "--jsno", "t.json"]), status: 64, contains: ["validate: unknown option --jsno (did you mean --json?)"])
        assertFailure(reuselab(["strategies", "-x"]), status: 64, contains: ["strategies: unknown option -x"])
        assertFailure(reuselab(["list", "--all"]), status: 64, contains: ["list: unknown option --all"])
        assertFailure(reuselab(["diff", "a.json", "b.json", "--contxt", "1"]), status: 64, contains: ["diff: unknown option --contxt (did you mean --context?)"])
        // A flag does not take a value.
        assertFailure(reuselab(["validate", "--json=yes", "t.json"]), status: 64, contains: ["validate: --json takes no value"])
    }

    func testOptionWithoutItsValue() {
        assertFailure(reuselab(["record", "s.json", "-o"]), status: 64, contains: ["record: the option -o needs a value (TRACE)"])
        assertFailure(reuselab(["diff", "a.json", "b.json", "--context"]), status: 64, contains: ["diff: the option --context needs a value"])
        assertFailure(reuselab(["diff", "a.json", "b.json", "--context", "5000"]), status: 64, contains: ["diff: --context takes a whole number from 0 to 1000, got 5000"])
        assertFailure(reuselab(["diff", "a.json", "b.json", "--context=many"]), status: 64, contains: ["got many"])
    }

    func testRecordNeedsExactlyOneScenario() {
        assertFailure(reuselab(["record"]), status: 64, contains: ["record: expected SCENARIO (the scenario file)", "reuselab record --help"])
        assertFailure(reuselab(["record", "a.json", "b.json"]), status: 64, contains: ["record: unexpected argument 'b.json' (it takes SCENARIO)"])
        assertFailure(reuselab(["validate"]), status: 64, contains: ["validate: expected at least 1 TRACE (the trace files)"])
    }

    // MARK: record

    func testRecordWritesATraceThatValidates() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let output = folder.path("drag.trace.json")
        let result = reuselab(["record", scenario, "-o", output])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err, "")
        let bytes = try folder.read("drag.trace.json")
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n"), String(text.prefix(200)))
        XCTAssertTrue(text.hasSuffix("\n  ]\n}\n"))
        XCTAssertFalse(text.contains(folder.url.path), "no absolute paths in a trace")

        let summary = try TraceValidator.validate(path: output)
        XCTAssertGreaterThan(summary.eventCount, 10)
        XCTAssertEqual(summary.header.scenario?.table.rows, 30)
        let validate = reuselab(["validate", output])
        XCTAssertEqual(validate.status, 0, validate.err)
        XCTAssertTrue(validate.out.flattened.hasPrefix("\(output): valid — \(summary.eventCount) events, \(summary.cellsCreated) cells created"), validate.out)

        // --output=, --output and -o write the same bytes; standard output too.
        XCTAssertEqual(reuselab(["record", "--output=\(folder.path("b.json"))", scenario]).status, 0)
        XCTAssertEqual(reuselab(["record", scenario, "--output", folder.path("c.json")]).status, 0)
        XCTAssertEqual(try folder.read("b.json"), bytes)
        XCTAssertEqual(try folder.read("c.json"), bytes)
        XCTAssertEqual(reuselab(["record", scenario]).outBytes, bytes)
        XCTAssertEqual(reuselab(["record", scenario, "-o", "-"]).outBytes, bytes)
    }

    func testRecordIsDeterministicAcrossProfiles() throws {
        for (name, text) in [("modern", Fixtures.scenario), ("classic", Fixtures.classicScenario)] {
            let scenario = try folder.write("\(name).scenario.json", text)
            let first = reuselab(["record", scenario])
            let second = reuselab(["record", scenario])
            XCTAssertEqual(first.status, 0, first.err)
            XCTAssertEqual(first.outBytes, second.outBytes, name)
            let trace = try folder.write("\(name).trace.json", first.out)
            XCTAssertEqual(reuselab(["validate", trace]).status, 0, name)
        }
    }

    func testRecordIntoAMissingFolderCannotWrite() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let output = folder.path("no/such/folder/out.trace.json")
        assertFailure(reuselab(["record", scenario, "-o", output]), status: 73, file: output, contains: ["cannot write the file"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: output))
        // A folder in the place of the output file.
        try FileManager.default.createDirectory(atPath: folder.path("taken"), withIntermediateDirectories: false)
        assertFailure(reuselab(["record", scenario, "-o", folder.path("taken")]), status: 73, file: folder.path("taken"))
    }

    func testRecordReplacesAnExistingTrace() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let output = try folder.write("drag.trace.json", "{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n  \"title\": \"an older recording\"")
        XCTAssertEqual(reuselab(["record", scenario, "-o", output]).status, 0)
        XCTAssertEqual(try folder.read("drag.trace.json"), reuselab(["record", scenario]).outBytes)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        XCTAssertEqual(leftovers, ["drag.scenario.json", "drag.trace.json"], "an atomic write leaves no temporary file")
    }

    func testRecordCheck() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let output = folder.path("drag.trace.json")
        XCTAssertEqual(reuselab(["record", scenario, "-o", output]).status, 0)

        let upToDate = reuselab(["record", scenario, "--check", "-o", output])
        XCTAssertEqual(upToDate.status, 0, upToDate.err)
        XCTAssertEqual(upToDate.out.flattened, "\(output) is up to date with \(scenario)")

        var changed = try folder.read("drag.trace.json")
        changed.insert(UInt8(ascii: " "), at: changed.count - 2)
        try folder.write("drag.trace.json", bytes: changed)
        let stale = reuselab(["record", scenario, "--check", "-o", output])
        assertFailure(stale, status: 1, file: output,
                      contains: ["differs from a fresh recording of \(scenario)", "run 'reuselab record \(scenario) -o \(output)' to update it"])
        XCTAssertEqual(try folder.read("drag.trace.json"), changed, "--check never writes")

        // A changed scenario makes the trace out of date too.
        try folder.write("drag.scenario.json", Fixtures.scenario(replacing: "\"by\": 200", with: "\"by\": 150"))
        XCTAssertEqual(reuselab(["record", scenario, "-o", output]).status, 0)
        try folder.write("drag.scenario.json", Fixtures.scenario)
        XCTAssertEqual(reuselab(["record", scenario, "--check", "-o", output]).status, 1)

        assertFailure(reuselab(["record", scenario, "--check"]), status: 64, contains: ["record: --check needs the trace file to compare with, given with -o"])
        let missing = folder.path("never-recorded.trace.json")
        assertFailure(reuselab(["record", scenario, "--check", "-o", missing]), status: 66, file: missing, contains: ["no such file"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: missing))
    }

    // MARK: strategies

    func testStrategiesText() {
        let result = reuselab(["strategies"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.err, "")
        XCTAssertTrue(result.out.hasPrefix("plain "), result.out)
        XCTAssertTrue(result.out.contains("(seed 000, 004)"), result.out)
    }

    func testStrategiesJSONParses() throws {
        let result = reuselab(["strategies", "--json"])
        XCTAssertEqual(result.status, 0)
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        XCTAssertFalse(list.isEmpty)
        let names = list.compactMap { $0["name"] as? String }
        XCTAssertEqual(names.count, list.count, "every entry has a name")
        XCTAssertTrue(names.contains("plain"))
        for entry in list {
            XCTAssertNotNil(entry["summary"] as? String)
            XCTAssertNotNil(entry["seeds"] as? [String])
        }
        XCTAssertTrue(result.out.hasSuffix("]\n"))
    }

    // MARK: validate --json

    func testValidateJSON() throws {
        let good = try folder.write("good.trace.json", Fixtures.lifecycleOnly)
        let bad = try folder.write("bad.trace.json", Fixtures.trace(events: [
            #""kind":"init","cell":1,"identifier":"Cell""#,
            #""kind":"willDisplay","row":0,"cell":1"#,
        ]))
        let missing = folder.path("missing.trace.json")

        let ok = reuselab(["validate", "--json", good])
        XCTAssertEqual(ok.status, 0)
        let okObject = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(ok.out.utf8)) as? [String: Any])
        XCTAssertEqual(okObject["file"] as? String, good)
        XCTAssertEqual(okObject["valid"] as? Bool, true)
        XCTAssertEqual(okObject["events"] as? Int, 5)
        XCTAssertEqual(okObject["cellsCreated"] as? Int, 1)
        XCTAssertEqual(okObject["durationMs"] as? Int, 4)

        let result = reuselab(["validate", good, bad, missing, "--json"])
        XCTAssertEqual(result.status, 65, "the first failure's status")
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, result.out)
        let objects = try lines.map { try XCTUnwrap(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        XCTAssertEqual(objects.map { $0["valid"] as? Bool }, [true, false, false])
        XCTAssertEqual(objects[1]["event"] as? Int, 1)
        let message = try XCTUnwrap(objects[1]["error"] as? String)
        XCTAssertTrue(message.hasPrefix("\(bad):\(Fixtures.firstEventLine + 1):5: event 1, at events[1]: "), message)
        XCTAssertTrue(message.contains("cellForRowAt never configured"), message)
        XCTAssertNil(objects[2]["event"])
        XCTAssertEqual(objects[2]["error"] as? String, "\(missing): no such file")
        // The errors also go to standard error, one line each.
        XCTAssertEqual(result.err.split(separator: "\n").count, 2, result.err)
        XCTAssertTrue(result.err.contains("reuselab: error: \(missing): no such file\n"))
    }

    func testValidateSeveralFilesReportsEach() throws {
        let good = try folder.write("good.trace.json", Fixtures.lifecycleOnly)
        let missing = folder.path("missing.trace.json")
        let result = reuselab(["validate", missing, good])
        XCTAssertEqual(result.status, 66)
        XCTAssertTrue(result.out.flattened.contains("\(good): valid — 5 events, 1 cells created, 4 ms (hand-written)"), result.out)
        XCTAssertTrue(result.err.hasPrefix("reuselab: error: \(missing): no such file"), result.err)
    }

    // MARK: list

    func testListShowsScenariosAndWarnsAboutBrokenOnes() throws {
        try folder.write("a-drag.scenario.json", Fixtures.scenario)
        try folder.write("a-drag.trace.json", "{}")
        try folder.write("b-classic.scenario.json", Fixtures.classicScenario)
        try folder.write("c-broken.scenario.json", Fixtures.scenario(replacing: "\"rows\": 30", with: "\"rows\": 0"))
        let result = reuselab(["list", folder.url.path])
        XCTAssertEqual(result.status, 0)
        let lines = result.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, result.out)
        XCTAssertTrue(lines[0].hasPrefix("a-drag ") && lines[0].contains("modern") && lines[0].contains("CLI test: a short drag"), lines[0])
        XCTAssertFalse(lines[0].contains("no trace yet"))
        XCTAssertTrue(lines[1].hasPrefix("b-classic ") && lines[1].contains("classic") && lines[1].hasSuffix("(no trace yet)"), lines[1])
        let broken = folder.path("c-broken.scenario.json")
        XCTAssertTrue(result.err.hasPrefix("reuselab: warning: \(broken):4:"), result.err)
        XCTAssertTrue(result.err.contains("\"rows\" must be greater than zero, found 0"), result.err)

        let json = reuselab(["list", folder.url.path, "--json"])
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        XCTAssertEqual(list.count, 2)
        XCTAssertEqual(list[0]["trace"] as? String, folder.url.path + "/a-drag.trace.json")
        XCTAssertTrue(list[1]["trace"] is NSNull)
        XCTAssertEqual(list[1]["profile"] as? String, "classic")
    }

    func testListOfAMissingFolder() {
        let path = folder.path("nowhere")
        assertFailure(reuselab(["list", path]), status: 66, file: path, contains: ["no such folder"])
    }

    func testRecordRefusesToOverwriteAFileThatIsNotATraceUnlessForced() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let notes = try folder.write("notes.txt", "an instructor's notes")
        assertFailure(reuselab(["record", scenario, "-o", notes]), status: 64, file: notes, contains: ["is not a ReuseLab trace", "refusing to overwrite it (use --force"])
        XCTAssertEqual(try folder.read("notes.txt"), Array("an instructor's notes".utf8), "the file is untouched")
        XCTAssertEqual(reuselab(["record", scenario, "-o", notes, "--force"]).status, 0)
        XCTAssertEqual(reuselab(["validate", notes]).status, 0)
    }
}
