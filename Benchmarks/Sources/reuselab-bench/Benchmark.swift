#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of the benchmark, from the options to the results: the scenarios written,
/// the plan made, every command measured in rounds, the machine's load read around them.
enum Benchmark {
    static func run(_ options: BenchOptions) throws(BenchError) -> BenchResults {
        guard access(options.reuselab, X_OK) == 0 else {
            throw BenchError(.missingInput, "no reuselab binary at \(options.reuselab): run 'swift build -c release' in the project first, or pass --reuselab PATH")
        }
        let workspace = try Workspace()
        defer { workspace.remove() }
        let scratch = workspace.path("scratch.txt")
        let version = try? answer(of: [options.reuselab, "--version"], into: scratch)

        let strategies = (a: "async-no-reset", b: "async-reset")
        for strategy in [strategies.a, strategies.b] {
            try FileText.write(BenchScenario(rows: options.rows, strategy: strategy).json, to: workspace.path(strategy + ".scenario.json"))
        }
        let plan = BenchPlan(options: options, workspace: workspace, bundledTraces: bundledTraces(in: options.traces),
                             tools: Tools.find(scratch: scratch))

        var events = (a: 0, b: 0)
        let before = MachineLoad.Reading.now()
        let measurements = try Rounds.measure(plan, runs: options.runs) { () throws(BenchError) in
            events = (try eventCount(plan.traceA, options: options, scratch: scratch),
                      try eventCount(plan.traceB, options: options, scratch: scratch))
            try FileText.write("g \(max(0, events.a - 1))\np\nb\ns\ng 0\nq\n", to: plan.stepScript)
        }
        let after = MachineLoad.Reading.now()
        var load: MachineLoad?
        if let before, let after { load = MachineLoad(from: before, to: after) }
        // After the rounds, when this process's own high-water mark is as high as it got.
        let floor = try? ProcessRun.run(["true"]).peakBytes

        return BenchResults(
            options: options, machine: .current(), version: version, measurements: measurements,
            traceA: .init(strategy: strategies.a, events: events.a, bytes: FileText.size(plan.traceA)),
            traceB: .init(strategy: strategies.b, events: events.b, bytes: FileText.size(plan.traceB)),
            largestBundled: plan.largestBundled, pageBytes: FileText.size(plan.page), floorBytes: floor,
            load: load, skipped: plan.skipped)
    }

    /// The bundled traces in `folder`, by name; none when it is not there.
    static func bundledTraces(in folder: String) -> [String] {
        FileText.names(in: folder).filter { $0.hasSuffix(".trace.json") }.sorted().map { folder + "/" + $0 }
    }

    /// The events of a recorded trace, as `reuselab validate --json` counts them.
    static func eventCount(_ trace: String, options: BenchOptions, scratch: String) throws(BenchError) -> Int {
        let text = try answer(of: [options.reuselab, "validate", trace, "--json"], into: scratch)
        // One flat object: {"file":…,"valid":true,"events":1058980,…}.
        guard let member = text.firstRange(of: "\"events\":"),
              let events = Int(String(text[member.upperBound...].prefix { $0.isASCII && $0.isNumber })) else {
            throw BenchError(.failed, "reuselab validate --json gave no event count for \(trace): \(text)")
        }
        return events
    }

    /// What a command printed, when it succeeded.
    static func answer(of arguments: [String], into scratch: String) throws(BenchError) -> String {
        let run = try ProcessRun.run(arguments, output: scratch)
        guard run.status == 0, let text = FileText.read(scratch) else {
            throw BenchError(.failed, "\(arguments.joined(separator: " ")) ended with status \(run.status)")
        }
        return text.trimmed
    }
}
