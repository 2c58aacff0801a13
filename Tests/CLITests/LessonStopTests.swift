import ReuseLabTestSupport
import Foundation
import Testing

/// A learner who ends the input (Ctrl-D, or a pipe that runs dry) or presses
/// Ctrl-C stops the lesson where it is: the answers given are kept, nothing is
/// recorded for the rest, and the lesson says how to carry on.
@Suite
final class LessonStopTests: FolderTestCase {
    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["REUSELAB_PROGRESS_DIR"] = folder.path("progress")
        return environment
    }

    func progress() throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.path("progress/01-first-screen.json")))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    func assertStoppedAtQuestionTwo(_ out: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(out.contains("Stopped at question 2 of 4. Your answer is kept. To carry on, run:\n    reuselab lesson 01-first-screen\n"), Comment(rawValue: out), sourceLocation: sourceLocation)
        #expect(!(out.contains("(no answer)")), "nothing is answered for the learner", sourceLocation: sourceLocation)
        #expect(!(out.contains("End of the lesson")), "the lesson is not over", sourceLocation: sourceLocation)
        let saved = try progress()
        #expect((saved["nextStep"] as? Int) == 1, sourceLocation: sourceLocation)
        #expect((saved["results"] as? [Any])?.count == 1, "only the question answered is recorded", sourceLocation: sourceLocation)
    }

    @Test func testEndOfInputStopsAndKeepsTheAnswersGiven() throws {
        let input = try folder.write("answers.txt", "19\n")
        let outcome = try ReuselabExecutable.run(try Executable.require(), ["lesson", "1"], stdinPath: input,
                                                 environment: environment, directory: Golden.packageRoot, timeout: 60)
        #expect(outcome.status == 0, Comment(rawValue: outcome.err))
        try assertStoppedAtQuestionTwo(outcome.out)
        // Running it again resumes at question 2.
        let again = try ReuselabExecutable.run(try Executable.require(), ["lesson", "1"], stdinPath: nil,
                                               environment: environment, directory: Golden.packageRoot, timeout: 60)
        #expect(again.out.contains("carrying on at question 2 of 4"), Comment(rawValue: again.out))
        #expect(again.out.contains("Stopped at question 2 of 4."), Comment(rawValue: again.out))
    }

    @Test func testCtrlCStopsInGoodOrder() throws {
        let lesson = try PipedProcess(try Executable.require(), ["lesson", "1"], environment: environment, directory: Golden.packageRoot)
        lesson.send("19\n")
        // The moment to press Ctrl-C: question 2's prompt is printed, and the lesson
        // reads its answer next.
        #expect(lesson.expect("Question 2 of 4:") && lesson.expect("\n> "), "the lesson never asked question 2; it printed:\n\(lesson.text.suffix(1500))")
        // The prompt comes just before the read begins: a Ctrl-C that lands between
        // the two is seen only at the next one, so a learner who presses it again is
        // heard. Every press is the same Ctrl-C; none is an answer or the end of input.
        var presses = 0
        while presses < 10 {
            kill(lesson.process.processIdentifier, SIGINT)
            presses += 1
            if lesson.waitForExit(seconds: 3) { break }
        }
        guard lesson.waitForExit(seconds: 0) else {
            Issue.record("the lesson kept running after \(presses) presses of Ctrl-C"); return
        }
        #expect(lesson.process.terminationReason == .exit, "Ctrl-C is caught, not fatal")
        #expect(lesson.process.terminationStatus == 130)
        try assertStoppedAtQuestionTwo(lesson.text)
    }
}
