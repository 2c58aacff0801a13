import Foundation

/// One broken rule: which input, which command, what went wrong and what it printed.
struct FuzzFailure: Sendable {
    let input: FuzzInput
    let command: FuzzCommand
    let problem: FuzzProblem
    let outcome: FuzzOutcome?
    /// Failures with the same signature are one bug: the class, the command, and for a
    /// crash the runtime's message and the first frame in Sources/.
    let signature: String
}

/// Runs fuzz inputs through their commands, a few cases at a time, and collects
/// the exit statuses seen and every broken rule.
final class FuzzCampaign: @unchecked Sendable {
    let executable: URL
    let timeout: Double
    let jobs: Int

    /// The exit statuses, input kinds and times seen.
    let tally = FuzzTally()
    private let lock = NSLock()
    private var collected: [FuzzFailure] = []

    init(executable: URL, timeout: Double, jobs: Int) {
        self.executable = executable
        self.timeout = timeout
        self.jobs = jobs
    }

    /// Runs `count` cases, making case `index`'s input with `input(index)` on the worker
    /// that runs it (mutating a big file takes a moment, so that is spread too).
    func run(count: Int, input: @escaping @Sendable (Int) throws -> FuzzInput) {
        let counter = CaseCounter()
        DispatchQueue.concurrentPerform(iterations: max(1, min(jobs, count))) { _ in
            while true {
                let index = counter.next()
                guard index < count else { return }
                do {
                    runCase(try input(index))
                } catch {
                    add(FuzzFailure(input: FuzzInput(seed: nil, kind: .scenario, name: "case \(index)", bytes: [], notes: []),
                                    command: FuzzCommand(arguments: []), problem: .setup("\(error)"), outcome: nil,
                                    signature: "setup: \(error)"))
                }
            }
        }
    }

    /// Sets up one input's folder and runs its commands; a timed-out command ends the
    /// case (the rest would likely wait as long).
    func runCase(_ input: FuzzInput) {
        let workspace: FuzzWorkspace
        do {
            workspace = try FuzzWorkspace.make(for: input)
        } catch {
            add(FuzzFailure(input: input, command: FuzzCommand(arguments: []), problem: .setup("\(error)"), outcome: nil,
                            signature: "setup: \(error)"))
            return
        }
        defer { workspace.remove() }
        var firstSucceeded = false
        for (index, command) in workspace.commands.enumerated() {
            if command.afterFirstSucceeds && !firstSucceeded { continue }
            if let file = command.onlyIfSmall,
               let size = (try? FileManager.default.attributesOfItem(atPath: workspace.directory.appendingPathComponent(file).path))?[.size] as? Int,
               size > FuzzCommand.followUpLimit { continue }
            let outcome: FuzzOutcome
            do {
                outcome = try FuzzRunner.run(executable, command.arguments, directory: workspace.directory,
                                             environment: workspace.environment,
                                             captureIn: workspace.root.appendingPathComponent("capture-\(index)"), timeout: timeout)
            } catch {
                add(FuzzFailure(input: input, command: command, problem: .setup("cannot run reuselab: \(error)"), outcome: nil,
                                signature: "setup: cannot run reuselab: \(error)"))
                return
            }
            let problems = FuzzOracle.check(outcome, command)
            if index == 0 { firstSucceeded = !outcome.timedOut && outcome.signal == nil && outcome.status == 0 }
            tally.count(outcome, of: command, for: input, first: index == 0)
            for problem in problems {
                add(FuzzFailure(input: input, command: command, problem: problem, outcome: outcome,
                                signature: FuzzSignature.of(problem, command, outcome)))
            }
            if outcome.timedOut { break }
        }
    }

    private func add(_ failure: FuzzFailure) {
        lock.lock()
        collected.append(failure)
        lock.unlock()
    }

    var failures: [FuzzFailure] {
        lock.lock(); defer { lock.unlock() }
        return collected
    }
}

/// Hands out case numbers 0, 1, 2, … to the workers.
private final class CaseCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock(); defer { lock.unlock() }
        value += 1
        return value - 1
    }
}
