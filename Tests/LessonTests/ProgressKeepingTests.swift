import ReuseLabTestSupport
import Testing
import Foundation
import TraceCoding
@testable import Lessons

/// No answer a learner gave is ever lost: two sessions of one lesson keep each
/// other's answers, and a record that no longer fits its lesson, a finished
/// attempt and a restarted one are kept aside, never replaced.
@Suite
final class ProgressKeepingTests {
    let lesson = "02-first-reuse-modern"

    func loaded() throws -> LoadedLesson {
        try LoadedLesson.load(path: lessonsFolder.appendingPathComponent("\(lesson).json").path)
    }

    /// Session A answers three questions; session B, started before A's
    /// answers, then answers one: all of A's answers stay.
    @Test func testTwoSessionsOfOneLessonKeepEachOthersAnswers() throws {
        let store = ProgressStore(folder: try temporaryFolder())
        var a = LessonProgress(lesson: lesson)
        var b = LessonProgress(lesson: lesson)
        for step in 0..<3 {
            a.record(.init(step: step, answer: "a\(step)", correct: true))
            a.nextStep = step + 1
            #expect(try store.save(a).mergedOthers == false)
        }
        b.record(.init(step: 0, answer: "b0", correct: false, settled: false))
        b.record(.init(step: 3, answer: "b3", correct: false))
        let (saved, mergedOthers) = try store.save(b)
        #expect(mergedOthers, "B is told another session saved answers")
        let stored = try #require(store.load(lesson: lesson).progress)
        #expect(stored == saved)
        #expect(stored.results.map(\.answer) == ["a0", "a1", "a2", "b3"], "A's first answers reached the disk first and stay")
        #expect(stored.nextStep == 3)
        // A saves again: B's answer to step 3 stays too.
        a.record(.init(step: 2, answer: "a2", correct: true))
        #expect(try store.save(a).mergedOthers)
        #expect(store.load(lesson: lesson).progress?.results.map(\.answer) == ["a0", "a1", "a2", "b3"])
    }

    @Test func testARecordForAnEarlierVersionOfTheLessonIsKeptAside() throws {
        let folder = try temporaryFolder()
        let store = ProgressStore(folder: folder)
        var old = LessonProgress(lesson: lesson, nextStep: 2)
        old.results = [.init(step: 0, answer: "19-28", correct: true), .init(step: 1, question: 3, answer: "init", correct: true)]
        try store.save(old)
        let (progress, notes) = store.begin(try loaded().lesson, restart: false)
        #expect(progress == LessonProgress(lesson: lesson), "the lesson starts afresh")
        #expect(notes.count == 1 && notes[0].contains("earlier version") && notes[0].contains("question 4 of step 2"), "\(notes)")
        let aside = folder.appendingPathComponent("\(lesson).json.earlier-version")
        #expect(notes[0].contains(aside.path), "\(notes)")
        let kept = try LessonProgress.decode(try JSONDocument.parse(Array(try Data(contentsOf: aside)), file: aside.path))
        #expect(kept == old, "the old record is kept as it was")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(lesson).json").path))
    }

    @Test func testAFinishedOrRestartedAttemptIsKeptBesideTheNewOne() throws {
        let folder = try temporaryFolder()
        let store = ProgressStore(folder: folder)
        let steps = try loaded().lesson.steps.count
        var finished = LessonProgress(lesson: lesson, nextStep: steps)
        finished.results = [.init(step: 0, answer: "19-28", correct: true)]
        try store.save(finished)
        let (first, notes) = store.begin(try loaded().lesson, restart: false)
        #expect(first.results.isEmpty)
        #expect(notes.count == 1 && notes[0].contains("earlier attempt (1 right first time) is kept as"), "\(notes)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(lesson).json.attempt").path))
        // A half-done attempt that the learner restarts is kept too, beside the first.
        var partial = LessonProgress(lesson: lesson, nextStep: 1)
        partial.results = [.init(step: 0, answer: "20-29", correct: false)]
        try store.save(partial)
        _ = store.begin(try loaded().lesson, restart: true)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(lesson).json.attempt-2").path))
        // A record without answers holds nothing to keep.
        try store.save(LessonProgress(lesson: lesson))
        let (_, none) = store.begin(try loaded().lesson, restart: true)
        #expect(none.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(lesson).json.attempt-3").path))
    }

    /// As a learner sees the list: a record for an earlier version is not "done, 3/2".
    @Test func testTheListSaysARecordIsForAnEarlierVersion() throws {
        let folder = try temporaryFolder()
        var old = LessonProgress(lesson: lesson, nextStep: 9)
        old.results = [.init(step: 8, answer: "x", correct: true)]
        try ProgressStore(folder: folder).save(old)
        let (status, out, err) = lessonCommand(["lesson"], progress: folder.path)
        #expect(status == 0, Comment(rawValue: err))
        // The row, wrapped over as many lines as it takes, up to the next lesson's.
        let start = try #require(out.range(of: lesson)), end = out.range(of: "03-first-reuse-classic")?.lowerBound ?? out.endIndex
        let row = out[start.lowerBound..<end].replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        #expect(row.contains("saved for an earlier version"), Comment(rawValue: row))
        #expect(!row.contains("done"), Comment(rawValue: row))
    }

    /// A home folder that is not one (HOME=/nonexistent, HOME=/dev/null) is
    /// refused before the lesson starts, and no folder is made for it.
    @Test func testAHomeThatIsNotAFolderIsRefusedAndNothingIsMade() throws {
        let missing = try temporaryFolder().appendingPathComponent("no-such-home").path
        for home in [missing, "/dev/null"] {
            let outcome = try ReuselabExecutable.runFromPackage(["lesson", "1"], environment: ["HOME": home, "REUSELAB_PROGRESS_DIR": ""])
            #expect(outcome.status == 73, Comment(rawValue: outcome.err))
            #expect(outcome.err.contains("your home folder (HOME) is not a folder") && outcome.err.contains("REUSELAB_PROGRESS_DIR"), Comment(rawValue: outcome.err))
            #expect(!outcome.err.contains("NSCocoaErrorDomain"), Comment(rawValue: outcome.err))
        }
        #expect(!FileManager.default.fileExists(atPath: missing), "no folder is made where HOME points")
    }
}
