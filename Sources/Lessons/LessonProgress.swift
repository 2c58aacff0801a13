import Foundation
import ToolSupport
import TraceCoding

/// How far a learner got in one lesson, and how each answer went.
public struct LessonProgress: Sendable, Equatable {
    public struct Result: Sendable, Equatable {
        public var step: Int
        /// Which of the step's questions (0 for the first; older files have only one).
        public var question: Int = 0
        public var answer: String
        public var correct: Bool
        /// False while the question is still open: the learner's first answer was
        /// wrong and they stopped before answering it right or asking to be shown.
        /// Kept so that a resumed lesson still counts that first answer.
        public var settled = true

        public init(step: Int, question: Int = 0, answer: String, correct: Bool, settled: Bool = true) {
            self.step = step
            self.question = question
            self.answer = answer
            self.correct = correct
            self.settled = settled
        }
    }

    public var lesson: String
    /// The step to resume at (0-based); equal to the step count when done.
    public var nextStep: Int
    public var results: [Result]

    public init(lesson: String, nextStep: Int = 0, results: [Result] = []) {
        self.lesson = lesson
        self.nextStep = nextStep
        self.results = results
    }

    public var score: Int { results.filter(\.correct).count }

    /// The result recorded for a question, if it was answered (settled or not).
    public func result(step: Int, question: Int) -> Result? {
        results.last { $0.step == step && $0.question == question }
    }

    /// Whether a question is done with: answered right, or shown, or answered
    /// wrongly in a run that went on past it.
    public func isSettled(step: Int, question: Int) -> Bool {
        result(step: step, question: question)?.settled == true
    }

    /// How many questions are done with.
    public var settledCount: Int { results.filter(\.settled).count }

    /// Records the result of one question, replacing an earlier one for it.
    public mutating func record(_ result: Result) {
        results.removeAll { $0.step == result.step && $0.question == result.question }
        results.append(result)
    }

    /// This record and `stored`, the one on disk, as one: a question answered
    /// in only one of them keeps that answer; one answered in both keeps the
    /// stored first answer (it reached the disk first) and is settled if either
    /// says so. Two sessions of one lesson therefore never lose each other's answers.
    public func merged(with stored: LessonProgress) -> LessonProgress {
        var out = stored
        out.nextStep = max(stored.nextStep, nextStep)
        for mine in results {
            guard let index = out.results.lastIndex(where: { $0.step == mine.step && $0.question == mine.question }) else {
                out.results.append(mine)
                continue
            }
            if mine.settled { out.results[index].settled = true }
        }
        out.results.sort { ($0.step, $0.question) < ($1.step, $1.question) }
        return out
    }

    /// Why this record does not fit `lesson` as it is now (its file was edited
    /// since: fewer steps, a question that is gone), or nil when it fits.
    public func misfit(_ lesson: Lesson) -> String? {
        if nextStep > lesson.steps.count {
            return "it goes on to step \(nextStep + 1) of a lesson that now has \(lesson.steps.count)"
        }
        for result in results where result.step >= lesson.steps.count || result.question >= lesson.steps[result.step].questions.count {
            return "it has an answer to question \(result.question + 1) of step \(result.step + 1), which the lesson no longer asks"
        }
        return nil
    }

    /// Whether every step was answered: a new run starts a new attempt.
    public func isFinished(_ lesson: Lesson) -> Bool { nextStep >= lesson.steps.count }

    var jsonValue: JSONValue {
        var out = JSONObjectBuilder()
        out.add("lesson", lesson)
        out.add("nextStep", nextStep)
        out.add("results", .list(results.map { result in
            var entry = JSONObjectBuilder()
            entry.add("step", result.step)
            if result.question > 0 { entry.add("question", result.question) }
            entry.add("answer", result.answer)
            entry.add("correct", result.correct)
            if !result.settled { entry.add("settled", false) }
            return entry.value
        }))
        return out.value
    }

    static func decode(_ field: JSONField) throws(ReuseLabError) -> LessonProgress {
        let object = try field.object()
        var progress = LessonProgress(lesson: try object.required("lesson").string(),
                                      nextStep: try object.required("nextStep").nonNegativeInt())
        for entry in try object.required("results").array() {
            let item = try entry.object()
            progress.results.append(Result(step: try item.required("step").nonNegativeInt(),
                                           question: try item.optional("question")?.nonNegativeInt() ?? 0,
                                           answer: try item.required("answer").string(),
                                           correct: try item.required("correct").bool(),
                                           settled: try item.optional("settled")?.bool() ?? true))
        }
        return progress
    }
}

/// Where learners' progress lives: one small JSON file per lesson in a folder
/// named by `REUSELAB_PROGRESS_DIR` (default `~/.reuselab/progress`). Files are
/// written atomically, so an interrupted write leaves the previous version intact;
/// a file that cannot be read is reported and kept aside, never overwritten.
public struct ProgressStore {
    public let folder: URL
    /// The home folder the store lives in, when it comes from `HOME`: it must
    /// exist, so that a wrong `HOME` never makes folders where none should be.
    let home: String?

    public init(folder: URL) {
        self.folder = folder
        home = nil
    }

    private init(home: String) {
        folder = URL(fileURLWithPath: home).appendingPathComponent(".reuselab/progress")
        self.home = home
    }

