import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseLabCLI

/// Each command's options are typed keys, and the declaration — so the help, the
/// man page and the completions — is built from those same keys: every declared
/// option is reachable by its key, reads back with its type, and the help reads
/// as it did when options were declared and looked up by name.
@Suite
final class OptionKeyTests {
    @Test func testEveryDeclaredOptionIsOneOfTheCommandsKeys() {
        for command in ReuseLab.subcommands {
            let declaration = command.declaration
            let keys = command.optionKeys
            #expect(declaration.options.map(\.long) == keys.map(\.long), "\(declaration.name): the declaration lists exactly its keys, in order")
            for (declared, key) in zip(declaration.options, keys) {
                #expect(declared.synopsis == key.declaration.synopsis, "\(declaration.name) \(key.long)")
                #expect(declared.kind == key.declaration.kind, "\(declaration.name) \(key.long)")
                #expect(declared.meaning == key.declaration.meaning, "\(declaration.name) \(key.long)")
            }
            #expect(Set(keys.map(\.long)).count == keys.count, "\(declaration.name): an option declared twice")
        }
        #expect(ReuseLab.subcommands.contains { $0.optionKeys.isEmpty }, "a command without options has NoOptions")
    }

    /// Every key of every command, given on a command line, is read back by that
    /// key with its Swift type.
    @Test func testEveryKeyReadsItsValueBackTyped() throws {
        for command in ReuseLab.subcommands {
            let declaration = command.declaration
            for key in command.optionKeys {
                let option = key.declaration
                let arguments = requiredPositionals(declaration) + [option.long] + (option.takesValue ? [sampleValue(option.kind)] : [])
                let line = try ParsedCommandLine(arguments, declaration: declaration)
                #expect(line.contains(key), "\(declaration.name) \(key.long)")
                let short = try option.short.map { short in
                    try ParsedCommandLine(requiredPositionals(declaration) + [short] + (option.takesValue ? [sampleValue(option.kind)] : []),
                                          declaration: declaration)
                }
                for line in [line] + (short.map { [$0] } ?? []) {
                    switch key {
                    case let flag as FlagOption: #expect(line[flag], "\(declaration.name) \(key.long)")
                    case let integer as ValueOption<Int>: #expect(line[integer] != nil, "\(declaration.name) \(key.long)")
                    case let number as ValueOption<Double>: #expect(line[number] != nil, "\(declaration.name) \(key.long)")
                    case let text as ValueOption<String>: #expect(line[text] == sampleValue(option.kind), "\(declaration.name) \(key.long)")
                    case let list as ValueOption<[String]>: #expect(line[list]?.isEmpty == false, "\(declaration.name) \(key.long)")
                    case let profile as ValueOption<TableProfile>: #expect(line[profile] != nil, "\(declaration.name) \(key.long)")
                    default: Issue.record("\(declaration.name) \(key.long): a key of a type this test does not read yet (\(type(of: key)))")
                    }
                }
                #expect(!(try ParsedCommandLine(requiredPositionals(declaration), declaration: declaration).contains(key)), "\(declaration.name) \(key.long) without it on the line")
            }
        }
    }

    /// `record --help` as it read before options became keys (`reuselab record --help` at 80 columns).
    @Test func testTheHelpIsUnchanged() {
        #expect(HelpText.render(RecordCommand.declaration, width: 80) == """
        Usage: reuselab record SCENARIO [-o|--output TRACE] [--check] [--force]

        Runs SCENARIO (a JSON file) through the reuse engine and writes the trace: one
        JSON document, one event per line, the same bytes every time.

        Arguments:
          SCENARIO            the scenario file (- reads standard input)

        Options:
          -o, --output TRACE  write the trace to TRACE, atomically (default: standard
                              output)
          --check             do not write; exit 1 if TRACE (from -o) differs from a
                              fresh recording
          --force             replace TRACE even if it is not a ReuseLab trace or is
                              read-only (a folder, FIFO or device is never replaced)
          -h, --help          show this help

        Examples:
          reuselab record drag.scenario.json -o drag.trace.json
              record the scenario into drag.trace.json
          reuselab record drag.scenario.json --check -o drag.trace.json
              exit 1 if drag.trace.json is out of date with its scenario


        """)
    }

    /// The keys' factories declare what the old by-name declarations did.
    @Test func testAChoiceOfAnEnumerationOffersItsCasesInOrder() {
        let profile = ValueOption.choice("--profile", of: TableProfile.self, meaning: "m")
        #expect(profile.declaration.kind == .choice(TableProfile.allCases.map(\.rawValue)))
        #expect(profile.declaration.synopsis == "--profile modern|classic")
        #expect(profile.convert("classic") == .classic)
    }

    /// `JSONWriter.pretty` (calibrate's scenario, moved from the CLI into TraceCoding):
    /// an object or array on one line when it fits where it starts, else one member per line.
    @Test func testPrettyJSONLaysOutWhatDoesNotFit() {
        var inset = JSONObjectBuilder(); inset.add("top", 47); inset.add("bottom", 34)
        var table = JSONObjectBuilder(); table.add("rows", 59); table.add("inset", inset.value)
        var by = JSONObjectBuilder(); by.add("by", 263); by.add("ms", 1800)
        var drag = JSONObjectBuilder(); drag.add("drag", by.value)
        var root = JSONObjectBuilder()
        root.add("title", "Calibrated")
        root.add("table", table.value)
        root.add("script", .list([drag.value, .string("pause")]))
        root.add("empty", JSONObjectBuilder().value)
        #expect(JSONWriter.pretty(root.value, width: 40) == """
        {
          "title": "Calibrated",
          "table": {
            "rows": 59,
            "inset": {"top": 47, "bottom": 34}
          },
          "script": [
            {"drag": {"by": 263, "ms": 1800}},
            "pause"
          ],
          "empty": {}
        }

        """)
        #expect(JSONWriter.pretty(table.value) == (#"{"rows": 59, "inset": {"top": 47, "bottom": 34}}"# + "\n"))
    }

    // MARK: - Helpers

    /// The fewest positionals the declaration accepts.
    private func requiredPositionals(_ declaration: CommandDeclaration) -> [String] {
        declaration.positionals.flatMap { positional -> [String] in
            switch positional.count {
            case .one: return ["p"]
            case .optional: return []
            case .many(let minimum): return Array(repeating: "p", count: minimum)
            }
        }
    }

    /// A value the parser accepts for `kind`.
    private func sampleValue(_ kind: ValueKind) -> String {
        switch kind {
        case .flag: return ""
        case .integer(let range): return String(range.lowerBound)
        case .number(let range): return String(range.lowerBound)
        case .path, .text, .list(choices: nil): return "x"
        case .choice(let choices), .list(choices: let choices?): return choices.first ?? "x"
        }
    }
}
