import Foundation
import TraceFormat
import Recorder

/// `reuselab record SCENARIO [-o TRACE]`.
enum RecordCommand {
    static let help = """
    Usage: reuselab record SCENARIO [-o TRACE] [--check] [--force]

    Runs SCENARIO (a JSON file; - reads standard input) through the reuse engine
    and writes the trace: one JSON document, one event per line, the same bytes
    every time.

    Options:
      -o, --output TRACE   write the trace to TRACE (atomically), not to stdout
      --check              do not write; exit 1 if TRACE (from -o) differs from a
                           fresh recording
      --force              replace TRACE even if it is not a ReuseLab trace or is
                           read-only (a folder, FIFO or device is never replaced)
      -h, --help           show this help

    """

    static func run(_ arguments: [String], io: CommandIO) throws(ReuseLabError) -> Int32 {
        let args = try Arguments(arguments, command: "record", flagNames: ["-h", "--help", "--check", "--force"], valueNames: ["-o", "--output"])
        if args.has("-h") || args.has("--help") { io.out(help); return 0 }
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw ReuseLabError(.usage, "record: expected one scenario file, got \(args.positionals.count); see 'reuselab record --help'")
        }
        let output = args.values["-o"] ?? args.values["--output"] ?? "-"
        let scenarioName = InputFile.displayName(path)
        if args.has("--check") {
            guard !OutputFile.isStandardOutput(output) else {
                throw ReuseLabError(.usage, "record: --check needs the trace file to compare with, given with -o (not standard output)")
            }
        } else {
            // Refuse before the recording, which may take a while, rather than after it.
            try checkSafeToOverwrite(output, scenario: path, force: args.has("--force"))
        }
        let scenario = try Recorder.loadScenario(path: path)
        let text: String
        do {
            text = try Recorder.recordText(scenario)
        } catch {
            throw error.inFile(scenarioName)
        }
        if args.has("--check") {
            let existing = try InputFile.read(output, limit: TraceReader.maximumBytes)
            let shown = VisibleText.escape(output), shownScenario = VisibleText.escape(scenarioName)
            if existing == Array(text.utf8) {
                io.out(TextWrap.hanging("\(shown) is up to date with \(shownScenario)", width: io.width))
                return 0
            }
            throw ReuseLabError(.checkFailed, file: output, "differs from a fresh recording of \(shownScenario); run 'reuselab record \(shownScenario) -o \(shown)' to update it")
        }
        try OutputFile.write(text.utf8, to: output, permission: permission(force: args.has("--force")), standardOutput: io.out)
        return 0
    }

    /// A trace may replace an older trace; any other regular file needs --force.
    static func permission(force: Bool) -> OutputFile.Permission {
        OutputFile.Permission(force: force) { path in TraceReader.whyNotATrace(path: path) }
    }

    /// Never the scenario being recorded (not even with --force), and otherwise the
    /// rules of `OutputFile` (regular files only, traces only without --force).
    static func checkSafeToOverwrite(_ output: String, scenario: String, force: Bool) throws(ReuseLabError) {
        if scenario != "-", case .file(let target) = try OutputFile.destination(output), OutputFile.sameFile(target, scenario) {
            throw ReuseLabError(.usage, file: output, "is the scenario being recorded; refusing to write its trace over it (name the trace NAME.trace.json)")
        }
        try OutputFile.check(output, permission: permission(force: force))
    }
}
