import Foundation
import Testing
import ReuseLabCLI

/// Bad scenarios and bad traces through the command line: each gives its exit status
/// and one `reuselab: error: FILE:LINE:COLUMN: …` line that says what was expected.
@Suite
final class BadScenarioCLITests: FolderTestCase {

    /// Records `text` as a scenario file, expecting a failure.
    func record(_ text: String, name: String = "bad.scenario.json") throws -> (CommandResult, String) {
        let path = try folder.write(name, text)
        return (reuselab(["record", path, "-o", folder.path("out.trace.json")]), path)
    }

    func assertScenarioError(_ text: String, at needle: String, offset: Int = 0, path jsonPath: String, _ parts: [String],
                             sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (result, path) = try record(text)
        let place = Fixtures.locate(needle, in: text, offset: offset)
        #expect(place.line != 0, "\(needle) is not in the scenario", sourceLocation: sourceLocation)
        assertFailure(result, status: 65, file: path, line: place.line, column: place.column,
                      contains: [": at \(jsonPath): "] + parts, sourceLocation: sourceLocation)
        #expect(!(FileManager.default.fileExists(atPath: folder.path("out.trace.json"))), "nothing is written for a bad scenario", sourceLocation: sourceLocation)
    }

    @Test func testSyntaxError() throws {
        let text = Fixtures.scenario(replacing: "\"prefetching\": true,", with: "\"prefetching\": true")
        let (result, path) = try record(text)
        let place = Fixtures.locate("\"script\"", in: text)
        assertFailure(result, status: 65, file: path, line: place.line, column: place.column,
                      contains: ["expected ',' or '}' after an object member, found '\"' (the file is not valid JSON)"])
    }

    @Test func testWrongType() throws {
        try assertScenarioError(Fixtures.scenario(replacing: "\"rows\": 30", with: "\"rows\": \"100\""), at: "\"100\"", path: "table.rows",
                                ["\"rows\" must be a whole number, found the string \"100\""])
    }

    @Test func testUnknownProfile() throws {
        try assertScenarioError(Fixtures.scenario(replacing: "\"modern\"", with: "\"modren\""), at: "\"modren\"", path: "profile",
                                ["\"profile\" must be one of \"modern\", \"classic\", found \"modren\" (did you mean \"modern\"?)"])
    }

    @Test func testUnknownStrategy() throws {
        try assertScenarioError(Fixtures.scenario(replacing: "\"plain\"", with: "\"plian\""), at: "\"plian\"", path: "strategy",
                                ["\"strategy\" must be one of \"plain\"", "found \"plian\" (did you mean \"plain\"?)"])
    }

    @Test func testZeroAndNegativeSizes() throws {
        try assertScenarioError(Fixtures.scenario(replacing: "\"rows\": 30", with: "\"rows\": 0"), at: "\"rows\": 0", offset: 8,
                                path: "table.rows", ["\"rows\" must be greater than zero, found 0"])
        try assertScenarioError(Fixtures.scenario(replacing: "\"rowHeight\": 44", with: "\"rowHeight\": -4"), at: "-4",
                                path: "table.rowHeight", ["\"rowHeight\" must be greater than zero, found -4"])
        try assertScenarioError(Fixtures.scenario(replacing: "\"viewportHeight\": 300", with: "\"viewportHeight\": 0"),
                                at: "\"viewportHeight\": 0", offset: 18, path: "table.viewportHeight",
                                ["\"viewportHeight\" must be greater than zero, found 0"])
    }

    @Test func testEmptyScript() throws {
        let text = """
        {"title": "t",
         "table": {"rows": 3, "viewportHeight": 100},
         "script": []}
        """
        try assertScenarioError(text, at: "[]", path: "script", ["\"script\" is empty; give at least one step"])
    }

    @Test func testUnknownScriptStep() throws {
        try assertScenarioError(Fixtures.scenario(replacing: "{ \"drag\": {", with: "{ \"scroll\": {"), at: "\"scroll\"",
                                path: "script[1].scroll", ["unknown member \"scroll\" in \"script[1]\" (did you mean \"scrollTo\"?)"])
    }

    @Test func testStepWithTwoMembers() throws {
        let text = Fixtures.scenario(replacing: "{ \"note\": { \"text\": \"seven rows fit\" } }",
                                     with: "{ \"note\": { \"text\": \"seven rows fit\" }, \"wait\": { \"ms\": 5 } }")
        try assertScenarioError(text, at: "{ \"note\"", path: "script[0]",
                                ["a script step must be an object with exactly one member naming the step", "found 2 members"])
    }

