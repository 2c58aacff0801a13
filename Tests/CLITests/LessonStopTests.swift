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
        let process = Process()
        process.executableURL = try Executable.require()
        process.arguments = ["lesson", "1"]
        process.currentDirectoryURL = Golden.packageRoot
        process.environment = environment
        let input = Pipe()
        let outPath = folder.path("stdout")
        FileManager.default.createFile(atPath: outPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardInput = input
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data("19\n".utf8))
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, !(String(decoding: try folder.read("stdout"), as: UTF8.self).contains("Step 2 of 4")) {
            usleep(10_000)
        }
        usleep(200_000)   // the prompt is printed and the lesson waits for input
        kill(process.processIdentifier, SIGINT)
        let exitDeadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < exitDeadline { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            XCTFail("the lesson kept running after Ctrl-C")
        }
        process.waitUntilExit()
        try out.close()
        try input.fileHandleForWriting.close()
        XCTAssertEqual(process.terminationReason, .exit, "Ctrl-C is caught, not fatal")
        XCTAssertEqual(process.terminationStatus, 130)
        try assertStoppedAtQuestionTwo(String(decoding: try folder.read("stdout"), as: UTF8.self))
    }
}
