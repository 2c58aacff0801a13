import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// The quick scan that lets safe text through untouched must never miss an
/// unsafe character, and should not stop at safe ones that share its lead bytes.
@Suite
final class VisibleTextScanTests {
    @Test func testEveryUnsafeCharacterIsSeenAndSafeNeighboursAreNot() {
        for value: UInt32 in Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x061C, 0x200E, 0x200F, 0x2028, 0x2029]
            + Array(0x202A...0x202E) + Array(0x2066...0x2069) + [0x00AD, 0x180E, 0xFEFF] + Array(0x200B...0x200D) + Array(0x2060...0x2064) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "rows 3–23 " + String(Character(scalar)) + " …"
            if value == 0x0A || value == 0x09 {
                #expect(!(VisibleText.mayContainUnsafe(text, allowingLineBreaks: true)))
            }
            #expect(VisibleText.mayContainUnsafe(text), Comment(rawValue: String(value, radix: 16)))
            #expect(VisibleText.escape(text) != text)
        }
        for safe in ["rows 3–23", "a · b", "… and →", "café ×2", "한국어", "section 1 row 3 — ok", "\u{2030}\u{2010}\u{2070}", "\u{00A0}", "\u{00AE}\u{180F}\u{1820}\u{2065}\u{FEFE}\u{FF01}"] {
            #expect(!VisibleText.mayContainUnsafe(safe), Comment(rawValue: safe))
            #expect(VisibleText.escape(safe) == safe)
        }
    }

    /// The scan takes plain ASCII eight bytes at a time: an unsafe character at any
    /// place, after any run of safe ones, is still seen, and every printable ASCII
    /// byte (0x20 and 0x7E at the edges) is still let through.
    @Test func testTheWordAtATimeScanMissesNothingAtAnyPlace() {
        let printable = String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) })
        #expect(!(VisibleText.mayContainUnsafe(printable + printable)))
        for unsafe: UInt32 in [0x00, 0x09, 0x0A, 0x1B, 0x1F, 0x7F, 0x85, 0x9F, 0x202E] {
            guard let scalar = Unicode.Scalar(unsafe) else { continue }
            for prefix in 0..<40 {
                let text = String(repeating: "~", count: prefix) + String(Character(scalar)) + String(repeating: " ", count: 9)
                #expect(VisibleText.mayContainUnsafe(text), "U+\(String(unsafe, radix: 16)) after \(prefix)")
            }
        }
    }

    /// Where line breaks are allowed (the last guard on output), a word of ASCII
    /// with line feeds and tabs is let through whole, and every other control
    /// byte is still seen at every place, next to line breaks or not.
    @Test func testLineBreaksPassAWordAtATimeAndNothingElseDoes() {
        let lines = String(repeating: "row 3\n\tcell #1 ", count: 9)
        #expect(!(VisibleText.mayContainUnsafe(lines, allowingLineBreaks: true)))
        #expect(VisibleText.mayContainUnsafe(lines, allowingLineBreaks: false))
        for value in Array(UInt8(0x00)...0x1F) + [0x7F] where value != 0x0A && value != 0x09 {
            for prefix in 0..<40 {
                for filler in ["\n", "\t", "~", "\n\t"] {
                    let text = String(repeating: filler, count: prefix) + String(Character(Unicode.Scalar(value))) + String(repeating: "\n", count: 9)
                    #expect(VisibleText.mayContainUnsafe(text, allowingLineBreaks: true), "\(value) after \(prefix) × \(filler.debugDescription)")
                }
            }
        }
        // Bytes one away from a line feed or a tab are not taken for one.
        for value: UInt8 in [0x08, 0x0B, 0x0E, 0x1A, 0x01] {
            let text = String(repeating: "\n", count: 7) + String(Character(Unicode.Scalar(value))) + String(repeating: "\t", count: 8)
            #expect(VisibleText.mayContainUnsafe(text, allowingLineBreaks: true), "\(value)")
        }
    }

    /// The word-at-a-time scan jumps to the first byte that is not printable ASCII
    /// in each word: on random text dense with the bytes that matter (controls, the
    /// lead bytes C2, D8 and E2, the continuations after them), at every length, it
    /// answers as a plain byte-by-byte reading of the same rules.
    @Test func testTheScanAnswersAsAByteByByteReading() {
        let pieces: [[UInt8]] = [[0x20], [0x7E], [0x41], [0x0A], [0x09], [0x1B], [0x7F], [0xC2, 0xB7], [0xC2, 0x85],
                                 [0xD8, 0x9C], [0xD8, 0x80], [0xE2, 0x80, 0x93], [0xE2, 0x80, 0xAE], [0xE2, 0x81, 0xA6],
                                 [0xE2, 0x86, 0x92], [0xED, 0x95, 0x9C], [0xC2], [0xE2, 0x80], [0x80]]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<4000 {
            var bytes: [UInt8] = []
            let count = Int.random(in: 0...24, using: &generator)
            for _ in 0..<count {
                // Mostly plain letters, so whole plain words come up too.
                bytes += Int.random(in: 0..<3, using: &generator) == 0 ? pieces.randomElement(using: &generator) ?? [] : [0x61]
            }
            for lineBreaks in [false, true] {
                let quick = bytes.withUnsafeBufferPointer { VisibleText.mayContainUnsafe(bytes: $0, allowingLineBreaks: lineBreaks) }
                #expect(quick == Self.byteByByte(bytes, allowingLineBreaks: lineBreaks), "\(bytes) line breaks \(lineBreaks)")
            }
        }
    }

    /// The rules read one byte at a time, as the scan did before it went by words.
    private static func byteByByte(_ bytes: [UInt8], allowingLineBreaks: Bool) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte >= 0x20 && byte < 0x7F { continue }
            if byte < 0x20 {
                if !(allowingLineBreaks && (byte == 0x0A || byte == 0x09)) { return true }
                continue
            }
            if byte == 0x7F { return true }
            guard byte == 0xC2 || byte == 0xD8 || byte == 0xE2 else { continue }
            guard index < bytes.count else { return true }
            let second = bytes[index]
            if byte == 0xC2 && second <= 0x9F { return true }
            if byte == 0xD8 && second == 0x9C { return true }
            if byte == 0xE2 && (second == 0x80 || second == 0x81) {
                guard index + 1 < bytes.count else { return true }
                let value = (UInt32(byte & 0x0F) << 12) | (UInt32(second & 0x3F) << 6) | UInt32(bytes[index + 1] & 0x3F)
                if let scalar = Unicode.Scalar(value), VisibleText.isUnsafe(scalar) { return true }
            }
        }
        return false
    }
}
