import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
@testable import Lessons

/// The bundled curriculum: sound, complete, and graded by its traces.
@Suite
final class CurriculumTests {
    /// The sample lessons, in detail (`lesson check` of every one is in
    /// `LessonCommandTests`); every bundled lesson in `CurriculumSecondTierTests`.
    @Test func testEverySampleLessonPassesLessonCheck() throws {
        try Self.checkLessons(BundledFiles.sampleLessons.map(BundledFiles.lessonPath))
    }

    static func checkLessons(_ paths: [String]) throws {
        for path in paths {
            #expect(LessonChecker.check(path: path).problems.map(\.description) == [], Comment(rawValue: path))
        }
    }

    static func checkCurriculum() throws {
        let lessons = try bundledLessons().map { try LoadedLesson.load(path: $0) }
        #expect(lessons.count >= 10)
        #expect(lessons.allSatisfy { $0.lesson.questionCount >= 3 }, "each lesson asks at least three questions")
        var strategies: Set<String> = []
        var profiles: Set<TableProfile> = []
        for loaded in lessons {
            strategies.insert(loaded.trace.header.scenario?.strategy ?? "")
            profiles.insert(loaded.trace.header.profile)
            for question in loaded.lesson.steps.flatMap(\.questions) {
                if case .compare(_, let other) = question.query, let trace = try? loaded.queries.loadOther(other) {
                    strategies.insert(trace.header.scenario?.strategy ?? "")
                }
            }
        }
        let table = ["plain", "sync-download", "eager-preload", "memo-main-async", "async-no-reset", "async-reset",
                     "task-identity-cancel", "prefetch-reload", "batch-paging", "cache-coalesce", "cache-coalesce-prepare"]
        #expect(Set(table).subtracting(strategies) == [], "every strategy of docs/strategies.md is taught")
        #expect(profiles == [.modern, .classic])
        let kinds = Set(lessons.flatMap { $0.lesson.steps.flatMap(\.questions).map(\.query.name) })
        #expect(kinds.isSuperset(of: ["nextCall", "cellForRow", "nextPrefetchBatch", "cellCount", "cellForRowAtCount", "imageShown", "isStale", "compare"]))
    }

    /// The sample lessons; every bundled lesson in `CurriculumSecondTierTests`.
    @Test func testRightAnswersScoreFullMarksAndWrongAnswersZero() throws {
        try Self.checkGrading(BundledFiles.sampleLessons.map(BundledFiles.lessonPath))
    }

    static func checkGrading(_ paths: [String]) throws {
        for path in paths {
            let loaded = try LoadedLesson.load(path: path)
            let run = try LessonRun(loaded)
            let right = try run.run(console: RecordingConsole(try rightAnswers(loaded)),
                                    progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in }).reports
            #expect(right.filter(\.correct).count == loaded.questionCount, "\(loaded.lesson.id): \(right.filter { !$0.correct })")
            let wrong = try run.run(console: RecordingConsole(try wrongAnswers(loaded)),
                                    progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in }).reports
            #expect(wrong.filter(\.correct).count == 0, "\(loaded.lesson.id): \(wrong.filter(\.correct))")
        }
    }

    @Test func testAQuestionNeverShowsItsAnswerBeforeItIsAsked() throws {
        let loaded = try LoadedLesson.load(path: lessonsFolder.appendingPathComponent("01-first-screen.json").path)
        let console = RecordingConsole(try rightAnswers(loaded))
        _ = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: "01-first-screen"), next: nil, save: { _ in })
        let parts = console.transcript.components(separatedBy: "Question 2 of 4: Row 5 is next")
        #expect(parts.count == 2, Comment(rawValue: console.transcript))
        let beforeQuestion2 = parts[0]
        #expect(!(beforeQuestion2.contains("for row 5, dequeueReusableCell")), "the init for row 5 is the answer; it comes after the question")
        let after = parts.last ?? ""
        #expect(after.split(whereSeparator: \.isWhitespace).joined(separator: " ").contains("Inside cellForRowAt for row 5, dequeueReusableCell finds the MyCell reuse pool empty and creates cell #6 (init)"), "and it is revealed afterwards")
    }

    /// Lesson 1 asks for the next three calls of a new row; a learner who says the
    /// cell comes from the dequeue inside cellForRowAt is right, and the reveal says
    /// why the trace lists init first.
    @Test func testLessonOneTakesTheDequeueAndTellsTheNesting() throws {
        let loaded = try LoadedLesson.load(path: lessonsFolder.appendingPathComponent("01-first-screen.json").path)
        var answers = try rightAnswers(loaded)
        #expect(answers[2] == "init → cellForRowAt → willDisplay")
        answers[2] = "dequeue, cellForRowAt, willDisplay"
        let console = RecordingConsole(answers)
        let reports = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: "01-first-screen"), next: nil, save: { _ in }).reports
        #expect(reports.filter(\.correct).count == 4, "\(reports)")
        let transcript = console.transcript.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(transcript.contains("Why: Steps 30–32: Inside cellForRowAt for row 10, dequeueReusableCell finds the MyCell reuse pool empty and creates cell #11 (init)"), Comment(rawValue: console.transcript))
        #expect(!(loaded.lesson.takeaway.contains("init, cellForRowAt and willDisplay, in that order")), "the takeaway no longer teaches three siblings")
    }

    @Test func testTheRunnerGivesHintsAllowsRetriesAndRevealsWhatHappened() throws {
        let loaded = try LoadedLesson.load(path: lessonsFolder.appendingPathComponent("02-first-reuse-modern.json").path)
        var answers = try rightAnswers(loaded)
        answers.insert(contentsOf: ["hint", "what?", "prepareForReuse"], at: 2) // step 3: a hint, an unreadable answer, a wrong one, then right
        let console = RecordingConsole(answers, scripted: false)
        let reports = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in }).reports
        #expect(console.transcript.contains("Hint: "))
        #expect(console.transcript.contains("\"what?\" is not an answer to this question. Answer init or prepareForReuse."), Comment(rawValue: console.transcript))
        // The reply quotes the answer and says why it is wrong before asking again.
        let reply = try #require(console.transcript.range(of: "Not quite: you said \"prepareForReuse\"."), Comment(rawValue: console.transcript))
        let rest = console.transcript[reply.upperBound...]
        let retry = try #require(rest.range(of: "Try again"))
        #expect(rest[..<retry.lowerBound].split(whereSeparator: \.isWhitespace).count > 5, "feedback before the retry: \(rest.prefix(300))")
        #expect(console.transcript.contains("Right this time"))
        #expect(reports[2].attempts == 2)
        #expect(!reports[2].correct, "only a first-time answer scores")
    }
}

/// `CurriculumTests` over every bundled lesson: the detailed check, grading with
/// right and wrong answers, and the curriculum's coverage of every strategy.
@Suite(SecondTier.enabled("the check, the grading and the coverage of every bundled lesson"))
final class CurriculumSecondTierTests {

    @Test func testEveryBundledLessonPassesLessonCheck() throws {
        try CurriculumTests.checkLessons(try bundledLessons())
    }

    @Test func testRightAnswersScoreFullMarksAndWrongAnswersZero() throws {
        try CurriculumTests.checkGrading(try bundledLessons())
    }

    @Test func testTheCurriculumIsLargeEnoughAndCoversEveryStrategy() throws {
        try CurriculumTests.checkCurriculum()
    }
}
