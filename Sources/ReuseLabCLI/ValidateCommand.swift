import TraceFormat

/// `reuselab validate TRACE...`.
enum ValidateCommand {
    static let help = """
    Usage: reuselab validate TRACE... [--json]

    Checks each trace: format name and version, required members and their types,
    seq counting 0, 1, 2, … without gaps, time never going back, and the lifecycle
    rules of a real table view (no cell in two rows at once, no prepareForReuse of a
    cell that was not released, no willDisplay of a row without a cell, nothing
    after a cell's deinit). Stops at the first problem in each file, naming the
    event.

    Options:
      --json       print one JSON object per trace
      -h, --help   show this help

    """

    static func run(_ arguments: [String], io: CommandIO) throws(ReuseLabError) -> Int32 {
        let args = try Arguments(arguments, command: "validate", flagNames: ["-h", "--help", "--json"], valueNames: [])
        if args.has("-h") || args.has("--help") { io.out(help); return 0 }
        guard !args.positionals.isEmpty else {
            throw ReuseLabError(.usage, "validate: expected at least one trace file; see 'reuselab validate --help'")
        }
        var worst: ReuseLabError?
        for path in args.positionals {
            do {
                let summary = try TraceValidator.validate(path: path)
                if args.has("--json") {
                    var out = JSONObjectBuilder()
                    out.add("file", InputFile.displayName(path))
                    out.add("valid", true)
                    out.add("events", summary.eventCount)
                    out.add("cellsCreated", summary.cellsCreated)
                    out.add("durationMs", summary.duration.milliseconds)
                    io.out(JSONWriter.compact(out.value) + "\n")
                } else {
                    io.out(TextWrap.hanging("\(VisibleText.escape(InputFile.displayName(path))): valid — \(summary.eventCount) events, "
                                            + "\(summary.cellsCreated) cells created, \(ReadableNumber.ms(summary.duration)) (\(VisibleText.escape(summary.header.title)))",
                                            width: io.width))
                }
            } catch {
                if args.has("--json") {
                    var out = JSONObjectBuilder()
                    out.add("file", InputFile.displayName(path))
                    out.add("valid", false)
                    out.add("error", VisibleText.escape(error.description))
                    if let index = error.location.eventIndex { out.add("event", index) }
                    io.out(JSONWriter.compact(out.value) + "\n")
                }
                io.err(ReuseLab.errorLine(error))
                if worst == nil { worst = error }
            }
        }
        return worst?.kind.exitStatus ?? 0
    }
}
