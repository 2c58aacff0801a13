import Foundation
import ToolSupport
import TraceCoding
import Lessons
import PageExport

/// `reuselab lesson`: list lessons with the learner's progress, run one, or check them.
enum LessonCommand: Subcommand {
    enum Options: CommandOptions {
        static let lessons = ValueOption.path("--lessons", valueName: "DIR", defaultText: "lessons", meaning: "the lessons folder")
        static let restart = FlagOption("--restart", meaning: "start the lesson from the beginning (the earlier attempt is kept beside the new one)")
        static let preview = FlagOption("--preview",
                                        meaning: "for instructors: every pause as a learner sees it, with its answers and their reasons; nothing is asked")
        static let answers = ValueOption.path("--answers", valueName: "FILE",
                                              meaning: "answer from FILE (one answer per line, # for comments) instead of the keyboard, for grading; nothing is saved")
        static let json = FlagOption("--json", meaning: "with --answers: a JSON report per question; with check: the findings as JSON")
        static let html = FlagOption("--html",
                                     meaning: "write the lesson as a page to take in a browser (answers by choosing; progress kept by the browser)")
        static let output = ValueOption.path("--output", short: "-o", valueName: "FILE", defaultText: "lesson-ID.html here",
                                             meaning: "with --html: where to write the page (- for standard output)")
        static let force = FlagOption("--force", meaning: "with --html: replace FILE even if it is not a page reuselab wrote")
        static let glossary = FlagOption("--glossary", meaning: "the words lessons use, each explained (kept aside, pool, profile, offset, …)")
        static let all: [any OptionKey] = [lessons, restart, preview, answers, json, html, output, force, glossary]
    }

    static let declaration = CommandDeclaration(
        name: "lesson",
        summary: "learn by predicting what the table view does next",
        usage: [
            "[--lessons DIR]",
            "--glossary",
            "N|ID [--restart] [--lessons DIR]",
            "N|ID --preview [--lessons DIR]",
            "N|ID --answers FILE [--json] [--lessons DIR]",
            "N|ID --html [-o FILE] [--force] [--lessons DIR]",
            "check [PATH...] [--json] [--lessons DIR]",
        ],
        description: """
        Without a lesson: lists the lessons and your progress. With N|ID: runs lesson
        N of the list, or the lesson with that id. 'lesson check' checks lessons
        (default: all of them).

        A lesson pauses a recorded trace, shows the steps that led there and a
        picture of the table view, asks what happens next, checks your answer
        against the trace and shows what really happened, and why.
        """,
        positionals: [
            PositionalDeclaration(name: "N|ID", meaning: "the lesson to run: its number in the list, its id, or its file (NAME.json); none: the list of lessons and your progress",
                                  count: .optional, kind: .text, suggestions: ["check"]),
            PositionalDeclaration(name: "PATH", meaning: "after 'check': the lesson files to check (default: every lesson in the lessons folder)",
                                  count: .many(minimum: 0)),
        ],
        options: Options.all,
        sections: [
            HelpSection(title: "At the prompt", text: PromptCommand.summary),
            HelpSection(title: "Progress", text: """
            Progress is saved after every answer in $REUSELAB_PROGRESS_DIR (default
            ~/.reuselab/progress); quit, Ctrl-D or Ctrl-C stops the lesson and the next
            run carries on where you stopped. No answer is lost: two sessions of one
            lesson keep each other's answers, and a finished or restarted attempt, or a
            record saved for an earlier version of the lesson, is kept beside the new one.
            """),
            HelpSection(title: "Checking lessons", text: """
            'lesson check' is a strict reviewer. It fails when a lesson is unsound (a
            pause or question the trace cannot answer, a fixed answer the trace
            contradicts, no takeaway) and when a student would see through it: the
            answer in the title, introduction, narration, ask or hint, in any spelling
            the answer reader takes; a pause at or after the moment asked about; the
            answer already shown at the pause; choices that can be guessed. A question
            may accept such a finding by name, with a reason ("accept"); see
            docs/lesson-format.md.
            """),
        ],
        examples: [
            CommandExample(command: "reuselab lesson 1", meaning: "the first lesson, from where you stopped"),
            CommandExample(command: "reuselab lesson 02-first-reuse-modern --answers answers.txt --json",
                           meaning: "grade a student's answers: a JSON report, nothing saved"),
            CommandExample(command: "reuselab lesson check lessons/02-first-reuse-modern.json",
                           meaning: "check one lesson against its trace"),
        ])

