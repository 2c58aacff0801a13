import TraceModel
import ToolSupport
import TraceCoding
import Replay
import Diff

/// `reuselab diff A B`: where two traces of one scenario part ways, and what each costs.
enum DiffCommand: Subcommand {
    enum Options: CommandOptions {
        static let context = ValueOption.integer("--context", in: 0...1000, valueName: "N", defaultText: "3",
                                                 meaning: "unchanged events shown around each change")
        static let only = ValueOption.listAsWritten("--only", valueName: "LIST",
                                                    meaning: "compare only these event kinds and groups, comma-separated, as in replay --only (names below)",
                                                    suggestions: EventFilter.kindNames + EventFilter.collectionKindNames + EventFilter.groupNames)
        static let stretches = ValueOption.integer("--stretches", in: 0...100_000, valueName: "N", defaultText: "3",
                                                   meaning: "changed stretches shown side by side")
        static let everyStretch = FlagOption("--all", meaning: "show every changed stretch, each whole")
        static let stat = FlagOption("--stat", meaning: "print only the summary: the outcome and the tally by kind")
        static let json = FlagOption("--json", meaning: "print one JSON object")
        static let all: [any OptionKey] = [context, only, stretches, everyStretch, stat, json]
    }

    static let declaration = CommandDeclaration(
        name: "diff",
        summary: "compare two traces: where they part ways and what each costs",
        description: """
        Compares two traces (usually one scenario recorded under two strategies or
        two profiles). Their lifecycle and loading events are aligned (longest common
        subsequence, Myers' algorithm) by what they mean — kind, row, image, cause —
        ignoring times, request numbers and cell ids. It shows where they first part
        ways and why (each side's own explanation), the changed stretches side by
        side, and a table of what each costs, with the better side on each cost.
        When more events change than fit a screen, a tally by kind comes first, and
        a long stretch is cut short (--all shows it whole). It warns when the traces
        come from different scenarios.
        """,
        positionals: [
            PositionalDeclaration(name: "A", meaning: "the first trace", standardInput: true),
            PositionalDeclaration(name: "B", meaning: "the second trace", standardInput: true),
        ],
        options: Options.all,
        sections: [
            HelpSection(title: "Names for --only", text: """
            Groups: \(EventFilter.groupNames.joined(separator: ", ")) (the kinds each holds: 'reuselab replay --help').

            Event kinds: \(EventFilter.kindNames.joined(separator: ", ")).

            A collection view's names for the same kinds are taken too: \(EventFilter.collectionKindNames.joined(separator: ", ")).
            """),
            HelpSection(title: "Exit status", text: """
            0 when the traces are equivalent, 1 when they differ, as diff(1) does; 64,
            65, 66 or 67 for errors (see reuselab --help).
            """),
        ],
        examples: [
            CommandExample(command: "reuselab diff traces/prefetch-off.trace.json traces/prefetch-on.trace.json",
                           meaning: "what prefetching changes, and what it costs"),
            CommandExample(command: "reuselab diff no-reset.trace.json reset.trace.json --only reuse,stale --all",
                           meaning: "only reuses and stale images, every changed stretch"),
            CommandExample(command: "reuselab diff traces/images-plain.trace.json traces/images-task-identity-cancel.trace.json --stat",
                           meaning: "how much of each kind of event differs"),
        ])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let pathA = line.positionals[0], pathB = line.positionals[1]
        if pathA == "-" && pathB == "-" {
            throw ReuseLabError(.usage, "diff: standard input can be read only once; give at most one of the two traces as -")
        }
        let json = line[Options.json], all = line[Options.everyStretch], stat = line[Options.stat]
        if json && stat { throw ReuseLabError(.usage, "diff: --stat and --json cannot be used together; --json has the tally as byKind") }
        let stretches = stat ? 0 : (all ? Int.max : line[Options.stretches] ?? (json ? 200 : 3))
        let diff = try TraceDiff.compare(pathA: pathA, pathB: pathB, kinds: try kinds(line[Options.only]),
                                         context: line[Options.context] ?? 3, maximumHunks: stretches)
        let output = BufferedOutput(io)
        if json {
            DiffReportJSON.write(diff, to: output)
        } else {
            var shown = DiffReportText.Shown()
            shown.rowsPerStretch = all ? nil : DiffReportText.screenful
            shown.summaryOnly = stat
            DiffReportText.write(diff, style: .detect(), width: io.width, shown: shown, to: output)
        }
        output.flush()
        return diff.equivalent ? 0 : 1
    }

    /// The event kinds to compare: those `only` names, in any case (the parser
    /// has refused an empty list and empty items), the stale group standing for
    /// what image views and frames show; the diff's default kinds without `--only`.
    static func kinds(_ only: String?) throws(ReuseLabError) -> Set<EventKind> {
        guard let only else { return DiffKeyMaker.defaultKinds }
        let filter: EventFilter
        do throws(EventFilter.UnknownName) {
            filter = try EventFilter.parse(only)
        } catch {
            throw ReuseLabError(.usage, "diff: --only: " + ReplayStepper.unknownNameMessage(error) + "; see 'reuselab diff --help' for the names")
        }
        return filter.kinds.union(filter.groups.flatMap { $0 == .stale ? [.imageSet, .frame] : Array($0.kinds) })
    }
}
