import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// The one escaping rule for text from outside the program, and the last guard on
/// every byte written: C0 and C1 controls, DEL, line separators and the invisible
/// bidirectional marks and overrides never reach a terminal raw.
@Suite
final class VisibleTextTests {
    static let hostile = "a\u{1B}[2Jb\u{7}c\u{8}d\re\u{85}f\u{9B}31mg\u{202E}h\u{2066}i\u{200F}j\u{61C}k\u{200E}l\u{7F}m"

    @Test func testEveryUnsafeCharacterIsMadeVisible() {
        let escaped = VisibleText.escape(Self.hostile)
        #expect(escaped == #"a\e[2Jb\u{7}c\u{8}d\re\u{85}f\u{9b}31mg\u{202e}h\u{2066}i\u{200f}j\u{61c}k\u{200e}l\u{7f}m"#)
        #expect(!(escaped.unicodeScalars.contains(where: VisibleText.isUnsafe)))
        // Characters that take no room cannot hide inside a name.
        #expect(VisibleText.escape("row 1\u{200B}2\u{AD}3\u{FEFF}4\u{2060}5\u{200D}") == #"row 1\u{200b}2\u{ad}3\u{feff}4\u{2060}5\u{200d}"#)
        // Ordinary text, Hangul and emoji pass unchanged.
        #expect(VisibleText.escape("셀 재사용 — row 23 ✓ 🙂") == "셀 재사용 — row 23 ✓ 🙂")
    }

    @Test func testTheOutputGuardKeepsLineBreaksAndOnlyTheProgramsOwnTerminalCodes() {
        let text = "line one\n\tindented \u{1B}[1;31m[STALE]\u{1B}[0m\r\u{1B}[K then \u{1B}]0;title\u{7} \u{202E}x\n"
        let plain = VisibleText.forOutput(text, terminalControl: false)
        #expect(plain == "line one\n\tindented \\e[1;31m[STALE]\\e[0m\\r\\e[K then \\e]0;title\\u{7} \\u{202e}x\n")
        let terminal = VisibleText.forOutput(text, terminalControl: true)
        #expect(terminal == "line one\n\tindented \u{1B}[1;31m[STALE]\u{1B}[0m\r\u{1B}[K then \\e]0;title\\u{7} \\u{202e}x\n", "colour and erase-line pass on a terminal; a title change and a bidi override never do")
        #expect(VisibleText.forOutput("plain text\n", terminalControl: false) == "plain text\n")
    }

    @Test func testJSONOutputWritesEveryUnsafeCharacterAsAnEscape() throws {
        var out = ""
        JSONWriter.writeString(Self.hostile, into: &out)
        #expect(!(out.unicodeScalars.contains(where: VisibleText.isUnsafe)), Comment(rawValue: out))
        #expect(out.contains(#"\u0085"#) && out.contains(#"\u202E"#) && out.contains(#"\u061C"#), Comment(rawValue: out))
        // And it reads back to the same text.
        let parsed = try parseTape(Array(out.utf8))
        #expect(parsed.root == .string(Self.hostile))
    }
}
