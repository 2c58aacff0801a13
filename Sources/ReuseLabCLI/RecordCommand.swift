import TraceFormat
import Recorder

/// `reuselab record SCENARIO [-o TRACE]`.
enum RecordCommand {
    static let help = """
    Usage: reuselab record SCENARIO [-o TRACE] [--check]

    Runs SCENARIO (a JSON file; - reads standard input) through the reuse engine and
    writes the trace: one JSON document, one event per line, the same bytes every time.

    Options:
      -o, --output TRACE   write the trace to TRACE (atomically) instead of standard output
      --check              do not write; exit 1 if TRACE (from -o) differs from a fresh recording
      -h, --help           show this help

    """

    static func run(_ arguments: [String], io: CommandIO) throws(ReuseLabError) -> Int32 {
        let args = try Arguments(arguments, command: "record", flagNames: ["-h", "--help", "--check"], valueNames: ["-o", "--output"])
        if args.has("-h") || args.has("--help") { io.out(help); return 0 }
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw ReuseLabError(.usage, "record: expected one scenario file, got \(args.positionals.count); see 'reuselab record --help'")
        }
        let output = args.values["-o"] ?? args.values["--output"] ?? "-"
        let scenario = try Recorder.loadScenario(path: path)
        let text: String
        do {
            text = try Recorder.recordText(scenario)
        } catch {
            throw error.inFile(path == "-" ? "<stdin>" : path)
        }
        if args.has("--check") {
            guard output != "-" else { throw ReuseLabError(.usage, "record: --check needs the trace to compare with, given with -o") }
            let existing = try InputFile.read(output, limit: TraceReader.maximumBytes)
            if existing == Array(text.utf8) {
                io.out("\(output) is up to date with \(path)\n")
                return 0
            }
            throw ReuseLabError(.checkFailed, file: output, "differs from a fresh recording of \(path); run 'reuselab record \(path) -o \(output)' to update it")
        }
        try OutputFile.write(text, to: output, io: io)
        return 0
    }
}
