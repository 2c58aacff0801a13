import XCTest
import Foundation
import TraceFormat
import ReuseLabCLI

/// `reuselab lesson` as a user runs it (in process, from the project folder).
final class LessonCommandTests: XCTestCase {
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        var out = "", err = ""
        let previous = FileManager.default.currentDirectoryPath
        FileManager.default.changeCurrentDirectoryPath(projectRoot.path)
        defer { FileManager.default.changeCurrentDirectoryPath(previous) }
        let status = ReuseLab.run(arguments, io: CommandIO(out: { out += $0 }, err: { err += $0 }))
        return (status, out, err)
    }

    func testListingShowsEveryLessonWithProgress() throws {
        setenv("REUSELAB_PROGRESS_DIR", try temporaryFolder().path, 1)
        let result = run(["lesson"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertTrue(result.out.contains("  1  01-first-screen"), result.out)
        XCTAssertTrue(result.out.contains("4 questions"))
        // One row per lesson (a long title wraps under itself, within 80 columns).
        let rows = result.out.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).first?.isNumber == true }
        XCTAssertEqual(rows.count, try bundledLessons().count)
        XCTAssertTrue(result.out.split(separator: "\n").allSatisfy { $0.count <= 80 }, result.out)
    }

    func testGradingWithAnAnswersFileAndAJSONReport() throws {
        let answers = try temporaryFolder().appendingPathComponent("answers.txt")
        try Data("# lesson 1\n19\nreuse\ninit, cellForRowAt, willDisplay\n19\n".utf8).write(to: answers)
        let result = run(["lesson", "1", "--answers", answers.path, "--json"])
        XCTAssertEqual(result.status, 0, result.err)
        let report = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        XCTAssertEqual(report?["score"] as? Int, 3)
        XCTAssertEqual(report?["total"] as? Int, 4)
        let questions = report?["questions"] as? [[String: Any]]
        XCTAssertEqual(questions?[1]["correct"] as? Bool, false)
        XCTAssertEqual(questions?[1]["expected"] as? String, "init")
    }

    func testLessonsByIdAndUsageErrors() throws {
        let answers = try temporaryFolder().appendingPathComponent("a.txt")
        try Data("19-28\n".utf8).write(to: answers)
        XCTAssertEqual(run(["lesson", "02-first-reuse-modern", "--answers", answers.path]).status, 0)
        let typo = run(["lesson", "02-first-reuse-modrn"])
        XCTAssertEqual(typo.status, 64)
        XCTAssertTrue(typo.err.contains("did you mean \"02-first-reuse-modern\""), typo.err)
        XCTAssertEqual(run(["lesson", "99"]).status, 64)
        XCTAssertEqual(run(["lesson", "1", "--answers", "/no/such/file"]).status, 66)
    }

    func testCheckReportsEveryBundledLessonOk() {
        let result = run(["lesson", "check"])
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.out.components(separatedBy: ": ok").count - 1, (try? bundledLessons().count) ?? -1)
    }
}