    /// The store the environment names.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ProgressStore {
        if let path = environment["REUSELAB_PROGRESS_DIR"], !path.isEmpty {
            return ProgressStore(folder: URL(fileURLWithPath: path))
        }
        if let home = environment["HOME"], !home.isEmpty { return ProgressStore(home: home) }
        return ProgressStore(home: FileManager.default.homeDirectoryForCurrentUser.path)
    }

    /// Refuses a store in a home folder that is not a folder (`HOME=/nonexistent`,
    /// `HOME=/dev/null`) before a lesson starts, saying how to choose another.
    public func checkHome() throws(ReuseLabError) {
        guard let home else { return }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: home, isDirectory: &isFolder), isFolder.boolValue else {
            throw ReuseLabError(.cannotWrite, file: home, "your home folder (HOME) is not a folder, so your progress has nowhere to go; "
                                + "set REUSELAB_PROGRESS_DIR to a folder to keep it in")
        }
    }

    func file(for lesson: String) -> URL { folder.appendingPathComponent(lesson + ".json") }

    /// The saved progress, if any. A corrupt file is moved aside (to
    /// `NAME.json.corrupt`, `NAME.json.corrupt-2`, …) and `warning` says so.
    public func load(lesson: String) -> (progress: LessonProgress?, warning: String?) {
        let url = file(for: lesson)
        guard let kind = FileKind.of(linkAt: url.path) else { return (nil, nil) }
        if kind != .regular && kind != .symbolicLink {
            // Never moved or replaced: only regular files are ours to touch.
            return (nil, "your progress file \(VisibleText.escape(url.path)) is \(kind.described), not a regular file; it was left as it is and this lesson starts afresh (progress will not be saved until it is removed)")
        }
        do {
            let bytes = try InputFile.read(url.path, limit: InputFile.smallFileBytes)
            let progress = try LessonProgress.decode(try JSONDocument.parse(bytes, file: url.path))
            guard progress.lesson == lesson else {
                throw ReuseLabError(.badInput, file: url.path, "it is the progress of lesson \"\(VisibleText.shortened(progress.lesson))\"")
            }
            return (progress, nil)
        } catch {
            let aside = AsideName.free(for: url.path, suffix: ".corrupt")
            let moved = (try? FileManager.default.moveItem(atPath: url.path, toPath: aside)) != nil
            let detail = (error as? ReuseLabError)?.description ?? "\(error)"
            return (nil, "your progress file could not be read (\(VisibleText.escape(detail)))"
                         + (moved ? "; it was kept as \(VisibleText.escape(aside)) and this lesson starts afresh" : "; it was left as it is"))
        }
    }

    /// The record a run of `lesson` carries on from, and what to tell the
    /// learner about it. A record is never replaced: one that no longer fits the
    /// lesson file (an instructor changed it) is kept aside, and so is a finished
    /// attempt, or any the learner restarts; the new attempt starts beside it.
    public func begin(_ lesson: Lesson, restart: Bool) -> (progress: LessonProgress, notes: [String]) {
        let (saved, warning) = load(lesson: lesson.id)
        var notes = warning.map { ["warning: " + $0] } ?? []
        let fresh = LessonProgress(lesson: lesson.id)
        // An empty record holds no answer to lose.
        guard let record = saved, !record.results.isEmpty else { return (fresh, notes) }
        if let misfit = record.misfit(lesson) {
            let aside = keepAside(lesson: lesson.id, suffix: ".earlier-version")
            notes.append("warning: your progress in this lesson was saved for an earlier version of it (\(misfit))"
                         + (aside.map { "; it was kept as \(VisibleText.escape($0)) and the lesson starts afresh" } ?? "; the lesson starts afresh"))
            return (fresh, notes)
        }
        if restart || record.isFinished(lesson) {
            if let aside = keepAside(lesson: lesson.id, suffix: ".attempt") {
                notes.append("your earlier attempt (\(record.score) right first time) is kept as \(VisibleText.escape(aside)); this is a new one")
            }
            return (fresh, notes)
        }
        return (record, notes)
    }

    /// Moves a lesson's saved record aside (`NAME.json` + `suffix`, numbered when
    /// taken) and returns where it went; nil when there is none or it could not move.
    public func keepAside(lesson: String, suffix: String) -> String? {
        let path = file(for: lesson).path
        guard FileKind.of(linkAt: path) == .regular else { return nil }
        let aside = AsideName.free(for: path, suffix: suffix)
        return (try? FileManager.default.moveItem(atPath: path, toPath: aside)) != nil ? aside : nil
    }

    /// Saves progress atomically, merged with what another session of the same
    /// lesson saved meanwhile (sessions take turns on a lock file beside it).
    /// Returns what was saved, and whether it held answers from elsewhere.
    @discardableResult
    public func save(_ progress: LessonProgress) throws(ReuseLabError) -> (saved: LessonProgress, mergedOthers: Bool) {
        let path = file(for: progress.lesson).path
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ReuseLabError(.cannotWrite, file: folder.path, "cannot create the progress folder: \(error.localizedDescription)")
        }
        let lock = try FileLock.hold(folder.appendingPathComponent("." + progress.lesson + ".lock").path, what: "your progress")
        defer { withExtendedLifetime(lock) {} }
        var saved = progress
        var mergedOthers = false
        // A record that cannot be read is left for `load` to set aside; it is never merged.
        if FileKind.of(linkAt: path) == .regular, let bytes = try? InputFile.read(path, limit: InputFile.smallFileBytes),
           let stored = try? LessonProgress.decode(try JSONDocument.parse(bytes, file: path)), stored.lesson == progress.lesson {
            saved = progress.merged(with: stored)
            mergedOthers = stored.results.contains { theirs in
                !progress.results.contains { $0.step == theirs.step && $0.question == theirs.question }
            }
        }
        do {
            try OutputFile.write(Array((JSONWriter.compact(saved.jsonValue) + "\n").utf8), to: path, permission: .ours, standardOutput: { _ in })
        } catch {
            throw ReuseLabError(.cannotWrite, file: path, "cannot save your progress: \(error.message)")
        }
        return (saved, mergedOthers)
    }
}
