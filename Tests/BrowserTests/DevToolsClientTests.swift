import Foundation
import ReuseLabTestSupport
import Testing

extension BrowserChecks {
    /// The DevTools client itself, on a tiny page written at test time: key events
    /// reach the page's keydown listener, console errors and exceptions are seen,
    /// mouse clicks land, screenshots are PNGs, a missed deadline throws.
    @Suite
    final class DevToolsClientTests: BrowserTestCase {
        static let page = """
        <!DOCTYPE html><html><head><meta charset="utf-8"><title>probe</title></head><body>
        <div id="out">none</div><button id="button">press</button>
        <script>
        let count = 0;
        document.addEventListener('keydown', (event) => {
          document.getElementById('out').textContent = event.key + '|' + event.code + '|' + event.shiftKey;
          if (event.key === 'e') console.error('pressed e');
          if (event.key === 't') setTimeout(() => { throw new Error('thrown on t'); }, 0);
        });
        document.getElementById('button').addEventListener('click', () => { count += 1; });
        document.body.dataset.ready = '1';
        </script></body></html>
        """

        func openProbe() throws -> (BrowserPage, TemporaryFolder) {
            let folder = try TemporaryFolder(prefix: "reuselab-browser-probe", removeWhenReleased: true)
            let path = try folder.write("probe.html", Self.page)
            let page = try newPage()
            try page.open(URL(fileURLWithPath: path))
            try page.waitUntil("document.body.dataset.ready === '1'")
            return (page, folder)
        }

        @Test func testKeysReachTheListener() throws {
            let (page, _) = try openProbe()
            #expect((try page.consoleErrors()) == [])
            for (key, expected) in [(KeyboardKey.arrowRight, "ArrowRight|ArrowRight|false"), (.home, "Home|Home|false"),
                                    (.space, " |Space|false"), (.letter("s"), "s|KeyS|false"), (.shiftS, "S|KeyS|true")] {
                try page.press(key)
                #expect((try page.string("document.getElementById('out').textContent")) == expected)
            }
        }

        @Test func testConsoleErrorsAndExceptionsAreCollected() throws {
            let (page, _) = try openProbe()
            try page.press(.letter("e"))
            try page.press(.letter("t"))
            let errors = try page.waitForConsoleErrors(2)
            #expect(errors.count == 2, "\(errors)")
            #expect(errors.contains { $0.contains("pressed e") }, "\(errors)")
            #expect(errors.contains { $0.contains("thrown on t") }, "\(errors)")
        }

        @Test func testClicksScreenshotsAndDeadlines() throws {
            let (page, folder) = try openProbe()
            try page.click("#button")
            try page.click("#button")
            #expect((try page.integer("count")) == 2)
            #expect(throws: (any Error).self) { try page.click("#missing") }
            #expect((try page.integer("window.innerWidth")) == 1400)
            #expect((try page.integer("window.innerHeight")) == 900)

            let shot = folder.url.appendingPathComponent("probe.png")
            try page.screenshot(to: shot)
            let png = try Data(contentsOf: shot)
            #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])

            let started = Date()
            #expect(throws: (any Error).self) { try page.waitUntil("false", timeout: 0.3) }
            #expect(Date().timeIntervalSince(started) < 5)
            #expect(throws: (any Error).self) { try page.evaluate("new Promise(() => {})", timeout: 0.5) }
            // The page still answers after a command timed out.
            #expect((try page.integer("1 + 1")) == 2)
        }
    }
}
