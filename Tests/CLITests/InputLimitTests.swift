import ReuseLabTestSupport
import Foundation
import Testing

/// Input is read in memory bounded by its size: a list longer than any real one
/// is refused as it is read, with a message naming the limit (exit 67), instead of
/// being built in memory first (a 79 MB prefetch of 10 million rows used to take
/// 2.1 GB to validate and 4.1 GB to diff).
@Suite
final class InputLimitTests: FolderTestCase {
    func run(_ arguments: [String]) throws -> CommandResult {
        let result = try Executable.run(try Executable.require(), arguments, in: folder, timeout: 120)
        #expect(result.exited && !result.timedOut, "\(arguments)")
        return result
    }

    func trace(prefetching rows: Int) -> String {
        let list = (0..<rows).map(String.init).joined(separator: ",")
        return "{\"format\":\"reuselab-trace\",\"version\":1,\"title\":\"t\",\"profile\":\"classic\",\"events\":[\n"
            + "{\"seq\":0,\"t\":0,\"kind\":\"prefetchRowsAt\",\"rows\":[\(list)]}\n]}\n"
    }

    /// No string in any JSON input may pass 64 KB: a trace's 200 MB title used to
    /// take 1.3 GB to validate and be printed whole; now every reader refuses it
    /// with status 67 at its place, having read no more than the limit.
    @Test func testAStringLongerThanTheLimitIsRefusedWherePassed() throws {
        let long = String(repeating: "T", count: 70_000)
        let trace = "{\"format\":\"reuselab-trace\",\"version\":1,\"title\":\"\(long)\",\"profile\":\"classic\",\"events\":[\n"
            + "{\"seq\":0,\"t\":0,\"kind\":\"init\",\"cell\":1,\"identifier\":\"Cell\"}\n]}\n"
        let path = try folder.write("long-title.trace.json", trace)
        for arguments in [["validate", path], ["stats", path], ["replay", path], ["html", path, "-o", folder.url.appendingPathComponent("p.html").path]] {
            assertFailure(try run(arguments), status: 67, file: path, line: 1, column: 48,
                          contains: ["a string is longer than 65536 bytes"])
        }
        // At the limit, the title is read.
        let atLimit = try folder.write("limit-title.trace.json", trace.replacingOccurrences(of: long, with: String(repeating: "T", count: 65_536)))
        // …and printed as a line cut with "…", never as a page of text.
        for arguments in [["validate", atLimit], ["stats", atLimit], ["replay", atLimit, "--summary"]] {
            let result = try run(arguments)
            #expect(result.status == 0, Comment(rawValue: result.err))
            #expect(result.out.contains("TTT…") && result.out.utf8.count < 8_000, "\(arguments): \(result.out.utf8.count) bytes")
        }
        // A scenario's note, as record reads it.
        let scenario = try folder.write("long.scenario.json", "{\"title\": \"s\", \"script\": [{\"note\": {\"text\": \"\(long)\"}}]}")
        let recorded = try run(["record", scenario, "-o", folder.url.appendingPathComponent("out.trace.json").path])
        #expect(recorded.status == 67 && recorded.err.contains("a string is longer than 65536 bytes"), Comment(rawValue: recorded.err))
    }

    /// An answer line of 1 MB piped into a lesson is cut at the line limit and
    /// its rest skipped as it arrives: read in bounded time and memory, echoed
    /// shortened, and said so. (It used to take minutes, scanning the growing
    /// line again for every chunk read, and was echoed whole.)
    @Test func testAHugeAnswerLineIsCutAndSaidSo() throws {
        let lessons = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lessons").path
        let input = try folder.write("input.txt", "\n" + String(repeating: "x", count: 1_000_000) + "\n19\n")
        let result = try Executable.run(try Executable.require(), ["lesson", "1", "--lessons", lessons], stdin: input,
                                        environment: ["REUSELAB_PROGRESS_DIR": folder.url.appendingPathComponent("progress").path],
                                        in: folder, timeout: 60)
        #expect(result.exited && !result.timedOut)
        #expect(result.err.contains("that line was longer than 16384 bytes; only its start was read"), Comment(rawValue: result.err))
        #expect(result.out.contains("is not an answer") && result.out.contains("Right."), Comment(rawValue: String(result.out.suffix(2000))))
        #expect(result.out.utf8.count < 200_000, "the line is not echoed whole: \(result.out.utf8.count) bytes")
    }

    @Test func testARowListLongerThanAnyRealOneIsRefusedAsItIsRead() throws {
        let path = try folder.write("long.trace.json", trace(prefetching: 20_000))
        for arguments in [["validate", path], ["stats", path], ["replay", path], ["diff", path, path]] {
            assertFailure(try run(arguments), status: 67, file: path, line: 2, column: 47,
                          contains: ["an array has more than 10000 elements; no list in a trace event is that long"])
        }
        // At the limit, the list is read (and then judged by the lifecycle rules).
        let atLimit = try folder.write("limit.trace.json", trace(prefetching: 10_000))
        #expect((try run(["validate", atLimit]).status) == 0)
    }

    @Test func testAnArrayOfMoreThanAMillionElementsIsRefusedAnywhere() throws {
        let heights = [String](repeating: "44", count: 1_000_001).joined(separator: ",")
        let path = try folder.write("tall.scenario.json", """
        {"title": "t", "table": {"rows": 10, "viewportHeight": 300, "rowHeights": [\(heights)]}, "script": [{"wait": {"ms": 10}}]}
        """)
        assertFailure(try run(["record", path]), status: 67, file: path, contains: ["an array has more than 1000000 elements"])
    }
}
