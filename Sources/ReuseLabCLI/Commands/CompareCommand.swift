import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Strategies
import Recorder
import Comparison

/// `reuselab compare`: many strategies side by side, over seeds and networks, or
/// two or more traces. The work is the Comparison module's; this reads the
/// command line and picks the output.
enum CompareCommand: Subcommand {
    enum Options: CommandOptions {
        static let strategies = ValueOption.list("--strategies", choices: ["all"] + StrategyCatalog.names + StrategyCatalog.collectionNames.filter { !StrategyCatalog.names.contains($0) }, valueName: "LIST",
                                                 meaning: "record the scenario under these strategies, comma-separated, or all of them ('reuselab strategies' lists them)")
        static let seeds = ValueOption.text("--seeds", valueName: "SEEDS", defaultText: "the scenario's seed",
                                            meaning: "the seeds to record with: N, A-B, or a comma list such as 1-5,9")
        static let profile = ValueOption.choice("--profile", of: TableProfile.self, defaultText: "the scenario's",
                                                meaning: "the table view profile for every recording")
        static let network = ValueOption.list("--network", choices: NetworkCondition.names, valueName: "NAMES", defaultText: "scenario",
                                              meaning: "the networks to record on, comma-separated (below); one table each")
        static let jitter = ValueOption.number("--jitter", in: 0...MainThreadSpec.maximumJitter, valueName: "FRACTION",
                                               defaultText: "the scenario's, else 0.15 over several seeds",
                                               meaning: "how much each piece of main-thread work varies: 0.15 is ±15%, 0 none")
        static let baseline = ValueOption.text("--baseline", valueName: "NAME", defaultText: "the first named that shows images",
                                               meaning: "the strategy (or trace) every other is set against, seed by seed")
        static let jobs = ValueOption.integer("--jobs", in: 1...256, valueName: "N", defaultText: "one per core",
                                              meaning: "how many recordings (or traces) at once")
        static let csv = FlagOption("--csv", meaning: "print CSV: a summary line per metric and column, a line per seed")
        static let json = FlagOption("--json", meaning: "print one JSON object")
        static let markdown = FlagOption("--markdown", meaning: "print Markdown tables")
        static let svg = ValueOption.path("--svg", valueName: "FILE",
                                          meaning: "also write a chart of six headline metrics to FILE (- for standard output instead of the table), atomically")
        static let force = FlagOption("--force", meaning: "replace the --svg FILE even if it is not a chart reuselab wrote, or is read-only")
        static let all: [any OptionKey] = [strategies, seeds, profile, network, jitter, baseline, jobs, csv, json, markdown, svg, force]
    }

    static let declaration = CommandDeclaration(
        name: "compare",
        summary: "compare strategies over seeds and networks, or several traces",
        usage: [
            "SCENARIO --strategies all|LIST [--seeds SEEDS] [--profile modern|classic] [--network NAMES] [--jitter FRACTION] [--baseline NAME] [--jobs N] [--csv|--json|--markdown] [--svg FILE [--force]]",
            "TRACE TRACE... [--baseline NAME] [--jobs N] [--csv|--json|--markdown] [--svg FILE [--force]]",
        ],
        description: """
        Puts strategies side by side on every metric of 'reuselab stats'. With a
        scenario and --strategies, it records the scenario under each strategy and
        each seed, in memory and in parallel. A seed draws every latency and
        failure and, over several seeds, how long each piece of main-thread work
        takes (±15% unless --jitter or the scenario says otherwise). Each cell is
        the median over the seeds and its 95% interval [low, high], from order
        statistics (6 seeds or more; min–max below that). A second table sets
        every strategy against the baseline seed by seed: the median per-seed
        difference, and where its 95% interval is clear of 0, a mark: ✓ for
        better, ✗ for worse.
        With two or more traces, it measures each as 'stats' does. Without --seeds
        each strategy is recorded once, with the scenario's seed: one recording
        proves little.

        Rows are grouped: user-visible cost, work, memory, how it works. On a cost,
        a column is marked '*' best only when its interval lies wholly below every
        other column's and seed by seed it is lower than each; one recording per
        column (one seed, or traces) marks nothing. A strategy whose first complete
        screen comes last is not marked best on image waits, stale images or
        hitches ('‡'): it made rows wait before the list showed. Rows under "how it
        works" describe and are never marked. Columns that do not fit the terminal
        go into further tables.
        """,
        positionals: [
            PositionalDeclaration(name: "FILE", meaning: "one scenario (with --strategies), or two or more traces",
                                  count: .many(minimum: 1), standardInput: true),
        ],
        options: Options.all,
        sections: [
            HelpSection(title: "Networks", text: networkHelp),
            HelpSection(title: "Limits", text: """
            At most \(StrategyRuns.maximumRuns) recordings (strategies × seeds × networks) in one
            comparison. Every recording is held to the limits of 'reuselab record':
            one that record would refuse as too large (past \(Recorder.maximumRecordingSize / 1_000_000) million
            entries, or a trace over \(InputFile.describeSize(TraceReader.maximumBytes))) refuses the comparison with
            exit status 67, naming its strategy, seed and network. A strategy that
            cannot run on the scenario (batch-paging on a table with sections, say) is
            skipped with the reason, under its table.
            """),
        ],
        examples: [
            CommandExample(command: "reuselab compare traces/images-plain.scenario.json --strategies all --network long-tail --seeds 1-20 --svg compare.svg",
                           meaning: "every strategy on a long-tailed network over 20 seeds, and a chart"),
            CommandExample(command: "reuselab compare traces/images-async-no-reset.trace.json traces/images-async-reset.trace.json",
                           meaning: "two recorded traces side by side"),
        ])

