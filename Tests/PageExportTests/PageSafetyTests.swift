import Foundation
import Testing
@testable import PageExport
import TraceModel
import ToolSupport
import TraceCoding
import ReuseLabTestSupport

/// Text from a trace is escaped for every place it lands, and the page's
/// policy lets only its own script and style run.
@Suite
final class PageSafetyTests {
    static let attacks = [
        "</script><script>window.__pwned=1</script>", "</SCRIPT >", "<img src=x onerror=\"window.__pwned=2\">",
        "\"><svg onload=window.__pwned=3>", "<!-- ]]> -->", "&amp; &lt;", "\u{2028}\u{2029}", "\u{1B}[2J", "' \" `",
    ]

    func hostileTrace() -> String {
        func json(_ text: String) -> String {
            var out = ""
            JSONWriter.writeString(text, into: &out)
            return out
        }
        let all = Self.attacks.joined(separator: " ")
        return """
        {"format":"reuselab-trace","version":1,"title":\(json("Title " + all)),"profile":"modern","events":[
        {"seq":0,"t":0,"kind":"note","text":\(json("Note " + all))},
        {"seq":1,"t":0,"kind":"init","cell":1,"identifier":\(json("Cell" + all))},
        {"seq":2,"t":0,"kind":"cellForRowAt","row":0,"cell":1},
        {"seq":3,"t":0,"kind":"willDisplay","row":0,"cell":1},
        {"seq":4,"t":5,"kind":"mainThreadBlocked","ms":20,"cause":\(json("Cause " + all))}
        ]}
        """
    }

    @Test func testHostileTextNeverLeavesItsStringAndComesBackExactly() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let html = try PageData.page(forTrace: hostileTrace(), in: folder)
        // Only our own two scripts close; the data holds no '<' at all.
        #expect((html.lowercased().components(separatedBy: "</script").count - 1) == 2)
        let data = try PageData.embeddedText(html)
        #expect(!(data.contains("<")))
        #expect(!(data.contains(">")))
        #expect(!(data.contains("&")))
        #expect(!(data.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" || $0.value < 0x20 }))
        // The <title> holds text only.
        let title = try #require(html.range(of: "<title>").flatMap { start in html.range(of: "</title>").map { html[start.upperBound..<$0.lowerBound] } })
        #expect(!(title.contains("<")))
        #expect(title.contains("&lt;/script&gt;"))
        // JSON.parse gives the strings back (control characters made visible, as everywhere).
        let parsed = try PageData.embedded(html)
        let all = Self.attacks.joined(separator: " ")
        #expect((parsed["title"] as? String) == VisibleText.escape("Title " + all))
        let view = try #require((parsed["traces"] as? [[String: Any]])?.first)
        let steps = try #require(view["steps"] as? [[String: Any]])
        #expect((steps[0]["x"] as? String ?? "").contains("</script><script>window.__pwned=1</script>"))
        let states = PageData.states(view)
        #expect(((states[4]["busy"] as? [String: Any])?["cause"] as? String) == VisibleText.escape("Cause " + all))
        #expect(((states[1]["other"] as? [[Any]])?.first?[1] as? String) == "#1 (new)")
    }

    @Test func testThePolicyNamesExactlyTheScriptAndStyleByTheirHashes() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let html = try PageData.page(forTrace: hostileTrace(), in: folder)
        let policy = PageDocument.contentSecurityPolicy(script: PageAssets.script, style: PageAssets.style)
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy.replacingOccurrences(of: "'", with: "&apos;"))\">"))
        #expect(policy.hasPrefix("default-src 'none'; "))
        #expect(policy.contains("script-src 'sha256-\(SHA256.base64Digest(of: PageAssets.script))'"))
        #expect(policy.contains("style-src 'sha256-\(SHA256.base64Digest(of: PageAssets.style))'"))
        #expect(!policy.contains("unsafe"))
        #expect(html.contains("<script>\(PageAssets.script)</script>"))
        #expect(html.contains("<style>\(PageAssets.style)</style>"))
    }

    @Test func testSHA256KnownAnswers() {
        func hex(_ text: String) -> String { SHA256.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hex(String(repeating: "a", count: 1000)) == "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        #expect(Base64.encode(Array("ab".utf8)) == "YWI=")
        #expect(Base64.encode(Array("abc".utf8)) == "YWJj")
        #expect(Base64.encode(Array("a".utf8)) == "YQ==")
    }

    @Test func testScriptSafeJSONRoundTrips() throws {
        let original = "a</script>b<!--c&d\u{2028}e\u{2029}f>"
        var json = ""
        JSONWriter.writeString(original, into: &json)
        let safe = ScriptSafeJSON.make(json)
        #expect(!(safe.contains("<") || safe.contains(">") || safe.contains("&")))
        let back = try JSONSerialization.jsonObject(with: Data(safe.utf8), options: [.fragmentsAllowed]) as? String
        #expect(back == original)
    }
}
