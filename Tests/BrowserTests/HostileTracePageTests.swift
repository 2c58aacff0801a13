import Foundation
import ReuseLabTestSupport
import Testing

extension BrowserChecks {
    /// A valid hand-written trace (`Fixtures/hostile.trace.json`) whose title, notes,
    /// gap, reuse identifier, causes, failure reason and imported log name try to
    /// inject markup and script: `</script><script>…`, `<img onerror>`, `<svg onload>`,
    /// `javascript:`, U+2028/U+2029, `<!--`, `]]>`, C0 and C1 controls, a bidi
    /// override, template syntax, and a 5000-character note. The page shows all of it
    /// as text: no injected code runs (`window.__pwned` stays undefined), no console
    /// error (a CSP violation would be one), and the heading holds the title literally.
    @Suite
    final class HostileTracePageTests: BrowserTestCase {
        static let fixture = Golden.packageRoot.appendingPathComponent("Tests/BrowserTests/Fixtures/hostile.trace.json").path

        static let injected = [
            "</script><script>window.__pwned=1</script>",
            #"<img src=x onerror="window.__pwned=2">"#,
            #""><svg onload=window.__pwned=3>"#,
            "javascript:window.__pwned=4",
        ]

        @Test func testInjectionIsShownAsText() throws {
            let page = try newPage()
            let validation = try ExportedPages.run(["validate", Self.fixture])
            #expect(validation.status == 0, "the fixture must stay a valid trace: \(validation.err)")
            let steps = try ReplayStep.all(of: Self.fixture)
            let folder = try TemporaryFolder(prefix: "reuselab-browser-hostile", removeWhenReleased: true)
            let file = try ExportedPages.trace(Self.fixture, into: folder)

            // The file itself: only our two scripts, the data unable to close its element.
            let html = String(decoding: try Data(contentsOf: file), as: UTF8.self).lowercased()
            #expect((html.components(separatedBy: "<script").count - 1) == 2, "exactly two <script tags in the file")
            #expect((html.components(separatedBy: "</script").count - 1) == 2, "exactly two </script tags in the file")
            #expect(!(html.contains("<!--")), "no <!-- in the file (it changes how a script element is parsed)")

            try page.openReuseLabPage(file)
            try assertUntouched(page, "on load")
            let heading = try page.text("h1")
            for attempt in Self.injected {
                #expect(heading.contains(attempt), "the heading shows \(attempt) as text; it shows: \(heading.prefix(400))")
            }
            #expect(try page.string("document.title").contains(Self.injected[0]), "<title> shows </script> as text")

            // Every step, with the keys (from before the first, -1, or the first): each
            // annotation exactly as replay words it.
            let start = try page.currentStep()
            for index in steps.indices where index > start {
                try page.step(with: .arrowRight, expecting: index)
                #expect((try page.currentStep()) == index, "ArrowRight")
                let shown = steps[index].pageText(notes: try page.notes())
                #expect((try page.annotation()) == shown, "#annotation of step \(index)")
                #expect((try page.string("typeof window.__pwned")) == "undefined", "after step \(index)")
            }
            try page.step(with: .home, expecting: start)
            #expect((try page.currentStep()) == start, "Home")
            try page.step(with: .end, expecting: steps.count - 1)
            #expect((try page.currentStep()) == (steps.count - 1), "End")
            for key in [KeyboardKey.letter("s"), .shiftS, .letter("x"), .letter("h"), .escape] {
                try page.press(key)
            }
            try assertUntouched(page, "after stepping through every step")
            try Screenshots.shared.save(page, "hostile-trace")
        }

        /// Nothing injected ran or was made into an element or attribute.
        private func assertUntouched(_ page: BrowserPage, _ context: String,
                                     sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect((try page.string("typeof window.__pwned")) == "undefined", "\(context): window.__pwned", sourceLocation: sourceLocation)
            #expect((try page.consoleErrors()) == [], "\(context): console errors", sourceLocation: sourceLocation)
            #expect((try page.count("script")) == 2, "\(context): script elements", sourceLocation: sourceLocation)
            #expect((try page.count("img, svg[onload], iframe, object, embed, a[href^='javascript:' i]")) == 0, "\(context): injected elements", sourceLocation: sourceLocation)
            let handlers = try page.string("""
                [...document.querySelectorAll('*')].flatMap(e => [...e.attributes].filter(a => /^on/i.test(a.name))
                  .map(a => e.tagName + ' ' + a.name)).join(', ')
                """)
            #expect(handlers == "", "\(context): event handler attributes", sourceLocation: sourceLocation)
        }
    }
}