    @Test func testDisappearNotLast() throws {
        let text = Fixtures.scenario(replacing: "{ \"note\": { \"text\": \"seven rows fit\" } }", with: "{ \"disappear\": {} }")
        try assertScenarioError(text, at: "{ \"disappear\"", path: "script[0]",
                                ["\"disappear\" tears the table view down, so it must be the last step; 2 step(s) follow it"])
    }

    @Test func testRowHeightsCountMismatch() throws {
        let text = Fixtures.scenario(replacing: "\"rows\": 30, \"rowHeight\": 44", with: "\"rows\": 3, \"rowHeights\": [44, 44, 44, 44]")
        try assertScenarioError(text, at: "[44, 44", path: "table.rowHeights",
                                ["\"rowHeights\" has 4 heights but the table has 3 rows; give one per row"])
    }

    @Test func testUnknownMemberWithSuggestion() throws {
        try assertScenarioError(Fixtures.scenario(replacing: "\"viewportHeight\"", with: "\"viewportHieght\""), at: "\"viewportHieght\"",
                                path: "table.viewportHieght", ["unknown member \"viewportHieght\" in \"table\" (did you mean \"viewportHeight\"?)"])
        try assertScenarioError(Fixtures.scenario(replacing: "\"prefetching\"", with: "\"prefetch\""), at: "\"prefetch\"",
                                path: "prefetch", ["unknown member \"prefetch\" in the document (did you mean \"prefetching\"?)"])
    }

    @Test func testIsPrefetchingEnabledThatIsNotABoolean() throws {
        // FILE:LINE:COLUMN of the value, and the member by name.
        let text = Fixtures.scenario(replacing: "\"prefetching\": true,", with: "\"prefetching\": true,\n  \"isPrefetchingEnabled\": \"off\",")
        try assertScenarioError(text, at: "\"off\"", path: "isPrefetchingEnabled",
                                ["\"isPrefetchingEnabled\" must be true or false, found the string \"off\""])
        try assertScenarioError(Fixtures.scenario(replacing: "\"prefetching\"", with: "\"isPrefetchEnabled\""), at: "\"isPrefetchEnabled\"",
                                path: "isPrefetchEnabled", ["unknown member \"isPrefetchEnabled\" in the document (did you mean \"isPrefetchingEnabled\"?)"])
    }

    @Test func testMissingMember() throws {
        let text = "{\"title\": \"t\", \"script\": [{\"wait\": {\"ms\": 1}}]}"
        let (result, path) = try record(text)
        assertFailure(result, status: 65, file: path, line: 1, column: 1, contains: ["the document is missing the member \"table\""])
    }

    @Test func testFileLevelProblems() throws {
        let missing = folder.path("missing.scenario.json")
        assertFailure(reuselab(["record", missing]), status: 66, file: missing, contains: ["no such file"])
        assertFailure(reuselab(["record", folder.url.path]), status: 66, file: folder.url.path, contains: ["is a folder, not a file"])
        let empty = try folder.write("empty.scenario.json", "")
        assertFailure(reuselab(["record", empty]), status: 65, file: empty, line: 1, column: 1, contains: ["the file is empty; expected a JSON object"])
        let binary = try folder.write("binary.scenario.json", bytes: [0x7B, 0x0A, 0x00, 0x01, 0x02])
        assertFailure(reuselab(["record", binary]), status: 65, file: binary, line: 2, column: 1, contains: ["contains a NUL byte", "binary file"])
        let huge = try folder.sparse("huge.scenario.json", size: 1 << 30)
        let start = Date()
        assertFailure(reuselab(["record", huge]), status: 67, file: huge, contains: ["the file is 1 GB; files larger than 16 MB are refused"])
        #expect(Date().timeIntervalSince(start) < 2)
        var latin1 = Array(Fixtures.scenario.utf8)
        let quote = try #require(Fixtures.scenario.range(of: "seven rows fit"))
        latin1[Fixtures.scenario.utf8.distance(from: Fixtures.scenario.startIndex, to: quote.lowerBound)] = 0xE9
        let latin1Path = try folder.write("latin1.scenario.json", bytes: latin1)
        let place = Fixtures.locate("\"seven rows fit\"", in: Fixtures.scenario)
        assertFailure(reuselab(["record", latin1Path]), status: 65, file: latin1Path, line: place.line, column: place.column,
                      contains: ["the string is not valid UTF-8 text"])
    }

    @Test func testTruncatedScenario() throws {
        let bytes = Array(Fixtures.scenario.utf8)
        let path = try folder.write("cut.scenario.json", bytes: Array(bytes[..<(bytes.count / 2)]))
        let result = reuselab(["record", path])
        assertFailure(result, status: 65, file: path, contains: ["(is the file truncated?)", "(the file is not valid JSON)"])
    }
}

