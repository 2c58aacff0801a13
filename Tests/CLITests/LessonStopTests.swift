import ReuseLabTestSupport
import Foundation
import XCTest

/// A learner who ends the input (Ctrl-D, or a pipe that runs dry) or presses
/// Ctrl-C stops the lesson where it is: the answers given are kept, nothing is
/// recorded for the rest, and the lesson says how to carry on.
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

    func assertStoppedAtQuestionTwo(_ out: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertTrue(out.contains("Stopped at question 2 of 4. Your answer is kept. To carry on, run:\n    reuselab lesson 01-first-screen\n"),
                      out, file: file, line: line)
        XCTAssertFalse(out.contains("(no answer)"), "nothing is answered for the learner", file: file, line: line)
        XCTAssertFalse(out.contains("End of the lesson"), "the lesson is not over", file: file, line: line)
        let saved = try progress()
        XCTAssertEqual(saved["nextStep"] as? Int, 1, file: file, line: line)
        XCTAssertEqual((saved["results"] as? [Any])?.count, 1, "only the question answered is recorded", file: file, line: line)
    }

    func testEndOfInputStopsAndKeepsTheAnswersGiven() throws {
        let input = try folder.write("answers.txt", "19\n")
        let outcome = try ReuselabExecutable.run(try Executable.require(), ["lesson", "1"], stdinPath: input,
                                                 environment: environment, directory: Golden.packageRoot, timeout: 60)
        XCTAssertEqual(outcome.status, 0, outcome.err)
        try assertStoppedAtQuestionTwo(outcome.out)
        // Running it again resumes at question 2.
        let again = try ReuselabExecutable.run(try Executable.require(), ["lesson", "1"], stdinPath: nil,
                                               environment: environment, directory: Golden.packageRoot, timeout: 60)
        XCTAssertTrue(again.out.contains("carrying on at question 2 of 4"), again.out)
        XCTAssertTrue(again.out.contains("Stopped at question 2 of 4."), again.out)
    }

    func testCtrlCStopsInGoodOrder() throws {
        let lesson = try PipedProcess(try Executable.require(), ["lesson", "1"], environment: environment, directory: Golden.packageRoot)
        lesson.send("19\n")
        // The moment to press Ctrl-C: question 2's prompt is printed, and the lesson
        // reads its answer next.
        XCTAssertTrue(lesson.expect("Question 2 of 4:") && lesson.expect("\n> "),
                      "the lesson never asked question 2; it printed:\n\(lesson.text.suffix(1500))")
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
            return XCTFail("the lesson kept running after \(presses) presses of Ctrl-C")
        }
        XCTAssertEqual(lesson.process.terminationReason, .exit, "Ctrl-C is caught, not fatal")
        XCTAssertEqual(lesson.process.terminationStatus, 130)
        try assertStoppedAtQuestionTwo(lesson.text)
    }
}
