import TraceFormat
import Replay
import Diff

/// `reuselab diff A B`: where two traces of one scenario part ways, and what each costs.
enum DiffCommand {
    static let help = """
    Usage: reuselab diff A B [--context N] [--only LIST] [--all] [--json]

    Compares two traces — usually one scenario recorded under two strategies or
    two profiles. Their lifecycle and loading events are aligned (longest common
    subsequence, Myers' algorithm) by what they mean — kind, row, image, cause —
    ignoring times, request numbers and cell ids. It shows where they first part
    ways and why (each side's own explanation), the changed stretches side by
    side, and a table of what each costs, with the better side on each metric.
    It warns when the traces come from different scenarios.

    Options:
      --context N   unchanged events shown around each change (default 3)
      --only LIST   compare only these event kinds or groups (as in replay --only)
      --all         show every changed stretch, not just the first 3
      --json        print one JSON object
      -h, --help    show this help

    Exit status: 0 when the traces are equivalent, 1 when they differ, as diff(1)
    does; 64, 65, 66 or 67 for errors (see reuselab --help).

    """

    static func run(_ arguments: [String], io: CommandIO) throws(ReuseLabError) -> Int32 {
        let args = try Arguments(arguments, command: "diff", flagNames: ["-h", "--help", "--json", "--all"], valueNames: ["--context", "--only"])
        if args.has("-h") || args.has("--help") { io.out(help); return 0 }
        guard args.positionals.count == 2 else {
            throw ReuseLabError(.usage, "diff: expected two trace files, got \(args.positionals.count); see 'reuselab diff --help'")
        }
        if args.positionals[0] == "-" && args.positionals[1] == "-" {
            throw ReuseLabError(.usage, "diff: standard input can be read only once; give at most one of the two traces as -")
        }
        let context = try args.int("--context", command: "diff", default: 3, range: 0...1000)
        var kinds = DiffKeyMaker.defaultKinds
        if let only = args.values["--only"] {
            let filter: EventFilter
            do {
                filter = try EventFilter.parse(only)
            } catch {
                throw ReuseLabError(.usage, "diff: --only: " + ReplayStepper.unknownNameMessage(error) + "; see 'reuselab replay --help' for the kinds")
            }
            guard !filter.isEmpty else { throw ReuseLabError(.usage, "diff: --only needs at least one event kind or group") }
            // The stale group compares what image views and frames show.
            kinds = filter.kinds.union(filter.groups.flatMap { $0 == .stale ? [.imageSet, .frame] : Array($0.kinds) })
        }
        let diff = try TraceDiff.compare(pathA: args.positionals[0], pathB: args.positionals[1], kinds: kinds, context: context,
                                         maximumHunks: args.has("--json") || args.has("--all") ? 200 : 3)
        if args.has("--json") {
            io.out(JSONWriter.compact(DiffReportJSON.json(diff)) + "\n")
        } else {
            io.out(DiffReportText.text(diff, style: .detect(), width: io.width))
        }
        return diff.equivalent ? 0 : 1
    }
}
