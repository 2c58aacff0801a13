import Foundation
import Testing
import ReuseLabCLI
import ReuseLabTestSupport

/// `reuselab export` as a user runs it: where the timeline goes, what may be
/// replaced, and every bad input refused with its status.
@Suite
final class ExportCLITests: FolderTestCase {
    var trace: String { Golden.packageRoot.appendingPathComponent("traces/first-screen.trace.json").path }
    static let marker = "{\"displayTimeUnit\":\"ms\",\"otherData\":{\"generator\":\"reuselab export\""

    @Test func testWritesNAMEPerfettoJsonInTheCurrentFolder() throws {
        let binary = try ReuselabExecutable.require()
        let result = try ReuselabExecutable.run(binary, ["export", trace], directory: folder.url)
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.err == "")
        #expect(result.out.hasPrefix("Wrote first-screen.perfetto.json ("), Comment(rawValue: result.out))
        #expect(result.out.flattened.contains("https://ui.perfetto.dev"), Comment(rawValue: result.out))
        #expect(result.out.split(separator: "\n").allSatisfy { $0.count <= 80 }, Comment(rawValue: result.out))
        let bytes = try folder.read("first-screen.perfetto.json")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix(Self.marker), Comment(rawValue: String(text.prefix(200))))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        #expect(((document["traceEvents"] as? [Any])?.count ?? 0) > 60)
        // --format perfetto is the default, and says the same.
        let named = try ReuselabExecutable.run(binary, ["export", trace, "--format", "perfetto", "-o", "again.json"], directory: folder.url)
        #expect(named.status == 0, Comment(rawValue: named.err))
        #expect((try folder.read("again.json")) == bytes, "the same trace, the same bytes")
    }

    @Test func testToStandardOutput() throws {
        let result = reuselab(["export", trace, "-o", "-"])
        #expect(result.status == 0, Comment(rawValue: result.err))
        #expect(result.out.hasPrefix(Self.marker))
        #expect(result.out.hasSuffix("\n]}\n"))
        #expect(!(result.out.contains("Wrote ")))
        let file = folder.path("file.json")
        #expect(reuselab(["export", trace, "-o", file]).status == 0)
        #expect(result.outBytes == (try folder.read("file.json")), "standard output gets what the file gets")
        // From standard input to standard output, as a separate process.
        let binary = try ReuselabExecutable.require()
        let piped = try ReuselabExecutable.run(binary, ["export", "-", "-o", "-"], stdinPath: trace, directory: folder.url)
        #expect(piped.status == 0, Comment(rawValue: piped.err))
        #expect(piped.outBytes == result.outBytes)
    }

    @Test func testAnExportReplacesAnExportButNotAnotherFileWithoutForce() throws {
        let output = folder.path("timeline.json")
        #expect(reuselab(["export", trace, "-o", output]).status == 0)
        let other = Golden.packageRoot.appendingPathComponent("traces/leave-screen.trace.json").path
        #expect(reuselab(["export", other, "-o", output]).status == 0, "an export of ours is replaced")
        let notes = try folder.write("notes.json", "{\"mine\": true}")
        assertFailure(reuselab(["export", trace, "-o", notes]), status: 64, file: notes,
                      contains: ["not a timeline written by 'reuselab export'", "--force"])
        #expect((try String(contentsOfFile: notes, encoding: .utf8)) == "{\"mine\": true}")
        // A trace is not an export either.
        let copy = try folder.write("copy.trace.json", try String(contentsOfFile: trace, encoding: .utf8))
        assertFailure(reuselab(["export", trace, "-o", copy]), status: 64, contains: ["not a timeline"])
        #expect(reuselab(["export", trace, "-o", notes, "--force"]).status == 0)
        #expect(try String(contentsOfFile: notes, encoding: .utf8).hasPrefix(Self.marker))
    }

    @Test func testNeverWritesOverTheTraceItReads() throws {
        let copy = try folder.write("copy.trace.json", try String(contentsOfFile: trace, encoding: .utf8))
        let before = try folder.read("copy.trace.json")
        assertFailure(reuselab(["export", copy, "-o", copy, "--force"]), status: 64, file: copy, contains: ["the trace being exported"])
        #expect((try folder.read("copy.trace.json")) == before)
    }

    @Test func testBadInvocationsAndBadTraces() throws {
        assertFailure(reuselab(["export"]), status: 64)
        assertFailure(reuselab(["export", trace, "--format", "chrome", "-o", folder.path("x.json")]), status: 64,
                      contains: ["--format takes one of perfetto, got chrome"])
        assertFailure(reuselab(["export", trace, "--format"]), status: 64)
        assertFailure(reuselab(["export", trace, trace]), status: 64)
        assertFailure(reuselab(["export", "-"]), status: 64, contains: ["give -o FILE"])
        assertFailure(reuselab(["export", folder.path("missing.trace.json"), "-o", folder.path("x.json")]), status: 66,
                      file: folder.path("missing.trace.json"), contains: ["no such file"])
        assertFailure(reuselab(["export", folder.url.path, "-o", folder.path("x.json")]), status: 66, contains: ["folder"])
        let broken = try folder.write("broken.trace.json", "{\"format\":\"reuselab-trace\",\"version\":1,\"title\":\"t\",\"profile\":\"modern\",\"events\":[\n{\"seq\":0,\"t\":0,\"kind\":\"willDisplay\",\"row\":0,\"cell\":1}]}")
        assertFailure(reuselab(["export", broken, "-o", folder.path("x.json")]), status: 65, file: broken, line: 2, column: 1,
                      event: 0, contains: ["never created"])
        assertFailure(reuselab(["export", broken, "-o", "-"]), status: 65, file: broken, contains: ["never created"])
        let notJSON = try folder.write("not.trace.json", "hello")
        assertFailure(reuselab(["export", notJSON, "-o", folder.path("x.json")]), status: 65, file: notJSON)
        #expect(!(FileManager.default.fileExists(atPath: folder.path("x.json"))), "nothing is written for a bad trace")
        #expect((try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix(".") }) == [], "no temporary file is left behind")
        let huge = try folder.sparse("huge.trace.json", size: 600 << 20)
        assertFailure(reuselab(["export", huge, "-o", folder.path("x.json")]), status: 67, file: huge)
        assertFailure(reuselab(["export", trace, "-o", folder.path("no/such/folder/x.json")]), status: 73)
        assertFailure(reuselab(["export", trace, "-o", folder.url.path]), status: 73, contains: ["folder"])
    }
}
