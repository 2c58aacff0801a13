import Foundation
import Testing
import ReuseLabTestSupport
import TraceModel
import ToolSupport
import TraceCoding
@testable import ReuseLabCLI

/// Everything derived from the commands' declarations: the help, the bash, zsh
/// and fish completion scripts and the man page agree with the declarations, the
/// scripts are valid and complete what they should in a real shell, and the page
/// renders without warnings.
@Suite
final class DeclarationTests: FolderTestCase {
    /// Every declared command, `completions` and `man` included.
    var declarations: [CommandDeclaration] { ReuseLab.documentedDeclarations }

    var manPage: String { ManPage.render(declarations, version: "reuselab 0.9.0", date: "") }

    /// A command with an option and a positional of every kind, and words that
    /// need quoting in every shell.
    var sample: CommandDeclaration { Self.sample }

    enum SampleOptions: CommandOptions {
        static let output = ValueOption.path("--output", short: "-o", valueName: "FILE", meaning: "where to write it's [output]")
        static let strategy = ValueOption.choice("--strategy", ["async-reset", "async-no-reset", "plain", "it's", "$(touch PWNED)"],
                                                 valueName: "NAME", meaning: "the strategy: one of `these` $words")
        static let only = ValueOption.list("--only", choices: ["init", "prepareForReuse", "reuse"], valueName: "LIST", meaning: "kinds")
        static let rows = ValueOption.integer("--rows", in: 1...10, valueName: "N", meaning: "rows")
        static let note = ValueOption.text("--note", valueName: "TEXT", meaning: "free text")
        static let json = FlagOption("--json", meaning: "JSON")
        static let all: [any OptionKey] = [output, strategy, only, rows, note, json]
    }

    static let sample = CommandDeclaration(
        name: "sample",
        summary: "a command with every kind of value: it's \"quoted\", $HOME, `date`, [x]: \\",
        description: "Test only.",
        positionals: [
            PositionalDeclaration(name: "MODE", meaning: "how", kind: .choice(["fast", "faster", "slow"])),
            PositionalDeclaration(name: "FILE", meaning: "the files", count: .many(minimum: 0)),
        ],
        options: SampleOptions.all,
        sections: [HelpSection(title: "More", text: "A line.\n\n  .leading dot, 'quote and back\\slash --code\n'apostrophe first")],
        examples: [CommandExample(command: "reuselab sample fast -o out.json", meaning: ".dot first")])

    // MARK: - Every option everywhere

    @Test func testEveryCommandAndOptionIsInTheHelpTheScriptsAndTheManPage() {
        let bash = BashCompletion.script(declarations)
        let zsh = ZshCompletion.script(declarations)
        let fish = FishCompletion.script(declarations)
        let page = manPage
        #expect(declarations.contains { $0.name == "completions" })
        #expect(declarations.contains { $0.name == "man" })
        #expect(Set(declarations.map(\.name)).count == declarations.count, "a command declared twice")
        for declaration in declarations {
            let help = HelpText.render(declaration, width: 80)
            #expect(bash.contains("'\(declaration.name)')"), "bash: no case for \(declaration.name)")
            #expect(zsh.contains("(\(declaration.name))\n"), "zsh: no case for \(declaration.name)")
            #expect(fish.contains("-a \(FishCompletion.quote(FishCompletion.word(declaration.name))) -d"), "fish: no entry for \(declaration.name)")
            #expect(page.contains(".SS \"reuselab \(ManPage.roff(declaration.name, hyphens: .all))\""), "man: no section for \(declaration.name)")
            for option in declaration.allOptions {
                for name in [option.long] + (option.short.map { [$0] } ?? []) {
                    #expect(help.contains(name), "\(declaration.name) --help does not show \(name)")
                    #expect(bash.contains("'\(name)'"), "bash: \(declaration.name) \(name)")
                    #expect(zsh.contains(name + (name.hasPrefix("--") && option.takesValue ? "=[" : "[")), "zsh: \(declaration.name) \(name)")
                    let fishName = name.hasPrefix("--") ? "-l '\(name.dropFirst(2))'" : "-s '\(name.dropFirst())'"
                    #expect(fish.contains(fishName), "fish: \(declaration.name) \(name)")
                    #expect(page.contains("\\fB" + ManPage.roff(name, hyphens: .all) + "\\fR"), "man: \(declaration.name) \(name)")
                }
            }
        }
    }

