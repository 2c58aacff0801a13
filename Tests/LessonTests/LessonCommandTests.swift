import ReuseLabTestSupport
import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding

/// `reuselab lesson` as a user runs it (the built binary, from the project folder).
@Suite
final class LessonCommandTests {
    func run(_ arguments: [String], progress: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        -> (status: Int32, out: String, err: String) {
        lessonCommand(arguments, progress: progress, sourceLocation: sourceLocation)
    }

    @Test func testListingShowsEveryLessonWithProgress() throws {
        let result = run(["lesson"], progress: try temporaryFolder().path)
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.out.contains("  1  01-first-screen"), Comment(rawValue: result.out))
        #expect(result.out.contains("4 questions"))
        // One row per lesson (a long title wraps under itself, within 80 columns).
        let rows = result.out.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).first?.isNumber == true }
        #expect(rows.count == (try bundledLessons().count))
        #expect(result.out.split(separator: "\n").allSatisfy { $0.count <= 80 }, Comment(rawValue: result.out))
    }

    @Test func testGradingWithAnAnswersFileAndAJSONReport() throws {
        let answers = try temporaryFolder().appendingPathComponent("answers.txt")
        try Data("# lesson 1\n19\nreuse\ninit, cellForRowAt, willDisplay\n19\n".utf8).write(to: answers)
        let result = run(["lesson", "1", "--answers", answers.path, "--json"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        let report = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        #expect((report?["score"] as? Int) == 3)
        #expect((report?["total"] as? Int) == 4)
        let questions = report?["questions"] as? [[String: Any]]
        #expect((questions?[1]["correct"] as? Bool) == false)
        #expect((questions?[1]["expected"] as? String) == "init")
    }

    @Test func testLessonsByIdAndUsageErrors() throws {
        let answers = try temporaryFolder().appendingPathComponent("a.txt")
        try Data("19-28\n".utf8).write(to: answers)
        #expect(run(["lesson", "02-first-reuse-modern", "--answers", answers.path]).status == 0)
        let typo = run(["lesson", "02-first-reuse-modrn"])
        #expect(typo.status == 64)
        #expect(typo.err.contains("did you mean \"02-first-reuse-modern\""), Comment(rawValue: typo.err))
        #expect(run(["lesson", "99"]).status == 64)
        #expect(run(["lesson", "1", "--answers", "/no/such/file"]).status == 66)
    }

    /// Mistakes on the command line are usage errors (64) that name the fix, before
    /// any lesson is read; options are refused only in combinations that mean nothing.
    @Test func testCommandLineMistakes() throws {
        for (arguments, message) in [
            (["lesson", "1", "2"], "lesson: expected one lesson (a number or an id); see 'reuselab lesson --help'"),
            (["lesson", "1", "--json"], "lesson: --json goes with --answers"),
            (["lesson", "99", "--json"], "lesson: --json goes with --answers"),
            (["lesson", "1", "--preview", "--restart"], "lesson: --preview shows every pause with its answers; it does not take --answers or --restart"),
            (["lesson", "1", "--preview", "--answers", "a.txt"], "it does not take --answers or --restart"),
            (["lesson", "1", "--answer", "a.txt"], "lesson: unknown option --answer (did you mean --answers?); see 'reuselab lesson --help'"),
            (["lesson", "1", "--answers"], "lesson: the option --answers needs a value (FILE)"),
            (["lesson", "--lessons", ""], "lesson: --lessons needs a file name, not an empty one"),
            (["lesson", "1", "--restart=yes"], "lesson: --restart takes no value"),
        ] {
            let result = run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.out == "", "\(arguments)")
            #expect(result.err.contains(message), "\(arguments): \(result.err)")
        }
        // 'check' takes any number of lesson files.
        let two = run(["lesson", "check", "lessons/01-first-screen.json", "lessons/02-first-reuse-modern.json"])
        #expect(two.status == 0, Comment(rawValue: two.err))
        #expect((two.out.components(separatedBy: ": ok").count - 1) == 2, Comment(rawValue: two.out))
    }

    @Test func testHelpHasTheFormsThePromptAndTheChecks() {
        let help = run(["lesson", "--help"])
        #expect(help.status == 0)
        for part in ["Usage: reuselab lesson [--lessons DIR]\n", "       reuselab lesson N|ID [--restart] [--lessons DIR]\n",
                     "       reuselab lesson N|ID --preview [--lessons DIR]\n", "       reuselab lesson N|ID --answers FILE [--json] [--lessons DIR]\n",
                     "       reuselab lesson check [PATH...] [--json] [--lessons DIR]\n", "lists the lessons and your progress",
                     "  --lessons DIR      the lessons folder (default: lessons)\n", "--restart", "--preview", "--answers FILE", "--json",
                     "       reuselab lesson N|ID --html [-o FILE] [--force] [--lessons DIR]\n", "--html", "-o, --output FILE",
                     "\nAt the prompt:\n", "    quit, q        stop here", "    define WORD    what a word means", "$REUSELAB_PROGRESS_DIR",
                     "\nChecking lessons:\n", "no takeaway", "\nExamples:\n"] {
            #expect(help.out.contains(part), Comment(rawValue: part))
        }
        #expect(run(["lesson", "1", "--help"]).out == help.out, "the help needs nothing else")
        #expect(run(["help", "lesson"]).out == help.out)
        #expect(run(["lessons", "--help"]).out == help.out, "'lessons' is 'lesson'")
    }

    /// `lesson check` of the sample lessons; of every one (`lesson check` alone)
    /// in `LessonCommandSecondTierTests`.
    @Test func testCheckReportsTheSampleLessonsOk() {
        let result = run(["lesson", "check"] + BundledFiles.sampleLessons.map { "lessons/\($0).json" })
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect((result.out.components(separatedBy: ": ok").count - 1) == BundledFiles.sampleLessons.count)
    }
}

/// `lesson check` of every bundled lesson, as an instructor runs it.
@Suite(SecondTier.enabled("lesson check of every bundled lesson"))
final class LessonCommandSecondTierTests {

    @Test func testCheckReportsEveryBundledLessonOk() throws {
        let result = lessonCommand(["lesson", "check"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect((result.out.components(separatedBy: ": ok").count - 1) == (try bundledLessons().count))
    }
}
