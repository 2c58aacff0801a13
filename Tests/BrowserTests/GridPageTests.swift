import Foundation
import ReuseLabTestSupport
import Testing

extension BrowserChecks {
    /// A collection view's pages draw a grid: the bundled two-column grid's
    /// trace page, stepped with the keyboard, shows the two items of a row of items
    /// side by side at one top coordinate; its lesson page and the diff page of the
    /// grid with and without cell prefetching draw it too, without console errors.
    @Suite
    final class GridPageTests: BrowserTestCase {
        static let trace = "traces/grid-slow-drag.trace.json"
        static let withoutPrefetching = "traces/grid-prefetching-disabled.trace.json"

        /// The on-screen box of item `item` in `container`: top, left, width (CSS pixels).
        private func box(_ page: BrowserPage, _ container: String, item: Int) throws -> (top: Double, left: Double, width: Double) {
            let found = try page.evaluate("""
                (() => { const e = document.querySelector(\(javaScriptString(container + " [data-row=\"\(item)\"]")));
                         if (!e) return null;
                         const r = e.getBoundingClientRect(); return [r.top, r.left, r.width]; })()
                """) as? [Any]
            let numbers = (found ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
            guard numbers.count == 3 else { throw BrowserError("item \(item) is not drawn in \(container)") }
            return (numbers[0], numbers[1], numbers[2])
        }

        /// Items `left` and `right` share a row of items: one top, side by side, as wide as each other.
        private func assertSideBySide(_ page: BrowserPage, _ container: String, _ left: Int, _ right: Int, _ context: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
            // Rows slide for 200 ms after a step: wait until both have stopped.
            try page.waitForAnimations()
            let a = try box(page, container, item: left), b = try box(page, container, item: right)
            #expect(abs(a.top - b.top) <= 0.5, "\(context): items \(left) and \(right) share a top", sourceLocation: sourceLocation)
            #expect(b.left > (a.left + a.width / 2), "\(context): item \(right) is to the right of item \(left)", sourceLocation: sourceLocation)
            #expect(abs(a.width - b.width) <= 0.5, "\(context): one width", sourceLocation: sourceLocation)
            #expect(a.width > 20, "\(context): an item is drawn, not a sliver", sourceLocation: sourceLocation)
        }

        @Test func testTheTracePageDrawsItemsSideBySideWhileStepping() throws {
            let page = try newPage()
            let folder = try TemporaryFolder(prefix: "reuselab-browser-grid", removeWhenReleased: true)
            try page.openReuseLabPage(try ExportedPages.trace(Self.trace, into: folder))
            #expect((try page.consoleErrors()) == [], "console errors on load")
            #expect((try page.data("d.traces[0].list.columns") as? Int) == 2)

            let start = try page.currentStep()
            for _ in 0..<30 { try page.step(with: .arrowRight) }
            #expect((try page.currentStep()) == (start + 30), "30 × ArrowRight")
            try assertSideBySide(page, "#viewport", 0, 1, "at launch")
            try assertSideBySide(page, "#viewport", 8, 9, "at launch, the row of items the screen shows 16 pt of")
            let rowBelow = try box(page, "#viewport", item: 2), row = try box(page, "#viewport", item: 0)
            #expect(rowBelow.top > (row.top + 20), "item 2 starts the next row of items, below item 0")
            #expect(abs(rowBelow.left - row.left) <= 0.5, "in the same column")

            try page.step(with: .end, expecting: try #require(try page.data("d.traces[0].steps.length") as? Int) - 1)
            try assertSideBySide(page, "#viewport", 12, 13, "at the end")
            try page.step(with: .arrowLeft)
            try page.step(with: .letter("b"))
            try assertSideBySide(page, "#viewport", 14, 15, "two steps back")
            #expect(try page.text("#viewport").contains("#15"), "cells are drawn with their numbers")
            #expect((try page.consoleErrors()) == [], "console errors while stepping")
            try Screenshots.shared.save(page, "grid-trace")
        }

        @Test func testTheLessonAndDiffPagesDrawTheGridToo() throws {
            let page = try newPage()
            let folder = try TemporaryFolder(prefix: "reuselab-browser-grid", removeWhenReleased: true)
            try page.openReuseLabPage(try ExportedPages.lesson(19, into: folder))
            #expect((try page.consoleErrors()) == [], "console errors on the lesson page")
            #expect((try page.string("document.body.dataset.page")) == "lesson")
            #expect(try page.text("#question").contains("cells"), "the first question is asked")
            // The first stop pauses before the first init: nothing drawn yet. Answer it to see the grid.
            let choices = try #require(try page.data("d.lesson.stops[0].questions[0].choices") as? [JSONObject])
            let right = try #require(choices.firstIndex { $0["right"] as? Bool == true })
            try page.press(KeyboardKey.letter(Character(String(right + 1))))
            try page.waitUntil("document.querySelector('#feedback[data-result=right]')", timeout: 5, what: "the right choice, chosen by its key")
            try page.waitUntil("document.querySelector('#viewport [data-row=\"1\"]')", timeout: 12, what: "the reveal draws the first screen")
            try assertSideBySide(page, "#viewport", 0, 1, "the lesson's reveal")

            let diff = try newPage()
            try diff.openReuseLabPage(try ExportedPages.diff(Self.trace, Self.withoutPrefetching, into: folder))
            #expect((try diff.consoleErrors()) == [], "console errors on the diff page")
            for _ in 0..<20 { try diff.step(with: .arrowRight) }
            try assertSideBySide(diff, "#side-a .viewport", 4, 5, "A")
            try assertSideBySide(diff, "#side-b .viewport", 4, 5, "B")
            #expect((try diff.consoleErrors()) == [], "console errors while stepping the diff")
        }
    }
}