    static func run(_ line: ParsedCommandLine, io: CommandIO) throws(ReuseLabError) -> Int32 {
        if line[Options.glossary] {
            guard line.positionals.isEmpty, line.optionCount == 1 else {
                throw ReuseLabError(.usage, "lesson: --glossary lists the words lessons use; it takes nothing else")
            }
            io.out(glossary(width: io.width))
            return 0
        }
        let folder = line[Options.lessons] ?? "lessons"
        let store = ProgressStore.fromEnvironment()
        guard let target = line.positionals.first else {
            return try list(folder: folder, store: store, io: io)
        }
        if target == "check" {
            return try check(paths: Array(line.positionals.dropFirst()), folder: folder, json: line[Options.json], io: io)
        }
        // The declaration lets 'check' take any number of paths; a lesson is one.
        guard line.positionals.count == 1 else {
            throw ReuseLabError(.usage, "lesson: expected one lesson (a number or an id); see 'reuselab lesson --help'")
        }
        let answersPath = line[Options.answers]
        if line[Options.json] && answersPath == nil { throw ReuseLabError(.usage, "lesson: --json goes with --answers") }
        if line[Options.preview] && (answersPath != nil || line[Options.restart]) {
            throw ReuseLabError(.usage, "lesson: --preview shows every pause with its answers; it does not take --answers or --restart")
        }
        let html = line[Options.html]
        if !html && (line[Options.output] != nil || line[Options.force]) {
            throw ReuseLabError(.usage, "lesson: -o and --force go with --html")
        }
        if html && (answersPath != nil || line[Options.preview] || line[Options.restart]) {
            throw ReuseLabError(.usage, "lesson: --html writes the whole lesson as a page; it does not take --answers, --preview or --restart")
        }
        let path = try find(target, folder: folder)
        if html {
            let output = line[Options.output] ?? "lesson-" + ((path as NSString).lastPathComponent as NSString).deletingPathExtension + ".html"
            let force = line[Options.force]
            try InputOverwriteCheck.check(output, input: path, refusal: "the lesson itself; refusing to write the page over it",
                                          permission: HtmlCommand.permission(force: force))
            let run = try LessonRun(try LoadedLesson.load(path: path))
            let page = try HTMLPages.lesson(run, number: lessonNumber(path, folder: folder),
                                            next: nextLesson(after: path, folder: folder), generator: ReuseLab.version)
            try HtmlCommand.write(page, to: output, force: force, io: io)
            return 0
        }
        let loaded = try LoadedLesson.load(path: path)
        let run = try LessonRun(loaded)
        let next = nextLesson(after: path, folder: folder)
        if line[Options.preview] {
            _ = try run.run(console: PreviewConsole(io: io), progress: LessonProgress(lesson: loaded.lesson.id), next: next, save: { _ in })
            return 0
        }
        if let answersPath {
            let answers = try readAnswers(answersPath)
            let console = ScriptedConsole(answers: answers, io: io, quiet: line[Options.json])
            let outcome = try run.run(console: console, progress: LessonProgress(lesson: loaded.lesson.id), next: next, save: { _ in })
            if line[Options.json] { io.out(JSONWriter.compact(report(loaded, outcome.reports)) + "\n") }
            return 0
        }
        try store.checkHome()
        let (progress, notes) = store.begin(loaded.lesson, restart: line[Options.restart])
        for note in notes { io.err("reuselab: " + note + "\n") }
        let console = TerminalConsole(io: io)
        // Ctrl-C stops the lesson in good order (the answers given are already saved)
        // instead of killing it mid-sentence.
        Interruption.catchInterrupts()
        var toldOfOthers = false
        _ = try run.run(console: console, progress: progress, next: next, save: { progress throws(ReuseLabError) in
            // Another session of this lesson saved answers too: both are kept; say so once.
            if try store.save(progress).mergedOthers, !toldOfOthers {
                toldOfOthers = true
                io.err("reuselab: note: this lesson is open in another session too; the answers of both are kept\n")
            }
        })
        return Interruption.wasInterrupted || console.interrupted ? FailureKind.interrupted.exitStatus : 0
    }

