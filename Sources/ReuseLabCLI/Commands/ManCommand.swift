import ToolSupport

/// `reuselab man`: the manual page, in roff, generated from every command's declaration.
enum ManCommand: Subcommand {
    static let declaration = CommandDeclaration(
        name: "man",
        summary: "print the manual page (roff, for man)",
        description: """
        Prints reuselab's manual page in roff, the format man reads: every command
        with its usage, arguments, options and examples, the exit statuses, the
        environment variables and the files reuselab uses. It is generated from the
        same declarations as the help, so it always matches this version.
        """,
        examples: [
            CommandExample(command: "man -l <(reuselab man)", meaning: "read the page now"),
            CommandExample(command: "reuselab man > ~/.local/share/man/man1/reuselab.1",
                           meaning: "install it, so that 'man reuselab' finds it"),
        ])

    /// The date in the page's footer: fixed, so the page is the same bytes every time
    /// (empty: no date is shown).
    static let date = ""

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        io.out(ManPage.render(ReuseLab.documentedDeclarations, version: pageVersion, date: date))
        return 0
    }

    /// "reuselab 0.9.0": the version without the trace format's.
    static var pageVersion: String {
        guard let open = ReuseLab.version.range(of: " (") else { return ReuseLab.version }
        return String(ReuseLab.version[..<open.lowerBound])
    }
}
