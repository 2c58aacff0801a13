import ToolSupport

/// A `reuselab` subcommand: its declaration, and what it does with a command
/// line already read against it. `ReuseLab` reads the command line, answers
/// `--help` from the declaration, and calls `run` only with checked values.
protocol Subcommand {
    static var declaration: CommandDeclaration { get }
    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32
}

extension Subcommand {
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
