import Foundation
import ReuseLabTestSupport
import Testing

extension BrowserChecks {
    /// The trace page of `traces/images-async-no-reset.trace.json`, driven with real
    /// key presses: it loads without console errors, each key moves the step the
    /// keyboard map says, `#annotation` shows exactly the sentence `replay --json`
    /// gives for the step `body[data-step]` names (its caveat as a numbered marker), and `s` lands on the first step
    /// whose screen shows a STALE row, with the stale cell drawn.
    @Suite
    final class TracePageTests: BrowserTestCase {
        static let trace = "traces/images-async-no-reset.trace.json"

        private var folder: TemporaryFolder?

        deinit {
            folder?.remove()
        }

        /// The exported page opened and drawn, and the replay's steps.
        private func openTracePage() throws -> (BrowserPage, [ReplayStep]) {
            let page = try newPage()
            let folder = try TemporaryFolder(prefix: "reuselab-browser-trace")
            self.folder = folder
            let file = try ExportedPages.trace(Self.trace, into: folder)
            let steps = try ReplayStep.all(of: Self.trace)
            try page.openReuseLabPage(file)
            return (page, steps)
        }

        /// The page shows step `step` as replay does: `#annotation`, `#step-number` and
        /// the current item of `#steps`. (Before the first step, -1, only that the
        /// annotation is not a step's.)
        private func assertShows(_ page: BrowserPage, _ steps: [ReplayStep], _ step: Int, _ context: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
            if step == -1 {
                let annotation = try page.annotation()
                #expect(!annotation.isEmpty, "\(context): #annotation before the first step", sourceLocation: sourceLocation)
                #expect(annotation != steps.first?.text, "\(context): step -1 shows step 0's text", sourceLocation: sourceLocation)
                return
            }
            guard steps.indices.contains(step) else {
                Issue.record("\(context): step \(step) is outside the trace's \(steps.count) steps", sourceLocation: sourceLocation)
                return
            }
            let shown = steps[step].pageText(notes: try page.notes())
            #expect((try page.annotation()) == shown, "\(context): #annotation of step \(step)", sourceLocation: sourceLocation)
            let number = try page.text("#step-number")
            #expect(number.contains(String(steps[step].seq)), "\(context): #step-number '\(number)' names step \(step)", sourceLocation: sourceLocation)
            #expect((try page.string("(document.querySelector('#steps li.current') || {dataset: {}}).dataset.seq")) == String(steps[step].seq), "\(context): the current item of #steps", sourceLocation: sourceLocation)
        }

        @Test func testLoadsAndStepsWithTheKeyboard() throws {
            let (page, steps) = try openTracePage()
            #expect((try page.consoleErrors()) == [], "console errors on load")
            #expect((try page.string("document.body.dataset.page")) == "trace")
            #expect((try page.count("script")) == 2, "only the data and the page's own script")
            #expect((try page.data("d.traces[0].steps.length") as? Int) == steps.count, "one step per replayed event")

            // The page opens before the first step (-1, the initial state) or at step 0.
            let start = try page.currentStep()
            #expect(start == -1 || start == 0, "the page opens at step -1 or 0, not \(start)")
            try assertShows(page, steps, start, "at load")

            let k = 7
            for _ in 0..<k { try page.step(with: .arrowRight) }
            #expect((try page.currentStep()) == (start + k), "\(k) × ArrowRight")
            try assertShows(page, steps, start + k, "after \(k) × ArrowRight")

            try page.step(with: .arrowLeft)
            try page.step(with: .arrowLeft)
            #expect((try page.currentStep()) == (start + k - 2), "2 × ArrowLeft")
            try assertShows(page, steps, start + k - 2, "after ArrowLeft")

            // The other keys of the map: n, Space, Enter forward; b back.
            try page.step(with: .letter("n"))
            try page.step(with: .space)
            try page.step(with: .enter)
            #expect((try page.currentStep()) == (start + k + 1), "n, Space, Enter")
            try page.step(with: .letter("b"))
            #expect((try page.currentStep()) == (start + k), "b")
            try assertShows(page, steps, start + k, "after b")

            try page.step(with: .end, expecting: steps.count - 1)
            #expect((try page.currentStep()) == (steps.count - 1), "End")
            try assertShows(page, steps, steps.count - 1, "after End")
            try page.step(with: .arrowRight, expecting: steps.count - 1, timeout: 0.3)
            #expect((try page.currentStep()) == (steps.count - 1), "ArrowRight at the end stays")

            try page.step(with: .home, expecting: start)
            #expect((try page.currentStep()) == start, "Home goes back to where the page opened")
            try assertShows(page, steps, start, "after Home")
            #expect((try page.consoleErrors()) == [], "console errors while stepping")
        }

