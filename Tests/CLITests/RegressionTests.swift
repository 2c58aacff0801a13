import Foundation
import Testing
import ReuseLabCLI

/// Regression tests for bugs found in Sources/ReuseLabCLI and Sources/TraceFormat through the command line;
/// each states the correct behaviour.
@Suite
final class CLIRegressionTests: FolderTestCase {
    /// `record S -o S` must not replace the instructor's scenario with its trace:
    /// "nothing a learner or instructor wrote is ever lost".
    @Test func testRecordRefusesToOverwriteItsOwnScenario() throws {
        let scenario = try folder.write("drag.scenario.json", Fixtures.scenario)
        let result = reuselab(["record", scenario, "-o", scenario])
        #expect(result.status != 0)
        #expect(try folder.read("drag.scenario.json") == Array(Fixtures.scenario.utf8), "the scenario was overwritten by its trace")
    }

    /// A control sequence in a member name must not reach standard error raw (the `at PATH` part once did).
    @Test func testUnknownMemberNameIsPrintedWithControlCharactersVisible() throws {
        let path = try folder.write("bad.scenario.json", #"{"title": "t", "\u001b[2J\u001b[31mrows": 1}"#)
        let result = reuselab(["record", path])
        #expect(result.status == 65)
        #expect(!(result.err.contains("\u{1B}")), Comment(rawValue: result.err))
    }

    /// `list` must print scenario file names with control characters visible, so a file
    /// named with an escape sequence cannot drive the terminal.
    @Test func testListShowsFileNamesWithControlCharactersVisible() throws {
        try folder.write("x\u{1B}[31m.scenario.json", Fixtures.scenario)
        let result = reuselab(["list", folder.url.path])
        #expect(result.status == 0)
        #expect(!(result.out.contains("\u{1B}")), Comment(rawValue: result.out))
    }
}
