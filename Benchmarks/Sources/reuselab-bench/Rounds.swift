#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs every command of a plan `runs` times, in rounds: every command once, then every
/// command again. A busy spell on a shared machine then falls on several commands' runs
/// alike rather than on all of one command's, which would skew the ratios between them.
/// Each command keeps its fastest time and the most memory any run took.
enum Rounds {
    /// `afterRecording` runs once, when the first round's recordings have written the
    /// traces and before anything reads them.
    static func measure(_ plan: BenchPlan, runs: Int, afterRecording: () throws(BenchError) -> Void) throws(BenchError) -> [Measurement] {
        var best: [Measurement] = []
        let progress = Progress(total: runs)
        for round in 1...runs {
            for (index, command) in plan.commands.enumerated() {
                progress.show(round: round, index: index, command: command.name)
                if let file = command.writes { FileText.remove(file) }
                let run = try ProcessRun.run(command.arguments, input: command.input)
                guard command.succeeds.contains(run.status) else {
                    throw BenchError(.failed, "\(command.arguments.joined(separator: " ")) ended with status \(run.status)")
                }
                if round == 1 {
                    best.append(Measurement(command: command, seconds: run.seconds, peakBytes: run.peakBytes))
                    if index == plan.lastRecording { try afterRecording() }
                } else {
                    best[index].seconds = min(best[index].seconds, run.seconds)
                    if let peak = run.peakBytes { best[index].peakBytes = max(best[index].peakBytes ?? 0, peak) }
                }
            }
        }
        progress.finish()
        return best
    }
}

/// Which round and command the benchmark is at, on standard error: one line updated in
/// place on a terminal, one line a round otherwise.
struct Progress {
    var total: Int
    private let terminal = isatty(2) == 1

    init(total: Int) { self.total = total }

    func show(round: Int, index: Int, command: String) {
        if terminal {
            write("\r\u{1B}[K  round \(round) of \(total): \(command)")
        } else if index == 0 {
            write("reuselab-bench: round \(round) of \(total)\n")
        }
    }

    func finish() {
        if terminal { write("\r\u{1B}[K") }
    }

    private func write(_ text: String) {
        FileText.writeToStandardError(text)
    }
}
