import Foundation
import TraceModel
import ToolSupport
import TraceCoding
import Recorder
import Strategies

/// `reuselab bench`: how fast the engine records and how much memory it takes;
/// with `--diff`, how fast two large traces are compared (see `DiffBench`).
enum BenchCommand: Subcommand {
    static let declaration = CommandDeclaration(
        name: "bench",
        summary: "record a large scenario and print events per second and memory",
        usage: [
            "[--rows N] [--strategy NAME] [--json]",
            "--diff [--rows N] [--strategy NAME] [--against NAME] [--json]",
            "--tools [--rows N] [--json]",
        ],
        description: """
        Records a scenario of N rows, with the app strategy NAME, scrolled from top
        to bottom and back with drags and flings, as 'reuselab record -o' does:
        simulated, checked and written to a temporary file; then times the engine
        alone and the writing alone, reads the file back and validates it, and
        prints events per second for each, the peak memory (resident set) of the
        recording and of the whole run.

        With --diff it records that scenario (66000 rows by default: a million
        events) twice, with NAME and with the --against strategy, writes both traces
        to temporary files, and times 'reuselab diff' of the two files: seconds,
        events per second, the peak memory while comparing and how much of it the
        comparison added (where the high-water mark can be reset, as on Linux;
        elsewhere the whole run's peak).

        With --tools it records two traces (async-no-reset and async-reset, 66000
        rows by default: about a million events each) and runs reuselab's commands
        on them, each as its own process, beside python3's json.load and jq on the
        same file and GNU diff of the same two files, where those are on the PATH:
        the time and peak memory of each, and how many times faster validate is
        than json.load, replay and stats than validate, diff than GNU diff; and,
        where /proc/stat says (Linux), how much of the machine's CPU time its host
        and other processes took meanwhile.
        """,
        options: [
            OptionDeclaration(long: "--rows", kind: .integer(100...1_000_000), valueName: "N",
                              defaultText: "10000; 66000 with --diff", meaning: "rows in the scenario"),
            OptionDeclaration(long: "--strategy", kind: .choice(StrategyCatalog.names), valueName: "NAME",
                              defaultText: "plain; async-no-reset with --diff",
                              meaning: "the app strategy, one of those 'reuselab strategies' lists"),
            OptionDeclaration(long: "--diff", kind: .flag, meaning: "time 'reuselab diff' of two recordings instead"),
            OptionDeclaration(long: "--against", kind: .choice(StrategyCatalog.names), valueName: "NAME",
                              defaultText: "async-reset", meaning: "with --diff: the strategy of the second recording"),
            OptionDeclaration(long: "--tools", kind: .flag, meaning: "time the commands as processes beside python3, jq and GNU diff"),
            OptionDeclaration(long: "--json", kind: .flag, meaning: "print one JSON object"),
        ],
        examples: [
            CommandExample(command: "reuselab bench --rows 100000", meaning: "record 100000 rows with the plain strategy"),
            CommandExample(command: "reuselab bench --diff --rows 1000 --json", meaning: "a small diff benchmark, as JSON"),
        ])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let comparing = line.flag("--diff"), json = line.flag("--json")
        if line.flag("--tools") {
            guard !comparing, line.text("--strategy") == nil, line.text("--against") == nil else {
                throw ReuseLabError(.usage, "bench: --tools records its own two strategies; it takes only --rows and --json")
            }
            return try ToolBench.run(rows: line.integer("--rows") ?? 66_000, json: json, io: io)
        }
        let rows = line.integer("--rows") ?? (comparing ? 66_000 : 10_000)
        let strategy = line.text("--strategy") ?? (comparing ? "async-no-reset" : "plain")
        if comparing {
            return try DiffBench.run(rows: rows, strategies: (strategy, line.text("--against") ?? "async-reset"), json: json, io: io)
        }
        guard line.text("--against") == nil else {
            throw ReuseLabError(.usage, "bench: --against goes with --diff; see 'reuselab bench --help'")
        }
        let scenario = benchmarkScenario(rows: rows, strategy: strategy)
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tracePath = folder.appendingPathComponent("bench.trace.json").path
        let ignore: (String) -> Void = { _ in }

        // The whole job, as 'reuselab record -o' does it: the engine on one thread,
        // checking and writing the trace to a file on another. First, so the peak so far is its own.
        let recordStart = DispatchTime.now()
        let count = try Recorder.record(scenario, to: tracePath, permission: .ours, standardOutput: ignore)
        let recordSeconds = seconds(since: recordStart)
        let recordPeak = peakResidentBytes()
        // Its parts: the engine alone, and writing alone (the same trace to a second file).
        let simulateStart = DispatchTime.now()
        let trace = try Recorder.simulate(scenario)
        let simulateSeconds = seconds(since: simulateStart)
        let writeStart = DispatchTime.now()
        let byteCount = try Recorder.write(trace, to: folder.appendingPathComponent("again.trace.json").path, permission: .ours, standardOutput: ignore)
        let writeSeconds = seconds(since: writeStart)
        let validateStart = DispatchTime.now()
        let summary = try TraceValidator.validate(path: tracePath)
        let validateSeconds = seconds(since: validateStart)
        let peak = peakResidentBytes()

