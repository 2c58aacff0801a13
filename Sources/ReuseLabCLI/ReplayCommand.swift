import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TraceFormat
import Replay

/// `reuselab replay TRACE`: every step of a trace, explained — as a listing, step
/// by step (`--step`), as JSON lines, or as a summary of what the trace teaches.
enum ReplayCommand {
    static let help = """
    Usage: reuselab replay TRACE [--from N] [--to N] [--only LIST] [--frames]
                                 [--picture] [--json]
           reuselab replay TRACE --step [--from N] [--picture]
           reuselab replay TRACE --summary [--json]

    Explains every step of TRACE (- reads standard input) in plain words: which row
    gets a new cell and why, which cell is reused and which row it showed, what a
    prefetch batch holds, when a cell shows another row's image (STALE), when a
    response is written into a cell that moved on (LATE), when frames are missed
    (HITCH). Everything is derived from the trace alone, so a hand-written trace is
    explained like a recorded one. An invalid trace is refused as by 'validate'.

    The listing prints one step as SEQ  TIME  KIND  text, the text wrapped to the
    terminal's width (COLUMNS, else 80 off a terminal). Frames are many: their
    lines say only the frame, offset and rows, and what is stale.

    Options:
      --from N      start at step N (a seq number; with --step, the first shown)
      --to N        end with step N
      --only LIST   only steps of these event kinds and groups, comma-separated:
                    --only init,prepareForReuse   --only reuse,stale
      --frames      group the steps under a header per display frame
      --picture     after the listing, draw the table view as it is after the last
                    step listed (with --step: after every step shown)
      --json        one JSON object per step, one per line: seq, t, kind, frame,
                    text, marks (with --summary: one object)
      --step        step through the trace (see below)
      --summary     what the trace teaches, computed from it, then its metrics
      -h, --help    show this help

    Groups for --only (and for k when stepping):
    \(groupList)

    Stepping: on a terminal, → n Enter Space: next step; ← b: back; g, a number
    and Enter: go to that step; k, a kind or group and Enter: the next step of it;
    s: the next STALE or LATE step; p: the picture of the table view; h ?: help;
    q: quit. When standard input is not a terminal, commands are read as lines:
    n (or an empty line), b, g 120, k prepareForReuse, s, p, h, q; the end of the
    input quits. So a session can be scripted:

      printf 'g 243\\np\\ns\\nq\\n' |
          reuselab replay traces/images-async-no-reset.trace.json --step

    Colour only when standard output is a terminal and NO_COLOR is unset or empty.
    Text from the trace is printed with control characters made visible.

    """

    /// "  reuse     init, prepareForReuse, …", a group and its kinds, wrapped to 80 columns
    /// like the rest of the help.
    static var groupList: String {
        EventGroup.allCases.map { group -> String in
            let kinds = group == .stale ? "steps marked STALE or LATE"
                : EventKind.allCases.filter(group.kinds.contains).map(\.rawValue).joined(separator: ", ")
            let lines = TextWrap.lines(kinds, firstWidth: StepLayout.defaultWidth - 12, width: StepLayout.defaultWidth - 12)
            return "  " + TextWrap.pad(group.rawValue, 10) + lines.joined(separator: "\n" + String(repeating: " ", count: 12))
        }.joined(separator: "\n")
    }

    static func run(_ arguments: [String], io: CommandIO) throws(ReuseLabError) -> Int32 {
        let args = try Arguments(arguments, command: "replay",
                                 flagNames: ["-h", "--help", "--json", "--picture", "--frames", "--step", "--summary"],
                                 valueNames: ["--from", "--to", "--only"])
        if args.has("-h") || args.has("--help") { io.out(help); return 0 }
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw ReuseLabError(.usage, args.positionals.isEmpty
                ? "replay: expected a trace file; see 'reuselab replay --help'"
                : "replay: expected one trace file, got \(args.positionals.count); see 'reuselab replay --help'")
        }
        try checkCombinations(args)
        if args.has("--step") && path == "-" {
            throw ReuseLabError(.usage, "replay: --step reads its commands from standard input, so the trace cannot come from there; name the trace file")
        }
        let filter = try onlyFilter(args)
        let from = try args.int("--from", command: "replay", default: 0, range: 0...Int.max / 2)
        let to = try args.int("--to", command: "replay", default: Int.max / 2, range: 0...Int.max / 2)
        if from > to {
            throw ReuseLabError(.usage, "replay: --from \(from) comes after --to \(to)")
        }

