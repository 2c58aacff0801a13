import Testing
import Foundation
@testable import Lessons

/// A lesson step's `"code"`: functions of the trace's code shown at the pause, in
/// the terminal and on the page; every mistake in naming them is an error that
/// names the lesson, the step and what the trace's code has.
@Suite
final class LessonCodeTests {
    func writeLesson(_ root: URL, code: String, trace: String = "seed004-slow-scroll") throws -> String {
        let text = """
        {
          "id": "t-code", "title": "Test", "trace": "../traces/\(trace).trace.json",
          "introduction": "", "takeaway": "T.",
          "steps": [
            { "narration": "Go.", "pause": {"event": 3}, "code": \(code),
              "question": {"ask": "How many cells so far?", "query": "cellCount"} }
          ]
        }
        """
        let path = root.appendingPathComponent("lessons/test.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func problems(_ path: String) -> [String] { LessonChecker.check(path: path).problems.map(\.description) }

    @Test func testLessonTenShowsTheEmptyPrepareForReuseAtItsPause() throws {
        let run = lessonCommand(["lesson", "10", "--preview"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let step = try #require(run.out.range(of: "── Step 2 of 3"))
        let question = try #require(run.out.range(of: "Question 2 of 4"))
        let shown = String(run.out[step.upperBound..<question.lowerBound])
        #expect(shown.contains("""
            ┌ AsyncNoResetStrategy.swift · prepareForReuse()
            │ 19  override func prepareForReuse() {
            │ 20      // profileImageView.image = nil   ← commented out in the app
            │ 21  }
            """), Comment(rawValue: shown))
        // The third stop shows the closure that writes into the captured cell.
        let third = try #require(run.out.range(of: "── Step 3 of 3"))
        #expect(run.out[third.upperBound...].contains("│ 49              cell.profileImageView.image = UIImage(data: imageData)"))
        for line in run.out.split(separator: "\n") { #expect(line.count <= 80, Comment(rawValue: String(line))) }
    }

    @Test func testThePageCarriesEachStopsCode() throws {
        let folder = try temporaryFolder()
        let page = folder.appendingPathComponent("lesson.html").path
        let run = lessonCommand(["lesson", "10", "--html", "-o", page])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(#""code":[{"file":"AsyncNoResetStrategy.swift","name":"prepareForReuse()","first":19,"lines":["    override func prepareForReuse() {""#))
        #expect(html.contains(#""name":"tableView(_:cellForRowAt:)","first":41"#))
    }

    @Test func testMistakesNameTheStepAndWhatTheCodeHas() throws {
        let root = try lessonProject()
        let cases: [(code: String, expected: String)] = [
            (#"["nope()"]"#, "step 1: the trace's code has no function nope(); it has "),
            (#"[]"#, #""code" has 0 entries; give 1 to 3 functions"#),
            (#"["a()", "b()", "c()", "d()"]"#, #""code" has 4 entries"#),
            (#""prepareForReuse()""#, #""code" must be an array"#),
            (#"["prepareForReuse"]"#, "expected a function's Swift name"),
            (#"[7]"#, "must be a string"),
        ]
        for item in cases {
            let found = problems(try writeLesson(root, code: item.code))
            #expect(found.count == 1, Comment(rawValue: item.expected))
            #expect(found.first?.contains("lessons/test.json") == true, Comment(rawValue: found.first ?? ""))
            #expect(found.first?.contains("steps[0].code") == true, Comment(rawValue: found.first ?? ""))
            #expect(found.first?.contains(item.expected) == true, "\(found.first ?? "nothing") lacks \(item.expected)")
        }
        #expect(problems(try writeLesson(root, code: #"["prepareForReuse()"]"#)) == [], "a function the code has")
    }

    @Test func testATraceWithoutCodeCannotShowAny() throws {
        let root = try lessonProject(copying: "device-seed004")
        let found = problems(try writeLesson(root, code: #"["prepareForReuse()"]"#, trace: "device-seed004"))
        #expect(found.count == 1)
        #expect(found.first?.contains("step 1 shows code, but its trace carries none") == true, Comment(rawValue: found.first ?? ""))
    }
}
