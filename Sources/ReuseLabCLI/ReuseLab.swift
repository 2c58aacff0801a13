import Foundation
import TraceModel
import ToolSupport
import TraceCoding

/// The `reuselab` command: finds the subcommand and turns every error into a
/// `reuselab: error: …` line on standard error and the exit status of its kind.
public enum ReuseLab {
    /// Every subcommand declared with a `CommandDeclaration`; the dispatcher,
    /// the overview, the completions and the man page all read this list.
    nonisolated(unsafe) static let subcommands: [any Subcommand.Type] = [
        RecordCommand.self, ValidateCommand.self, ReplayCommand.self, DiffCommand.self, CompareCommand.self, StatsCommand.self,
        LessonCommand.self, ImportCommand.self, CalibrateCommand.self, HtmlCommand.self, ExportCommand.self, StrategiesCommand.self, ListCommand.self, ExerciseCommand.self,
        CompletionsCommand.self, ManCommand.self,
    ]

    /// Other names a command answers to.
    static let aliases = ["lessons": "lesson"]

    /// The declarations, in the order the overview lists them.
    static var declarations: [CommandDeclaration] { subcommands.map { $0.declaration } }

    /// Each command and its one-line summary, from the declarations.
    static var commands: [(name: String, summary: String)] { declarations.map { ($0.name, $0.summary) } }

    /// What reuselab is, in one line (the overview's first, the man page's NAME).
    static let tagline = "learn how a table view recycles its cells, one recorded step at a time"

    /// Every exit status and what it means, from `FailureKind`, in order.
    static var exitStatuses: [(status: Int32, meaning: String)] {
        [(0, "success")] + FailureKind.allCases.map { ($0.exitStatus, $0.summary) }.sorted { $0.0 < $1.0 }
    }

    public static let overview = """
    \(TextWrap.paragraph("reuselab — " + tagline + ".", width: 80).dropLast())

    Usage: reuselab <command> [options]

    Commands:
    \(commands.map { "  " + $0.name.padding(toLength: (commands.map(\.name.count).max() ?? 10) + 2, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

    Run 'reuselab <command> --help' or 'reuselab help <command>' for a command's
    options, 'reuselab --version' for the version. 'reuselab completions bash'
    (or zsh, fish) prints shell completions; 'reuselab man' the manual page.

    \(TextWrap.paragraph("Exit status: " + exitStatuses.map { "\($0.status) \($0.meaning)" }.joined(separator: "; ") + ".", width: 80).dropLast())

    """

    /// The line printed for an error. Everything in it may come from a file or the
    /// command line, so control characters are made visible once more here.
    static func errorLine(_ error: ReuseLabError) -> String {
        "reuselab: error: " + VisibleText.escape(error.description) + "\n"
    }

    /// The program's entry point: lets the signals it handles reach it (they may
    /// arrive blocked from whoever started it), then runs the command line.
    public static func main(_ arguments: [String]) -> Int32 {
        Interruption.acceptSignals()
        return run(arguments)
    }

    /// Runs the command line (without the program name) and returns the exit status;
    /// a failed write to standard output (a full disk) is an error of its own.
    public static func run(_ arguments: [String], io: CommandIO = .standard) -> Int32 {
        let status = dispatch(arguments, io: io)
        if let failure = StandardStream.output.failure {
            io.err(errorLine(ReuseLabError(.cannotWrite, file: "<stdout>", "cannot write to standard output: \(failure)")))
            return FailureKind.cannotWrite.exitStatus
        }
        return status
    }

    /// The program's version, and the trace format version it reads and writes.
    public static let version = "reuselab 0.9.0 (trace format version \(TraceHeader.currentVersion))"

    static func dispatch(_ arguments: [String], io: CommandIO) -> Int32 {
        // No command at all is a usage error: the overview goes to standard error.
        guard let first = arguments.first else {
            io.err(overview)
            return FailureKind.usage.exitStatus
        }
        let name = aliases[first] ?? first
        let rest = Array(arguments.dropFirst())
        do {
            switch name {
            case "-h", "--help", "help":
                // `reuselab help COMMAND` is `reuselab COMMAND --help`.
                if name == "help", let command = rest.first {
                    guard rest.count == 1 else { throw ReuseLabError(.usage, "help: expected one command, as in 'reuselab help replay'") }
                    return dispatch([command, "--help"], io: io)
                }
                io.out(overview)
                return 0
            case "--version", "version":
                io.out(version + "\n")
                return 0
            case _ where subcommands.contains(where: { $0.declaration.name == name }):
                guard let command = subcommands.first(where: { $0.declaration.name == name }) else { return 0 }
                return try command.main(rest, io: io)
            default:
                let message = "unknown command '\(VisibleText.escape(name))'"
                // With a guess the line stays short enough for 80 columns; without one, where to look.
                if let guess = Suggestion.closest(to: name, among: commands.map(\.name)) {
                    throw ReuseLabError(.usage, message + "; did you mean '\(guess)'?")
                }
                throw ReuseLabError(.usage, message + "; run 'reuselab --help' for the list")
            }
        } catch let error as ReuseLabError {
            io.err(errorLine(error))
            return error.kind.exitStatus
        } catch {
            io.err("reuselab: error: \(error)\n")
            return FailureKind.badInput.exitStatus
        }
    }
}
