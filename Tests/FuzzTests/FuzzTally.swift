import Foundation

/// Counts what a fuzz run saw, for its summary line: exit statuses, cases per input
/// kind (and how many the first command accepted), and time per kind of command.
final class FuzzTally: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [String: Int] = [:]
    private var commands = 0
    private var kinds: [FuzzInputKind: (cases: Int, accepted: Int)] = [:]
    private var times: [String: (runs: Int, seconds: Double)] = [:]

    /// Counts one run; `first` says it was the case's first command.
    func count(_ outcome: FuzzOutcome, of command: FuzzCommand, for input: FuzzInput, first: Bool) {
        lock.lock(); defer { lock.unlock() }
        commands += 1
        let status = outcome.timedOut ? "timeout" : outcome.signal.map { "signal \($0)" } ?? String(outcome.status)
        statuses[status, default: 0] += 1
        if first {
            kinds[input.kind, default: (0, 0)].cases += 1
            if status == "0" { kinds[input.kind, default: (0, 0)].accepted += 1 }
        }
        let key = "\(input.kind.rawValue): \(FuzzSignature.verb(command))"
        times[key, default: (0, 0)].runs += 1
        times[key, default: (0, 0)].seconds += outcome.seconds
    }

    var commandsRun: Int {
        lock.lock(); defer { lock.unlock() }
        return commands
    }

    /// "0×412 1×20 65×1030 signal 4×3 timeout×1", statuses in order.
    var statusSummary: String {
        lock.lock(); defer { lock.unlock() }
        return statuses.sorted { (Int($0.key) ?? 1000, $0.key) < (Int($1.key) ?? 1000, $1.key) }
            .map { "\($0.key)×\($0.value)" }.joined(separator: " ")
    }

    /// "scenario 70 (21 accepted), trace 75 (9 accepted), …".
    var kindSummary: String {
        lock.lock(); defer { lock.unlock() }
        return FuzzInputKind.allCases.compactMap { kind in
            kinds[kind].map { "\(kind.rawValue) \($0.cases) (\($0.accepted) accepted)" }
        }.joined(separator: ", ")
    }

    /// Runs, total and average seconds per kind of input and command, slowest first,
    /// one per line: where the budget goes.
    var timingSummary: String {
        lock.lock(); defer { lock.unlock() }
        return times.sorted { $0.value.seconds > $1.value.seconds }.map { key, value in
            "\(key) ×\(value.runs) \(String(format: "%.1f", value.seconds)) s (\(String(format: "%.3f", value.seconds / Double(value.runs))) s each)"
        }.joined(separator: "\n")
    }
}
