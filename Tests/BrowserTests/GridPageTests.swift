import Foundation
import ReuseLabTestSupport
import XCTest

/// A collection view's pages draw a grid: the bundled two-column grid's
/// trace page, stepped with the keyboard, shows the two items of a row of items
/// side by side at one top coordinate; its lesson page and the diff page of the
/// grid with and without cell prefetching draw it too, without console errors.
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
                                  file: StaticString = #filePath, line: UInt = #line) throws {
        // Rows slide for 200 ms after a step: wait until both have stopped.
        try page.waitForAnimations()
        let a = try box(page, container, item: left), b = try box(page, container, item: right)
        XCTAssertEqual(a.top, b.top, accuracy: 0.5, "\(context): items \(left) and \(right) share a top", file: file, line: line)
        XCTAssertGreaterThan(b.left, a.left + a.width / 2, "\(context): item \(right) is to the right of item \(left)", file: file, line: line)
        XCTAssertEqual(a.width, b.width, accuracy: 0.5, "\(context): one width", file: file, line: line)
        XCTAssertGreaterThan(a.width, 20, "\(context): an item is drawn, not a sliver", file: file, line: line)
    }

    func testTheTracePageDrawsItemsSideBySideWhileStepping() throws {
        let page = try newPage()
        let folder = try TemporaryFolder(prefix: "reuselab-browser-grid", removeWhenReleased: true)
        try page.openReuseLabPage(try ExportedPages.trace(Self.trace, into: folder))
        XCTAssertEqual(try page.consoleErrors(), [], "console errors on load")
        XCTAssertEqual(try page.data("d.traces[0].list.columns") as? Int, 2)

        let start = try page.currentStep()
        for _ in 0..<30 { try page.step(with: .arrowRight) }
        XCTAssertEqual(try page.currentStep(), start + 30, "30 × ArrowRight")
        try assertSideBySide(page, "#viewport", 0, 1, "at launch")
        try assertSideBySide(page, "#viewport", 8, 9, "at launch, the row of items the screen shows 16 pt of")
        let rowBelow = try box(page, "#viewport", item: 2), row = try box(page, "#viewport", item: 0)
        XCTAssertGreaterThan(rowBelow.top, row.top + 20, "item 2 starts the next row of items, below item 0")
        XCTAssertEqual(rowBelow.left, row.left, accuracy: 0.5, "in the same column")

        try page.step(with: .end, expecting: try XCTUnwrap(try page.data("d.traces[0].steps.length") as? Int) - 1)
        try assertSideBySide(page, "#viewport", 12, 13, "at the end")
        try page.step(with: .arrowLeft)
        try page.step(with: .letter("b"))
        try assertSideBySide(page, "#viewport", 14, 15, "two steps back")
        XCTAssertTrue(try page.text("#viewport").contains("#15"), "cells are drawn with their numbers")
        XCTAssertEqual(try page.consoleErrors(), [], "console errors while stepping")
        try Screenshots.shared.save(page, "grid-trace")
    }

    func testTheLessonAndDiffPagesDrawTheGridToo() throws {
        let page = try newPage()
        let folder = try TemporaryFolder(prefix: "reuselab-browser-grid", removeWhenReleased: true)
        try page.openReuseLabPage(try ExportedPages.lesson(19, into: folder))
        XCTAssertEqual(try page.consoleErrors(), [], "console errors on the lesson page")
        XCTAssertEqual(try page.string("document.body.dataset.page"), "lesson")
        XCTAssertTrue(try page.text("#question").contains("cells"), "the first question is asked")
        // The first stop pauses before the first init: nothing drawn yet. Answer it to see the grid.
        let choices = try XCTUnwrap(try page.data("d.lesson.stops[0].questions[0].choices") as? [JSONObject])
        let right = try XCTUnwrap(choices.firstIndex { $0["right"] as? Bool == true })
        try page.press(KeyboardKey.letter(Character(String(right + 1))))
        try page.waitUntil("document.querySelector('#feedback[data-result=right]')", timeout: 5, what: "the right choice, chosen by its key")
        try page.waitUntil("document.querySelector('#viewport [data-row=\"1\"]')", timeout: 12, what: "the reveal draws the first screen")
        try assertSideBySide(page, "#viewport", 0, 1, "the lesson's reveal")

        let diff = try newPage()
        try diff.openReuseLabPage(try ExportedPages.diff(Self.trace, Self.withoutPrefetching, into: folder))
        XCTAssertEqual(try diff.consoleErrors(), [], "console errors on the diff page")
        for _ in 0..<20 { try diff.step(with: .arrowRight) }
        try assertSideBySide(diff, "#side-a .viewport", 4, 5, "A")
        try assertSideBySide(diff, "#side-b .viewport", 4, 5, "B")
        XCTAssertEqual(try diff.consoleErrors(), [], "console errors while stepping the diff")
    }
}
