import Testing
import Foundation
@testable import Lessons

/// Progress is saved per learner, atomically, and never silently lost.
@Suite
final class ProgressTests {
    @Test func testProgressRoundTripsAndResumes() throws {
        let store = ProgressStore(folder: try temporaryFolder().appendingPathComponent("learner"))
        var progress = LessonProgress(lesson: "01-first-screen", nextStep: 2)
        progress.results = [.init(step: 0, answer: "19", correct: true), .init(step: 1, answer: "reuse", correct: false)]
        try store.save(progress)
        let (loaded, warning) = store.load(lesson: "01-first-screen")
        #expect(warning == nil)
        #expect(loaded == progress)
        #expect(loaded?.score == 1)
    }

    @Test func testAnInterruptedWriteLeavesTheLastSavedProgress() throws {
        let folder = try temporaryFolder()
        let store = ProgressStore(folder: folder)
        let saved = LessonProgress(lesson: "02-first-reuse-modern", nextStep: 3)
        try store.save(saved)
        // An atomic write puts the new content in a temporary file and renames it over the old one;
        // a crash before the rename leaves such a file behind, and the old progress untouched.
        try Data("{\"lesson\":\"02-first-reuse-modern\",\"nextSt".utf8).write(to: folder.appendingPathComponent(".02-first-reuse-modern.json.tmp-crashed"))
        #expect(store.load(lesson: "02-first-reuse-modern").progress == saved)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.contains("02-first-reuse-modern.json"))
    }

    @Test func testACorruptProgressFileIsReportedAndKeptAsideNeverOverwritten() throws {
        let folder = try temporaryFolder()
        let store = ProgressStore(folder: folder)
        let file = folder.appendingPathComponent("03-first-reuse-classic.json")
        try Data("{\"lesson\": \"03-first-reuse-classic\", \"nextStep\": ".utf8).write(to: file)
        let (progress, warning) = store.load(lesson: "03-first-reuse-classic")
        #expect(progress == nil)
        #expect(warning?.contains("could not be read") == true, Comment(rawValue: warning ?? ""))
        #expect(warning?.contains(".corrupt") == true, Comment(rawValue: warning ?? ""))
        let aside = folder.appendingPathComponent("03-first-reuse-classic.json.corrupt")
        #expect((try String(contentsOf: aside, encoding: .utf8)) == "{\"lesson\": \"03-first-reuse-classic\", \"nextStep\": ", "the learner's file is kept as it was")
        // A second corrupt file does not overwrite the first one kept aside.
        try Data("garbage".utf8).write(to: file)
        _ = store.load(lesson: "03-first-reuse-classic")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("03-first-reuse-classic.json.corrupt-2").path))
    }

    @Test func testTheFolderComesFromTheEnvironment() {
        #expect(ProgressStore.fromEnvironment(["REUSELAB_PROGRESS_DIR": "/tmp/ana"]).folder.path == "/tmp/ana")
        #expect(ProgressStore.fromEnvironment(["HOME": "/home/ana"]).folder.path == "/home/ana/.reuselab/progress")
    }

    /// A wrong first answer, then Ctrl-D, then a resumed run answered right: the
    /// first answer is kept at once and still counts, so the score does not say
    /// "right first time" (issue 33's "the score lies after a resume").
    @Test func testAWrongFirstAnswerSurvivesStoppingAndStillCounts() throws {
        let loaded = try LoadedLesson.load(path: lessonsFolder.appendingPathComponent("02-first-reuse-modern.json").path)
        let right = try rightAnswers(loaded), wrong = try wrongAnswers(loaded)
        var saved: [LessonProgress] = []
        // First run: question 1 right, question 2 wrong, then the input ends.
        let first = try LessonRun(loaded).run(console: RecordingConsole([right[0], wrong[1]], scripted: false),
                                              progress: LessonProgress(lesson: loaded.lesson.id), next: nil) { saved.append($0) }
        #expect(first.stopped)
        let kept = try #require(saved.last)
        #expect(kept.settledCount == 1)
        let open = try #require(kept.results.first { !$0.settled })
        #expect(open.answer == wrong[1])
        #expect(!open.correct)
        // Stored and read back as it was.
        let store = ProgressStore(folder: try temporaryFolder())
        try store.save(kept)
        #expect(store.load(lesson: loaded.lesson.id).progress == kept)

        // Second run: the same question again, answered right now: it does not score.
        let console = RecordingConsole(Array(right.dropFirst()), scripted: false)
        let second = try LessonRun(loaded).run(console: console, progress: kept, next: nil) { saved.append($0) }
        #expect(!second.stopped)
        #expect(console.transcript.contains("carrying on at question 2 of"), Comment(rawValue: console.transcript))
        #expect(console.transcript.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                    .contains("Your first answer to it, \"\(wrong[1])\", is kept and counts."), "the resume says the first try stands")
        #expect(console.transcript.contains("Right this time (the score counts first answers)."), Comment(rawValue: console.transcript))
        let done = try #require(saved.last)
        #expect(done.settledCount == done.results.count)
        let question = try #require(done.results.first { $0.answer == wrong[1] })
        #expect(!question.correct, "the first answer, wrong, is the one that counts")
        #expect(done.score == (loaded.questionCount - 1))
    }
}