        @Test func testSJumpsToTheFirstStaleRowOnScreen() throws {
            let (page, steps) = try openTracePage()
            let start = try page.currentStep()
            // Where a STALE row is wholly on screen, as the data says (TeachingPageTests
            // checks it is drawn inside the phone).
            let stops = try #require(try page.data("d.traces[0].staleViews.map(r => r[0])") as? [Int], "staleViews")
            let first = try #require(stops.first { $0 > start }, "the trace shows a STALE row after \(start)")

            try page.step(with: .letter("s"), expecting: first)
            #expect((try page.currentStep()) == first, "s from step \(start)")
            try assertShows(page, steps, first, "after s")
            let stale = try page.count("#viewport .cell.stale")
            #expect(stale > 0, "a .cell.stale in #viewport at step \(first)")
            #expect(try page.text("#viewport .cell.stale").contains("STALE"), "the stale cell says STALE")
            try Screenshots.shared.save(page, "trace-first-stale")

            if stops.count > 1 {
                try page.step(with: .letter("s"), expecting: stops[1])
                #expect((try page.currentStep()) == stops[1], "s again")
                try page.step(with: .shiftS, expecting: first)
                #expect((try page.currentStep()) == first, "Shift+S goes back to the previous one")
            }
            #expect((try page.consoleErrors()) == [])
        }

        /// The code pane: at the first STALE frame it marks the closure line that set
        /// the image and shows the empty prepareForReuse without scrolling; clicking a
        /// line goes to the next step that ran it, and so does Enter on a line picked
        /// with the arrow keys; c hides the pane.
        @Test func testTheCodePaneFollowsTheStepsAndActsAsABreakpoint() throws {
            let (page, steps) = try openTracePage()
            // The first STALE row on screen: a frame that newly shows a STALE image.
            let firstView = try #require(try page.data("d.traces[0].staleViews[0][0]") as? Int)
            let stale = try #require(steps.first { $0.seq == firstView })
            #expect(stale.marks.contains("STALE"))
            try page.step(with: .letter("s"), expecting: stale.seq)
            #expect((try page.text("#code .code-line.current .src").trimmingCharacters(in: .whitespaces)) == "cell.profileImageView.image = UIImage(data: imageData)")
            #expect(try page.text("#code .code-related").contains("override func prepareForReuse() {"))
            #expect(try page.text("#code .code-related").contains("// profileImageView.image = nil"))
            // The current line is scrolled into the pane's view.
            #expect((try page.string("""
                (() => { const b = document.querySelector('#code .code-body'), l = document.querySelector('#code .code-line.current');
                  const r = l.getBoundingClientRect(), o = b.getBoundingClientRect(); return String(r.top >= o.top && r.bottom <= o.bottom); })()
                """)) == "true", "the current line is in view")
            try Screenshots.shared.save(page, "trace-code-pane-stale")

            // Click line 42 (the dequeue): the next step that ran it.
            let dequeueLine = 42
            let next = try #require(try page.data("""
                (() => { const s = d.traces[0].steps; for (let i = \(stale.seq) + 1; i < s.length; i++) if (s[i].c && s[i].c[1] === \(dequeueLine)) return i; return -1; })()
                """) as? Int)
            #expect(next > stale.seq)
            try page.click("#code .code-lines li[data-line='\(dequeueLine)']")
            try page.waitUntil("Number(document.body.dataset.step) === \(next)", what: "the click on line \(dequeueLine)")
            #expect((try page.string("document.querySelector('#code .code-line.current').dataset.line")) == String(dequeueLine))

            // The keyboard: the picked line moves with ↑ ↓, Enter goes to the next step
            // that ran it; a line no step ran (the guard under the dequeue) says so.
            try page.press(.arrowUp)
            let picked = try #require(Int(try page.string("document.querySelector('#code .code-line.cursor').dataset.line")))
            #expect(picked == (dequeueLine - 1))
            try page.press(.enter)
            try page.waitUntil("document.querySelector('#code .code-line.current') && document.querySelector('#code .code-line.current').dataset.line === '\(picked)'",
                               what: "Enter on line \(picked)")
            #expect((try page.currentStep()) > next)
            let before = try page.currentStep()
            try page.press(.arrowDown)
            try page.press(.arrowDown)
            try page.press(.enter)
            try page.waitUntil("document.querySelector('.nav-msg').textContent === 'no step ran line \(dequeueLine + 1)'", what: "a line no step ran")
            #expect((try page.currentStep()) == before, "the step stays")

            // c hides the pane (and shows it again); the arrows do not move the step meanwhile.
            _ = try page.evaluate("document.activeElement && document.activeElement.blur()")
            try page.press(.letter("c"))
            try page.waitUntil("document.getElementById('code').hidden === true", what: "c hides the code")
            try page.press(.letter("c"))
            try page.waitUntil("document.getElementById('code').hidden === false", what: "c shows it again")
            #expect((try page.consoleErrors()) == [])
        }
    }
}
