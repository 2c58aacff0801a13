import Foundation
import ReuseLabTestSupport
import Testing

extension BrowserChecks {
    /// The page of lesson 10 (`reuselab lesson 10 --html`): the first question's
    /// choices, clicked with the mouse, give `#feedback[data-result=wrong]` for a
    /// choice the embedded data calls wrong, saying its `why`; the question has two
    /// choices, so the other is then shown as the answer (`.is-answer`). Started
    /// over, the right one gives `right`.
    @Suite
    final class LessonPageTests: BrowserTestCase {
        @Test func testWrongThenRightAnswer() throws {
            let page = try newPage()
            let folder = try TemporaryFolder(prefix: "reuselab-browser-lesson", removeWhenReleased: true)
            let file = try ExportedPages.lesson(10, into: folder)
            try page.openReuseLabPage(file)
            // Progress other pages left in the browser's storage (shared by every file) is not this test's.
            _ = try page.evaluate("localStorage.clear()")
            try page.openReuseLabPage(file)
            #expect((try page.consoleErrors()) == [], "console errors on load")
            #expect((try page.string("document.body.dataset.page")) == "lesson")

            let choices = try #require(try page.data("d.lesson.stops[0].questions[0].choices") as? [JSONObject], "lesson.stops[0].questions[0].choices in the data")
            let wrong = try #require(choices.firstIndex { $0["right"] as? Bool == false }, "a wrong choice")
            let right = try #require(choices.firstIndex { $0["right"] as? Bool == true }, "a right choice")
            #expect((try page.count("#question .choice")) == choices.count, "one .choice per choice in the data")
            for (index, choice) in choices.enumerated() {
                let label = choice["label"] as? String ?? ""
                let shown = try page.string("document.querySelectorAll('#question .choice')[\(index)].textContent")
                #expect(shown.contains(label), "choice \(index) shows '\(label)' (it shows '\(shown)')")
            }

            try page.click("#question .choice", index: wrong)
            try page.waitUntil("document.querySelector('#feedback[data-result]')", timeout: 5, what: "#feedback after a wrong choice")
            #expect((try page.string("document.getElementById('feedback').dataset.result")) == "wrong")
            if let why = choices[wrong]["why"] as? String, !why.isEmpty {
                #expect(try page.text("#feedback").contains(why), "#feedback says why the choice is wrong")
            }
            #expect((try page.string("String(document.querySelectorAll('#question .choice')[\(right)].classList.contains('is-answer'))")) == "true",
                    "two choices: the other is shown as the answer")
            try Screenshots.shared.save(page, "lesson-wrong-answer")

            try page.click("#start-over")
            try page.waitUntil("!document.querySelector('#feedback[data-result]')", timeout: 5, what: "start over")
            try page.click("#question .choice", index: right)
            try page.waitUntil("document.querySelector('#feedback[data-result=right]')", timeout: 5, what: "#feedback after the right choice")
            #expect((try page.string("document.getElementById('feedback').dataset.result")) == "right")
            #expect((try page.consoleErrors()) == [], "console errors while answering")
            try Screenshots.shared.save(page, "lesson-right-answer")
        }
    }
}