    /// The lesson's number in the list (1-based), when it is in the lessons folder.
    static func lessonNumber(_ path: String, folder: String) -> Int? {
        guard let files = try? lessonFiles(in: folder) else { return nil }
        let name = (path as NSString).lastPathComponent
        return files.firstIndex { ($0 as NSString).lastPathComponent == name }.map { $0 + 1 }
    }

    /// The lesson after the one at `path` in the lessons folder, for the end screen.
    static func nextLesson(after path: String, folder: String) -> NextLesson? {
        guard let files = try? lessonFiles(in: folder) else { return nil }
        let name = (path as NSString).lastPathComponent
        guard let index = files.firstIndex(where: { ($0 as NSString).lastPathComponent == name }), index + 1 < files.count,
              let lesson = try? LoadedLesson.readLesson(path: files[index + 1]) else { return nil }
        return NextLesson(number: index + 2, id: lesson.id, title: lesson.title)
    }

    /// Every glossary entry, its term then its meaning indented under it.
    static func glossary(width: Int) -> String {
        "Words the lessons use (at a lesson's prompt: define WORD)\n\n" + Glossary.entries.map { entry in
            entry.term + "\n" + TextWrap.paragraph(entry.meaning, width: width, indent: 4)
        }.joined(separator: "\n")
    }

    // MARK: Finding lessons

