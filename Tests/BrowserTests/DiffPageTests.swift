import Foundation
import ReuseLabTestSupport
import Testing

extension BrowserChecks {
    /// The diff page of the same scrolling with and without a reset in
    /// `prepareForReuse`: both sides drawn, stepping moves the position, the first
    /// divergence and the metrics are shown.
    @Suite
    final class DiffPageTests: BrowserTestCase {
        static let a = "traces/images-async-no-reset.trace.json"
        static let b = "traces/images-async-reset.trace.json"

        @Test func testSideBySide() throws {
            let page = try newPage()
            let folder = try TemporaryFolder(prefix: "reuselab-browser-diff", removeWhenReleased: true)
            let file = try ExportedPages.diff(Self.a, Self.b, into: folder)
            try page.openReuseLabPage(file)
            #expect((try page.consoleErrors()) == [], "console errors on load")
            #expect((try page.string("document.body.dataset.page")) == "diff")
            #expect((try page.count("#side-a")) == 1, "#side-a")
            #expect((try page.count("#side-b")) == 1, "#side-b")
            #expect((try page.count("#side-a .viewport")) == 1, "A's viewport")
            #expect((try page.count("#side-b .viewport")) == 1, "B's viewport")
            let positions = try #require(try page.data("d.diff.positions.length") as? Int, "diff.positions")

            // Before the first position (-1) or at it.
            let start = try page.currentStep()
            #expect(start == -1 || start == 0, "the page opens at position -1 or 0, not \(start)")
            try page.step(with: .arrowRight)
            #expect((try page.currentStep()) == (start + 1), "ArrowRight moves one position")
            try page.step(with: .arrowRight)
            try page.step(with: .arrowLeft)
            #expect((try page.currentStep()) == (start + 1), "ArrowLeft moves back")
            try page.step(with: .end, expecting: positions - 1)
            #expect((try page.currentStep()) == (positions - 1), "End goes to the last position")
            try page.step(with: .home, expecting: start)
            #expect((try page.currentStep()) == start, "Home goes back to where the page opened")

            let divergence = try page.text("#divergence").trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(!divergence.isEmpty, "#divergence says something")
            let metrics = try #require(try page.data("d.diff.metrics") as? [[Any]], "diff.metrics")
            #expect(!metrics.isEmpty, "the data has metrics")
            let shown = try page.text("#metrics")
            for metric in metrics {
                guard let label = metric.first as? String else { continue }
                #expect(shown.contains(label), "#metrics shows '\(label)'")
            }
            #expect((try page.count("#metrics tr, #metrics li, #metrics [role=row], #metrics .metric")) > 0, "#metrics has rows")

            // The first divergence: go there as a reader would, with g, the number, Enter.
            if let position = try page.data("d.diff.firstDivergence && d.diff.firstDivergence.position") as? Int {
                try page.press(.letter("g"))
                try page.insertText(String(position))
                try page.step(with: .enter, expecting: position)
                #expect((try page.currentStep()) == position, "g \(position) Enter")
            }
            #expect((try page.consoleErrors()) == [], "console errors while stepping")
            try Screenshots.shared.save(page, "diff-first-divergence")
        }
    }
}
