import ReuseLabTestSupport
import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Reading the files users name: missing files, folders, empty, binary and huge
/// files each get their own exit status and a message naming the file.
@Suite
final class InputFileTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    deinit {
        folder.remove()
    }

    func readError(_ path: String, limit: Int = 1 << 20) -> ReuseLabError? {
        expectError { () throws(ReuseLabError) in _ = try InputFile.read(path, limit: limit) }
    }

    func validateError(_ path: String) -> ReuseLabError? {
        expectError { () throws(ReuseLabError) in _ = try TraceValidator.validate(path: path) }
    }

    @Test func testMissingFile() {
        let path = folder.path("nothing-here.trace.json")
        assertError(readError(path), status: 66, file: path, contains: ["no such file"])
        assertError(validateError(path), status: 66, file: path, contains: ["no such file"])
    }

    @Test func testFolder() {
        assertError(readError(folder.url.path), status: 66, file: folder.url.path, contains: ["is a folder, not a file"])
        assertError(validateError(folder.url.path), status: 66, file: folder.url.path, contains: ["is a folder, not a file"])
    }

    @Test func testEmptyFile() throws {
        let path = try folder.write("empty.trace.json", "")
        #expect((try InputFile.read(path, limit: 10)) == [])
        assertError(validateError(path), status: 65, file: path, at: SourcePosition(line: 1, column: 1),
                    contains: ["the file is empty; expected a JSON object"])
    }

    @Test func testBinaryFile() throws {
        let path = try folder.write("image.trace.json", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D])
        assertError(validateError(path), status: 65, file: path, at: SourcePosition(line: 3, column: 1),
                    contains: ["the file contains a NUL byte; it looks like a binary file, not JSON text"])
    }

    @Test func testFileOverTheLimitIsRefused() throws {
        let path = try folder.write("eleven.json", "12345678901")
        assertError(readError(path, limit: 10), status: 67, file: path, contains: ["the file is 11 bytes; files larger than 10 bytes are refused"])
        #expect((try InputFile.read(path, limit: 11).count) == 11)
    }

    @Test func testHugeSparseFileIsRefusedWithoutReadingIt() throws {
        let path = try folder.sparse("huge.trace.json", size: 1 << 30)
        let start = Date()
        assertError(validateError(path), status: 67, file: path,
                    contains: ["the file is 1 GB; files larger than 512 MB are refused"])
        assertError(readError(path, limit: 16 << 20), status: 67, file: path, contains: ["files larger than 16 MB are refused"])
        #expect(Date().timeIntervalSince(start) < 2, "a 1 GB file must be refused from its size, not read")
    }

    @Test func testNonUTF8BytesInsideAStringOfAFile() throws {
        let text = "{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n  \"title\": \"X\",\n  \"profile\": \"modern\",\n  \"events\": []\n}\n"
        var bytes = utf8(text)
        bytes[bytes.firstIndex(of: UInt8(ascii: "X"))!] = 0xFF
        let path = try folder.write("latin1.trace.json", bytes: bytes)
        assertError(validateError(path), status: 65, file: path, at: SourcePosition(line: 4, column: 12),
                    contains: ["the string is not valid UTF-8 text"])
    }

    @Test func testDescribeSize() {
        #expect(InputFile.describeSize(300) == "300 bytes")
        #expect(InputFile.describeSize(12 * 1024) == "12 KB")
        #expect(InputFile.describeSize(1_610_612_736) == "1.5 GB")
        #expect(InputFile.displayName("-") == "<stdin>")
    }

    /// A kernel file that waits for data (/proc/kmsg, for root) is kept non-blocking
    /// and a read that would wait is refused at once. Shown with an empty pipe in
    /// non-blocking mode, which answers a read the same way (EAGAIN).
    @Test func testAReadThatWouldWaitIsRefusedNotAHang() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { try Test.cancel("no pipe here") }
        defer { close(ends[0]); close(ends[1]) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 16, alignment: 1)
        defer { buffer.deallocate() }
        do throws(ReuseLabError) {
            _ = try InputFile.readSome(ends[0], into: buffer, count: 16, name: "/proc/kmsg")
            Issue.record("a read that would wait was not refused")
        } catch {
            #expect(error.kind == .missingFile)
            #expect(error.description.contains("/proc/kmsg: gives no data without waiting for it"), Comment(rawValue: error.description))
        }
    }
}
