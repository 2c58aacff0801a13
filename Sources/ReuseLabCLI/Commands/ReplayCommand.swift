import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// `reuselab replay TRACE`: every step of a trace, explained — as a listing, step
/// by step (`--step`), as JSON lines, or as a summary of what the trace teaches.
enum ReplayCommand: Subcommand {
    /// The largest step number `--from` and `--to` take: far past any trace, and
    /// small enough that `--to N` + 1 cannot overflow.
    static let largestStep = Int.max / 2

    enum Options: CommandOptions {
        static let from = ValueOption.integer("--from", in: 0...largestStep, valueName: "N",
                                              meaning: "start at step N (a seq number; with --step, the first shown)")
        static let to = ValueOption.integer("--to", in: 0...largestStep, valueName: "N", meaning: "end with step N")
        // The names are checked by `EventFilter.parse`, which also takes them in
        // any case ("PrepareForReuse"), as `diff --only` and the stepper's k do;
        // the parser's list choices match exactly, so the names are only suggested.
        static let only = ValueOption.listAsWritten("--only", valueName: "LIST",
                                                    meaning: "only steps of these event kinds and groups, comma-separated (see below)",
                                                    suggestions: EventFilter.kindNames + EventFilter.collectionKindNames + EventFilter.groupNames)
        static let frames = FlagOption("--frames", meaning: "group the steps under a header per display frame")
        static let picture = FlagOption("--picture",
                                        meaning: "after the listing, draw the table view as it is after the last step listed (with --step: after every step shown)")
        static let json = FlagOption("--json",
                                     meaning: "one JSON object per step, one per line: seq, t, kind, frame, text, marks (with --summary: one object)")
        static let step = FlagOption("--step", meaning: "step through the trace (see below)")
        static let summary = FlagOption("--summary", meaning: "what the trace teaches, computed from it, then its metrics")
        static let all: [any OptionKey] = [from, to, only, frames, picture, json, step, summary]
    }

    static let declaration = CommandDeclaration(
        name: "replay",
        summary: "step through a trace with an explanation of every step",
        usage: [
            "TRACE [--from N] [--to N] [--only LIST] [--frames] [--picture] [--json]",
            "TRACE --step [--from N] [--picture]",
            "TRACE --summary [--json]",
        ],
        description: """
        Explains every step of TRACE in plain words: which row gets a new cell and
        why, which cell is reused and which row it showed, what a prefetch batch
        holds, when a cell shows another row's image (STALE), when a response is
        written into a cell that moved on (LATE), when frames are missed (HITCH).
        Everything is derived from the trace alone, so a hand-written trace is
        explained like a recorded one. An invalid trace is refused as by 'validate'
        and nothing is printed, unless the output has passed 8 MB by the bad event:
        a long output is printed as the trace is read, and the error ends it.

        The listing prints one step as SEQ  TIME  KIND  text, the text wrapped to the
        terminal's width (COLUMNS, else 80 off a terminal). Frames are many: their
        lines say only the frame, offset and rows, and what is stale.
        """,
        positionals: [
            PositionalDeclaration(name: "TRACE", meaning: "the trace file", standardInput: true),
        ],
        options: Options.all,
        sections: [
            HelpSection(title: "Groups for --only (and for k when stepping)", text: groupList),
            HelpSection(title: "Collection views", text: """
            A collection view's trace is explained in its own words: items for rows,
            cellForItemAt, prefetchItemsAt and the rest of its calls by their names, and
            --picture draws its grid, a line per row of items. --only and k take a kind by
            either name on any trace (cellForItemAt is cellForRowAt).
            """),
            HelpSection(title: "Stepping", text: """
            On a terminal, the right arrow, n, Enter or Space: next step; the left arrow or b: back; g, a number and Enter:
            go to that step; k, a kind or group and Enter: the next step of it; s: the
            next STALE or LATE step; p: the picture of the table view; c: the code pane on
            or off (the function a step's line of code is in, the line marked ▶); h ?: help;
            q: quit. When standard input is not a terminal, commands are read as lines: n
            (or an empty line), b, g 120, k prepareForReuse, s, p, c, h, q; the end of the
            input quits. So a session can be scripted:

              printf 'g 248\\np\\ns\\nq\\n' |
                  reuselab replay traces/images-async-no-reset.trace.json --step
            """),
            HelpSection(title: "Output", text: """
            Colour only when standard output is a terminal and NO_COLOR is unset or empty.
            Text from the trace is printed with control characters made visible.
            """),
        ],
        examples: [
            CommandExample(command: "reuselab replay traces/first-screen.trace.json --only init,prepareForReuse",
                           meaning: "only the steps where a cell is created or reused"),
            CommandExample(command: "reuselab replay traces/images-async-no-reset.trace.json --only reuse,stale",
                           meaning: "the steps of the reuse group, and those marked STALE or LATE"),
            CommandExample(command: "reuselab replay traces/images-async-no-reset.trace.json --from 240 --to 270",
                           meaning: "steps 240 to 270: the first reuse (248) and the first STALE frame (265)"),
            CommandExample(command: "reuselab replay traces/images-async-no-reset.trace.json --summary",
                           meaning: "what the trace teaches, then its metrics"),
        ])

