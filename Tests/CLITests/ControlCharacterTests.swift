import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding

/// Names and text from outside the program — file names, a trace's title and
/// strategy, notes — reach standard output and error with every control and
/// bidirectional character made visible, in text and in JSON, on every command.
@Suite
final class ControlCharacterTests: FolderTestCase {
    /// ESC, BEL, BS, CR, a C1 CSI (U+009B) and a right-to-left override.
    static let nasty = "\u{1B}]0;owned\u{7}\u{8}\r\u{9B}2J\u{202E}"

    func run(_ arguments: [String]) throws -> CommandResult {
        let result = try Executable.run(try Executable.require(), arguments, in: folder, timeout: 60)
        #expect(result.exited && !result.timedOut)
        return result
    }

    /// No byte below 0x20 but the line break, no DEL, no C1 control and no bidi character.
    func assertClean(_ result: CommandResult, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (stream, text) in [("stdout", result.out), ("stderr", result.err)] {
            let unsafe = text.unicodeScalars.filter { $0 != "\n" && $0 != "\t" && VisibleText.isUnsafe($0) }
            #expect(unsafe.map { String($0.value, radix: 16) } == [], "\(what): raw characters on \(stream): \(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func testFileNamesAreEscapedByValidateRecordCheckAndErrors() throws {
        let scenario = try folder.write("s\(Self.nasty).scenario.json", Fixtures.scenario)
        let trace = folder.path("t\(Self.nasty).trace.json")
        #expect((try run(["record", scenario, "-o", trace]).status) == 0)
        // Named relative to the folder it runs in, so the name is not cut to fit 80 columns.
        let valid = try run(["validate", "t\(Self.nasty).trace.json"])
        #expect(valid.status == 0)
        #expect(valid.out.contains(#"t\e]0;owned\u{7}\u{8}\r\u{9b}2J\u{202e}.trace.json: valid"#), Comment(rawValue: valid.out))
        assertClean(valid, "validate")
        assertClean(try run(["validate", trace, "--json"]), "validate --json")
        assertClean(try run(["record", scenario, "--check", "-o", trace]), "record --check")
        try folder.write("s\(Self.nasty).scenario.json", Fixtures.classicScenario)
        let stale = try run(["record", scenario, "--check", "-o", trace])
        #expect(stale.status == 1)
        assertClean(stale, "record --check, out of date")
        assertClean(try run(["validate", folder.path("missing\(Self.nasty).json")]), "a missing file")
    }

    @Test func testATracesTitleStrategyAndNotesAreEscapedEverywhere() throws {
        let scenario = try folder.write("s.scenario.json", Fixtures.scenario)
        let plain = folder.path("plain.trace.json")
        #expect((try run(["record", scenario, "-o", plain]).status) == 0)
        // The same trace with a hostile title, strategy name and note, written as JSON escapes.
        var text = String(decoding: try folder.read("plain.trace.json"), as: UTF8.self)
        let escapedNasty = #"\u001b]0;owned\u0007\b\r\u009b2J\u202e"#
        // The title also hides characters that take no room: a zero-width space, a soft hyphen, a byte-order mark.
        text = text.replacingOccurrences(of: "CLI test: a short drag", with: "title " + escapedNasty + #"row 1\u200b2\u00ad\ufeff"#)
        text = text.replacingOccurrences(of: #""strategy":"plain""#, with: #""strategy":"plain"# + escapedNasty + #"""#)
        text = text.replacingOccurrences(of: "seven rows fit", with: "note " + escapedNasty)
        let hostile = try folder.write("hostile.trace.json", text)
        for arguments in [["validate", hostile], ["validate", hostile, "--json"], ["stats", hostile], ["stats", hostile, "--json"],
                          ["replay", hostile], ["replay", hostile, "--json"], ["replay", hostile, "--summary"],
                          ["replay", hostile, "--summary", "--json"], ["replay", hostile, "--picture"],
                          ["diff", plain, hostile], ["diff", plain, hostile, "--json"], ["list", folder.url.path]] {
            let result = try run(arguments)
            #expect([0, 1].contains(result.status), "\(arguments): \(result.err)")
            assertClean(result, arguments.joined(separator: " "))
        }
        let diff = try run(["diff", plain, hostile])
        #expect(diff.out.contains(#"Compared: strategy plain → plain\e]0;owned\u{7}\u{8}\r\u{9b}2J\u{202e}."#), Comment(rawValue: diff.out))
    }
}
