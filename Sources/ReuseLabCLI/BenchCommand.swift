import Foundation
import TraceFormat
import Recorder
import Strategies

/// `reuselab bench`: how fast the engine records and how much memory it takes.
enum BenchCommand {
    static let help = """
    Usage: reuselab bench [--rows N] [--strategy NAME] [--json]

    Records a scenario of N rows (default 10000), with the app strategy NAME
    (default plain; see 'reuselab strategies'), scrolled from top to bottom and
    back with drags and flings, writes the trace to memory, reads it back and
    validates it, then prints events per second for each stage and the peak memory
    (resident set) of the process.

    """

    static func run(_ arguments: [String], io: CommandIO) throws(ReuseLabError) -> Int32 {
        let args = try Arguments(arguments, command: "bench", flagNames: ["-h", "--help", "--json"], valueNames: ["--rows", "--strategy"])
        if args.has("-h") || args.has("--help") { io.out(help); return 0 }
        let rows = try args.int("--rows", command: "bench", default: 10_000, range: 100...1_000_000)
        let strategy = args.values["--strategy"] ?? "plain"
        guard StrategyCatalog.named(strategy) != nil else {
            throw ReuseLabError(.usage, "bench: unknown strategy \(VisibleText.escape(strategy)); see 'reuselab strategies'")
        }
        let height = Double(rows) * 44
        var script: [ScriptStep] = []
        // A long scroll: steady drags and flings all the way down, then back up.
        var travelled = 0.0
        while travelled < height {
            script.append(.drag(by: 2_000, ms: 1_000))
            script.append(.fling(velocity: 6_000, deceleration: DecelerationRate.normal))
            travelled += 2_000 + 6_000 * 0.5
        }
        script.append(.fling(velocity: -8_000, deceleration: DecelerationRate.normal))
        script.append(.scrollTo(row: 0, position: .top, animated: true))
        script.append(.disappear)
        let scenario = Scenario(title: "Benchmark: \(rows) rows scrolled end to end", profile: .modern,
                                table: TableSpec(rows: rows, rowHeight: 44, viewportHeight: 844, contentInsetTop: 47, contentInsetBottom: 34),
                                strategy: strategy, prefetching: true, script: script)

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

        if args.has("--json") {
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
        io.out("""
        benchmark: \(rows) rows, strategy \(strategy), \(count) events, trace \(InputFile.describeSize(bytes.count))
          record    \(format(seconds: recordSeconds))  \(Int(Double(count) / recordSeconds)) events/s
          write     \(format(seconds: writeSeconds))  \(Int(Double(count) / writeSeconds)) events/s
          validate  \(format(seconds: validateSeconds))  \(Int(Double(summary.eventCount) / validateSeconds)) events/s (read back and folded through ReplayState)
          peak memory (resident) \(peak.map { InputFile.describeSize($0) } ?? "unknown on this system")

        """)
        return 0
    }

    static func seconds(since start: DispatchTime) -> Double {
        max(1e-9, Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9)
    }

    static func format(seconds: Double) -> String {
        let ms = (seconds * 10_000).rounded() / 10
        return (String(ms) + " ms").padding(toLength: 11, withPad: " ", startingAt: 0)
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
}
