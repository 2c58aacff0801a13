import Foundation
import XCTest
@testable import PageExport
import TraceModel
import ToolSupport
import TraceCoding
import ReuseLabTestSupport

/// Text from a trace is escaped for every place it lands, and the page's
/// policy lets only its own script and style run.
final class PageSafetyTests: XCTestCase {
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

    func testHostileTextNeverLeavesItsStringAndComesBackExactly() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let html = try PageData.page(forTrace: hostileTrace(), in: folder)
        // Only our own two scripts close; the data holds no '<' at all.
        XCTAssertEqual(html.lowercased().components(separatedBy: "</script").count - 1, 2)
        let data = try PageData.embeddedText(html)
        XCTAssertFalse(data.contains("<"))
        XCTAssertFalse(data.contains(">"))
        XCTAssertFalse(data.contains("&"))
        XCTAssertFalse(data.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" || $0.value < 0x20 })
        // The <title> holds text only.
        let title = try XCTUnwrap(html.range(of: "<title>").flatMap { start in html.range(of: "</title>").map { html[start.upperBound..<$0.lowerBound] } })
        XCTAssertFalse(title.contains("<"))
        XCTAssertTrue(title.contains("&lt;/script&gt;"))
        // JSON.parse gives the strings back (control characters made visible, as everywhere).
        let parsed = try PageData.embedded(html)
        let all = Self.attacks.joined(separator: " ")
        XCTAssertEqual(parsed["title"] as? String, VisibleText.escape("Title " + all))
        let view = try XCTUnwrap((parsed["traces"] as? [[String: Any]])?.first)
        let steps = try XCTUnwrap(view["steps"] as? [[String: Any]])
        XCTAssertTrue((steps[0]["x"] as? String ?? "").contains("</script><script>window.__pwned=1</script>"))
        let states = PageData.states(view)
        XCTAssertEqual((states[4]["busy"] as? [String: Any])?["cause"] as? String, VisibleText.escape("Cause " + all))
        XCTAssertEqual(((states[1]["other"] as? [[Any]])?.first?[1] as? [String])?.first, "#1 (new)")
    }

    func testThePolicyNamesExactlyTheScriptAndStyleByTheirHashes() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let html = try PageData.page(forTrace: hostileTrace(), in: folder)
        let policy = PageDocument.contentSecurityPolicy(script: PageAssets.script, style: PageAssets.style)
        XCTAssertTrue(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy.replacingOccurrences(of: "'", with: "&apos;"))\">"))
        XCTAssertTrue(policy.hasPrefix("default-src 'none'; "))
        XCTAssertTrue(policy.contains("script-src 'sha256-\(SHA256.base64Digest(of: PageAssets.script))'"))
        XCTAssertTrue(policy.contains("style-src 'sha256-\(SHA256.base64Digest(of: PageAssets.style))'"))
        XCTAssertFalse(policy.contains("unsafe"))
        XCTAssertTrue(html.contains("<script>\(PageAssets.script)</script>"))
        XCTAssertTrue(html.contains("<style>\(PageAssets.style)</style>"))
    }

    func testSHA256KnownAnswers() {
        func hex(_ text: String) -> String { SHA256.digest(Array(text.utf8)).map { String(format: "%02x", $0) }.joined() }
        XCTAssertEqual(hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(hex(String(repeating: "a", count: 1000)), "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
        XCTAssertEqual(Base64.encode(Array("ab".utf8)), "YWI=")
        XCTAssertEqual(Base64.encode(Array("abc".utf8)), "YWJj")
        XCTAssertEqual(Base64.encode(Array("a".utf8)), "YQ==")
    }

    func testScriptSafeJSONRoundTrips() throws {
        let original = "a</script>b<!--c&d\u{2028}e\u{2029}f>"
        var json = ""
        JSONWriter.writeString(original, into: &json)
        let safe = ScriptSafeJSON.make(json)
        XCTAssertFalse(safe.contains("<") || safe.contains(">") || safe.contains("&"))
        let back = try JSONSerialization.jsonObject(with: Data(safe.utf8), options: [.fragmentsAllowed]) as? String
        XCTAssertEqual(back, original)
    }
}
