import XCTest
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseLabCLI

/// The parser reads a command line against its declaration: every value checked
/// once, every mistake a usage error (64) naming the option and the fix; and the
/// help generated from the same declaration.
final class ParsedCommandLineTests: XCTestCase {
    enum Options: CommandOptions {
        static let rows = ValueOption.integer("--rows", in: 1...100, valueName: "N", defaultText: "10", meaning: "how many rows")
        static let output = ValueOption.path("--output", short: "-o", valueName: "FILE", meaning: "where to write")
        static let profile = ValueOption.choice("--profile", of: TableProfile.self, meaning: "which table view")
        static let only = ValueOption.list("--only", choices: ["reuse", "stale"], valueName: "LIST", meaning: "which groups")
        static let scale = ValueOption.number("--scale", in: 0.5...2, valueName: "X", meaning: "how large")
        static let json = FlagOption("--json", meaning: "JSON out")
        static let pattern = ValueOption.text("--pattern", valueName: "P", meaning: "repeatable")
        static let all: [any OptionKey] = [rows, output, profile, only, scale, json, pattern]
    }

    static let declaration = CommandDeclaration(
        name: "demo",
        summary: "a command for tests",
        description: """
        Does nothing, carefully. This paragraph is long enough that it has to be
        wrapped when the terminal is narrow.

          a verbatim line stays as written
        """,
        positionals: [PositionalDeclaration(name: "TRACE", meaning: "the trace", standardInput: true),
                      PositionalDeclaration(name: "MORE", meaning: "more traces", count: .many(minimum: 0))],
        options: Options.all,
        sections: [HelpSection(title: "Notes", text: "One more thing.")],
        examples: [CommandExample(command: "reuselab demo t.json --rows 5", meaning: "five rows")])

    func parse(_ arguments: [String]) throws -> ParsedCommandLine {
        try ParsedCommandLine(arguments, declaration: Self.declaration)
    }

    func usageError(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            _ = try parse(arguments)
            XCTFail("\(arguments) was accepted", file: file, line: line)
            return ""
        } catch let error as ReuseLabError {
            XCTAssertEqual(error.kind, .usage, file: file, line: line)
            return error.description
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return ""
        }
    }

    func testTypedValuesComeOutChecked() throws {
        let line = try parse(["t.json", "--rows", "5", "-o", "out.json", "--profile=classic", "--only", "reuse, stale", "--scale", "1.5", "--json",
                              "--pattern", "x", "--pattern=y", "a", "b"])
        XCTAssertEqual(line.positionals, ["t.json", "a", "b"])
        XCTAssertEqual(line[Options.rows], 5)
        XCTAssertEqual(line[Options.output], "out.json")
        XCTAssertEqual(line[Options.profile], .classic)
        XCTAssertEqual(line[Options.only], ["reuse", "stale"])
        XCTAssertEqual(line[Options.scale], 1.5)
        XCTAssertTrue(line[Options.json])
        XCTAssertEqual(line[Options.pattern], "y", "a repeated option's last value")
        XCTAssertEqual(line.all(Options.pattern), ["x", "y"])
        XCTAssertTrue(line.contains(Options.rows))
        XCTAssertTrue(line.contains(Options.json))

        let bare = try parse(["t.json"])
        XCTAssertNil(bare[Options.rows])
        XCTAssertFalse(bare[Options.json])
        XCTAssertEqual(bare.all(Options.pattern), [])
        XCTAssertFalse(bare.contains(Options.output))
        XCTAssertEqual(try parse(["-", "--", "--rows"]).positionals, ["-", "--rows"], "- is standard input; -- ends the options")
    }

    func testEveryMistakeIsAUsageErrorThatSaysWhatWasExpected() {
        XCTAssertTrue(usageError(["t", "--rows", "0"]).contains("--rows takes a whole number from 1 to 100, got 0"))
        XCTAssertTrue(usageError(["t", "--rows", "99999999999999999999999"]).contains("--rows takes a whole number"))
        XCTAssertTrue(usageError(["t", "--rows"]).contains("the option --rows needs a value (N)"))
        XCTAssertTrue(usageError(["t", "--rws", "3"]).contains("unknown option --rws (did you mean --rows?)"))
        XCTAssertTrue(usageError(["t", "--profile", "modren"]).contains("(did you mean modern?)"))
        XCTAssertTrue(usageError(["t", "--only", "reuse,stal"]).contains("unknown item stal (did you mean stale?)"))
        XCTAssertTrue(usageError(["t", "--only", "reuse,"]).contains("without empty items"))
        XCTAssertTrue(usageError(["t", "--scale", "nan"]).contains("--scale takes a number from 0.5 to 2"))
        XCTAssertTrue(usageError(["t", "--json=yes"]).contains("--json takes no value"))
        XCTAssertTrue(usageError(["t", "-o", ""]).contains("needs a file name"))
        XCTAssertTrue(usageError([]).contains("expected TRACE (the trace)"))
    }

    func testHelpNeedsNothingElse() throws {
        XCTAssertTrue(try parse(["--help"]).wantsHelp, "no TRACE needed for the help")
        XCTAssertTrue(try parse(["-h"]).wantsHelp)
    }

    func testTheHelpIsGeneratedInOneLayout() {
        let help = HelpText.render(Self.declaration, width: 80)
        XCTAssertEqual(help, """
        Usage: reuselab demo TRACE [MORE...] [--rows N] [-o|--output FILE]
                             [--profile modern|classic] [--only LIST] [--scale X]
                             [--json] [--pattern P]

        Does nothing, carefully. This paragraph is long enough that it has to be wrapped
        when the terminal is narrow.

          a verbatim line stays as written

        Arguments:
          TRACE                     the trace (- reads standard input)
          MORE                      more traces

        Options:
          --rows N                  how many rows (default: 10)
          -o, --output FILE         where to write
          --profile modern|classic  which table view
          --only LIST               which groups
          --scale X                 how large
          --json                    JSON out
          --pattern P               repeatable
          -h, --help                show this help

        Notes:
          One more thing.

        Examples:
          reuselab demo t.json --rows 5
              five rows


        """)
        for line in HelpText.render(Self.declaration, width: 50).split(separator: "\n") {
            XCTAssertLessThanOrEqual(TextWrap.columns(line), 50, String(line))
        }
    }
}
