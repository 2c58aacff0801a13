import ToolSupport
import TraceCoding
import Replay

/// `reuselab validate TRACE...`: checks traces against the format and the
/// lifecycle rules of a real table view (or collection view, which shares them).
enum ValidateCommand: Subcommand {
    enum Options: CommandOptions {
        static let json = FlagOption("--json", meaning: "print one JSON object per trace: file, valid, events, cellsCreated, durationMs (or error and event)")
        static let all: [any OptionKey] = [json]
    }

    static let declaration = CommandDeclaration(
        name: "validate",
        summary: "check that a trace is well formed and its lifecycle possible",
        description: """
        Checks each trace: format name and version, required members and their types,
        seq counting 0, 1, 2, … without gaps, time never going back, and the lifecycle
        rules of a real table view (no cell in two rows at once, no prepareForReuse of a
        cell that was not released, no willDisplay of a row without a cell, nothing
        after a cell's deinit). A collection view's trace ("list": "collection") is
        held to the same rules, with items for rows. Stops at the first problem in
        each file, naming the event.
        """,
        positionals: [
            PositionalDeclaration(name: "TRACE", meaning: "the trace files", count: .many(minimum: 1), standardInput: true),
        ],
        options: Options.all,
        examples: [
            CommandExample(command: "reuselab validate traces/*.trace.json", meaning: "check every bundled trace; the status is the first failure's"),
        ])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let json = line[Options.json]
        var worst: ReuseLabError?
        for path in line.positionals {
            do {
                let summary = try TraceValidator.validate(path: path)
                if json {
                    var out = JSONObjectBuilder()
                    out.add("file", InputFile.displayName(path))
                    out.add("valid", true)
                    out.add("events", summary.eventCount)
                    out.add("cellsCreated", summary.cellsCreated)
                    out.add("durationMs", summary.duration.milliseconds)
                    if summary.header.list.isCollection {
                        out.add("list", "collection")
                        out.add("columns", summary.header.list.columns)
                    }
                    io.out(JSONWriter.compact(out.value) + "\n")
                } else {
                    // A collection view's trace says so first: its cells served items, not rows.
                    let list = summary.header.list.isCollection
                        ? "collection view, \(ListWords.columns(summary.header.list.columns)): " : ""
                    io.out(TextWrap.hanging("\(VisibleText.escape(InputFile.displayName(path))): valid — \(list)\(summary.eventCount) events, "
                                            + "\(summary.cellsCreated) cells created, \(ReadableNumber.ms(summary.duration)) (\(VisibleText.title(summary.header.title)))",
                                            width: io.width))
                }
            } catch {
                if json {
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
