import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseLabCLI

/// The parser reads a command line against its declaration: every value checked
/// once, every mistake a usage error (64) naming the option and the fix; and the
/// help generated from the same declaration.
@Suite
final class ParsedCommandLineTests {
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

    func usageError(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) -> String {
        do {
            _ = try parse(arguments)
            Issue.record("\(arguments) was accepted", sourceLocation: sourceLocation)
            return ""
        } catch let error as ReuseLabError {
            #expect(error.kind == .usage, sourceLocation: sourceLocation)
            return error.description
        } catch {
            Issue.record("\(error)", sourceLocation: sourceLocation)
            return ""
        }
    }

    @Test func testTypedValuesComeOutChecked() throws {
        let line = try parse(["t.json", "--rows", "5", "-o", "out.json", "--profile=classic", "--only", "reuse, stale", "--scale", "1.5", "--json",
                              "--pattern", "x", "--pattern=y", "a", "b"])
        #expect(line.positionals == ["t.json", "a", "b"])
        #expect(line[Options.rows] == 5)
        #expect(line[Options.output] == "out.json")
        #expect(line[Options.profile] == .classic)
        #expect(line[Options.only] == ["reuse", "stale"])
        #expect(line[Options.scale] == 1.5)
        #expect(line[Options.json])
        #expect(line[Options.pattern] == "y", "a repeated option's last value")
        #expect(line.all(Options.pattern) == ["x", "y"])
        #expect(line.contains(Options.rows))
        #expect(line.contains(Options.json))

        let bare = try parse(["t.json"])
        #expect(bare[Options.rows] == nil)
        #expect(!bare[Options.json])
        #expect(bare.all(Options.pattern) == [])
        #expect(!bare.contains(Options.output))
        #expect((try parse(["-", "--", "--rows"]).positionals) == ["-", "--rows"], "- is standard input; -- ends the options")
    }

    @Test func testEveryMistakeIsAUsageErrorThatSaysWhatWasExpected() {
        #expect(usageError(["t", "--rows", "0"]).contains("--rows takes a whole number from 1 to 100, got 0"))
        #expect(usageError(["t", "--rows", "99999999999999999999999"]).contains("--rows takes a whole number"))
        #expect(usageError(["t", "--rows"]).contains("the option --rows needs a value (N)"))
        #expect(usageError(["t", "--rws", "3"]).contains("unknown option --rws (did you mean --rows?)"))
        #expect(usageError(["t", "--profile", "modren"]).contains("(did you mean modern?)"))
        #expect(usageError(["t", "--only", "reuse,stal"]).contains("unknown item stal (did you mean stale?)"))
        #expect(usageError(["t", "--only", "reuse,"]).contains("without empty items"))
        #expect(usageError(["t", "--scale", "nan"]).contains("--scale takes a number from 0.5 to 2"))
        #expect(usageError(["t", "--json=yes"]).contains("--json takes no value"))
        #expect(usageError(["t", "-o", ""]).contains("needs a file name"))
        #expect(usageError([]).contains("expected TRACE (the trace)"))
    }

    @Test func testHelpNeedsNothingElse() throws {
        #expect(try parse(["--help"]).wantsHelp, "no TRACE needed for the help")
        #expect(try parse(["-h"]).wantsHelp)
    }

    @Test func testTheHelpIsGeneratedInOneLayout() {
        let help = HelpText.render(Self.declaration, width: 80)
        #expect(help == """
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
            #expect(TextWrap.columns(line) <= 50, Comment(rawValue: String(line)))
        }
    }
}
