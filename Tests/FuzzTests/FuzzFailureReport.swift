import Foundation

/// Turns collected failures into one message per distinct bug: failures are grouped
/// by signature, the smallest input of each group is saved under
/// `$TMPDIR/reuselab-fuzz-failures/<kind>/` (with a report beside it in `reports/`),
/// and the message names the seed, the command, the saved file and how to keep it
/// as a regression.
enum FuzzFailureReport {
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reuselab-fuzz-failures")

    /// One message per signature, most frequent first.
    static func messages(for failures: [FuzzFailure]) -> [String] {
        let groups = Dictionary(grouping: failures, by: \.signature)
        return groups.values
            .sorted { ($0.count, $1[0].signature) > ($1.count, $0[0].signature) }
            .map(message)
    }

    static func message(_ group: [FuzzFailure]) -> String {
        let failure = group.min { ($0.input.bytes.count, $0.input.seed ?? 0) < ($1.input.bytes.count, $1.input.seed ?? 0) }!
        let input = failure.input
        let cases = Set(group.map { "\($0.input.seed.map(String.init) ?? $0.input.notes.joined())" }).count
        var lines = ["[\(failure.problem.category)] \(failure.signature)"]
        lines.append("  `\(failure.command.display)` \(failure.problem.description)")
        if let outcome = failure.outcome, let excerpt = stderrExcerpt(outcome.stderr) {
            lines.append("  stderr: \(excerpt)")
        }
        if let seed = input.seed {
            lines.append("  \(cases) case(s) hit this; the smallest input is seed \(seed): \(input.origin), \(input.bytes.count) bytes, made by:")
            lines += input.notes.map { "    - \($0)" }
            let saved = save(failure)
            lines.append("  input saved at \(saved.input)")
            lines.append("  report (command, notes, output) at \(saved.report)")
            lines.append("  reproduce: REUSELAB_FUZZ_SEED=\(seed) REUSELAB_FUZZ_CASES=1 swift test --filter FuzzTests.FuzzTests")
            lines.append("  keep it: copy the input into Tests/FuzzTests/Regressions/\(input.kind.rawValue)/ (the name before \"--\" says which "
                         + "\(input.kind == .answers ? "lesson it answers" : "bundled file it came from")), so every `swift test` runs it.")
        } else {
            lines.append("  regression file: \(input.notes.joined(separator: ", "))")
        }
        return lines.joined(separator: "\n")
    }

    /// The first lines of standard error that say what happened (for a crash, the
    /// runtime's message), made printable and short.
    static func stderrExcerpt(_ stderr: [UInt8]) -> String? {
        let text = String(decoding: stderr.prefix(4000), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        let chosen = FuzzSignature.runtimeMessage(lines) ?? lines.first { $0.hasPrefix("reuselab: error: ") } ?? lines.first
        return chosen.map { FuzzText.visible($0, limit: 240) }
    }

    /// Writes the input, named `<seed file>--seed<N><suffix>`, and a report about it.
    static func save(_ failure: FuzzFailure) -> (input: String, report: String) {
        let input = failure.input
        let base = "\(input.name)--seed\(input.seed ?? 0)"
        let inputURL = folder.appendingPathComponent("\(input.kind.rawValue)/\(base)\(input.kind.fileSuffix)")
        let reportURL = folder.appendingPathComponent("reports/\(base).txt")
        var report = """
            seed: \(input.seed.map(String.init) ?? "none")
            input: \(input.origin)
            mutations:
            \(input.notes.map { "  - \($0)" }.joined(separator: "\n"))
            command (in a folder laid out as FuzzWorkspace describes): \(failure.command.display)
            problem: \(failure.problem.description)

            """
        if let outcome = failure.outcome {
            report += "exit status \(outcome.status), signal \(outcome.signal.map(String.init) ?? "none"), \(String(format: "%.2f", outcome.seconds)) s\n"
            report += "--- stderr (first 8 KB, made printable) ---\n" + FuzzText.visible(String(decoding: outcome.stderr.prefix(8192), as: UTF8.self), limit: 8192)
                .replacingOccurrences(of: "\\u{a}", with: "\n") + "\n"
            report += "--- stdout (first 4 KB, made printable) ---\n" + FuzzText.visible(String(decoding: outcome.stdout.prefix(4096), as: UTF8.self), limit: 4096)
                .replacingOccurrences(of: "\\u{a}", with: "\n") + "\n"
        }
        let fm = FileManager.default
        try? fm.createDirectory(at: inputURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? fm.createDirectory(at: reportURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(input.bytes).write(to: inputURL)
        try? Data(report.utf8).write(to: reportURL)
        return (inputURL.path, reportURL.path)
    }
}
