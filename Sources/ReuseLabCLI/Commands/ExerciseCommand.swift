import Foundation
import ToolSupport
import TraceCoding
import Replay
import Exercises

/// `reuselab exercise [N]`: the exercises, and the check of one — the learner's
/// file compiled, its scenarios recorded, the traces measured against the checks.
enum ExerciseCommand: Subcommand {
    enum Options: CommandOptions {
        static let json = FlagOption("--json", meaning: "the list as JSON: number, id, title, file, status")
        static let hint = FlagOption("--hint", meaning: "the next hint for exercise N")
        static let solution = FlagOption("--solution", meaning: "print a model solution (once N passes, or with --yes)")
        static let yes = FlagOption("--yes", meaning: "with --solution: show it before you have passed")
        static let reset = FlagOption("--reset", meaning: "put N's file back as shipped; yours is kept as FILE.mine")
        static let file = ValueOption.path("--file", valueName: "SWIFT",
                                           meaning: "check this file instead of N's own (progress is not touched)")
        static let watch = FlagOption("--watch", meaning: "check again each time the file is saved, until it passes (Ctrl-C stops)")
        static let all: [any OptionKey] = [json, hint, solution, yes, reset, file, watch]
    }

    static let declaration = CommandDeclaration(
        name: "exercise",
        summary: "fix real cell code until its recording passes",
        description: """
        Without N, lists the exercises: each is a Swift file of cell and view
        controller code, written with UIKit's names, that has a real reuse bug.
        Edit the file, then `reuselab exercise N` compiles it, records the
        exercise's scenarios with your code and checks the traces: which check
        fails, the first step where it does, the line of your code that caused it.
        The first check builds the simulated UIKit (a few minutes); later checks
        take seconds. Exit status 0 when it passes, 1 when a check fails, 2 when
        your code does not compile, crashes or does not finish.
        """,
        positionals: [PositionalDeclaration(name: "N", meaning: "the exercise's number", count: .optional)],
        options: Options.all)

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        guard let text = line.positionals.first else {
            if line[Options.hint] || line[Options.solution] || line[Options.reset] || line[Options.file] != nil {
                throw ReuseLabError(.usage, "--hint, --solution, --reset and --file need an exercise's number: reuselab exercise 1 --hint")
            }
            return try list(json: line[Options.json], io: io)
        }
        guard let number = Int(text), number > 0 else {
            throw ReuseLabError(.usage, "N must be an exercise's number, such as 1; found \"\(VisibleText.shortened(text))\"")
        }
        let exercise = try ExerciseCatalog.numbered(number)
        if line[Options.hint] { return try hint(exercise, io: io) }
        if line[Options.solution] { return try solution(exercise, confirmed: line[Options.yes], io: io) }
        if line[Options.reset] { return try reset(exercise, io: io) }
        if line[Options.watch] { return try watch(exercise, file: line[Options.file], io: io) }
        return try check(exercise, file: line[Options.file], io: io)
    }

    // MARK: Watching

    /// Checks, then waits for the file to change and checks again, until a check
    /// passes (status 0). The file is looked at four times a second: its size,
    /// time and bytes (an editor may save by replacing it, so a moment without
    /// the file is waited out).
    static func watch(_ exercise: Exercise, file: String?, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let source = file ?? exercise.filePath
        let terminal = isatty(STDOUT_FILENO) == 1
        var checked: Data?
        while true {
            let bytes = FileManager.default.contents(atPath: source)
            if let bytes, bytes != checked {
                checked = bytes
                if terminal { io.out("\u{1B}[2J\u{1B}[H") }
                let status = try check(exercise, file: file, watching: true, io: io)
                if status == 0 { return 0 }
                io.out("\n" + wrapped("Watching \(source): save it to check again. Ctrl-C stops.", io: io))
            }
            usleep(250_000)
        }
    }

    // MARK: The list

    static func list(json: Bool, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let exercises = try ExerciseCatalog.all()
        if json {
            let rows: [JSONValue] = exercises.map { exercise in
                var row = JSONObjectBuilder()
                row.add("number", exercise.number)
                row.add("id", exercise.id)
                row.add("title", exercise.title)
                row.add("file", exercise.filePath)
                row.add("status", ExerciseProgress.load(exercise).passed ? "passed" : "not passed")
                return row.value
            }
            io.out(JSONWriter.compact(.array(rows)) + "\n")
            return 0
        }
        io.out("Exercises: fix the code until its recording passes.\n\n")
        var next: Exercise?
        for exercise in exercises {
            let passed = ExerciseProgress.load(exercise).passed
            if !passed, next == nil { next = exercise }
            io.out(TextWrap.row("  \(passed ? "✓" : " ") \(exercise.number)  ", exercise.title + ", in " + exercise.filePath, width: io.width))
        }
        if let next {
            io.out("\n" + wrapped("Next: open \(next.filePath) in your editor, read what it asks, change it, then run:", io: io)
                   + "    reuselab exercise \(next.number)\n")
        } else {
            io.out("\nAll passed.\n")
        }
        return 0
    }

    // MARK: Hints, solutions, reset

    static func hint(_ exercise: Exercise, io: CommandIO) throws(ReuseLabError) -> Int32 {
        // Refused before the hint is shown, so no hint is shown and then lost.
        try ExerciseProgress.checkHome()
        var progress = ExerciseProgress.load(exercise)
        let index = min(progress.hintsShown, exercise.hints.count - 1)
        io.out(wrapped("Hint \(index + 1) of \(exercise.hints.count): " + exercise.hints[index], io: io))
        if index + 1 < exercise.hints.count {
            io.out("(again for the next hint: reuselab exercise \(exercise.number) --hint)\n")
        }
        progress.hintsShown = index + 1
        try progress.save(exercise)
        return 0
    }

    static func solution(_ exercise: Exercise, confirmed: Bool, io: CommandIO) throws(ReuseLabError) -> Int32 {
        guard ExerciseProgress.load(exercise).passed || confirmed else {
            throw ReuseLabError(.usage, "exercise \(exercise.number) has not passed yet: try a hint first (reuselab exercise \(exercise.number) --hint), or see the solution anyway with --solution --yes")
        }
        let bytes = try InputFile.read(exercise.solutionPath, limit: InputFile.smallFileBytes)
        io.out(VisibleText.forOutput(String(decoding: bytes, as: UTF8.self), terminalControl: false))
        return 0
    }

    /// Puts the shipped file back; the learner's is moved to FILE.mine (or
    /// FILE.mine-2, …), never overwritten.
    static func reset(_ exercise: Exercise, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let shipped = try InputFile.read(exercise.folder + "/start/" + exercise.file, limit: InputFile.smallFileBytes)
        let path = exercise.filePath
        var kept: String?
        if FileManager.default.fileExists(atPath: path) {
            let aside = AsideName.free(for: path, suffix: ".mine")
            do {
                try FileManager.default.moveItem(atPath: path, toPath: aside)
            } catch {
                throw ReuseLabError(.cannotWrite, file: path, "cannot keep your version aside as \(aside) (\(error.localizedDescription)); nothing was changed")
            }
            kept = aside
        }
        try OutputFile.write(shipped, to: path, permission: .ours, standardOutput: { _ in })
        io.out("\(path) is as shipped again." + (kept.map { " Yours is kept as \($0)." } ?? "") + "\n")
        return 0
    }

    // MARK: The check

    static func check(_ exercise: Exercise, file: String?, watching: Bool = false, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let source = file ?? exercise.filePath
        // A check records progress (--file checks without touching it): a home that cannot hold it is refused first.
        if file == nil { try ExerciseProgress.checkHome() }
        let shown = VisibleText.escape(source)
        guard FileManager.default.fileExists(atPath: source) else {
            throw ReuseLabError(.missingFile, file: source, "no such file" + (file == nil ? "; put it back with: reuselab exercise \(exercise.number) --reset" : ""))
        }
        let root = FileManager.default.currentDirectoryPath
        let build = ExerciseBuild(exercise: exercise, root: root, source: source)
        io.out(wrapped("Exercise \(exercise.number): \(VisibleText.title(exercise.title)), checking \(shown)", io: io))
        io.out(wrapped(exercise.task, io: io, indent: "  "))
        if !build.isWarm {
            io.out("Building the simulated UIKit for exercises, once: a few minutes…\n")
        }
        let hold = try build.hold()
        defer { withExtendedLifetime(hold) {} }
        let program: String
        switch try build.build() {
        case .success(let built): program = built
        case .failure(let failure): return report(failure, exercise: exercise, source: shown, io: io)
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("reuselab-exercise-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        } catch {
            throw ReuseLabError(.cannotWrite, file: scratch.path, "cannot make a folder for the recordings")
        }
        if let failure = try build.record(with: program, into: scratch.path) {
            return report(failure, exercise: exercise, source: shown, io: io)
        }
        let traces = exercise.scenarios.indices.map { scratch.appendingPathComponent("\($0 + 1).trace.json").path }
        let verdict = try ExerciseVerdict.check(exercise, traces: traces, pictureWidth: io.width)
        return try show(verdict, exercise: exercise, source: shown, recordsProgress: file == nil, watching: watching, io: io)
    }

    static func show(_ verdict: ExerciseVerdict, exercise: Exercise, source: String, recordsProgress: Bool, watching: Bool, io: CommandIO) throws(ReuseLabError) -> Int32 {
        var scenario = ""
        for outcome in verdict.outcomes {
            if outcome.scenario != scenario {
                scenario = outcome.scenario
                io.out("\n" + scenarioName(scenario) + ":\n")
            }
            io.out(TextWrap.row("  \(outcome.passes ? "✓" : "✗") ", outcome.check.sentence + ": " + outcome.figure, width: io.width))
        }
        var progress = ExerciseProgress.load(exercise)
        let figures = verdict.outcomes.map { "\(scenarioName($0.scenario)): \($0.figure)" }
        if recordsProgress {
            if progress.checks == 0 { progress.firstFigures = figures }
            progress.checks += 1
        }
        if verdict.passes {
            io.out("\n✓ Exercise \(exercise.number) passes.\n")
            if recordsProgress {
                let changed = zip(progress.firstFigures, figures).filter { $0 != $1 }
                if !changed.isEmpty {
                    io.out("What your change did, from your first check to this one:\n")
                    for (before, after) in changed { io.out(wrapped(change(from: before, to: after), io: io, indent: "  ")) }
                }
                progress.passed = true
                try progress.save(exercise)
            }
            io.out("\n" + wrapped(exercise.lesson, io: io))
            if let next = try ExerciseCatalog.all().first(where: { $0.number > exercise.number }) {
                io.out("\n" + wrapped("Next: \(next.title), in \(next.filePath): reuselab exercise \(next.number)", io: io))
            }
            return 0
        }
        if let moment = verdict.firstFailure {
            // The picture first and the words last, so on a 24-line terminal the
            // step's sentence and the learner's line stay on screen.
            io.out("\n" + moment.picture.map { $0 + "\n" }.joined())
            io.out("\nThe first wrong step: \(moment.step), at \(ReadableNumber.ms(moment.time.milliseconds)) (\(scenarioName(moment.scenario))):\n")
            io.out(wrapped(moment.text, io: io, indent: "  "))
            if let why = moment.why { io.out(wrapped(why, io: io, indent: "  ")) }
            if let code = moment.code {
                io.out(TextWrap.row("  your line \(code.line): ", code.text.trimmingCharacters(in: .whitespaces), width: io.width))
            }
            if !moment.relatedCode.isEmpty { io.out("  and, explaining it:\n") }
            for place in moment.relatedCode {
                io.out(TextWrap.row("    line \(place.line): ", place.text.trimmingCharacters(in: .whitespaces), width: io.width))
            }
        }
        if recordsProgress { try progress.save(exercise) }
        let failing = verdict.outcomes.filter { !$0.passes }.count
        let next = watching ? "" : " Edit \(source), then run reuselab exercise \(exercise.number) again."
        io.out("\n" + wrapped("Not yet: \(failing) of \(verdict.outcomes.count) checks fail.\(next) A hint: reuselab exercise \(exercise.number) --hint", io: io))
        return FailureKind.checkFailed.exitStatus
    }

    /// Says plainly why no verdict could be given, and returns status 2.
    static func report(_ failure: ExerciseBuild.Failure, exercise: Exercise, source: String, io: CommandIO) -> Int32 {
        switch failure {
        case .compile(let lines):
            io.out("\n\(source) does not compile:\n")
            for line in lines {
                // The compiler's own line stays whole (editors jump to it); the rest is wrapped.
                let whole = line.hasPrefix(" ") || line.contains(": error:")
                io.out(whole ? VisibleText.escape(line) + "\n" : wrapped(VisibleText.escape(line), io: io))
            }
        case .build(let lines):
            io.out("\n" + wrapped("The exercise's build failed, and not in \(source): the build's last lines follow. "
                                   + "If ReuseLab itself was changed, build it again (swift build).", io: io))
            io.out(lines.map { VisibleText.escape($0) + "\n" }.joined())
        case .timedOut:
            io.out("\n" + wrapped("Your code did not finish: recording the scenarios ran past \(Int(ExerciseBuild.runSeconds)) s"
                                   + " (they take about a second). Look for a loop that never ends.", io: io))
        case .crashed(let signal, let output):
            io.out("\nYour code crashed (signal \(signal)) while the scenarios were recorded:\n")
            for line in crashLines(output, exercise: exercise, source: source) {
                io.out(wrapped(VisibleText.escape(line), io: io, indent: "  "))
            }
        case .failed(let output):
            io.out("\nThe recording stopped with an error:\n" + VisibleText.forOutput(output, terminalControl: false))
        }
        io.out(wrapped("Fix \(source) and run reuselab exercise \(exercise.number) again.", io: io))
        return FailureKind.codeFailed.exitStatus
    }

    /// What a crash printed that concerns the learner's file: the fatal error, then
    /// each frame of the backtrace in that file as "in FUNCTION, FILE:LINE", with
    /// the build's copy of the file named as the learner's own.
    static func crashLines(_ output: String, exercise: Exercise, source: String) -> [String] {
        var lines: [String] = []
        for line in output.split(separator: "\n").map(String.init) where line.contains(exercise.file) {
            if let fatal = line.range(of: "Fatal error") ?? line.range(of: "error:") {
                let place = line[..<fatal.lowerBound].split(separator: ":").dropFirst().first.map { "\(source):\($0): " } ?? ""
                lines.append(place + line[fatal.lowerBound...])
            } else if let plus = line.range(of: " + "), let at = line.range(of: " at ", options: .backwards),
                      let symbolStart = line[..<plus.lowerBound].range(of: " ", options: .backwards) {
                let symbol = line[symbolStart.upperBound..<plus.lowerBound]
                let number = line[at.upperBound...].split(separator: ":").dropFirst().first ?? ""
                lines.append("in \(symbol), \(source):\(number)")
            }
            if lines.count == 6 { break }
        }
        return lines
    }

    /// "shared-scroll: stale frames 183 → 0": what two figures share, said once.
    static func change(from before: String, to after: String) -> String {
        let a = before.split(separator: " ", omittingEmptySubsequences: false)
        let b = after.split(separator: " ", omittingEmptySubsequences: false)
        var shared = 0
        while shared < min(a.count, b.count) - 1, a[shared] == b[shared] { shared += 1 }
        return (a[..<shared] + [a[shared...].joined(separator: " ") + " → " + b[shared...].joined(separator: " ")]).joined(separator: " ")
    }

    static func scenarioName(_ file: String) -> String {
        file.hasSuffix(".scenario.json") ? String(file.dropLast(".scenario.json".count)) : file
    }

    static func wrapped(_ text: String, io: CommandIO, indent: String = "") -> String {
        let width = max(20, io.width - indent.count)
        return TextWrap.lines(text, firstWidth: width, width: width).map { indent + $0 + "\n" }.joined()
    }
}
