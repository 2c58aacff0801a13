import Foundation

/// What makes two failures the same bug, so a run reports each bug once (with its
/// smallest input) however many cases and commands hit it:
/// - a crash: where it happened — the runtime's message and the first backtrace frame
///   in the package's Sources — whichever command got there;
/// - a timeout, a bad status, a missing error line: the subcommand and its options;
/// - raw bytes: their family (control character, C1, bidi, …) and the stream; on standard
///   output also the subcommand (each prints through its own code), plus `--json` (the
///   JSON writer); error messages on standard error all go through one path.
enum FuzzSignature {
    static func of(_ problem: FuzzProblem, _ command: FuzzCommand, _ outcome: FuzzOutcome) -> String {
        let verb = verb(command)
        switch problem {
        case .signal:
            return "crash: " + crashSite(String(decoding: outcome.stderr, as: UTF8.self))
        case .timeout:
            return "timeout in `\(verb)`"
        case .status(let status, _):
            return "bad exit status \(status) from `\(verb)`"
        case .missingErrorLine(let status):
            return "no error line with status \(status) from `\(verb)`"
        case .rawBytes(let stream, let family, _, _, _):
            if stream == "stderr" { return "raw \(family) in error messages (stderr)" }
            let printer = (command.arguments.first ?? "") + (command.arguments.contains("--json") ? " --json" : "")
            return "raw \(family) on stdout of `\(printer)`"
        case .setup(let reason):
            return "setup: \(reason)"
        }
    }

    /// The subcommand and its options, without file names: "replay --summary", "lesson --answers --json".
    static func verb(_ command: FuzzCommand) -> String {
        command.arguments.filter { !$0.contains(".") && !$0.contains("/") }.joined(separator: " ")
    }

    /// "Fatal error: … — in static TableSpec.decode(_:) at TraceFormat/Scenario/ScenarioDecoding.swift:116",
    /// from a crash's standard error (the Swift runtime prints a backtrace there).
    static func crashSite(_ stderr: String) -> String {
        let lines = stderr.split(separator: "\n")
        var message = runtimeMessage(lines) ?? "no runtime message"
        if message.count > 140 { message = String(message.prefix(140)) + "…" }
        // A frame: "  1   0x…  static AnswerReader.rows(_:) + 5553 in reuselab at /…/Sources/Lessons/AnswerReader.swift:118:62".
        guard let frame = lines.first(where: { $0.contains("/Sources/") && $0.contains(" + ") && $0.contains(" at /") }) else { return message }
        let location = frame.components(separatedBy: " at ").last.map { $0.components(separatedBy: "/Sources/").last ?? $0 } ?? ""
        let function = frame.split(separator: " ").drop { !$0.hasPrefix("0x") }.dropFirst().prefix { $0 != "+" }.joined(separator: " ")
        let line = location.split(separator: ":").prefix(2).joined(separator: ":")
        return "\(message) — in \(function) at \(line)"
    }

    /// What the Swift runtime said when it stopped the program: "Fatal error: …", or
    /// "Swift runtime failure: arithmetic overflow" from a backtrace, or what the
    /// backtracer says ("Program crashed: Segmentation fault").
    static func runtimeMessage<S: StringProtocol>(_ lines: some Collection<S>) -> String? {
        if let fatal = lines.first(where: { $0.contains("Fatal error") }), let range = fatal.range(of: "Fatal error") {
            return String(fatal[range.lowerBound...])
        }
        for line in lines {
            guard let range = line.range(of: "Swift runtime failure: ") else { continue }
            let text = line[range.lowerBound...]
            let end = text.range(of: " in ")?.lowerBound ?? text.range(of: " ***")?.lowerBound ?? text.endIndex
            return String(text[..<end])
        }
        if let crashed = lines.first(where: { $0.hasPrefix("*** Program crashed: ") }) {
            return crashed.trimmingCharacters(in: CharacterSet(charactersIn: "* "))
        }
        return nil
    }
}