        if json {
            var out = JSONObjectBuilder()
            out.add("rows", rows)
            out.add("strategy", strategy)
            out.add("events", count)
            out.add("traceBytes", byteCount)
            out.add("recordSeconds", recordSeconds)
            out.add("recordEventsPerSecond", perSecond(count, recordSeconds))
            out.add("recordPeakResidentBytes", recordPeak.map { JSONValue.number(Double($0)) } ?? .null)
            out.add("simulateEventsPerSecond", perSecond(count, simulateSeconds))
            out.add("writeEventsPerSecond", perSecond(count, writeSeconds))
            out.add("validateEventsPerSecond", perSecond(summary.eventCount, validateSeconds))
            out.add("peakResidentBytes", peak.map { JSONValue.number(Double($0)) } ?? .null)
            io.out(JSONWriter.compact(out.value) + "\n")
            return 0
        }
        let width = io.width
        let unknown = "unknown on this system"
        io.out(TextWrap.paragraph("benchmark: \(rows) rows, strategy \(strategy), \(count) events, trace \(InputFile.describeSize(byteCount))", width: width)
            + TextWrap.row("  record    " + format(seconds: recordSeconds) + "  ",
                           "\(perSecond(count, recordSeconds)) events/s (simulated, checked and written to a file), peak memory \(recordPeak.map { InputFile.describeSize($0) } ?? unknown)", width: width)
            + TextWrap.row("  simulate  " + format(seconds: simulateSeconds) + "  ", "\(perSecond(count, simulateSeconds)) events/s (the engine alone)", width: width)
            + TextWrap.row("  write     " + format(seconds: writeSeconds) + "  ", "\(perSecond(count, writeSeconds)) events/s (the trace alone, to a file)", width: width)
            + TextWrap.row("  validate  " + format(seconds: validateSeconds) + "  ",
                           "\(perSecond(summary.eventCount, validateSeconds)) events/s (read back from the file and folded through ReplayState)", width: width)
            + TextWrap.row("  peak memory (resident) ", peak.map { InputFile.describeSize($0) } ?? unknown, width: width)
            + "\n")
        return 0
    }

    /// A new folder for the benchmark's files, which the caller removes.
    static func temporaryFolder() throws(ReuseLabError) -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reuselab-bench-\(UUID().uuidString)", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ReuseLabError(.cannotWrite, file: folder.path, "cannot make a temporary folder: \(error.localizedDescription)")
        }
        return folder
    }

    /// A table of `rows` rows scrolled from top to bottom with steady drags and
    /// flings, then flung back up and scrolled to the top.
    static func benchmarkScenario(rows: Int, strategy: String) -> Scenario {
        let height = Double(rows) * 44
        var script: [ScriptStep] = []
        var travelled = 0.0
        while travelled < height {
            script.append(.drag(by: 2_000, ms: 1_000))
            script.append(.fling(velocity: 6_000, deceleration: DecelerationRate.normal))
            travelled += 2_000 + 6_000 * 0.5
        }
        script.append(.fling(velocity: -8_000, deceleration: DecelerationRate.normal))
        script.append(.scrollTo(row: 0, position: .top, animated: true))
        script.append(.disappear)
        return Scenario(title: "Benchmark: \(rows) rows scrolled end to end", profile: .modern,
                        table: TableSpec(rows: rows, rowHeight: 44, viewportHeight: 844, contentInsetTop: 47, contentInsetBottom: 34),
                        strategy: strategy, prefetching: true, script: script)
    }

    static func seconds(since start: DispatchTime) -> Double {
        max(1e-9, Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
    }

    /// "12.3 ms", padded to 11 columns.
    static func format(seconds: Double) -> String {
        TextWrap.pad(ReadableNumber.ms(seconds * 1000), 11)
    }

    /// Events per second as a whole number (0 for a time too short to measure).
    static func perSecond(_ events: Int, _ seconds: Double) -> Int {
        let rate = Double(events) / seconds
        return rate.isFinite && rate < Double(Int.max) ? Int(rate) : 0
    }

    /// Peak resident set size from /proc (Linux), nil where that is not available.
    static func peakResidentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.filter(\.isNumber)
            return Int(digits).map { $0 * 1024 }
        }
        return nil
    }

    /// Resets the peak resident set size to the current one (Linux 4.0 and later,
    /// by writing 5 to /proc/self/clear_refs). False where that is not possible.
    static func resetPeakResident() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do { try handle.write(contentsOf: Data("5".utf8)) } catch { return false }
        return true
    }
}
