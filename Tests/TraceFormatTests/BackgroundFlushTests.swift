import XCTest
import Foundation
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// The flushes an atomic write makes while it writes: a large file comes out
/// whole and in order, and an error a flush meets is reported rather than lost
/// (Linux reports a failed flush once, so the final `fsync` may not see it again).
final class BackgroundFlushTests: XCTestCase {
    private func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "reuselab-flush-\(ProcessInfo.processInfo.processIdentifier)-\(name)"
    }

    func testALargeFileWrittenInChunksWhileFlushingComesOutWhole() throws {
        let path = temporaryPath("large")
        defer { unlink(path) }
        // Three flushes' worth and a bit, in chunks of varying size, each of its own byte.
        let total = 3 * BackgroundFlush.every + 12_345
        var expected = Data()
        expected.reserveCapacity(total)
        try OutputFile.stream(to: path, permission: .ours, standardOutput: { _ in }) { (sink: OutputFile.Sink) throws(ReuseLabError) in
            var round = 0
            while expected.count < total {
                let size = min(total - expected.count, 700_000 + (round % 7) * 91_001)
                let chunk = Data(repeating: UInt8(truncatingIfNeeded: round % 251), count: size)
                expected.append(chunk)
                var failure: ReuseLabError?
                chunk.withUnsafeBytes { raw in
                    do throws(ReuseLabError) { try sink(raw) } catch { failure = error }
                }
                if let failure { throw failure }
                round += 1
            }
        }
        let back = try XCTUnwrap(FileManager.default.contents(atPath: path))
        XCTAssertEqual(back.count, total)
        XCTAssertTrue(back == expected, "the file holds exactly the bytes written, in order")
    }

    func testAFlushThatFailsIsReportedByFinish() {
        // A descriptor that is not open: the flush's fdatasync fails with EBADF.
        let flush = BackgroundFlush(-1)
        flush.wrote(upTo: BackgroundFlush.every - 1)
        XCTAssertEqual(flush.finish(), 0, "no flush is asked for before `every` bytes")
        flush.wrote(upTo: BackgroundFlush.every)
        XCTAssertEqual(flush.finish(), EBADF)
        XCTAssertEqual(flush.finish(), EBADF, "the error stays reported")
    }

    func testAFlushOfAGoodFileReportsNothing() throws {
        let path = temporaryPath("good")
        defer { unlink(path) }
        let descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        defer { close(descriptor) }
        let flush = BackgroundFlush(descriptor)
        XCTAssertEqual(write(descriptor, "x", 1), 1)
        flush.wrote(upTo: BackgroundFlush.every)
        flush.wrote(upTo: 2 * BackgroundFlush.every)
        XCTAssertEqual(flush.finish(), 0)
    }
}
