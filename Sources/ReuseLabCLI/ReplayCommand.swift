import TraceFormat
import Replay

/// `reuselab replay TRACE`: every step of a trace, explained.
enum ReplayCommand {
    static let help = """
    Usage: reuselab replay TRACE [--from N] [--to N] [--only KINDS] [--json]

    Prints every event of TRACE with a plain-language explanation of what happened
    and why, derived from the trace alone.

    """

    static func run(_ arguments: [String], io: CommandIO) throws(ReuseLabError) -> Int32 {
        let args = try Arguments(arguments, command: "replay", flagNames: ["-h", "--help", "--json", "--picture"], valueNames: ["--from", "--to"])
        if args.has("-h") || args.has("--help") { io.out(help); return 0 }
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw ReuseLabError(.usage, "replay: expected one trace file; see 'reuselab replay --help'")
        }
        let trace = try TraceReader.read(path: path)
        let annotations = try Annotator.annotate(trace, file: InputFile.displayName(path))
        let from = try args.int("--from", command: "replay", default: 0, range: 0...Int.max / 2)
        let to = try args.int("--to", command: "replay", default: annotations.count - 1, range: 0...Int.max / 2)
        for annotation in annotations where annotation.seq >= from && annotation.seq <= to {
            io.out("\(annotation.seq)  \(JSONWriter.formatNumber(annotation.time.milliseconds)) ms  \(annotation.kind.rawValue): \(annotation.text)\n")
        }
        return 0
    }
}
