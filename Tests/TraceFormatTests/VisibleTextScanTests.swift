import XCTest
@testable import TraceFormat

/// The quick scan that lets safe text through untouched must never miss an
/// unsafe character, and should not stop at safe ones that share its lead bytes.
final class VisibleTextScanTests: XCTestCase {
    func testEveryUnsafeCharacterIsSeenAndSafeNeighboursAreNot() {
        for value: UInt32 in Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x061C, 0x200E, 0x200F, 0x2028, 0x2029]
            + Array(0x202A...0x202E) + Array(0x2066...0x2069) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "rows 3–23 " + String(Character(scalar)) + " …"
            if value == 0x0A || value == 0x09 {
                XCTAssertFalse(VisibleText.mayContainUnsafe(text, allowingLineBreaks: true))
            }
            XCTAssertTrue(VisibleText.mayContainUnsafe(text), String(value, radix: 16))
            XCTAssertNotEqual(VisibleText.escape(text), text)
        }
        for safe in ["rows 3–23", "a · b", "… and →", "café ×2", "한국어", "section 1 row 3 — ok", "\u{2030}\u{2010}\u{2070}", "\u{00A0}"] {
            XCTAssertFalse(VisibleText.mayContainUnsafe(safe), safe)
            XCTAssertEqual(VisibleText.escape(safe), safe)
        }
    }

    /// The scan takes plain ASCII eight bytes at a time: an unsafe character at any
    /// place, after any run of safe ones, is still seen, and every printable ASCII
    /// byte (0x20 and 0x7E at the edges) is still let through.
    func testTheWordAtATimeScanMissesNothingAtAnyPlace() {
        let printable = String((0x20...0x7E).map { Character(Unicode.Scalar(UInt8($0))) })
        XCTAssertFalse(VisibleText.mayContainUnsafe(printable + printable))
        for unsafe: UInt32 in [0x00, 0x09, 0x0A, 0x1B, 0x1F, 0x7F, 0x85, 0x9F, 0x202E] {
            guard let scalar = Unicode.Scalar(unsafe) else { continue }
            for prefix in 0..<40 {
                let text = String(repeating: "~", count: prefix) + String(Character(scalar)) + String(repeating: " ", count: 9)
                XCTAssertTrue(VisibleText.mayContainUnsafe(text), "U+\(String(unsafe, radix: 16)) after \(prefix)")
            }
        }
    }

    /// Where line breaks are allowed (the last guard on output), a word of ASCII
    /// with line feeds and tabs is let through whole, and every other control
    /// byte is still seen at every place, next to line breaks or not.
    func testLineBreaksPassAWordAtATimeAndNothingElseDoes() {
        let lines = String(repeating: "row 3\n\tcell #1 ", count: 9)
        XCTAssertFalse(VisibleText.mayContainUnsafe(lines, allowingLineBreaks: true))
        XCTAssertTrue(VisibleText.mayContainUnsafe(lines, allowingLineBreaks: false))
        for value in Array(UInt8(0x00)...0x1F) + [0x7F] where value != 0x0A && value != 0x09 {
            for prefix in 0..<40 {
                for filler in ["\n", "\t", "~", "\n\t"] {
                    let text = String(repeating: filler, count: prefix) + String(Character(Unicode.Scalar(value))) + String(repeating: "\n", count: 9)
                    XCTAssertTrue(VisibleText.mayContainUnsafe(text, allowingLineBreaks: true), "\(value) after \(prefix) × \(filler.debugDescription)")
                }
            }
        }
        // Bytes one away from a line feed or a tab are not taken for one.
        for value: UInt8 in [0x08, 0x0B, 0x0E, 0x1A, 0x01] {
            let text = String(repeating: "\n", count: 7) + String(Character(Unicode.Scalar(value))) + String(repeating: "\t", count: 8)
            XCTAssertTrue(VisibleText.mayContainUnsafe(text, allowingLineBreaks: true), "\(value)")
        }
    }
}