    @Test func testTheCommandsPrintTheGeneratedScriptsAndPage() throws {
        for (shell, expected) in [("bash", BashCompletion.script(declarations)), ("zsh", ZshCompletion.script(declarations)),
                                  ("fish", FishCompletion.script(declarations))] {
            let result = try run(CompletionsCommand.self, [shell])
            #expect(result.status == 0)
            #expect(result.out == expected, Comment(rawValue: shell))
            #expect(result.err == "")
        }
        let man = try run(ManCommand.self, [])
        #expect(man.status == 0)
        #expect(man.out == ManPage.render(declarations, version: "reuselab 0.9.0", date: ""))
        #expect(man.out.contains(".TH \"REUSELAB\" \"1\" \"\" \"reuselab 0.9.0\""), Comment(rawValue: String(man.out.prefix(300))))

        #expect(throws: (any Error).self) { try run(CompletionsCommand.self, ["tcsh"]) }
        #expect(throws: (any Error).self) { try run(CompletionsCommand.self, []) }
        #expect(throws: (any Error).self) { try run(ManCommand.self, ["extra"]) }
        let help = try run(CompletionsCommand.self, ["--help"])
        #expect(help.out.hasPrefix("Usage: reuselab completions SHELL"), Comment(rawValue: help.out))
    }

    @Test func testTheOutputIsTheSameEveryTime() {
        #expect(manPage == manPage)
        #expect(BashCompletion.script(declarations) == BashCompletion.script(declarations))
        #expect(!(manPage.contains("\r")))
    }

    // MARK: - Help

    @Test func testEveryHelpFitsEightyColumns() {
        for declaration in declarations + [sample] {
            for line in HelpText.render(declaration, width: 80).split(separator: "\n") {
                #expect(TextWrap.columns(line) <= 80, "\(declaration.name) --help: \(line)")
            }
        }
    }