        let file = InputFile.displayName(path)
        let bytes = try InputFile.read(path, limit: TraceReader.maximumBytes)
        let trace = try CheckedTraceReader.read(bytes: bytes, file: file)
        let timeline = try ReplayTimeline(trace: trace, file: file)
        if args.values["--from"] != nil, from > (timeline.lastSeq ?? -1) {
            throw ReuseLabError(.usage, timeline.lastSeq.map { "replay: --from \(from) is past the last step of \(file), step \($0)" }
                                ?? "replay: --from \(from): \(file) has no events")
        }

        if args.has("--summary") {
            let report = try TraceMetrics.measure(bytes: bytes, file: file)
            let summary = ReplaySummary(timeline: timeline, report: report)
            io.out(args.has("--json") ? ReplayReport.summaryJSON(summary, report: report, file: file)
                                      : ReplayReport.summaryText(summary, report: report, style: .detect(), width: io.width))
            return 0
        }
        if args.has("--json") {
            for annotation in timeline.annotations[range(from, to, in: timeline)] where filter?.matches(annotation) ?? true {
                io.out(ReplayReport.jsonLine(annotation))
            }
            return 0
        }
        let layout = StepLayout(timeline: timeline, style: .detect(), width: io.width)
        if args.has("--step") {
            var stepper = ReplayStepper(timeline: timeline, layout: layout, start: from, pictureEachStep: args.has("--picture"))
            if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1, StepperTerminal.run(&stepper, out: io.out) {
                return 0
            }
            stepper.run(lines: { readLine(strippingNewline: true) }, out: io.out)
            return 0
        }
        let selected = timeline.annotations[range(from, to, in: timeline)].filter { filter?.matches($0) ?? true }
        let listing = ReplayListing(timeline: timeline, layout: layout, selected: selected,
                                    groupByFrame: args.has("--frames"), picture: args.has("--picture"))
        io.out(listing.text())
        return 0
    }

    /// Steps `from` through `to`, within the trace.
    static func range(_ from: Int, _ to: Int, in timeline: ReplayTimeline) -> Range<Int> {
        let end = min(to, timeline.count - 1) + 1
        return min(from, end)..<end
    }

    /// Options that mean nothing together are refused rather than ignored.
    static func checkCombinations(_ args: Arguments) throws(ReuseLabError) {
        let rules: [(option: String, excludes: [String])] = [
            ("--step", ["--summary", "--json", "--only", "--to", "--frames"]),
            ("--summary", ["--only", "--from", "--to", "--frames", "--picture"]),
            ("--json", ["--frames", "--picture"]),
        ]
        for rule in rules where args.has(rule.option) {
            for other in rule.excludes where args.has(other) || args.values[other] != nil {
                throw ReuseLabError(.usage, "replay: \(rule.option) cannot be combined with \(other); see 'reuselab replay --help'")
            }
        }
    }

    /// The filter `--only` names, nil without `--only`.
    static func onlyFilter(_ args: Arguments) throws(ReuseLabError) -> EventFilter? {
        guard let list = args.values["--only"] else { return nil }
        let filter: EventFilter
        do throws(EventFilter.UnknownName) {
            filter = try EventFilter.parse(list)
        } catch {
            throw ReuseLabError(.usage, "replay: --only: " + ReplayStepper.unknownNameMessage(error) + "; see 'reuselab replay --help' for the kinds")
        }
        guard !filter.isEmpty else {
            throw ReuseLabError(.usage, "replay: --only needs at least one event kind or group, as in --only init,prepareForReuse or --only reuse")
        }
        return filter
    }
}