    /// "  reuse     init, prepareForReuse, …": each group and its kinds, generated
    /// from `EventGroup` and `EventKind`. Kept as written in the help (it is a
    /// table), under the section's indent, so it is wrapped here to fit 80 columns.
    static var groupList: String {
        let kindsWidth = StepLayout.defaultWidth - 2 - 12
        return EventGroup.allCases.map { group -> String in
            let kinds = group == .stale ? "steps marked STALE, LATE or WRONG ROW"
                : EventKind.allCases.filter(group.kinds.contains).map(\.rawValue).joined(separator: ", ")
            let lines = TextWrap.lines(kinds, firstWidth: kindsWidth, width: kindsWidth)
            return "  " + TextWrap.pad(group.rawValue, 10) + lines.joined(separator: "\n" + String(repeating: " ", count: 12))
        }.joined(separator: "\n")
    }

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        // The parser has checked the options, their values and that there is one TRACE.
        guard let path = line.positionals.first else {
            throw ReuseLabError(.usage, "replay: expected TRACE (the trace file); see 'reuselab replay --help'")
        }
        try checkCombinations(line)
        if line[Options.step] && path == "-" {
            throw ReuseLabError(.usage, "replay: --step reads its commands from standard input, so the trace cannot come from there; name the trace file")
        }
        let filter = try onlyFilter(line)
        let from = line[Options.from] ?? 0
        let to = line[Options.to] ?? largestStep
        if from > to {
            throw ReuseLabError(.usage, "replay: --from \(from) comes after --to \(to)")
        }

        if line[Options.step] {
            // The trace is read once to check and mark it; each stretch is read again as it is shown.
            let timeline = try ReplayTimeline(source: .file(path))
            try checkFrom(line, from, lastSeq: timeline.lastSeq, file: timeline.file)
            let layout = StepLayout(header: timeline.header, steps: timeline.count, widestTime: timeline.widestTime, style: .detect(), width: io.width)
            var stepper = ReplayStepper(timeline: timeline, layout: layout, start: from, pictureEachStep: line[Options.picture])
            if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1, try StepperTerminal.run(&stepper, out: io.out) {
                return 0
            }
            try stepper.run(lines: { readLine(strippingNewline: true) }, out: io.out)
            return 0
        }

        let source = try TraceSource.open(path)
        let selection = Selection(from: from, to: to, fromGiven: line.contains(Options.from), filter: filter)
        if line[Options.summary] {
            return try summary(source, json: line[Options.json], io: io)
        }
        if line[Options.json] {
            return try jsonLines(source, selection, io: io)
        }
        return try listing(source, selection, groupByFrame: line[Options.frames], picture: line[Options.picture], io: io)
    }

    /// `--from N` must name a step of the trace.
    static func checkFrom(_ line: ParsedCommandLine, _ from: Int, lastSeq: Int?, file: String) throws(ReuseLabError) {
        try checkFrom(given: line.contains(Options.from), from, lastSeq: lastSeq, file: file)
    }

    static func checkFrom(given: Bool, _ from: Int, lastSeq: Int?, file: String) throws(ReuseLabError) {
        if given, from > (lastSeq ?? -1) {
            throw ReuseLabError(.usage, lastSeq.map { "replay: --from \(from) is past the last step of \(file), step \($0)" }
                                ?? "replay: --from \(from): \(file) has no events")
        }
    }

    /// Options that mean nothing together are refused rather than ignored.
    static func checkCombinations(_ line: ParsedCommandLine) throws(ReuseLabError) {
        let rules: [(option: FlagOption, excludes: [any OptionKey])] = [
            (Options.step, [Options.summary, Options.json, Options.only, Options.to, Options.frames]),
            (Options.summary, [Options.only, Options.from, Options.to, Options.frames, Options.picture]),
            (Options.json, [Options.frames, Options.picture]),
        ]
        for rule in rules where line[rule.option] {
            for other in rule.excludes where line.contains(other) {
                throw ReuseLabError(.usage, "replay: \(rule.option.long) cannot be combined with \(other.long); see 'reuselab replay --help'")
            }
        }
    }

    /// The filter `--only` names, nil without `--only`. The parser has refused an
    /// empty list and empty items; the names are checked here, in any case.
    static func onlyFilter(_ line: ParsedCommandLine) throws(ReuseLabError) -> EventFilter? {
        guard let list = line[Options.only] else { return nil }
        do throws(EventFilter.UnknownName) {
            return try EventFilter.parse(list)
        } catch {
            throw ReuseLabError(.usage, "replay: --only: " + ReplayStepper.unknownNameMessage(error) + "; see 'reuselab replay --help' for the kinds")
        }
    }
}