    static func lessonFiles(in folder: String) throws(ReuseLabError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw ReuseLabError(.missingFile, file: folder, "no lessons folder here (run reuselab from the project's top folder, or use --lessons DIR)")
        }
        return names.map { folder + "/" + $0 }
    }

    /// A lesson by its number in the list, its id, or its path.
    static func find(_ target: String, folder: String) throws(ReuseLabError) -> String {
        if target.hasSuffix(".json") { return target }
        let files = try lessonFiles(in: folder)
        if let number = Int(target) {
            guard number >= 1, number <= files.count else {
                throw ReuseLabError(.usage, "lesson: there is no lesson \(number); the lessons are numbered 1–\(files.count) (see 'reuselab lesson')")
            }
            return files[number - 1]
        }
        // A lesson's file is named after its id: that file is the lesson, and if it
        // is broken, loading it reports its own error rather than "no such lesson".
        if let named = files.first(where: { ($0 as NSString).lastPathComponent == target + ".json" }) { return named }
        for file in files {
            if let lesson = try? LoadedLesson.readLesson(path: file), lesson.id == target { return file }
        }
        var message = "lesson: no lesson with the id \"\(VisibleText.shortened(target))\""
        let ids = files.compactMap { try? LoadedLesson.readLesson(path: $0).id }
        if let guess = Suggestion.closest(to: target, among: ids) { message += " (did you mean \"\(guess)\"?)" }
        throw ReuseLabError(.usage, message + "; see 'reuselab lesson'")
    }

    static func list(folder: String, store: ProgressStore, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let files = try lessonFiles(in: folder)
        io.out("Lessons (run one with: reuselab lesson N)\n")
        // The list needs the lesson files only; traces are read when a lesson runs.
        let lessons = files.map { file -> Result<Lesson, ReuseLabError> in
            do throws(ReuseLabError) { return .success(try LoadedLesson.readLesson(path: file)) } catch { return .failure(error) }
        }
        // The ids line up, however long the longest.
        let idWidth = max(24, lessons.compactMap { try? $0.get() }.map { TextWrap.columns(VisibleText.escape($0.id)) + 2 }.max() ?? 0)
        for (index, read) in lessons.enumerated() {
            switch read {
            case .failure(let error):
                io.err(ReuseLab.errorLine(error))
            case .success(let lesson):
                let (progress, warning) = store.load(lesson: lesson.id)
                if let warning { io.err("reuselab: warning: \(warning)\n") }
                let state: String
                // Counted in questions, not steps: a step may ask several. Questions are
                // answered in order, so the next one is the one after those answered.
                if let progress, progress.misfit(lesson) != nil {
                    state = "saved for an earlier version; starts afresh"
                } else if let progress, progress.nextStep >= lesson.steps.count {
                    state = "done, \(progress.score)/\(lesson.questionCount) right"
                } else if let progress, !progress.results.isEmpty {
                    state = "at question \(min(progress.settledCount + 1, lesson.questionCount)) of \(lesson.questionCount)"
                } else {
                    state = "\(lesson.questionCount) questions"
                }
                io.out(TextWrap.row(String(format: "%3d  ", index + 1) + VisibleText.escape(lesson.id).padded(idWidth),
                                    VisibleText.title(lesson.title) + "  [" + state + "]", width: io.width))
            }
        }
        return 0
    }

    static func check(paths: [String], folder: String, json: Bool, io: CommandIO) throws(ReuseLabError) -> Int32 {
        let files = paths.isEmpty ? try lessonFiles(in: folder) : paths
        var failed = false
        var worst: FailureKind = .checkFailed
        var reports: [JSONValue] = []
        for (file, findings) in zip(files, LessonChecker.check(paths: files)) {
            if !findings.problems.isEmpty { failed = true }
            for problem in findings.problems where problem.kind != .checkFailed { worst = problem.kind }
            if json {
                reports.append(checkReport(file: file, findings))
                continue
            }
            for (finding, because) in findings.accepted {
                io.err("reuselab: accepted: " + VisibleText.escape(finding.description) + " — because " + VisibleText.escape(because) + "\n")
            }
            if findings.problems.isEmpty {
                let accepted = findings.accepted.count
                io.out("\(VisibleText.escape(file)): ok" + (accepted == 0 ? "" : " (\(accepted) finding\(accepted == 1 ? "" : "s") accepted)") + "\n")
            } else {
                for problem in findings.problems { io.err(ReuseLab.errorLine(problem)) }
            }
        }
        if json { io.out(JSONWriter.compact(.list(reports)) + "\n") }
        return failed ? worst.exitStatus : 0
    }

    /// One lesson's findings for `lesson check --json`.
    static func checkReport(file: String, _ findings: LessonChecker.Findings) -> JSONValue {
        func entry(_ error: ReuseLabError, because: String? = nil) -> JSONValue {
            var out = JSONObjectBuilder()
            out.add("place", error.location.path ?? "")
            out.add("message", error.message)
            if let because { out.add("because", because) }
            return out.value
        }
        var out = JSONObjectBuilder()
        out.add("file", file)
        out.add("ok", findings.problems.isEmpty)
        out.add("problems", .list(findings.problems.map { entry($0) }))
        out.add("accepted", .list(findings.accepted.map { entry($0.finding, because: $0.because) }))
        return out.value
    }

    // MARK: Answers and reports

    static func readAnswers(_ path: String) throws(ReuseLabError) -> [String] {
        let bytes = try InputFile.read(path, limit: InputFile.smallFileBytes)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReuseLabError(.badInput, file: path, "the answers file is not UTF-8 text")
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    static func report(_ loaded: LoadedLesson, _ reports: [QuestionReport]) -> JSONValue {
        var out = JSONObjectBuilder()
        out.add("lesson", loaded.lesson.id)
        out.add("title", loaded.lesson.title)
        out.add("score", reports.filter(\.correct).count)
        out.add("total", reports.count)
        out.add("questions", .list(reports.map { report in
            var entry = JSONObjectBuilder()
            entry.add("number", report.number)
            entry.add("step", report.step)
            entry.add("question", report.question)
            entry.add("answer", report.answer)
            entry.add("expected", report.expected)
            entry.add("correct", report.correct)
            return entry.value
        }))
        return out.value
    }
}

extension String {
    func padded(_ width: Int) -> String {
        self + String(repeating: " ", count: max(1, width - count))
    }
}
