import Foundation
import Testing
import ReuseLabCLI
import TraceModel
import ToolSupport
import TraceCoding

/// The command line itself: overview, help, usage errors, and the happy paths of
/// each subcommand, run in-process through `ReuseLab.run(_:io:)`.
@Suite
final class CommandLineTests: FolderTestCase {

    // MARK: Overview and help

    @Test func testNoArgumentsIsAUsageErrorThatShowsTheOverview() {
        let bare = reuselab([])
        #expect(bare.status == 64)
        #expect(bare.out == "", "the overview goes to standard error")
        #expect(bare.err.hasPrefix("reuselab — "), Comment(rawValue: bare.err))
        let result = reuselab(["--help"])
        #expect(result.status == 0)
        #expect(result.err == "")
        #expect(result.out == bare.err)
        for command in ["record", "validate", "strategies", "list", "diff"] {
            #expect(result.out.contains("\n  \(command) "), "overview lists \(command)")
        }
        #expect(result.out.contains("64 usage error"), "the overview documents exit statuses")
        #expect(reuselab(["-h"]).out == result.out)
        #expect(reuselab(["help"]).status == 0)
    }

    @Test func testABrokenLessonNamedByItsIdReportsItsOwnError() throws {
        try FileManager.default.createDirectory(atPath: folder.path("lessons"), withIntermediateDirectories: true)
        try folder.write("lessons/07-broken.json", #"{"id": "07-broken", "title": "Broken", "stepz": []}"#)
        let result = reuselab(["lesson", "07-broken", "--lessons", folder.path("lessons")])
        assertFailure(result, status: 65, contains: ["lessons/07-broken.json:1:", "unknown member \"stepz\""])
    }

    @Test func testVersionAndExtraArguments() {
        let version = reuselab(["--version"])
        #expect(version.status == 0)
        #expect(version.out.hasPrefix("reuselab ") && version.out.contains("trace format version 1"), Comment(rawValue: version.out))
        assertFailure(reuselab(["strategies", "extra"]), status: 64, contains: ["strategies: unexpected argument 'extra'"])
        assertFailure(reuselab(["list", "traces", "more"]), status: 64, contains: ["list: unexpected argument 'more'"])
    }

    @Test func testEverySubcommandHasHelp() {
        for command in ["record", "validate", "strategies", "list", "diff"] {
            for flag in ["--help", "-h"] {
                let result = reuselab([command, flag])
                #expect(result.status == 0, "\(command) \(flag)")
                #expect(result.err == "", "\(command) \(flag)")
                #expect(result.out.hasPrefix("Usage: reuselab \(command)"), "\(command) \(flag): \(result.out)")
            }
        }
        // Help wins over other arguments, even a missing file.
        #expect(reuselab(["record", "no-such-file.json", "--help"]).status == 0)
        #expect(reuselab(["record", "--help"]).out.contains("--check"))
        #expect(reuselab(["validate", "--help"]).out.contains("--json"))
    }

    // MARK: Usage errors

    @Test func testUnknownCommandSuggestsTheNearestOne() {
        assertFailure(reuselab(["recrod", "x.json"]), status: 64, contains: ["unknown command 'recrod'; did you mean 'record'?"])
        assertFailure(reuselab(["valdiate"]), status: 64, contains: ["did you mean 'validate'?"])
        let far = reuselab(["teleport"])
        assertFailure(far, status: 64, contains: ["unknown command 'teleport'"])
        #expect(!(far.err.contains("did you mean")))
        // Control characters in a command name are shown visibly, never raw.
        let escape = reuselab(["\u{1B}[2J"])
        assertFailure(escape, status: 64, contains: ["'\\e[2J'"])
        #expect(!(escape.err.contains("\u{1B}")))
    }

    @Test func testUnknownOption() {
        assertFailure(reuselab(["record", "--outptu", "x", "s.json"]), status: 64,
                      contains: ["record: unknown option --outptu (did you mean --output?)", "see 'reuselab record --help'"])
        assertFailure(reuselab(["validate", "--jsno", "t.json"]), status: 64, contains: ["validate: unknown option --jsno (did you mean --json?)"])
        assertFailure(reuselab(["strategies", "-x"]), status: 64, contains: ["strategies: unknown option -x"])
        assertFailure(reuselab(["list", "--all"]), status: 64, contains: ["list: unknown option --all"])
        assertFailure(reuselab(["diff", "a.json", "b.json", "--contxt", "1"]), status: 64, contains: ["diff: unknown option --contxt (did you mean --context?)"])
        // A flag does not take a value.
        assertFailure(reuselab(["validate", "--json=yes", "t.json"]), status: 64, contains: ["validate: --json takes no value"])
    }

    @Test func testOptionWithoutItsValue() {
        assertFailure(reuselab(["record", "s.json", "-o"]), status: 64, contains: ["record: the option -o needs a value (TRACE)"])
        assertFailure(reuselab(["diff", "a.json", "b.json", "--context"]), status: 64, contains: ["diff: the option --context needs a value"])
        assertFailure(reuselab(["diff", "a.json", "b.json", "--context", "5000"]), status: 64, contains: ["diff: --context takes a whole number from 0 to 1000, got 5000"])
        assertFailure(reuselab(["diff", "a.json", "b.json", "--context=many"]), status: 64, contains: ["got many"])
    }

    @Test func testRecordNeedsExactlyOneScenario() {
        assertFailure(reuselab(["record"]), status: 64, contains: ["record: expected SCENARIO (the scenario file)", "reuselab record --help"])
        assertFailure(reuselab(["record", "a.json", "b.json"]), status: 64, contains: ["record: unexpected argument 'b.json' (it takes SCENARIO)"])
        assertFailure(reuselab(["validate"]), status: 64, contains: ["validate: expected at least 1 TRACE (the trace files)"])
    }

    // MARK: record

    @Test func testRecordWritesATraceThatValidates() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let output = folder.path("drag.trace.json")
        let result = reuselab(["record", scenario, "-o", output])
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.out == "")
        #expect(result.err == "")
        let bytes = try folder.read("drag.trace.json")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n"), Comment(rawValue: String(text.prefix(200))))
        #expect(text.hasSuffix("\n  ]\n}\n"))
        #expect(!text.contains(folder.url.path), "no absolute paths in a trace")

