/// A performance target of the project (issue 30) and whether a run met it.
///
/// The speed targets are set for a release build on traces of about a million
/// events (66,000 rows of the benchmark scenario), where starting a process no
/// longer counts; the memory targets hold at any size, since every command streams
/// its file and keeps only its state.
struct Target {
    enum Verdict: Equatable {
        case met
        case missed
        /// Not judged, and why: a tool was missing, or the system does not report memory.
        case notJudged(String)

        var word: String {
            switch self {
            case .met: "met"
            case .missed: "MISSED"
            case .notJudged: "not judged"
            }
        }
    }

    /// The command or commands it holds for.
    var subject: String
    var goal: String
    /// What this run measured, as the report shows it; nil when not judged.
    var measured: String?
    var verdict: Verdict

    /// Every target, judged against `results`.
    static func all(_ results: BenchResults) -> [Target] {
        var targets: [Target] = []

        // What a student feels first: a bundled trace replays at once.
        if let slowest = results.slowestBundled {
            let name = FileName.base(slowest.command.bundledTrace ?? "")
            targets.append(Target(subject: "replay, every bundled trace", goal: "< 50 ms each",
                                  measured: "slowest " + Format.time(slowest.seconds) + " (\(name))",
                                  verdict: slowest.seconds < 0.050 ? .met : .missed))
        } else {
            targets.append(Target(subject: "replay, every bundled trace", goal: "< 50 ms each", measured: nil,
                                  verdict: .notJudged("no bundled traces")))
        }

        // Speed on about a million events.
        let record = "record (\(results.traceA.strategy))"
        if let recording = results.measurement(record) {
            let rate = Double(results.traceA.events) / recording.seconds
            targets.append(Target(subject: record, goal: "≥ 0.5M events/s, whole process", measured: Format.rate(rate),
                                  verdict: rate >= 500_000 ? .met : .missed))
        }
        targets.append(speed("validate", goal: "≥ 5× faster than python3 json.load", results, missing: "python3 is not on the PATH") { $0 >= 5 })
        targets.append(speed("replay --summary", goal: "≤ 1.5× validate's time", results, missing: "validate was not measured") { $0 <= 1.5 })
        targets.append(speed("diff", goal: "≤ 2× GNU diff's time", results, missing: "GNU diff is not on the PATH") { $0 <= 2 })

        // Memory, at any size.
        for (name, limit) in [("validate", 64), ("replay --summary", 128), ("replay --json", 128), ("replay (listing)", 128),
                              ("replay --step", 256), ("diff", 256)] {
            targets.append(memory(name, under: limit, results))
        }
        return targets
    }

    /// A target on the ratio the table shows for `name`.
    private static func speed(_ name: String, goal: String, _ results: BenchResults, missing: String,
                              holds: (Double) -> Bool) -> Target {
        guard let measurement = results.measurement(name), let (_, ratio) = results.comparison(measurement) else {
            return Target(subject: name, goal: goal, measured: nil, verdict: .notJudged(missing))
        }
        return Target(subject: name, goal: goal, measured: Format.ratio(ratio), verdict: holds(ratio) ? .met : .missed)
    }

    /// A target on the peak memory of `name`, under `limit` megabytes (2^20 bytes).
    private static func memory(_ name: String, under limit: Int, _ results: BenchResults) -> Target {
        let goal = "peak memory < \(limit) MB"
        guard let peak = results.measurement(name)?.peakBytes else {
            return Target(subject: name, goal: goal, measured: nil, verdict: .notJudged("the system does not report peak memory"))
        }
        return Target(subject: name, goal: goal, measured: Format.memory(peak), verdict: peak < limit << 20 ? .met : .missed)
    }
}
