import ReuseLabTestSupport
import Foundation
import Testing

/// Text from a trace can never drive the reader's terminal: a title, a note and a
/// reuse identifier holding escape sequences (clear the screen, set the window
/// title) are printed with them made visible, in every form of `replay`.
@Suite
final class ReplayEscapingTests {
    static let trace = #"""
    {"format":"reuselab-trace","version":1,"title":"Evil \u001b[2J title \u001b]0;x\u0007","profile":"modern","events":[
    {"seq":0,"t":0,"kind":"note","text":"clear \u001b[2J and retitle \u001b]0;x\u0007 here"},
    {"seq":1,"t":0,"kind":"init","cell":1,"identifier":"Cell\u001b[31m"},
    {"seq":2,"t":0,"kind":"cellForRowAt","row":0,"cell":1},
    {"seq":3,"t":0,"kind":"willDisplay","row":0,"cell":1},
    {"seq":4,"t":0,"kind":"frame","frame":0,"offset":0,"cells":[{"row":0,"cell":1}]}
    ]}
    """#

    let folder: ScratchFolder
    let path: String

    init() throws {
        folder = try ScratchFolder()
        path = try folder.write("evil.trace.json", Self.trace)
    }

    /// No ESC (0x1B) or BEL (0x07) byte, nor any other C0 control but the line break.
    func assertNoControlBytes(_ bytes: [UInt8], _ mode: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let controls = bytes.filter { $0 < 0x20 && $0 != 0x0A }
        #expect(controls == [], "\(mode): control bytes in stdout", sourceLocation: sourceLocation)
    }

    @Test func testListingSummaryAndJSONThroughTheBinary() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil   // colour is still off: stdout is a file
        let listing = try ReplayBinary.run(["replay", path], environment: environment)
        #expect(listing.status == 0, Comment(rawValue: listing.err))
        assertNoControlBytes(listing.outBytes, "listing")
        #expect(listing.out.hasPrefix(#"Evil \e[2J title \e]0;x\u{7} (modern profile, 5 steps)"#), Comment(rawValue: listing.out))
        #expect(listing.out.flattened.contains(#"NOTE: clear \e[2J and retitle \e]0;x\u{7} here"#), Comment(rawValue: listing.out))
        #expect(listing.out.flattened.contains(#"the Cell\e[31m reuse pool"#), Comment(rawValue: listing.out))

        let summary = try ReplayBinary.run(["replay", path, "--summary"], environment: environment)
        #expect(summary.status == 0, Comment(rawValue: summary.err))
        assertNoControlBytes(summary.outBytes, "--summary")
        #expect(summary.out.hasPrefix(#"Evil \e[2J title \e]0;x\u{7}"# + "\n"), Comment(rawValue: summary.out))
        #expect(summary.out.flattened.contains(#"- clear \e[2J and retitle \e]0;x\u{7} here"#), Comment(rawValue: summary.out))

        let json = try ReplayBinary.run(["replay", path, "--json"], environment: environment)
        #expect(json.status == 0, Comment(rawValue: json.err))
        assertNoControlBytes(json.outBytes, "--json")
        let texts = try json.out.split(separator: "\n").map { line -> String in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["text"] as? String)
        }
        #expect(texts.count == 5)
        // Made visible in the text itself, not only by JSON's own escaping.
        #expect(texts[0] == #"NOTE: clear \e[2J and retitle \e]0;x\u{7} here"#)
        #expect(texts[1].contains(#"Cell\e[31m"#), Comment(rawValue: texts[1]))
        for text in texts { #expect(!(text.unicodeScalars.contains { $0.value < 0x20 }), Comment(rawValue: text)) }

        let summaryJSON = try ReplayBinary.run(["replay", path, "--summary", "--json"], environment: environment)
        assertNoControlBytes(summaryJSON.outBytes, "--summary --json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(summaryJSON.out.utf8)) as? [String: Any])
        #expect((object["title"] as? String) == #"Evil \e[2J title \e]0;x\u{7}"#)
        #expect((object["notes"] as? [String]) == [#"clear \e[2J and retitle \e]0;x\u{7} here"#])

        let stepped = try ReplayBinary.run(["replay", path, "--step"], stdin: "n\np\nk reuse\nq\n", environment: environment)
        #expect(stepped.status == 0, Comment(rawValue: stepped.err))
        assertNoControlBytes(stepped.outBytes, "--step")
        #expect(stepped.out.contains(#"Cell\e[31m reuse pool"#), Comment(rawValue: stepped.out))
        #expect(stepped.out.contains("State after step 1 (0 ms):"), Comment(rawValue: stepped.out))
    }

    @Test func testInProcessToo() {
        for options in [[], ["--frames", "--picture"], ["--summary"], ["--json"], ["--only", "notes,reuse"]] {
            let result = replayCommand(["replay", path] + options)
            #expect(result.status == 0, "\(options): \(result.err)")
            assertNoControlBytes(result.outBytes, "\(options)")
            #expect(result.out.contains(#"\e[2J"#), "\(options): \(result.out)")
        }
    }
}
