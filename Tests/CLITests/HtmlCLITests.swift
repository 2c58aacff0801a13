import Foundation
import Testing
import ReuseLabCLI
import ReuseLabTestSupport

/// `reuselab html` and `reuselab lesson N --html` as a user runs them: where the
/// page goes, what may be replaced, and every bad input refused with its status.
@Suite
final class HtmlCLITests: FolderTestCase {
    var trace: String { Golden.packageRoot.appendingPathComponent("traces/first-screen.trace.json").path }
    var other: String { Golden.packageRoot.appendingPathComponent("traces/leave-screen.trace.json").path }

    @Test func testWritesAPageNamedAfterTheTraceInTheCurrentFolder() throws {
        let binary = try ReuselabExecutable.require()
        let result = try ReuselabExecutable.run(binary, ["html", trace], directory: folder.url)
        #expect(result.status == 0, Comment(rawValue: result.err))
        let page = folder.path("first-screen.html")
        #expect(FileManager.default.fileExists(atPath: page))
        #expect(result.out.hasPrefix("Wrote first-screen.html ("), Comment(rawValue: result.out))
        #expect(result.out.contains("open it in a browser: file://"), Comment(rawValue: result.out))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<meta name=\"generator\" content=\"reuselab\">"))
        // Two traces: A-vs-B.html.
        let both = try ReuselabExecutable.run(binary, ["html", trace, other], directory: folder.url)
        #expect(both.status == 0, Comment(rawValue: both.err))
        #expect(FileManager.default.fileExists(atPath: folder.path("first-screen-vs-leave-screen.html")))
    }

    @Test func testAPageReplacesAPageButNotAnotherFileWithoutForce() throws {
        let output = folder.path("page.html")
        #expect(reuselab(["html", trace, "-o", output]).status == 0)
        #expect(reuselab(["html", other, "-o", output]).status == 0, "a page of ours is replaced")
        let notes = try folder.write("notes.html", "<p>my notes</p>")
        assertFailure(reuselab(["html", trace, "-o", notes]), status: 64, contains: ["is not a page written by reuselab", "--force"])
        #expect((try String(contentsOfFile: notes, encoding: .utf8)) == "<p>my notes</p>")
        #expect(reuselab(["html", trace, "-o", notes, "--force"]).status == 0)
        let copy = try folder.write("copy.trace.json", try String(contentsOfFile: trace, encoding: .utf8))
        assertFailure(reuselab(["html", copy, "-o", copy, "--force"]), status: 64, contains: ["a trace being drawn"])
    }

    @Test func testTheDiffPageSaysWhatDiffersByKind() {
        let reset = Golden.packageRoot.appendingPathComponent("traces/late-response-async-reset.trace.json").path
        let cancel = Golden.packageRoot.appendingPathComponent("traces/late-response-task-identity-cancel.trace.json").path
        let result = reuselab(["html", reset, cancel, "-o", "-"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.out.contains("What differs, by kind of event: imageSet: 44 only in A, 64 only in B, 2 changed; imageRequest: 42 only in A, 42 only in B, 3 changed;"))
    }

    @Test func testToStandardOutput() {
        let result = reuselab(["html", trace, "-o", "-"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("<!DOCTYPE html>"))
        #expect(!(result.out.contains("Wrote ")))
    }

    @Test func testBadInvocationsAndBadTraces() throws {
        assertFailure(reuselab(["html"]), status: 64)
        assertFailure(reuselab(["html", trace, other, trace]), status: 64, contains: ["give one trace, or two"])
        assertFailure(reuselab(["html", "-"]), status: 64, contains: ["give -o FILE"])
        assertFailure(reuselab(["html", "-", "-", "-o", "-"]), status: 64, contains: ["only one of the traces"])
        assertFailure(reuselab(["html", folder.path("missing.trace.json"), "-o", folder.path("x.html")]), status: 66)
        let broken = try folder.write("broken.trace.json", "{\"format\":\"reuselab-trace\",\"version\":1,\"title\":\"t\",\"profile\":\"modern\",\"events\":[\n{\"seq\":0,\"t\":0,\"kind\":\"willDisplay\",\"row\":0,\"cell\":1}]}")
        assertFailure(reuselab(["html", broken, "-o", folder.path("x.html")]), status: 65, file: broken, contains: ["never created"])
        #expect(!(FileManager.default.fileExists(atPath: folder.path("x.html"))), "nothing is written for a bad trace")
        assertFailure(reuselab(["html", trace, broken, "-o", folder.path("x.html")]), status: 65, file: broken)
        assertFailure(reuselab(["html", trace, "-o", folder.path("no/such/folder/x.html")]), status: 73)
    }

    @Test func testALongerTraceThanAPageDrawsIsRefusedUnlessAskedFor() throws {
        // first-screen has 60 events: a page of at most 50 steps refuses it, naming the option.
        let output = folder.path("long.html")
        assertFailure(reuselab(["html", trace, "--max-steps", "50", "-o", output]), status: 67,
                      contains: ["has 60 events; a page draws at most 50", "--max-steps"])
        #expect(!(FileManager.default.fileExists(atPath: output)), "nothing is written for a refused page")
        #expect(reuselab(["html", trace, "--max-steps", "60", "-o", output]).status == 0)
        assertFailure(reuselab(["html", trace, "--max-steps", "0"]), status: 64, contains: ["--max-steps"])
    }

    @Test func testLessonAsAPage() throws {
        let lessons = Golden.packageRoot.appendingPathComponent("lessons").path
        let output = folder.path("lesson.html")
        let result = reuselab(["lesson", "10", "--html", "-o", output, "--lessons", lessons])
        #expect(result.status == 0, Comment(rawValue: result.err))
        let html = try String(contentsOfFile: output, encoding: .utf8)
        #expect(html.contains("\"page\":\"lesson\""))
        assertFailure(reuselab(["lesson", "10", "--html", "--answers", output, "--lessons", lessons]), status: 64, contains: ["--html"])
        assertFailure(reuselab(["lesson", "10", "-o", output, "--lessons", lessons]), status: 64, contains: ["go with --html"])
        assertFailure(reuselab(["lesson", "99", "--html", "--lessons", lessons]), status: 64)
    }
}