@Suite

final class BadTraceCLITests: FolderTestCase {

    func validate(_ text: String, name: String = "bad.trace.json") throws -> (CommandResult, String) {
        let path = try folder.write(name, text)
        return (reuselab(["validate", path]), path)
    }

    /// A hand-written trace whose event `index` breaks a rule.
    /// `column` is where the event starts (5) for lifecycle rules, or nil for a field inside it.
    func assertViolation(_ bodies: [String], at index: Int, column: Int? = 5, _ parts: [String],
                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (result, path) = try validate(Fixtures.trace(events: bodies))
        assertFailure(result, status: 65, file: path, line: Fixtures.firstEventLine + index, column: column, event: index,
                      contains: parts, sourceLocation: sourceLocation)
    }

    static let show0 = [#""kind":"init","cell":1,"identifier":"Cell""#, #""kind":"cellForRowAt","row":0,"cell":1"#, #""kind":"willDisplay","row":0,"cell":1"#]

    @Test func testLifecycleOnlyTraceIsValid() throws {
        let (result, path) = try validate(Fixtures.lifecycleOnly, name: "ok.trace.json")
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.err == "")
        // Wrapped to 80 columns like all text output: read back as one line.
        #expect(result.out.hasPrefix("\(path): valid"), Comment(rawValue: result.out))
        #expect(result.out.flattened == "\(path): valid — 5 events, 1 cells created, 4 ms (hand-written)")
    }