    /// Every command's help comes from its declaration: no hand-written help text is left.
    @Test func testNoCommandHasAHandWrittenHelp() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/ReuseLabCLI")
        let enumerator = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        let pattern = try NSRegularExpression(pattern: #"static (let|var) help\s*(:\s*String\s*)?=\s*""""#)
        var found: [String] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            if pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil {
                found.append(url.lastPathComponent)
            }
        }
        #expect(found.sorted() == [], "commands with a hand-written `static let help`: convert them to a CommandDeclaration")
    }

    // MARK: - bash

    @Test func testTheBashScriptIsValid() throws {
        let bash = try shell("bash")
        for script in [BashCompletion.script(declarations), BashCompletion.script(declarations + [sample])] {
            let file = try folder.write("reuselab.bash", script)
            let result = try ReuselabExecutable.run(bash, ["-n", file], directory: folder.url)
            #expect(result.status == 0, Comment(rawValue: result.err))
            #expect(result.err == "")
        }
    }

    @Test func testBashCompletesTheCommands() throws {
        let names = declarations.map(\.name)
        var cases: [[String]] = [["reuselab", ""], ["reuselab", "help", ""], ["reuselab", "--"]]
        cases += names.map { ["reuselab", String($0.prefix(3))] }
        if names.contains("replay") { cases.append(["reuselab", "rep"]) }
        let replies = try bashCompletions(BashCompletion.script(declarations), cases)
        #expect(replies[0] == (names + ["help", "--help", "-h", "--version"]).sorted())
        #expect(replies[1] == names.sorted())
        #expect(replies[2] == ["--help", "--version"])
        for (number, name) in names.enumerated() {
            let prefix = String(name.prefix(3))
            #expect(replies[3 + number] == (names + ["help"]).filter { $0.hasPrefix(prefix) }.sorted(), Comment(rawValue: prefix))
        }
        if names.contains("replay") { #expect(replies.last == ["replay"]) }
    }

    @Test func testBashCompletesEveryCommandsOptions() throws {
        let cases = declarations.map { ["reuselab", $0.name, "-"] } + declarations.map { ["reuselab", $0.name, "--h"] }
        let replies = try bashCompletions(BashCompletion.script(declarations), cases)
        for (number, declaration) in declarations.enumerated() {
            let names = declaration.allOptions.flatMap { [$0.long] + ($0.short.map { [$0] } ?? []) }
            #expect(replies[number] == names.sorted(), Comment(rawValue: declaration.name))
            #expect(replies[declarations.count + number] == names.filter { $0.hasPrefix("--h") }.sorted(), Comment(rawValue: declaration.name))
        }
    }

    /// The words of a declared `.choice` option (a strategy name), in every form of the option.
    @Test func testBashCompletesADeclaredChoiceOption() throws {
        var found: (command: String, option: OptionDeclaration, choices: [String])?
        for declaration in declarations {
            for option in declaration.options {
                if case .choice(let choices) = option.kind, choices.count > 1, found == nil { found = (declaration.name, option, choices) }
            }
        }
        let script: String
        if found == nil {
            // No declared command has a choice option yet: one declared here.
            let strategies = ["async-reset", "async-no-reset", "plain"]
            let option = ValueOption.choice("--strategy", strategies, valueName: "NAME", meaning: "the app strategy")
            script = BashCompletion.script(declarations + [CommandDeclaration(name: "chooser", summary: "s", description: "d", options: [option])])
            found = ("chooser", option.declaration, strategies)
        } else {
            script = BashCompletion.script(declarations)
        }
        let (command, option, choices) = try #require(found)
        let prefix = String(choices[0].prefix(2))
        let expected = choices.filter { $0.hasPrefix(prefix) }.sorted()
        let replies = try bashCompletions(script, [
            ["reuselab", command, option.long, prefix],
            ["reuselab", command, option.long, "=", prefix],
            ["reuselab", command, option.long, "="],
            ["reuselab", command, option.long, ""],
        ])
        #expect(replies[0] == expected)
        #expect(replies[1] == expected)
        #expect(replies[2] == choices.sorted())
        #expect(replies[3] == choices.sorted())
    }

    @Test func testBashCompletesValuesPositionalsAndFiles() throws {
        try folder.write("alpha.trace.json", "{}")
        try folder.write("alpine.json", "{}")
        try FileManager.default.createDirectory(atPath: folder.path("a folder"), withIntermediateDirectories: true)
        let replies = try bashCompletions(BashCompletion.script(declarations + [sample]), [
            ["reuselab", "sample", "--strategy", "async-"],
            ["reuselab", "sample", "--strategy", "it"],
            ["reuselab", "sample", "--strategy", "$("],
            ["reuselab", "sample", "--only", "init,pre"],
            ["reuselab", "sample", "--only", "=", "re"],
            ["reuselab", "sample", "--only", "init,"],
            ["reuselab", "sample", "-o", "alp"],
            ["reuselab", "sample", "--output", "=", "a "],
            ["reuselab", "sample", "--rows", ""],
            ["reuselab", "sample", "fa"],
            ["reuselab", "sample", "--rows", "3", "--strategy=plain", "fast", "alp"],
            ["reuselab", "sample", "--note", "fa", "fa"],
            ["reuselab", "sample", "--", "-"],
            ["reuselab", "sample", "--j"],
            ["reuselab", "nonesuch", ""],
        ], directory: folder.url)
        #expect(replies[0] == ["async-no-reset", "async-reset"])
        // Offered as the command line needs them (bash inserts them as they are).
        #expect(replies[1] == [#"it\'s"#])
        #expect(replies[2] == [#"\$\(touch\ PWNED\)"#])
        #expect(!(FileManager.default.fileExists(atPath: folder.path("PWNED"))), "a choice was run as a command")
        #expect(replies[3] == ["init,prepareForReuse"])
        #expect(replies[4] == ["reuse"])
        #expect(replies[5] == ["init,init", "init,prepareForReuse", "init,reuse"])
        #expect(replies[6] == ["alpha.trace.json", "alpine.json"])
        #expect(replies[7] == ["a folder"])
        #expect(replies[8] == [], "nothing to offer for a number")
        #expect(replies[9] == ["fast", "faster"])
        #expect(replies[10] == ["alpha.trace.json", "alpine.json"], "the second positional is a file")
        #expect(replies[11] == ["fast", "faster"], "an option's value is not a positional")
        #expect(replies[12] == [], "after --, no options")
        #expect(replies[13] == ["--json"])
        #expect(replies[14] == [])
    }

    // MARK: - zsh and fish

    @Test func testTheZshScriptIsValid() throws {
        let zsh = try shell("zsh")
        for script in [ZshCompletion.script(declarations), ZshCompletion.script(declarations + [sample])] {
            let file = try folder.write("_reuselab", script)
            let check = try ReuselabExecutable.run(zsh, ["-n", file], directory: folder.url)
            #expect(check.status == 0, Comment(rawValue: check.err))
            #expect(check.err == "")
            // Loaded into a shell with the completion system, it registers itself.
            let load = try ReuselabExecutable.run(zsh, ["-f", "-c", "autoload -U compinit && compinit -u -D && source \(BashCompletion.quote(file)) && print -r -- $_comps[reuselab]"],
                                                  environment: ["HOME": folder.url.path, "PATH": "/usr/bin:/bin"], directory: folder.url)
            #expect(load.status == 0, Comment(rawValue: load.err))
            #expect(load.out == "_reuselab\n", Comment(rawValue: load.err))
        }
    }

    @Test func testTheFishScriptIsValidAndCompletes() throws {
        let fish = try shell("fish")
        let file = try folder.write("reuselab.fish", FishCompletion.script(declarations + [sample]))
        let check = try ReuselabExecutable.run(fish, ["--no-execute", file], directory: folder.url)
        #expect(check.status == 0, Comment(rawValue: check.err))
        #expect(check.err == "")
        try folder.write("alpha.trace.json", "{}")
        let lines = [
            "reuselab rep", "reuselab help st", "reuselab sample --strategy async-", "reuselab sample --strategy it",
            "reuselab sample --only init,pre", "reuselab sample --only=init,re", "reuselab sample -o alp", "reuselab sample --j",
            "reuselab sample fa",
        ]
        let commands = lines.map { "complete -C \(FishCompletion.quote($0)) | string replace -r '\\t.*' ''; echo --end--" }
        let result = try ReuselabExecutable.run(fish, ["--no-config", "-c", "source \(FishCompletion.quote(file)); " + commands.joined(separator: "; ")],
                                                environment: ["HOME": folder.url.path, "PATH": "/usr/bin:/bin"], directory: folder.url)
        #expect(result.status == 0, Comment(rawValue: result.err))
        let replies = replies(result.out)
        #expect(replies.count == lines.count, Comment(rawValue: result.out + result.err))
        guard replies.count == lines.count else { return }
        let names = declarations.map(\.name)
        #expect(replies[0] == names.filter { $0.hasPrefix("rep") }.sorted())
        #expect(replies[1] == names.filter { $0.hasPrefix("st") }.sorted())
        #expect(replies[2] == ["async-no-reset", "async-reset"])
        #expect(replies[3] == ["it's"])
        #expect(replies[4] == ["init,prepareForReuse"])
        #expect(replies[5] == ["--only=init,reuse"])
        #expect(replies[6] == ["alpha.trace.json"])
        #expect(replies[7] == ["--json"])
        #expect(replies[8] == ["fast", "faster"])
    }

    // MARK: - The man page

    @Test func testTheManPageHasEverySection() {
        let page = manPage
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "\"EXIT STATUS\"", "ENVIRONMENT", "FILES"] {
            #expect(page.contains("\n.SH \(section)\n"), Comment(rawValue: section))
        }
        #expect(page.contains(".SH NAME\nreuselab \\- learn how a table view recycles its cells"), Comment(rawValue: page))
        for variable in ["COLUMNS", "NO_COLOR", "REUSELAB_PROGRESS_DIR"] {
            #expect(page.contains(".TP\n\\fB\(variable)\\fR\n"), Comment(rawValue: variable))
        }
        for file in ["traces/", "lessons/", "~/.reuselab/progress/"] {
            #expect(page.contains(".TP\n\\fI\(file)\\fR\n"), Comment(rawValue: file))
        }
        let statuses = ReuseLab.exitStatuses.map { String($0.status) }
        #expect(statuses == ["0", "1", "2", "64", "65", "66", "67", "73", "130"])
        for status in statuses { #expect(page.contains(".TP\n\\fB\(status)\\fR\n"), Comment(rawValue: status)) }
        for declaration in declarations {
            for example in declaration.examples {
                #expect(page.contains(ManPage.roff(example.command, hyphens: .all)), Comment(rawValue: example.command))
            }
            for section in declaration.sections {
                #expect(page.contains(".B " + ManPage.argument(section.title + ":")), Comment(rawValue: section.title))
            }
        }
        // No line of text could be taken for a request.
        for line in page.split(separator: "\n") where !line.hasPrefix(".") {
            #expect(!(line.hasPrefix("'")), Comment(rawValue: String(line)))
        }
    }

    @Test func testRoffEscaping() {
        #expect(ManPage.roff("a\\b", hyphens: .options) == "a\\eb")
        #expect(ManPage.roff("--only read-only -o - x", hyphens: .options) == "\\-\\-only read-only \\-o \\- x")
        #expect(ManPage.roff("async-no-reset", hyphens: .all) == "async\\-no\\-reset")
        #expect(ManPage.roff("a — b…", hyphens: .options) == "a \\[u2014] b\\[u2026]")
        #expect(ManPage.argument("say \"hi\"") == "\"say \\(dqhi\\(dq\"")
        let page = ManPage.render([sample], version: "v", date: "2025-01-01")
        #expect(page.contains("\n\\&.leading dot") || page.contains("\n  .leading dot"), Comment(rawValue: page))
        #expect(page.contains("\n\\&'apostrophe first"), Comment(rawValue: page))
        #expect(page.contains("\\&.dot first"), Comment(rawValue: page))
        #expect(page.contains("back\\eslash \\-\\-code"), Comment(rawValue: page))
        #expect(page.contains(".TH \"REUSELAB\" \"1\" \"2025\\-01\\-01\" \"v\""), Comment(rawValue: page))
    }

    @Test func testTheManPageRendersWithoutWarnings() throws {
        var checked = false
        for page in [manPage, ManPage.render(declarations + [sample], version: "reuselab 0.9.0", date: "")] {
            let file = try folder.write("reuselab.1", page)
            if let groff = executable("groff") {
                let result = try ReuselabExecutable.run(groff, ["-ww", "-z", "-man", "-Tutf8", file], directory: folder.url)
                #expect(result.status == 0, Comment(rawValue: result.err))
                #expect(result.err == "", "groff warnings")
                checked = true
            }
            if let man = executable("man") {
                let result = try ReuselabExecutable.run(man, ["-l", "-Tutf8", file],
                                                        environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "PATH": "/usr/bin:/bin",
                                                                      "LANG": "C.UTF-8", "HOME": folder.url.path],
                                                        directory: folder.url)
                #expect(result.status == 0, Comment(rawValue: result.err))
                #expect(result.err == "", "man warnings")
                // Bold and underline are overstruck off a terminal: "N\bN", "_\bx".
                let text = result.out.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
                #expect(text.contains("EXIT STATUS"), Comment(rawValue: text))
                #expect(text.contains("REUSELAB_PROGRESS_DIR"), Comment(rawValue: text))
                checked = true
            }
        }
        if !checked { try Test.cancel("neither groff nor man is installed") }
    }

    // MARK: - Helpers

    /// Runs a command's `main` with captured output.
    private func run(_ command: any Subcommand.Type, _ arguments: [String]) throws -> CommandResult {
        let captured = CapturedOutput()
        let io = CommandIO(out: { captured.out += $0 }, err: { captured.err += $0 })
        let status = try command.main(arguments, io: io)
        return CommandResult(status: status, out: captured.out, err: captured.err)
    }

    /// The program `name` on the PATH (or in /usr/bin, /bin), if installed.
    private func executable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for directory in path.split(separator: ":").map(String.init) + ["/usr/bin", "/bin", "/usr/local/bin"] {
            let candidate = URL(fileURLWithPath: directory).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// The shell `name`, or a skip when it is not installed.
    private func shell(_ name: String) throws -> URL {
        guard let url = executable(name) else { try Test.cancel("\(name) is not installed") }
        return url
    }

    /// What bash's completion function offers for each command line, sorted: the
    /// script is sourced, COMP_WORDS and COMP_CWORD set as bash sets them (the last
    /// word is the one being completed), the function called, COMPREPLY printed.
    private func bashCompletions(_ script: String, _ lines: [[String]], directory: URL? = nil) throws -> [[String]] {
        let bash = try shell("bash")
        let file = try folder.write("reuselab.bash", script)
        var session = "source \(BashCompletion.quote(file)) || exit 3\n"
        session += #"complete_line() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMPREPLY=(); _reuselab; "#
        session += #"if ((${#COMPREPLY[@]})); then printf '%s\n' "${COMPREPLY[@]}" | LC_ALL=C sort; fi; echo --end--; }"# + "\n"
        for words in lines {
            session += "complete_line " + words.map(BashCompletion.quote).joined(separator: " ") + "\n"
        }
        let sessionFile = try folder.write("session.bash", session)
        let result = try ReuselabExecutable.run(bash, ["--noprofile", "--norc", sessionFile],
                                                environment: ["PATH": "/usr/bin:/bin", "HOME": folder.url.path, "LC_ALL": "C"],
                                                directory: directory ?? folder.url)
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.err == "", "bash printed errors")
        let replies = replies(result.out)
        #expect(replies.count == lines.count, Comment(rawValue: result.out))
        return replies + Array(repeating: [], count: max(0, lines.count - replies.count))
    }

    /// Output in blocks ended by "--end--", each block's lines sorted.
    private func replies(_ output: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line == "--end--" {
                blocks.append(current.sorted())
                current = []
            } else if !line.isEmpty {
                current.append(line)
            }
        }
        return blocks
    }
}
