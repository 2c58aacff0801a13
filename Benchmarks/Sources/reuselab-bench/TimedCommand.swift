/// One command the benchmark times as a whole process: its name in the table, what it
/// runs, and what its time is set against.
struct TimedCommand {
    /// How a command's time is set beside another's in the table and the targets.
    enum Comparison {
        /// "5.53× faster than python3 json.load": theirs divided by ours.
        case fasterThan(String)
        /// "1.02× validate's time": ours divided by theirs.
        case timeOf(String)
    }

    var name: String
    var arguments: [String]
    /// Standard input: /dev/null, or the stepping session's typed commands.
    var input = "/dev/null"
    var comparison: Comparison?
    /// What the table says beside it when it is set against nothing.
    var note: String?
    /// A recording, which writes the file the commands after it read: removed before
    /// each run so that every run writes a new file, as a first recording does.
    var writes: String?
    /// Exit statuses that mean it did its work: 0, and 1 for a diff that found differences.
    var succeeds: Set<Int32> = [0]
    /// The bundled trace it replays: the table shows all those replays as one row.
    var bundledTrace: String?
}

/// A command's best figures over the benchmark's runs.
struct Measurement {
    var command: TimedCommand
    /// The fastest run's wall time: the one least disturbed by the rest of the machine.
    var seconds: Double
    /// The most memory any run took.
    var peakBytes: Int?
}