    @Test func testUnknownFormatAndVersion() throws {
        var (result, path) = try validate(Fixtures.lifecycleOnly.replacingOccurrences(of: "\"reuselab-trace\"", with: "\"chrome-trace\""))
        assertFailure(result, status: 65, file: path, line: 2, column: 13, contains: ["\"format\" is \"chrome-trace\", expected \"reuselab-trace\""])
        (result, path) = try validate(Fixtures.lifecycleOnly.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 2"))
        assertFailure(result, status: 65, file: path, line: 3, column: 14,
                      contains: ["trace format version 2 is not known to this reuselab, which reads version 1"])
    }

    @Test func testMissingEventsAndEventsNotAnArray() throws {
        let header = "{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n  \"title\": \"t\",\n  \"profile\": \"modern\""
        var (result, path) = try validate(header + "\n}\n")
        assertFailure(result, status: 65, file: path, line: 1, column: 1, contains: ["the trace has no \"events\" array"])
        (result, path) = try validate(header + ",\n  \"events\": \"none\"\n}\n")
        assertFailure(result, status: 65, file: path, line: 6, column: 3, contains: ["\"events\" must be an array of event objects"])
    }

    @Test func testEventStructure() throws {
        try assertViolation([#""kind":"init","cell":1"#], at: 0, ["\"events[0]\" is missing the member \"identifier\""])
        try assertViolation([#""kind":"init","cell":true,"identifier":"C""#], at: 0, column: 41, ["at events[0].cell: \"cell\" must be a whole number, found true"])
        try assertViolation(Self.show0 + [#""kind":"didEndDisplay","row":0,"cell":1"#], at: 3, column: 27,
                            ["unknown event kind \"didEndDisplay\" (did you mean \"didEndDisplaying\"?)"])
    }

    @Test func testSeqGapAndTimeGoingBack() throws {
        var text = Fixtures.trace(events: Self.show0).replacingOccurrences(of: "\"seq\":2", with: "\"seq\":5")
        var (result, path) = try validate(text)
        assertFailure(result, status: 65, file: path, line: Fixtures.firstEventLine + 2, column: 5, event: 2,
                      contains: ["\"seq\" is 5 but this is event number 2"])
        text = Fixtures.trace(events: Self.show0).replacingOccurrences(of: "\"t\":2", with: "\"t\":0.5")
        (result, path) = try validate(text)
        assertFailure(result, status: 65, file: path, line: Fixtures.firstEventLine + 2, column: 5, event: 2,
                      contains: ["time goes backwards: \"t\" is 0.5 ms, after an event at 1 ms"])
    }

    @Test func testLifecycleRules() throws {
        try assertViolation(Self.show0 + [#""kind":"willDisplay","row":1,"cell":1"#], at: 3,
                            ["already displayed in row 0; one cell cannot be in two rows at once"])
        try assertViolation(Self.show0 + [#""kind":"prepareForReuse","cell":1,"identifier":"Cell","previousRow":0"#], at: 3,
                            ["prepareForReuse of cell #1, which was never released: it is displayed in row 0"])
        try assertViolation([#""kind":"init","cell":1,"identifier":"Cell""#, #""kind":"willDisplay","row":0,"cell":1"#], at: 1,
                            ["row 0 is displayed with cell #1, which cellForRowAt never configured"])
        try assertViolation(Self.show0 + [#""kind":"didEndDisplaying","row":0,"cell":1"#, #""kind":"deinit","cell":1"#,
                                          #""kind":"cellForRowAt","row":3,"cell":1"#], at: 5,
                            ["cellForRowAt names cell #1, which was already deallocated (deinit)"])
        try assertViolation(Self.show0 + [#""kind":"cellForRowAt","row":1,"cell":1"#], at: 3,
                            ["cellForRowAt returned cell #1 for row 1, but that cell is displayed in row 0"])
        try assertViolation([#""kind":"prefetchRowsAt","rows":[5,6]"#, #""kind":"cancelPrefetchingForRowsAt","rows":[7]"#], at: 1,
                            ["cancelPrefetchingForRowsAt cancels row 7, which is not being prefetched"])
        try assertViolation(Self.show0 + [#""kind":"frame","frame":0,"offset":0,"cells":[]"#], at: 3,
                            ["frame 0 leaves out displayed row(s) 0"])
    }

    @Test func testRowOutOfRangeWithAScenario() throws {
        let scenario = #"{"title":"three rows","table":{"rows":3,"viewportHeight":100},"script":[{"wait":{"ms":10}}]}"#
        let text = Fixtures.trace(events: [#""kind":"init","cell":1,"identifier":"Cell""#, #""kind":"cellForRowAt","row":3,"cell":1"#])
            .replacingOccurrences(of: "  \"events\": [", with: "  \"scenario\": \(scenario),\n  \"events\": [")
        let (result, path) = try validate(text)
        assertFailure(result, status: 65, file: path, line: Fixtures.firstEventLine + 2, column: 5, event: 1,
                      contains: ["row 3 does not exist; the table has 3 rows (0–2)"])
    }

    @Test func testFileLevelProblems() throws {
        let missing = folder.path("missing.trace.json")
        assertFailure(reuselab(["validate", missing]), status: 66, file: missing, contains: ["no such file"])
        assertFailure(reuselab(["validate", folder.url.path]), status: 66, file: folder.url.path, contains: ["is a folder, not a file"])
        let empty = try folder.write("empty.trace.json", "")
        assertFailure(reuselab(["validate", empty]), status: 65, file: empty, line: 1, column: 1, contains: ["the file is empty"])
        let binary = try folder.write("binary.trace.json", bytes: Array("{\"format\"".utf8) + [0, 0, 0, 0xFF])
        assertFailure(reuselab(["validate", binary]), status: 65, file: binary, line: 1, column: 10, contains: ["contains a NUL byte"])
        let huge = try folder.sparse("huge.trace.json", size: 1 << 30)
        let start = Date()
        assertFailure(reuselab(["validate", huge]), status: 67, file: huge, contains: ["the file is 1 GB; files larger than 512 MB are refused"])
        #expect(Date().timeIntervalSince(start) < 2, "a 1 GB file must be refused from its size, not read")
        var bytes = Array(Fixtures.lifecycleOnly.utf8)
        bytes[bytes.firstIndex(of: UInt8(ascii: "h"))!] = 0xC3   // "hand-written" → a lone lead byte
        let latin1 = try folder.write("latin1.trace.json", bytes: bytes)
        assertFailure(reuselab(["validate", latin1]), status: 65, file: latin1, line: 4, column: 12, contains: ["not valid UTF-8"])
    }

    @Test func testTruncatedRecordedTrace() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let recorded = reuselab(["record", scenario])
        #expect(recorded.status == 0, Comment(rawValue: recorded.err))
        let bytes = recorded.outBytes
        let half = try folder.write("half.trace.json", bytes: Array(bytes[..<(bytes.count / 2)]))
        let result = reuselab(["validate", half])
        // The cut falls inside the events array: the message points into the file and says it ends early.
        let lines = bytes[..<(bytes.count / 2)].split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
        assertFailure(result, status: 65, file: half, line: lines, contains: ["(is the file truncated?)", "(the file is not valid JSON)"])
        // The full trace is fine.
        let full = try folder.write("full.trace.json", bytes: bytes)
        #expect(reuselab(["validate", full]).status == 0)
    }

    @Test func testMessagesComeFromTheTraceWithControlCharactersVisible() throws {
        let text = Fixtures.trace(events: [#""kind":"init\u001b[31m","cell":1,"identifier":"Cell""#])
        let (result, _) = try validate(text)
        assertFailure(result, status: 65, event: 0, contains: ["unknown event kind \"init\\e[31m\""])
        #expect(!(result.err.contains("\u{1B}")))
    }
}
