import Foundation
import TraceFormat
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
        ],
        description: """
        Records a scenario of N rows, with the app strategy NAME, scrolled from top
        to bottom and back with drags and flings, writes the trace to memory, reads
        it back and validates it, then prints events per second for each stage and
        the peak memory (resident set) of the process.

        With --diff it records that scenario (66000 rows by default: a million
        events) twice, with NAME and with the --against strategy, writes both traces
        to temporary files, and times 'reuselab diff' of the two files: seconds,
        events per second, the peak memory while comparing and how much of it the
        comparison added (where the high-water mark can be reset, as on Linux;
        elsewhere the whole run's peak).
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
            OptionDeclaration(long: "--json", kind: .flag, meaning: "print one JSON object"),
        ],
        examples: [
            CommandExample(command: "reuselab bench --rows 100000", meaning: "record 100000 rows with the plain strategy"),
            CommandExample(command: "reuselab bench --diff --rows 1000 --json", meaning: "a small diff benchmark, as JSON"),
        ])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let comparing = line.flag("--diff"), json = line.flag("--json")
        let rows = line.integer("--rows") ?? (comparing ? 66_000 : 10_000)
        let strategy = line.text("--strategy") ?? (comparing ? "async-no-reset" : "plain")
        if comparing {
            return try DiffBench.run(rows: rows, strategies: (strategy, line.text("--against") ?? "async-reset"), json: json, io: io)
        }
        guard line.text("--against") == nil else {
            throw ReuseLabError(.usage, "bench: --against goes with --diff; see 'reuselab bench --help'")
        }
        let scenario = benchmarkScenario(rows: rows, strategy: strategy)

        let recordStart = DispatchTime.now()
        let trace = try Recorder.record(scenario)
        let recordSeconds = seconds(since: recordStart)
        let writeStart = DispatchTime.now()
        let text = TraceWriter.text(trace)
        let writeSeconds = seconds(since: writeStart)
        let bytes = Array(text.utf8)
        let validateStart = DispatchTime.now()
        let summary = try TraceValidator.validate(bytes: bytes, file: "<benchmark>")
        let validateSeconds = seconds(since: validateStart)
        let peak = peakResidentBytes()
        let count = trace.events.count

        if json {
            var out = JSONObjectBuilder()
            out.add("rows", rows)
            out.add("strategy", strategy)
            out.add("events", count)
            out.add("traceBytes", bytes.count)
            out.add("recordEventsPerSecond", Int(Double(count) / recordSeconds))
            out.add("writeEventsPerSecond", Int(Double(count) / writeSeconds))
            out.add("validateEventsPerSecond", Int(Double(summary.eventCount) / validateSeconds))
            out.add("peakResidentBytes", peak.map { JSONValue.number(Double($0)) } ?? .null)
            io.out(JSONWriter.compact(out.value) + "\n")
            return 0
        }
        let width = io.width
        io.out(TextWrap.paragraph("benchmark: \(rows) rows, strategy \(strategy), \(count) events, trace \(InputFile.describeSize(bytes.count))", width: width)
            + TextWrap.row("  record    " + format(seconds: recordSeconds) + "  ", "\(perSecond(count, recordSeconds)) events/s", width: width)
            + TextWrap.row("  write     " + format(seconds: writeSeconds) + "  ", "\(perSecond(count, writeSeconds)) events/s", width: width)
            + TextWrap.row("  validate  " + format(seconds: validateSeconds) + "  ",
                           "\(perSecond(summary.eventCount, validateSeconds)) events/s (read back and folded through ReplayState)", width: width)
            + TextWrap.row("  peak memory (resident) ", peak.map { InputFile.describeSize($0) } ?? "unknown on this system", width: width)
            + "\n")
        return 0
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
