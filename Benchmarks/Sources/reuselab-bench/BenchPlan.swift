/// What the benchmark runs, in the order of a round and of the table: the everyday
/// commands on the bundled content, two recordings of the benchmark scenario, then
/// reading, replaying, stepping and comparing the recorded traces, each beside the
/// tool a user would reach for on the same files where that tool is on the PATH.
struct BenchPlan {
    var commands: [TimedCommand] = []
    /// Why a tool or a command was left out.
    var skipped: [String] = []
    /// The recorded traces: A (async-no-reset), which every reader reads, and B
    /// (async-reset), which A is compared with.
    var traceA: String
    var traceB: String
    /// The stepping session's commands, written once A's event count is known.
    var stepScript: String
    /// The largest bundled trace, whose page is drawn.
    var largestBundled: String?
    /// Where the page of the largest bundled trace is written.
    var page: String
    /// The index of the last recording in a round: once it has run the first time,
    /// the traces every later command reads exist.
    var lastRecording = 0

    init(options: BenchOptions, workspace: Workspace, bundledTraces: [String], tools: Tools) {
        let me = options.reuselab
        traceA = workspace.path("a.trace.json")
        traceB = workspace.path("b.trace.json")
        stepScript = workspace.path("step-commands.txt")
        page = workspace.path("page.html")

        // What a student meets first: a lesson, a bundled trace replayed, its page.
        if FileText.exists(options.lessons) {
            commands.append(TimedCommand(name: "lesson 1, to its first question", arguments: [me, "lesson", "1", "--lessons", options.lessons],
                                         note: "stops there: input ends"))
        } else {
            skipped.append("no lessons folder at \(options.lessons): the time to the first lesson not measured")
        }
        for trace in bundledTraces {
            commands.append(TimedCommand(name: "replay " + FileName.base(trace), arguments: [me, "replay", trace], bundledTrace: trace))
        }
        largestBundled = bundledTraces.max { (FileText.size($0) ?? 0) < (FileText.size($1) ?? 0) }
        if let largest = largestBundled {
            commands.append(TimedCommand(name: "html " + FileName.base(largest), arguments: [me, "html", largest, "-o", page],
                                         writes: page))
        } else {
            skipped.append("no bundled traces in \(options.traces): their replays and page not measured")
        }

        // Recording: the whole 'reuselab record -o' process, both strategies.
        for (file, strategy) in [(traceA, "async-no-reset"), (traceB, "async-reset")] {
            let scenario = workspace.path(strategy + ".scenario.json")
            commands.append(TimedCommand(name: "record (\(strategy))", arguments: [me, "record", scenario, "-o", file], writes: file))
            lastRecording = commands.count - 1
        }
        // Reading: validate beside python3 and jq on the same file.
        if let python = tools.python3 {
            commands.append(TimedCommand(name: "python3 json.load", arguments: [python, "-c", "import json,sys; json.load(open(sys.argv[1]))", traceA]))
        } else {
            skipped.append("python3 is not on the PATH: json.load not measured, validate's speed target not judged")
        }
        if let jq = tools.jq {
            commands.append(TimedCommand(name: "jq -c '.events[]'", arguments: [jq, "-c", ".events[]", traceA]))
        } else {
            skipped.append("jq is not on the PATH: not measured")
        }
        commands.append(TimedCommand(name: "validate", arguments: [me, "validate", traceA],
                                     comparison: tools.python3 == nil ? nil : .fasterThan("python3 json.load")))
        commands.append(TimedCommand(name: "stats", arguments: [me, "stats", traceA], comparison: .timeOf("validate")))
        // Replaying, each form set against validate, which reads and checks the same file.
        for form in [["--summary"], ["--json"], []] {
            commands.append(TimedCommand(name: (["replay"] + form).joined(separator: " ") + (form.isEmpty ? " (listing)" : ""),
                                         arguments: [me, "replay", traceA] + form, comparison: .timeOf("validate")))
        }
        // Stepping, from piped commands: to the last step and its picture, back, on to
        // the next STALE or LATE step, to the first, quit.
        commands.append(TimedCommand(name: "replay --step", arguments: [me, "replay", traceA, "--step"], input: stepScript,
                                     note: "g last, p, b, s, g 0, q"))
        // Comparing: diff beside GNU diff of the same two files.
        if let diff = tools.gnuDiff {
            commands.append(TimedCommand(name: "GNU diff", arguments: [diff, traceA, traceB], succeeds: [0, 1]))
        } else {
            skipped.append("GNU diff is not on the PATH: diff's speed target not judged")
        }
        commands.append(TimedCommand(name: "diff", arguments: [me, "diff", traceA, traceB],
                                     comparison: tools.gnuDiff == nil ? nil : .timeOf("GNU diff"), succeeds: [0, 1]))
    }
}

/// The other programs the benchmark sets reuselab beside, where they are installed.
struct Tools {
    var python3: String?
    var jq: String?
    /// `diff`, when it says it is GNU diff.
    var gnuDiff: String?

    static func find(scratch: String) -> Tools {
        var gnuDiff: String?
        if let diff = ProcessRun.find("diff"),
           let run = try? ProcessRun.run([diff, "--version"], output: scratch), run.status == 0,
           FileText.read(scratch)?.contains("GNU") == true {
            gnuDiff = diff
        }
        return Tools(python3: ProcessRun.find("python3"), jq: ProcessRun.find("jq"), gnuDiff: gnuDiff)
    }
}

/// File names as the table shows them.
enum FileName {
    /// "grid-fast-fling" for ".../traces/grid-fast-fling.trace.json".
    static func base(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.hasSuffix(".trace.json") ? String(name.dropLast(".trace.json".count)) : name
    }
}
