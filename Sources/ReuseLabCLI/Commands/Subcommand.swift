import ToolSupport

/// A `reuselab` subcommand: its options as typed keys, its declaration (which
/// lists those keys), and what it does with a command line already read against
/// it. `ReuseLab` reads the command line, answers `--help` from the declaration,
/// and calls `run` only with checked values, which `run` reads by the same keys.
protocol Subcommand {
    /// The command's options, one typed constant each (`Options.json`); none by default.
    associatedtype Options: CommandOptions = NoOptions
    static var declaration: CommandDeclaration { get }
    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32
}

extension Subcommand {
    /// The keys of the command's options, for code that holds only `any Subcommand.Type`.
    static var optionKeys: [any OptionKey] { Options.all }

    /// Reads `arguments` against the declaration, prints the help for `-h`, else runs.
    static func main(_ arguments: [String], io: CommandIO) throws(ReuseLabError) -> Int32 {
        let line = try ParsedCommandLine(arguments, declaration: declaration)
        if line.wantsHelp {
            io.out(HelpText.render(declaration, width: io.width))
            return 0
        }
        return try run(line, io: io)
    }
}
