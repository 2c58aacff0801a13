import Foundation
import ToolSupport
import TraceCoding
import Recorder

/// `reuselab record SCENARIO [-o TRACE]`: runs a scenario through the engine and
/// writes its trace, or with `--check` compares it with a trace already written.
enum RecordCommand: Subcommand {
    enum Options: CommandOptions {
        static let output = ValueOption.path("--output", short: "-o", valueName: "TRACE", defaultText: "standard output",
                                             meaning: "write the trace to TRACE, atomically")
        static let check = FlagOption("--check", meaning: "do not write; exit 1 if TRACE (from -o) differs from a fresh recording")
        static let force = FlagOption("--force",
                                      meaning: "replace TRACE even if it is not a ReuseLab trace or is read-only (a folder, FIFO or device is never replaced)")
        static let all: [any OptionKey] = [output, check, force]
    }

    static let declaration = CommandDeclaration(
        name: "record",
        summary: "run a scenario through the engine and write its trace",
        description: """
        Runs SCENARIO (a JSON file) through the reuse engine and writes the trace:
        one JSON document, one event per line, the same bytes every time.
        """,
        positionals: [
            PositionalDeclaration(name: "SCENARIO", meaning: "the scenario file", standardInput: true),
        ],
        options: Options.all,
        examples: [
            CommandExample(command: "reuselab record drag.scenario.json -o drag.trace.json",
                           meaning: "record the scenario into drag.trace.json"),
            CommandExample(command: "reuselab record drag.scenario.json --check -o drag.trace.json",
                           meaning: "exit 1 if drag.trace.json is out of date with its scenario"),
        ])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let path = line.positionals[0]
        let output = line[Options.output] ?? "-"
        let checking = line[Options.check], force = line[Options.force]
        let scenarioName = InputFile.displayName(path)
        if checking {
            guard !OutputFile.isStandardOutput(output) else {
                throw ReuseLabError(.usage, "record: --check needs the trace file to compare with, given with -o (not standard output)")
            }
        } else {
            // Refuse before the recording, which may take a while, rather than after it.
            try checkSafeToOverwrite(output, scenario: path, force: force)
        }
        let scenario = try Recorder.loadScenario(path: path)
        if !checking {
            // Streamed to the file while another thread checks it: the trace's text is never held whole in memory.
            try Recorder.record(scenario, to: output, permission: permission(force: force), standardOutput: io.out, scenarioName: scenarioName)
            return 0
        }
        let fresh: [UInt8]
        do {
            fresh = try Recorder.bytes(of: try Recorder.record(scenario))
        } catch {
            throw error.inFile(scenarioName)
        }
        let existing = try InputFile.read(output, limit: TraceReader.maximumBytes)
        let shown = VisibleText.escape(output), shownScenario = VisibleText.escape(scenarioName)
        if existing == fresh {
            io.out(TextWrap.hanging("\(shown) is up to date with \(shownScenario)", width: io.width))
            return 0
        }
        throw ReuseLabError(.checkFailed, file: output, "differs from a fresh recording of \(shownScenario); run 'reuselab record \(shownScenario) -o \(shown)' to update it")
    }

    /// A trace may replace an older trace; any other regular file needs --force.
    static func permission(force: Bool) -> OutputFile.Permission {
        OutputFile.Permission(force: force) { path in TraceReader.whyNotATrace(path: path) }
    }

    /// Never the scenario being recorded (not even with --force), and otherwise the
    /// rules of `OutputFile` (regular files only, traces only without --force).
    static func checkSafeToOverwrite(_ output: String, scenario: String, force: Bool) throws(ReuseLabError) {
        try InputOverwriteCheck.check(output, input: scenario,
                                      refusal: "the scenario being recorded; refusing to write its trace over it (name the trace NAME.trace.json)",
                                      permission: permission(force: force))
    }
}
