import ToolSupport

/// `reuselab completions bash|zsh|fish`: the shell completion script, generated
/// from every command's declaration.
enum CompletionsCommand: Subcommand {
    static let declaration = CommandDeclaration(
        name: "completions",
        summary: "print the shell completion script for bash, zsh or fish",
        description: """
        Prints the script that teaches SHELL (bash, zsh or fish) to complete
        reuselab's commands, their options, the values a choice option takes
        (strategy names, profiles) and file names. The script is generated from
        the same declarations as the help, so it always matches this version of
        reuselab.
        """,
        positionals: [PositionalDeclaration(name: "SHELL", meaning: "the shell to complete for", kind: .choice(shells))],
        sections: [HelpSection(title: "Installing", text: """
        Save the script where the shell looks for completions, then start a new
        shell. For bash (with the bash-completion package):

          d=~/.local/share/bash-completion/completions
          mkdir -p $d && reuselab completions bash > $d/reuselab

        For zsh, in a folder of $fpath (~/.zshrc must add it before compinit runs,
        as with fpath=(~/.zfunc $fpath)):

          mkdir -p ~/.zfunc && reuselab completions zsh > ~/.zfunc/_reuselab

        For fish:

          reuselab completions fish > ~/.config/fish/completions/reuselab.fish

        Or load it into the current shell only (in zsh, after compinit):

          source <(reuselab completions bash)
          source <(reuselab completions zsh)
        """)],
        examples: [
            CommandExample(command: "source <(reuselab completions bash)", meaning: "complete reuselab in this bash session"),
            CommandExample(command: "reuselab completions fish > ~/.config/fish/completions/reuselab.fish",
                           meaning: "complete reuselab in every new fish session"),
        ])

    static let shells = ["bash", "zsh", "fish"]

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let declarations = ReuseLab.documentedDeclarations
        switch line.positionals.first {
        case "bash": io.out(BashCompletion.script(declarations))
        case "zsh": io.out(ZshCompletion.script(declarations))
        case "fish": io.out(FishCompletion.script(declarations))
        default: throw ReuseLabError(.usage, "completions: expected SHELL (\(shells.joined(separator: ", "))); see 'reuselab completions --help'")
        }
        return 0
    }
}

extension ReuseLab {
    /// Every declared command, `completions` and `man` included: what the
    /// completion scripts and the man page describe. (Listing them in
    /// `subcommands` as well changes nothing here.)
    static var documentedDeclarations: [CommandDeclaration] {
        var declarations = ReuseLab.declarations
        for own in [CompletionsCommand.declaration, ManCommand.declaration] where !declarations.contains(where: { $0.name == own.name }) {
            declarations.append(own)
        }
        return declarations
    }
}
