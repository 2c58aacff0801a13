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