    /// The presets as a table, from `NetworkCondition.all`: lines that start with
    /// two spaces are printed as written, so they are wrapped here, to the 80 columns help has (78 and the section's indent).
    static var networkHelp: String {
        var out = ""
        for network in NetworkCondition.all {
            let what = network == .scenario ? network.summary
                : network.summary + ": " + NetworkCondition.describe(network.applied(to: NetworkSpec()))
            out += TextWrap.row("  " + TextWrap.pad(network.name, 11), what, width: 78)
        }
        return out + "\nA preset sets the latency, bandwidth and failure rate; the scenario's connections per host and slow rows stay as written."
    }

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let paths = line.positionals
        let formats = [Options.csv, Options.json, Options.markdown].filter { line[$0] }
        guard formats.count <= 1 else {
            throw ReuseLabError(.usage, "compare: \(formats.map(\.long).joined(separator: " and ")) cannot be combined; give one of --csv, --json, --markdown")
        }
        let svg = line[Options.svg]
        let svgToStandardOutput = svg.map(OutputFile.isStandardOutput) ?? false
        if svgToStandardOutput, let format = formats.first {
            throw ReuseLabError(.usage, "compare: --svg - prints the chart on standard output in place of the table, so it cannot be combined with \(format.long)")
        }
        if paths.filter({ $0 == "-" }).count > 1 {
            throw ReuseLabError(.usage, "compare: standard input can be read only once; give - at most once")
        }
        if let svg {
            for path in paths {
                try InputOverwriteCheck.check(svg, input: path, refusal: "an input of this comparison; refusing to write the chart over it",
                                              permission: svgPermission(force: line[Options.force]))
            }
        }
        let comparison: Comparison
        if let strategyList = line[Options.strategies] {
            comparison = try compareScenario(line, paths: paths, strategyList: strategyList)
        } else {
            comparison = try compareTraces(line, paths: paths)
        }
        if let svg, svgToStandardOutput {
            try OutputFile.write(ComparisonSVG.svg(comparison).utf8, to: svg, permission: svgPermission(force: true), standardOutput: io.out)
            return 0
        }
        if line[Options.csv] {
            io.out(ComparisonCSV.csv(comparison))
        } else if line[Options.json] {
            io.out(JSONWriter.compact(ComparisonJSON.json(comparison)) + "\n")
        } else if line[Options.markdown] {
            io.out(ComparisonMarkdown.markdown(comparison))
        } else {
            io.out(ComparisonText.text(comparison, width: io.width))
        }
        if let svg {
            let chart = ComparisonSVG.svg(comparison)
            try OutputFile.write(chart.utf8, to: svg, permission: svgPermission(force: line[Options.force]), standardOutput: io.out)
            if formats.isEmpty {
                io.out("\n" + TextWrap.paragraph("Wrote \(VisibleText.escape(svg)) (\(InputFile.describeSize(chart.utf8.count))): a bar chart of six headline metrics per network; open it in a browser.", width: io.width))
            }
        }
        return 0
    }

    /// `compare SCENARIO --strategies …`.
    static func compareScenario(_ line: ParsedCommandLine, paths: [String], strategyList: [String]) throws(ReuseLabError) -> Comparison {
        guard paths.count == 1 else {
            throw ReuseLabError(.usage, "compare: --strategies records one scenario, but \(paths.count) files were given; to compare traces, leave out --strategies")
        }
        let scenario = try ComparisonInput.scenario(path: paths[0])
        let strategies = try self.strategies(strategyList, list: scenario.list)
        let networks = try self.networks(line[Options.network] ?? [NetworkCondition.scenario.name])
        if scenario.list.isCollection, line.contains(Options.profile) {
            throw ReuseLabError(.usage, "compare: --profile does not apply to a collection view (profiles are table view behaviours)")
        }
        var seeds: SeedList?
        if let text = line[Options.seeds] {
            let most = StrategyRuns.maximumRuns / max(1, strategies.count * networks.count)
            let why = "\(strategies.count) strateg\(strategies.count == 1 ? "y" : "ies") × \(networks.count) network\(networks.count == 1 ? "" : "s"), and at most \(StrategyRuns.maximumRuns) recordings in one comparison"
            seeds = try SeedList.parse(text, maximumCount: max(1, most), limit: why)
        }
        let runs = StrategyRuns(scenario: scenario, file: InputFile.displayName(paths[0]), strategies: strategies,
                                seeds: seeds, networks: networks, profile: line[Options.profile], jobs: line[Options.jobs],
                                jitter: line[Options.jitter], baseline: line[Options.baseline])
        return try runs.compare()
    }

    /// `compare TRACE TRACE...`.
    static func compareTraces(_ line: ParsedCommandLine, paths: [String]) throws(ReuseLabError) -> Comparison {
        let scenarioOnly: [any OptionKey] = [Options.seeds, Options.profile, Options.network, Options.jitter]
        let given = scenarioOnly.filter { line.contains($0) }.map(\.long)
        if !given.isEmpty {
            throw ReuseLabError(.usage, "compare: \(given.joined(separator: ", ")) \(given.count == 1 ? "applies" : "apply") to a scenario recorded with --strategies, not to traces already recorded")
        }
        guard paths.count >= 2 else {
            if let path = paths.first, path != "-", (try? ComparisonInput.scenario(path: path)) != nil {
                throw ReuseLabError(.usage, "compare: \(VisibleText.shortened(path)) is a scenario: say which strategies to record it under, as in --strategies all")
            }
            throw ReuseLabError(.usage, "compare: give two or more traces, or one scenario with --strategies; see 'reuselab compare --help'")
        }
        return try TraceRuns.compare(paths: paths, jobs: line[Options.jobs], baseline: line[Options.baseline])
    }

    /// The strategies `--strategies` names: `all` alone (every strategy that runs
    /// on the scenario's kind of list), or names each given once.
    static func strategies(_ list: [String], list kind: ListStyle) throws(ReuseLabError) -> [String] {
        if list.contains("all") {
            guard list.count == 1 else {
                throw ReuseLabError(.usage, "compare: --strategies all stands alone; give all, or a list of names")
            }
            return kind.isCollection ? StrategyCatalog.collectionNames : StrategyCatalog.names
        }
        return try distinct(list, option: Options.strategies.long)
    }

    static func networks(_ list: [String]) throws(ReuseLabError) -> [NetworkCondition] {
        try distinct(list, option: Options.network.long).compactMap(NetworkCondition.named)
    }

    static func distinct(_ list: [String], option: String) throws(ReuseLabError) -> [String] {
        var seen = Set<String>()
        for item in list where !seen.insert(item).inserted {
            throw ReuseLabError(.usage, "compare: \(option) names \(item) twice; give each once")
        }
        return list
    }

    /// Charts may replace charts this command wrote; any other file needs --force.
    static func svgPermission(force: Bool) -> OutputFile.Permission {
        OutputFile.Permission(force: force) { path in ComparisonSVG.whyNotOurs(path: path) }
    }
}
