import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
@testable import Lessons

/// Lesson 21: where `UIImage(data:)` is decoded, and what preparing it changes.
@Suite
final class DecodeLessonTests {
    let path = lessonsFolder.appendingPathComponent("21-decode-on-first-frame.json").path

    @Test func testItPassesLessonCheckAndIsGradedByItsTraces() throws {
        try CurriculumTests.checkLessons([path])
        try CurriculumTests.checkGrading([path])
    }

    /// The right answers, as the trace gives them: the app that makes its image
    /// with UIImage(data:) blocks the main thread and misses frames; the one that
    /// prepares it holds more memory at its peak.
    @Test func testTheAnswersComeFromTheTwoRecordings() throws {
        let loaded = try LoadedLesson.load(path: path)
        #expect(try rightAnswers(loaded) == ["cache-coalesce", "cache-coalesce", "cache-coalesce-prepare"])
        let console = RecordingConsole(try rightAnswers(loaded))
        _ = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in })
        let transcript = console.transcript.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(transcript.contains("Main thread blocked: cache-coalesce 390 ms, cache-coalesce-prepare 0 ms."), Comment(rawValue: transcript))
        #expect(transcript.contains("Hitches: cache-coalesce 12, cache-coalesce-prepare 0."), Comment(rawValue: transcript))
        // The reveal after question 2 shows the decode that follows the frame, with its caveat.
        #expect(transcript.contains("The main thread is busy for 60 ms: decoding images 1 and 2 for"), Comment(rawValue: transcript))
    }
}