        let summary = try TraceValidator.validate(path: output)
        #expect(summary.eventCount > 10)
        #expect(summary.header.scenario?.table.rows == 30)
        let validate = reuselab(["validate", output])
        #expect(validate.status == 0, Comment(rawValue: validate.err))
        #expect(validate.out.flattened.hasPrefix("\(output): valid — \(summary.eventCount) events, \(summary.cellsCreated) cells created"), Comment(rawValue: validate.out))

        // --output=, --output and -o write the same bytes; standard output too.
        #expect(reuselab(["record", "--output=\(folder.path("b.json"))", scenario]).status == 0)
        #expect(reuselab(["record", scenario, "--output", folder.path("c.json")]).status == 0)
        #expect((try folder.read("b.json")) == bytes)
        #expect((try folder.read("c.json")) == bytes)
        #expect(reuselab(["record", scenario]).outBytes == bytes)
        #expect(reuselab(["record", scenario, "-o", "-"]).outBytes == bytes)
    }

    @Test func testRecordIsDeterministicAcrossProfiles() throws {
        for (name, text) in [("modern", Fixtures.scenario), ("classic", Fixtures.classicScenario)] {
            let scenario = try folder.write("\(name).scenario.json", text)
            let first = reuselab(["record", scenario])
            let second = reuselab(["record", scenario])
            #expect(first.status == 0, Comment(rawValue: first.err))
            #expect(first.outBytes == second.outBytes, Comment(rawValue: name))
            let trace = try folder.write("\(name).trace.json", first.out)
            #expect(reuselab(["validate", trace]).status == 0, Comment(rawValue: name))
        }
    }

    @Test func testRecordIntoAMissingFolderCannotWrite() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let output = folder.path("no/such/folder/out.trace.json")
        assertFailure(reuselab(["record", scenario, "-o", output]), status: 73, file: output, contains: ["cannot write the file"])
        #expect(!(FileManager.default.fileExists(atPath: output)))
        // A folder in the place of the output file.
        try FileManager.default.createDirectory(atPath: folder.path("taken"), withIntermediateDirectories: false)
        assertFailure(reuselab(["record", scenario, "-o", folder.path("taken")]), status: 73, file: folder.path("taken"))
    }

    @Test func testRecordReplacesAnExistingTrace() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let output = try folder.write("drag.trace.json", "{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n  \"title\": \"an older recording\"")
        #expect(reuselab(["record", scenario, "-o", output]).status == 0)
        #expect((try folder.read("drag.trace.json")) == reuselab(["record", scenario]).outBytes)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(leftovers == ["drag.scenario.json", "drag.trace.json"], "an atomic write leaves no temporary file")
    }

    @Test func testRecordCheck() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let output = folder.path("drag.trace.json")
        #expect(reuselab(["record", scenario, "-o", output]).status == 0)

        let upToDate = reuselab(["record", scenario, "--check", "-o", output])
        #expect(upToDate.status == 0, Comment(rawValue: upToDate.err))
        #expect(upToDate.out.flattened == "\(output) is up to date with \(scenario)")

        var changed = try folder.read("drag.trace.json")
        changed.insert(UInt8(ascii: " "), at: changed.count - 2)
        try folder.write("drag.trace.json", bytes: changed)
        let stale = reuselab(["record", scenario, "--check", "-o", output])
        assertFailure(stale, status: 1, file: output,
                      contains: ["differs from a fresh recording of \(scenario)", "run 'reuselab record \(scenario) -o \(output)' to update it"])
        #expect((try folder.read("drag.trace.json")) == changed, "--check never writes")

        // A changed scenario makes the trace out of date too.
        try folder.write("drag.scenario.json", Fixtures.scenario(replacing: "\"by\": 200", with: "\"by\": 150"))
        #expect(reuselab(["record", scenario, "-o", output]).status == 0)
        try folder.write("drag.scenario.json", Fixtures.scenario)
        #expect(reuselab(["record", scenario, "--check", "-o", output]).status == 1)

        assertFailure(reuselab(["record", scenario, "--check"]), status: 64, contains: ["record: --check needs the trace file to compare with, given with -o"])
        let missing = folder.path("never-recorded.trace.json")
        assertFailure(reuselab(["record", scenario, "--check", "-o", missing]), status: 66, file: missing, contains: ["no such file"])
        #expect(!(FileManager.default.fileExists(atPath: missing)))
    }

    // MARK: strategies

    @Test func testStrategiesText() {
        let result = reuselab(["strategies"])
        #expect(result.status == 0)
        #expect(result.err == "")
        #expect(result.out.hasPrefix("plain "), Comment(rawValue: result.out))
        #expect(result.out.contains("(seed 000, 004)"), Comment(rawValue: result.out))
    }

    @Test func testStrategiesJSONParses() throws {
        let result = reuselab(["strategies", "--json"])
        #expect(result.status == 0)
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [[String: Any]])
        #expect(!list.isEmpty)
        let names = list.compactMap { $0["name"] as? String }
        #expect(names.count == list.count, "every entry has a name")
        #expect(names.contains("plain"))
        for entry in list {
            #expect((entry["summary"] as? String) != nil)
            #expect((entry["seeds"] as? [String]) != nil)
        }
        #expect(result.out.hasSuffix("]\n"))
    }

    // MARK: validate --json

    @Test func testValidateJSON() throws {
        let good = try folder.write("good.trace.json", Fixtures.lifecycleOnly)
        let bad = try folder.write("bad.trace.json", Fixtures.trace(events: [
            #""kind":"init","cell":1,"identifier":"Cell""#,
            #""kind":"willDisplay","row":0,"cell":1"#,
        ]))
        let missing = folder.path("missing.trace.json")

        let ok = reuselab(["validate", "--json", good])
        #expect(ok.status == 0)
        let okObject = try #require(try JSONSerialization.jsonObject(with: Data(ok.out.utf8)) as? [String: Any])
        #expect((okObject["file"] as? String) == good)
        #expect((okObject["valid"] as? Bool) == true)
        #expect((okObject["events"] as? Int) == 5)
        #expect((okObject["cellsCreated"] as? Int) == 1)
        #expect((okObject["durationMs"] as? Int) == 4)

        let result = reuselab(["validate", good, bad, missing, "--json"])
        #expect(result.status == 65, "the first failure's status")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, Comment(rawValue: result.out))
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["valid"] as? Bool } == [true, false, false])
        #expect((objects[1]["event"] as? Int) == 1)
        let message = try #require(objects[1]["error"] as? String)
        #expect(message.hasPrefix("\(bad):\(Fixtures.firstEventLine + 1):5: event 1, at events[1]: "), Comment(rawValue: message))
        #expect(message.contains("cellForRowAt never configured"), Comment(rawValue: message))
        #expect(objects[2]["event"] == nil)
        #expect((objects[2]["error"] as? String) == "\(missing): no such file")
        // The errors also go to standard error, one line each.
        #expect(result.err.split(separator: "\n").count == 2, Comment(rawValue: result.err))
        #expect(result.err.contains("reuselab: error: \(missing): no such file\n"))
    }

    @Test func testValidateSeveralFilesReportsEach() throws {
        let good = try folder.write("good.trace.json", Fixtures.lifecycleOnly)
        let missing = folder.path("missing.trace.json")
        let result = reuselab(["validate", missing, good])
        #expect(result.status == 66)
        #expect(result.out.flattened.contains("\(good): valid — 5 events, 1 cells created, 4 ms (hand-written)"), Comment(rawValue: result.out))
        #expect(result.err.hasPrefix("reuselab: error: \(missing): no such file"), Comment(rawValue: result.err))
    }

    // MARK: list

    @Test func testListShowsScenariosAndWarnsAboutBrokenOnes() throws {
        try folder.write("a-drag.scenario.json", Fixtures.scenario)
        try folder.write("a-drag.trace.json", "{}")
        try folder.write("b-classic.scenario.json", Fixtures.classicScenario)
        try folder.write("c-broken.scenario.json", Fixtures.scenario(replacing: "\"rows\": 30", with: "\"rows\": 0"))
        let result = reuselab(["list", folder.url.path])
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, Comment(rawValue: result.out))
        #expect(lines[0].hasPrefix("a-drag ") && lines[0].contains("modern") && lines[0].contains("CLI test: a short drag"), Comment(rawValue: lines[0]))
        #expect(!(lines[0].contains("no trace yet")))
        #expect(lines[1].hasPrefix("b-classic ") && lines[1].contains("classic") && lines[1].hasSuffix("(no trace yet)"), Comment(rawValue: lines[1]))
        let broken = folder.path("c-broken.scenario.json")
        #expect(result.err.hasPrefix("reuselab: warning: \(broken):4:"), Comment(rawValue: result.err))
        #expect(result.err.contains("\"rows\" must be greater than zero, found 0"), Comment(rawValue: result.err))

        let json = reuselab(["list", folder.url.path, "--json"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [[String: Any]])
        #expect(list.count == 2)
        #expect((list[0]["trace"] as? String) == (folder.url.path + "/a-drag.trace.json"))
        #expect(list[1]["trace"] is NSNull)
        #expect((list[1]["profile"] as? String) == "classic")
    }

    @Test func testListOfAMissingFolder() {
        let path = folder.path("nowhere")
        assertFailure(reuselab(["list", path]), status: 66, file: path, contains: ["no such folder"])
    }

    @Test func testRecordRefusesToOverwriteAFileThatIsNotATraceUnlessForced() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let notes = try folder.write("notes.txt", "an instructor's notes")
        assertFailure(reuselab(["record", scenario, "-o", notes]), status: 64, file: notes, contains: ["is not a ReuseLab trace", "refusing to overwrite it (use --force"])
        #expect((try folder.read("notes.txt")) == Array("an instructor's notes".utf8), "the file is untouched")
        #expect(reuselab(["record", scenario, "-o", notes, "--force"]).status == 0)
        #expect(reuselab(["validate", notes]).status == 0)
    }
}
