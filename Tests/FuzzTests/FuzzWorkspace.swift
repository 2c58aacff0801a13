import Foundation

/// One command of a case, and the exit statuses it may end with.
struct FuzzCommand: Sendable {
    let arguments: [String]
    /// Run only when the case's first command exited 0 (it reads what that one wrote).
    var afterFirstSucceeds = false
    /// Run only when this file (in the workspace) is at most `followUpLimit` bytes.
    var onlyIfSmall: String?
    /// The statuses this command may exit with. Always within the table in docs/commands.md
    /// (0, 1, 64, 65, 66, 67, 73), narrowed where the docs rule a status out:
    /// 1 only comes from `record --check`, `lesson check`, `calibrate` when no
    /// scenario matches the log well enough, and `diff` of traces that differ (and
    /// a trace compared with itself is always equivalent).
    var allowed: Set<Int32> = FuzzCommand.anyStatus

    static let anyStatus: Set<Int32> = [0, 1, 64, 65, 66, 67, 73]
    /// For commands that check nothing and compare nothing: no 1.
    static let noCheck: Set<Int32> = [0, 64, 65, 66, 67, 73]
    /// 4 MB. A mutated but valid scenario may legitimately record tens of megabytes (a
    /// drag of 1,000 s), which a debug build takes longer to replay than the time limit:
    /// slow work, not the kind of bug the fuzzer looks for, so such a recording is not replayed.
    static let followUpLimit = 4 << 20

    /// As a shell line, for messages.
    var display: String {
        "reuselab " + arguments.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
    }
}

/// A temporary folder laid out for one input, and the commands that read it there:
///
/// - scenario: `input.scenario.json`; `record input.scenario.json -o out.trace.json`, then
///   (if it recorded at most 4 MB) `replay --summary` of what it wrote, which validates it first.
/// - trace: `input.trace.json` and the unmutated `original.trace.json`; `validate`, `stats`,
///   `replay`, `replay --summary`, `diff input original`, and if `validate` accepts it
///   `diff input input`, the `--json` outputs and `replay --step --picture`.
/// - lesson: a project — `lessons/NAME.json`, `traces/` with copies of the bundled
///   traces it names, `answers.txt`; `lesson check`, `lesson --answers` (and `--json`)
///   and the interactive `lesson` (standard input is /dev/null, so it ends at once).
/// - answers: the same project with the real lesson and `input.answers.txt`;
///   `lesson --answers` and `lesson --answers --json`.
///
/// Progress goes to `progress/` in the folder (REUSELAB_PROGRESS_DIR), and HOME points
/// into the folder too, so no case touches the real `~/.reuselab`.
struct FuzzWorkspace {
    let root: URL
    let directory: URL
    let environment: [String: String]
    let commands: [FuzzCommand]
    /// The input's path inside `directory`.
    let inputPath: String

