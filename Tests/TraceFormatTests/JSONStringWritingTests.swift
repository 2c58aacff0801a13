import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// `ByteBuffer.appendString` passes plain text eight bytes at a time: whatever
/// needs escaping, at any place, is still escaped, and the string reads back as
/// it was written, with no raw control or bidirectional character in between.
@Suite
final class JSONStringWritingTests {
    private func written(_ text: String) -> [UInt8] {
        var buffer = ByteBuffer(capacity: 16)
        buffer.appendString(text)
        return buffer.withBytes { Array($0) }
    }

    @Test func testEveryEscapeIsFoundAtEveryPlace() throws {
        let specials = ["\"", "\\", "\n", "\t", "\u{1B}", "\u{7F}", "\u{85}", "\u{202E}", "\u{2028}", "é", "–", "→", "😀", "\u{0}"]
        for special in specials {
            for before in 0..<18 {
                for after in [0, 1, 7, 8, 9] {
                    let text = String(repeating: "a", count: before) + special + String(repeating: "b", count: after)
                    let bytes = written(text)
                    let back = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? String
                    #expect(back == text, "\(special.unicodeScalars.map { $0.value }) after \(before)")
                    // Nothing that needs escaping is left raw: no control byte, no unsafe character.
                    let raw = String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
                    #expect(!(raw.unicodeScalars.contains { VisibleText.isUnsafe($0) }), Comment(rawValue: raw))
                    #expect(bytes.first == UInt8(ascii: "\""))
                    #expect(bytes.last == UInt8(ascii: "\""))
                }
            }
        }
        #expect(written("") == Array("\"\"".utf8))
        #expect(written("plain text, long enough") == Array("\"plain text, long enough\"".utf8))
    }
}
