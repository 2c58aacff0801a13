import Foundation
import TraceFormat
import Recorder

/// `reuselab record SCENARIO [-o TRACE]`.
enum RecordCommand {
    static let help = """
    Usage: reuselab record SCENARIO [-o TRACE] [--check] [--force]

    Runs SCENARIO (a JSON file; - reads standard input) through the reuse engine and
    writes the trace: one JSON document, one event per line, the same bytes every time.

    Options:
      -o, --output TRACE   write the trace to TRACE (atomically) instead of standard output
      --check              do not write; exit 1 if TRACE (from -o) differs from a fresh recording
      --force              overwrite TRACE even if it exists and is not a ReuseLab trace
      -h, --help           show this help

    """

    static func run(_ arguments: [String], io: CommandIO) throws(ReuseLabError) -> Int32 {
        let args = try Arguments(arguments, command: "record", flagNames: ["-h", "--help", "--check", "--force"], valueNames: ["-o", "--output"])
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
        if output != "-" {
            try checkSafeToOverwrite(output, scenario: path, force: args.has("--force"))
        }
        try OutputFile.write(text, to: output, io: io)
        return 0
    }

    /// A trace may replace an older trace, but never the scenario it was recorded
    /// from, nor (without --force) any other file that is not a ReuseLab trace.
    static func checkSafeToOverwrite(_ output: String, scenario: String, force: Bool) throws(ReuseLabError) {
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        if scenario != "-" && resolved(output) == resolved(scenario) {
            throw ReuseLabError(.usage, file: output, "is the scenario being recorded; refusing to write its trace over it (name the trace NAME.trace.json)")
        }
        var isFolder: ObjCBool = false
        guard !force, FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) else { return }
        if isFolder.boolValue {
            throw ReuseLabError(.cannotWrite, file: output, "cannot write the file: it is a folder")
        }
        let head = (try? InputFile.read(output, limit: TraceReader.maximumBytes).prefix(4096)) ?? []
        let text = String(decoding: head, as: UTF8.self)
        if !text.contains("\"\(TraceHeader.formatName)\"") {
            throw ReuseLabError(.usage, file: output, "exists and is not a ReuseLab trace; refusing to overwrite it (use --force to replace it anyway)")
        }
    }
}
