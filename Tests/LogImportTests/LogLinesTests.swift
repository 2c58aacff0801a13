import Testing
import ToolSupport
@testable import LogImport

/// Splitting a log into lines gives the lines a byte-by-byte reading gives
/// (`\n`, `\r\n` and `\r` end a line; a line longer than the limit is cut),
/// however the log is cut into chunks.
@Suite
struct LogLinesTests {
    /// The splitting done one byte at a time, as `LogLines` once did it.
    static func byteByByte(_ bytes: [UInt8]) -> [String] {
        var lines: [String] = []
        var pending: [UInt8] = []
        var overflowing = false, afterCarriageReturn = false
        func emit() {
            lines.append(String(decoding: pending, as: UTF8.self))
            pending = []
            overflowing = false
        }
        for byte in bytes {
            if byte == 0x0A && afterCarriageReturn { afterCarriageReturn = false; continue }
            afterCarriageReturn = byte == 0x0D
            if byte == 0x0A || byte == 0x0D { emit() } else if pending.count < LogLines.maximumLineBytes { pending.append(byte) } else { overflowing = true }
        }
        if !pending.isEmpty || overflowing { emit() }
        return lines
    }

    static func split(_ bytes: [UInt8], chunk size: Int) throws -> [String] {
        var lines: [String] = []
        var splitter = LogLines()
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + size)
            try splitter.feed(bytes[start..<end]) { (text: String, _: Int) throws(ReuseLabError) in lines.append(text) }
            start = end
        }
        try splitter.finish { (text: String, _: Int) throws(ReuseLabError) in lines.append(text) }
        return lines
    }

    @Test func testLinesAreThoseOfAByteByByteReadingInAnyChunks() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = Array("ab1 :\u{00e9}".utf8) + [0x0A, 0x0D, 0x0D, 0x0A]
        for round in 0..<200 {
            var bytes = (0..<Int.random(in: 0..<300, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 }
            if round % 50 == 0 {
                // A line longer than the limit, then more lines.
                bytes += [UInt8](repeating: 0x78, count: LogLines.maximumLineBytes + 17) + Array("\r\nnext\rlast".utf8)
            }
            let expected = Self.byteByByte(bytes)
            for size in [1, 2, 3, 7, 64, 1 << 20] {
                #expect(try Self.split(bytes, chunk: size) == expected, "round \(round), chunks of \(size)")
            }
        }
    }
}
