import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
@testable import Lessons

/// Lessons that point outside the project, and every kind of mistake an
/// instructor can make, are reported with the lesson file, the step and what is wrong.
@Suite
final class LessonSafetyTests {
    func makeProject() throws -> URL { try lessonProject() }

    func writeLesson(_ root: URL, trace: String = "../traces/seed004-slow-scroll.trace.json", question: String = #"{"ask": "Row 21?", "query": "nextCall", "row": 21}"#,
                     pause: String = #"{"before": {"kind": "cellForRowAt", "row": 21}}"#) throws -> String {
        let text = """
        {
          "id": "t-1",
          "title": "Test",
          "trace": "\(trace)",
          "introduction": "", "takeaway": "T.",
          "steps": [
            { "narration": "Go.", "pause": \(pause), "question": \(question) }
          ]
        }
        """
        let path = root.appendingPathComponent("lessons/test.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func problems(_ path: String) -> [String] { LessonChecker.check(path: path).problems.map(\.description) }

    @Test func testAWellFormedLessonChecksClean() throws {
        #expect(problems(try writeLesson(try makeProject())) == [])
    }

    /// A mistake in a later step is reported before the lesson starts, not when
    /// the learner reaches it after answering the first questions.
    @Test func testAMalformedLaterStepStopsTheLessonBeforeItStarts() throws {
        let root = try makeProject()
        let text = #"""
        {"id": "t-1", "title": "Test", "trace": "../traces/seed004-slow-scroll.trace.json", "introduction": "A list.", "takeaway": "T.",
         "steps": [{"narration": "Go.", "pause": {"event": 3}, "question": {"ask": "How many cells?", "query": "cellCount"}},
                   {"narration": "Later.", "pause": {"event": 99999}, "question": {"ask": "How many?", "query": "cellCount"}}]}
        """#
        let path = root.appendingPathComponent("lessons/test.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let answers = root.appendingPathComponent("answers.txt").path
        try Data("19\n".utf8).write(to: URL(fileURLWithPath: answers))
        let (status, out, err) = lessonCommand(["lesson", path, "--answers", answers])
        #expect(status == 65, Comment(rawValue: err))
        #expect(out.isEmpty, "nothing of the lesson is shown: \(out)")
        #expect(err.contains("at steps[1]: step 2: event 99999 does not exist"), Comment(rawValue: err))
    }

    @Test func testATraceOutsideTheProjectIsRefused() throws {
        let root = try makeProject()
        let outside = try temporaryFolder().appendingPathComponent("elsewhere.trace.json")
        try FileManager.default.copyItem(at: root.appendingPathComponent("traces/seed004-slow-scroll.trace.json"), to: outside)
        for trace in ["../../\(outside.deletingLastPathComponent().lastPathComponent)/elsewhere.trace.json", outside.path, "../../../../../../../../etc/passwd"] {
            let found = problems(try writeLesson(root, trace: trace))
            #expect(found.count == 1, Comment(rawValue: trace))
            #expect(found.first?.contains("lessons/test.json:4:12:") == true, Comment(rawValue: found.first ?? ""))
            #expect(found.first?.contains("outside the project's traces/ and lessons/ folders") == true, Comment(rawValue: found.first ?? ""))
        }
        // A link inside traces/ that leads outside is refused too.
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("traces/link.trace.json"), withDestinationURL: outside)
        #expect(problems(try writeLesson(root, trace: "../traces/link.trace.json")).first?.contains("outside the project") == true)
    }

    @Test func testMistakesNameTheFileTheStepAndWhatIsWrong() throws {
        let root = try makeProject()
        let cases: [(question: String, pause: String, expected: String)] = [
            (#"{"ask": "?", "query": "nextCall", "row": 21}"#, #"{"before": {"kind": "cellForRowAt", "row": 5000}}"#, "step 1: the pause is before the first cellForRowAt for row 5000, which the trace does not have"),
            (#"{"ask": "?", "query": "nextCall", "row": 21}"#, #"{"event": 99999}"#, "step 1: event 99999 does not exist"),
            (#"{"ask": "?", "query": "nextCall", "row": 21, "answer": "prepareForReuse"}"#, #"{"before": {"kind": "cellForRowAt", "row": 21}}"#, "step 1: the fixed answer \"prepareForReuse\" disagrees with the trace, which says init"),
            (#"{"ask": "?", "query": "nextCall", "row": 21, "answer": "banana"}"#, #"{"before": {"kind": "cellForRowAt", "row": 21}}"#, "cannot be read as an answer to a nextCall question"),
            (#"{"ask": "?", "query": "nextCancellation"}"#, #"{"event": 0}"#, "step 1: no cancelPrefetchingForRowsAt comes after the pause"),
            (#"{"ask": "?", "query": "compare", "metric": "downloads", "with": "../traces/seed004-slow-scroll.trace.json"}"#, #"{"event": 0}"#, "both traces have the same downloads"),
        ]
        for item in cases {
            let found = problems(try writeLesson(root, question: item.question, pause: item.pause))
            #expect(found.count == 1, Comment(rawValue: item.expected))
            #expect(found.first?.hasPrefix(root.appendingPathComponent("lessons/test.json").path) == true, Comment(rawValue: found.first ?? ""))
            #expect(found.first?.contains(item.expected) == true, "\(found.first ?? "nothing") lacks \(item.expected)")
        }
    }

    @Test func testFormatMistakesPointAtTheLineAndColumn() throws {
        let root = try makeProject()
        let unknownQuery = problems(try writeLesson(root, question: #"{"ask": "?", "query": "nextCal", "row": 21}"#))
        #expect(unknownQuery.first?.contains(":7:") == true, Comment(rawValue: unknownQuery.first ?? ""))
        #expect(unknownQuery.first?.contains("did you mean \"nextCall\"") == true, Comment(rawValue: unknownQuery.first ?? ""))
        let badPause = problems(try writeLesson(root, pause: #"{"at": 3}"#))
        #expect(badPause.first?.contains("unknown member \"at\"") == true, Comment(rawValue: badPause.first ?? ""))
        let path = root.appendingPathComponent("lessons/broken.json").path
        try Data("{\"id\": \"x\", ".utf8).write(to: URL(fileURLWithPath: path))
        #expect(problems(path).first?.contains("broken.json:1:") == true)
    }
}

/// The project's own folders are resolved to their real paths before anything is
/// opened: a `traces` link to `/etc` or `/dev` gives no permission to read there.
@Suite
final class LessonFolderLinkTests {
    func project(tracesLinkTo destination: String) throws -> URL {
        let root = try temporaryFolder()
        try FileManager.default.createDirectory(at: root.appendingPathComponent("lessons"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("traces").path, withDestinationPath: destination)
        return root
    }

    func lesson(in root: URL, trace: String) throws -> String {
        let text = """
        {"id": "t", "title": "T", "trace": "\(trace)", "introduction": "", "takeaway": "T.",
         "steps": [{"narration": "", "pause": {"before": {"kind": "init"}}, "question": {"ask": "?", "query": "cellCount"}}]}
        """
        let path = root.appendingPathComponent("lessons/t.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func testATracesLinkOutOfTheProjectIsNoWayOut() throws {
        for (destination, name) in [("/etc", "passwd"), ("/etc", "shadow"), ("/dev", "zero"), ("/dev", "no-such-device")] {
            let root = try project(tracesLinkTo: destination)
            let path = try lesson(in: root, trace: "../traces/\(name)")
            let problems = LessonChecker.check(path: path).problems.map(\.description)
            #expect(problems.count == 1, "\(destination)/\(name): \(problems)")
            let message = problems.first ?? ""
            #expect(message.contains("outside the project's traces/ and lessons/ folders"), Comment(rawValue: message))
            #expect(!(message.contains("root:")), "nothing of the file is shown: \(message)")
        }
    }

    @Test func testAMissingTraceNamesTheLessonAndItsTraceMember() throws {
        let root = try temporaryFolder()
        for name in ["traces", "lessons"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let path = try lesson(in: root, trace: "../traces/gone.trace.json")
        let problems = LessonChecker.check(path: path).problems
        #expect(problems.map(\.kind) == [.missingFile])
        let message = problems.first?.description ?? ""
        #expect(message.hasPrefix(path + ":1:36:"), Comment(rawValue: message))
        #expect(message.contains("at trace: the trace \"../traces/gone.trace.json\""), Comment(rawValue: message))
        #expect(message.contains("does not exist"), Comment(rawValue: message))
    }

    @Test func testABrokenTraceIsReportedWithTheLessonAndTheTracesOwnPlace() throws {
        let root = try temporaryFolder()
        for name in ["traces", "lessons"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Data("{\"format\": \"reuselab-trace\",\n\"version\": 1, \"title\": \"x\", \"profile\": \"modern\", \"events\": [\n{\"seq\": 0, \"t\": 0, \"kind\": \"willDisplay\", \"row\": 0, \"cell\": 1}]}".utf8)
            .write(to: root.appendingPathComponent("traces/broken.trace.json"))
        let path = try lesson(in: root, trace: "../traces/broken.trace.json")
        let message = LessonChecker.check(path: path).problems.first?.description ?? ""
        #expect(message.hasPrefix(path + ":1:36:"), Comment(rawValue: message))
        #expect(message.contains("the lesson's trace cannot be used:") && message.contains("broken.trace.json:3:1: event 0"), Comment(rawValue: message))
    }
}