    static func make(for input: FuzzInput) throws -> FuzzWorkspace {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("reuselab-fuzz-\(UUID().uuidString)")
        let directory = root.appendingPathComponent("work")
        let fm = FileManager.default
        for folder in ["work", "work/progress", "home"] {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        func write(_ path: String, _ bytes: [UInt8]) throws {
            let url = directory.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        /// Copies the bundled traces named in `bytes` into traces/.
        func copyTraces(namedIn bytes: [UInt8]) throws {
            try fm.createDirectory(at: directory.appendingPathComponent("traces"), withIntermediateDirectories: true)
            for name in FuzzCorpus.tracesNamed(in: bytes) {
                try fm.copyItem(at: FuzzCorpus.tracesFolder.appendingPathComponent(name + ".trace.json"),
                                to: directory.appendingPathComponent("traces/\(name).trace.json"))
            }
        }

        var environment = ProcessInfo.processInfo.environment
        environment["REUSELAB_PROGRESS_DIR"] = directory.appendingPathComponent("progress").path
        environment["HOME"] = root.appendingPathComponent("home").path

        let inputPath: String
        var commands: [FuzzCommand] = []
        switch input.kind {
        case .scenario:
            inputPath = "input.scenario.json"
            try write(inputPath, input.bytes)
            commands = [
                FuzzCommand(arguments: ["record", inputPath, "-o", "out.trace.json"], allowed: FuzzCommand.noCheck),
                FuzzCommand(arguments: ["replay", "out.trace.json", "--summary"], afterFirstSucceeds: true, onlyIfSmall: "out.trace.json",
                            allowed: FuzzCommand.noCheck),
                // The same scenario read again by compare, under two strategies and two seeds.
                FuzzCommand(arguments: ["compare", inputPath, "--strategies", "plain,async-reset", "--seeds", "1-2"], afterFirstSucceeds: true,
                            onlyIfSmall: "out.trace.json", allowed: FuzzCommand.noCheck),
            ]
        case .trace:
            inputPath = "input.trace.json"
            try write(inputPath, input.bytes)
            commands = ["validate", "stats", "replay"].map { FuzzCommand(arguments: [$0, inputPath], allowed: FuzzCommand.noCheck) }
            commands.append(FuzzCommand(arguments: ["replay", inputPath, "--summary"], allowed: FuzzCommand.noCheck))
            let original = FuzzCorpus.tracesFolder.appendingPathComponent(input.name + ".trace.json")
            let hasOriginal = fm.fileExists(atPath: original.path)
            if hasOriginal {
                try fm.copyItem(at: original, to: directory.appendingPathComponent("original.trace.json"))
                commands.append(FuzzCommand(arguments: ["diff", inputPath, "original.trace.json"]))
            }
            // Only for a valid trace (an invalid one gets the same error as above): a trace
            // compared with itself is equivalent (exit 0), the JSON outputs, and the stepper
            // (standard input is /dev/null, so it shows the first step and ends).
            for arguments in [["diff", inputPath, inputPath], ["replay", inputPath, "--json"], ["replay", inputPath, "--summary", "--json"],
                              ["stats", inputPath, "--json"], ["replay", inputPath, "--step", "--picture"],
                              ["html", inputPath, "-o", "page.html"], ["export", inputPath, "-o", "out.perfetto.json"],
                              ["compare", inputPath, inputPath, "--json"]] {
                commands.append(FuzzCommand(arguments: arguments, afterFirstSucceeds: true, allowed: FuzzCommand.noCheck))
            }
            if hasOriginal {
                commands.append(FuzzCommand(arguments: ["diff", inputPath, "original.trace.json", "--json"], afterFirstSucceeds: true))
            }
        case .lesson:
            inputPath = "lessons/\(input.name).json"
            try write(inputPath, input.bytes)
            let original = FuzzCorpus.lessonsFolder.appendingPathComponent(input.name + ".json")
            let originalBytes = fm.fileExists(atPath: original.path) ? [UInt8](try Data(contentsOf: original)) : []
            try copyTraces(namedIn: input.bytes + [0x0A] + originalBytes)
            let answers = FuzzCorpus.answerFiles.first { $0.lesson == input.name }?.text ?? "init\nrows 19-28\nyes\n"
            try write("answers.txt", Array(answers.utf8))
            commands = [
                FuzzCommand(arguments: ["lesson", "check", inputPath]),
                FuzzCommand(arguments: ["lesson", inputPath, "--answers", "answers.txt"], allowed: FuzzCommand.noCheck),
                FuzzCommand(arguments: ["lesson", inputPath, "--answers", "answers.txt", "--json"], allowed: FuzzCommand.noCheck),
                FuzzCommand(arguments: ["lesson", inputPath], allowed: FuzzCommand.noCheck),
                FuzzCommand(arguments: ["lesson", inputPath, "--html", "-o", "lesson.html"], allowed: FuzzCommand.noCheck),
            ]
        case .log:
            inputPath = "input.log"
            try write(inputPath, input.bytes)
            commands = [
                FuzzCommand(arguments: ["import", inputPath, "-o", "out.trace.json"], allowed: FuzzCommand.noCheck),
                FuzzCommand(arguments: ["import", inputPath, "--verbose", "--profile", "classic", "--rows", "40"], allowed: FuzzCommand.noCheck),
            ]
            for arguments in [["validate", "out.trace.json"], ["replay", "out.trace.json"], ["replay", "out.trace.json", "--summary"],
                              ["stats", "out.trace.json"]] {
                commands.append(FuzzCommand(arguments: arguments, afterFirstSucceeds: true, allowed: FuzzCommand.noCheck))
            }
            // calibrate refuses a log no scenario matches well enough with 1, as a check that failed.
            for arguments in [["calibrate", "out.trace.json"], ["calibrate", "out.trace.json", "--json"]] {
                commands.append(FuzzCommand(arguments: arguments, afterFirstSucceeds: true, allowed: FuzzCommand.anyStatus))
            }
        case .answers:
            let lesson = FuzzCorpus.lessonsFolder.appendingPathComponent(input.name + ".json")
            guard fm.fileExists(atPath: lesson.path) else {
                throw FuzzSetupError("answers for lesson \"\(input.name)\", which is not in lessons/ (name an answers file LESSON--anything.answers.txt)")
            }
            let lessonBytes = [UInt8](try Data(contentsOf: lesson))
            try write("lessons/\(input.name).json", lessonBytes)
            try copyTraces(namedIn: lessonBytes)
            inputPath = "input.answers.txt"
            try write(inputPath, input.bytes)
            commands = [
                FuzzCommand(arguments: ["lesson", "lessons/\(input.name).json", "--answers", inputPath], allowed: FuzzCommand.noCheck),
                FuzzCommand(arguments: ["lesson", "lessons/\(input.name).json", "--answers", inputPath, "--json"], allowed: FuzzCommand.noCheck),
            ]
        }
        return FuzzWorkspace(root: root, directory: directory, environment: environment, commands: commands, inputPath: inputPath)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}

/// A fuzz input that cannot be set up (a regression file named for no lesson).
struct FuzzSetupError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
