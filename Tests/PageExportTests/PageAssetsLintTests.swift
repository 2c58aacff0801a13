import Foundation
import Testing
@testable import PageExport

/// A small lint of the page's own script and style (`Resources/page.js`,
/// `page.css`), as the binary embeds them: strict mode, no way to turn text into
/// markup or code, nothing that would end the element they are inlined in, and
/// nothing fetched from anywhere. `.ci/run` also has Node check the script's syntax.
@Suite
final class PageAssetsLintTests {
    /// `pattern` (a regular expression; case-sensitive, as JavaScript is) nowhere in `text`.
    private func assertAbsent(_ pattern: String, in text: String, _ what: String, anyCase: Bool = false,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        if let found = text.range(of: pattern, options: anyCase ? [.regularExpression, .caseInsensitive] : [.regularExpression]) {
            let lineNumber = text[..<found.lowerBound].filter { $0 == "\n" }.count + 1
            Issue.record("\(what) has \(pattern) at line \(lineNumber): '\(text[found])'", sourceLocation: sourceLocation)
        }
    }

    @Test func testTheScriptIsStrictAndNeverTurnsTextIntoMarkupOrCode() {
        let script = PageAssets.script
        #expect(script.hasPrefix("\"use strict\";\n"), "page.js starts with \"use strict\";")
        for pattern in [#"innerHTML"#, #"outerHTML"#, #"insertAdjacentHTML"#, #"document\.write"#,
                        #"\beval\s*\("#, #"\bFunction\s*\("#, #"setTimeout\s*\(\s*["'`]"#, #"setInterval\s*\(\s*["'`]"#] {
            assertAbsent(pattern, in: script, "page.js")
        }
    }

    @Test func testNeitherEndsTheElementItIsInlinedIn() {
        // The HTML parser ends the element at these, in any case, whatever the JS or CSS means.
        assertAbsent(#"</script"#, in: PageAssets.script, "page.js", anyCase: true)
        assertAbsent(#"<!--"#, in: PageAssets.script, "page.js")
        assertAbsent(#"</style"#, in: PageAssets.style, "page.css", anyCase: true)
    }

    @Test func testNothingIsFetched() {
        for (name, text) in [("page.js", PageAssets.script), ("page.css", PageAssets.style)] {
            for pattern in [#"https?:"#, #"\bfetch\s*\("#, #"XMLHttpRequest"#, #"WebSocket"#, #"\bimport\s*\("#,
                            #"@import"#, #"url\s*\("#, #"sendBeacon"#, #"EventSource"#] {
                assertAbsent(pattern, in: text, name, anyCase: true)
            }
        }
    }
}
