/// Everything one run of the benchmark found: what the table, the targets and `--json`
/// are made from.
struct BenchResults {
    /// One recorded trace of the benchmark scenario.
    struct RecordedTrace {
        var strategy: String
        var events: Int
        var bytes: Int?
    }

    var options: BenchOptions
    var machine: MachineDescription
    /// `reuselab --version`'s answer.
    var version: String?
    var measurements: [Measurement]
    var traceA: RecordedTrace
    var traceB: RecordedTrace
    /// The largest bundled trace, whose page `html` drew.
    var largestBundled: String?
    /// The size of the page `html` wrote for the largest bundled trace.
    var pageBytes: Int?
    /// The peak memory `wait4` reports for `true`: no command is reported below it.
    var floorBytes: Int?
    var load: MachineLoad?
    var skipped: [String]

    func measurement(_ name: String) -> Measurement? {
        measurements.first { $0.command.name == name }
    }

    /// Every bundled trace's replay.
    var bundledReplays: [Measurement] { measurements.filter { $0.command.bundledTrace != nil } }

    /// The bundled trace that took longest to replay.
    var slowestBundled: Measurement? { bundledReplays.max { $0.seconds < $1.seconds } }

    /// The events of the trace a recording wrote.
    func events(recordedBy command: TimedCommand) -> Int? {
        switch command.name {
        case "record (\(traceA.strategy))": traceA.events
        case "record (\(traceB.strategy))": traceB.events
        default: nil
        }
    }

    /// How `measurement`'s time compares with what it is set against, as the table says
    /// it ("5.53× faster than python3 json.load", "1.02× validate's time"), and the ratio;
    /// nil when it is set against nothing that was measured.
    func comparison(_ measurement: Measurement) -> (text: String, ratio: Double)? {
        switch measurement.command.comparison {
        case .fasterThan(let other)?:
            guard let theirs = self.measurement(other) else { return nil }
            let ratio = theirs.seconds / measurement.seconds
            return (Format.ratio(ratio) + " faster than " + other, ratio)
        case .timeOf(let other)?:
            guard let theirs = self.measurement(other) else { return nil }
            let ratio = measurement.seconds / theirs.seconds
            return (Format.ratio(ratio) + " " + other + "'s time", ratio)
        case nil:
            return nil
        }
    }
}
