import Foundation
import ReuseLabTestSupport
import Testing

extension BrowserChecks {
    /// The pages as a teacher uses them (issue 33, "Lessons that teach"): `s`
    /// stops where a STALE row is inside the phone's screen, off-screen cells say
    /// what their image view holds, caveats are footnoted once, the glossary,
    /// a lesson's wrong answers explained and its progress kept honestly, keys,
    /// time labels apart, a phone-sized lesson, presenter mode.
    @Suite
    final class TeachingPageTests: BrowserTestCase {
        static let staleTrace = "traces/images-async-no-reset.trace.json"
        static let resetTrace = "traces/images-async-reset.trace.json"

        /// Where the test's pages are exported; removed with the test.
        private var made: TemporaryFolder?
        private var folder: TemporaryFolder {
            get throws {
                if let made { return made }
                let folder = try TemporaryFolder(prefix: "reuselab-browser-teaching", removeWhenReleased: true)
                made = folder
                return folder
            }
        }

        /// A new tab `width` × `height` (CSS pixels, device metrics emulated), with
        /// `file` open and drawn.
        private func open(_ file: URL, width: Int = 1280, height: Int = 720) throws -> BrowserPage {
            let page = try newPage()
            try page.prepare(width: width, height: height)
            try page.openReuseLabPage(file)
            return page
        }

        /// True when a `.cell.stale` in `viewport` sits, with its whole row, inside the
        /// drawn screen (`.screen-frame`), not in the faded margin around it.
        private func staleRowInsideTheScreen(_ page: BrowserPage, _ viewport: String) throws -> Bool {
            try page.waitForAnimations()
            return try page.evaluate("""
                (() => { const vp = document.querySelector(\(javaScriptString(viewport)));
                  const f = vp.querySelector('.screen-frame').getBoundingClientRect();
                  return [...vp.querySelectorAll('.row .cell.stale')].some(c => {
                    const r = c.closest('[data-row]').getBoundingClientRect();
                    return r.top >= f.top - 1 && r.bottom <= f.bottom + 1; }); })()
                """) as? Bool == true
        }

        @Test func testSStopsWhereTheStaleRowIsInsideThePhone() throws {
            let page = try open(try ExportedPages.trace(Self.staleTrace, into: folder))
            let ranges = try #require(try page.data("d.traces[0].staleViews") as? [[Int]], "staleViews in the data")
            let firstMarked = try #require(try page.data("d.traces[0].steps.findIndex(s => s.m.includes('STALE'))") as? Int)
            #expect(ranges.count > 3)
            // The first STALE frame shows its row below the screen's edge: s goes past it.
            try page.step(with: .letter("s"), expecting: ranges[0][0])
            #expect((try page.currentStep()) == ranges[0][0], "s from the start")
            #expect(ranges[0][0] > firstMarked, "not the first STALE frame, \(firstMarked), where the row is below the screen")
            #expect(try staleRowInsideTheScreen(page, "#viewport"), "a STALE row inside the screen at step \(ranges[0][0])")
            try Screenshots.shared.save(page, "teaching-s-stale-on-screen")
            for range in ranges.dropFirst().prefix(3) {
                try page.step(with: .letter("s"), expecting: range[0])
                #expect((try page.currentStep()) == range[0], "s again")
                #expect(try staleRowInsideTheScreen(page, "#viewport"), "a STALE row inside the screen at step \(range[0])")
            }
            try page.step(with: .shiftS, expecting: ranges[2][0])
            #expect((try page.currentStep()) == ranges[2][0], "Shift+S goes back")
            // The first marked frame itself: the STALE cell is drawn, but below the screen.
            try page.press(.letter("g"))
            try page.insertText(String(firstMarked))
            try page.step(with: .enter, expecting: firstMarked)
            #expect((try page.count("#viewport .cell.stale")) > 0)
            #expect(!(try staleRowInsideTheScreen(page, "#viewport")), "at \(firstMarked) the STALE row is in the faded margin")
            #expect((try page.consoleErrors()) == [])
        }

        @Test func testSOnTheDiffPageStopsWhereAStaleRowIsInsideAPhone() throws {
            let page = try open(try ExportedPages.diff(Self.staleTrace, Self.resetTrace, into: folder))
            for round in 1...3 {
                let before = try page.currentStep()
                try page.step(with: .letter("s"))
                #expect((try page.currentStep()) > before, "s moves on (\(round))")
                let a = try staleRowInsideTheScreen(page, "#side-a .viewport"), b = try staleRowInsideTheScreen(page, "#side-b .viewport")
                let position = try page.currentStep()
                #expect(a || b, "a STALE row inside a screen at position \(position)")
                if round == 1 { try Screenshots.shared.save(page, "teaching-diff-s") }
            }
            #expect((try page.consoleErrors()) == [])
        }

        /// The first step after which `member` (`kept` or `pools`) holds a cell whose
        /// image view holds image N, with that cell and N: the states rebuilt in the
        /// page from keyframes and deltas, as the script does.
        private func firstStepHoldingAnImage(_ page: BrowserPage, _ member: String) throws -> (step: Int, cell: Int, image: Int) {
            let found = try page.data("""
                (() => { const v = d.traces[0]; let s = {};
                  for (let i = 0; i < v.states.length; i++) {
                    s = v.states[i].key ? Object.assign({}, v.states[i]) : Object.assign(s, v.states[i]);
                    const list = s[\(javaScriptString(member))] || [];
                    for (const e of list) {
                      if (\(javaScriptString(member)) === 'kept' && typeof e[2] === 'number') return [i, e[0], e[2]];
                      if (\(javaScriptString(member)) === 'pools') { const n = e[2].findIndex(x => typeof x === 'number'); if (n >= 0) return [i, e[1][n], e[2][n]]; }
                    }
                  }
                  return null; })()
                """) as? [Int]
            guard let found, found.count == 3 else { throw BrowserError("no step where \(member) holds a cell with an image") }
            return (found[0], found[1], found[2])
        }

        @Test func testPoolAndKeptAsideCardsSayWhatTheirImageViewHolds() throws {
            let page = try open(try ExportedPages.trace(Self.staleTrace, into: folder))
            for (member, panel) in [("kept", "#kept"), ("pools", "#pools")] {
                let (step, cell, image) = try firstStepHoldingAnImage(page, member)
                try page.press(.letter("g"))
                try page.insertText(String(step))
                try page.step(with: .enter, expecting: step)
                let card = try page.text("\(panel) .chip[data-cell='\(cell)']")
                #expect(card.contains("#\(cell)") && card.contains("holds image \(image)"), "\(panel) at step \(step): '\(card)'")
            }
            try Screenshots.shared.save(page, "teaching-pool-holds")
            // Before any image, a pooled cell holds nothing, and says so.
            #expect((try page.consoleErrors()) == [])
        }

        /// The page's text as a reader meets it: every element but the scripts.
        private func shownText(_ page: BrowserPage) throws -> String {
            try page.string("[...document.body.children].filter(e => e.tagName !== 'SCRIPT').map(e => e.textContent).join('\\n')")
        }

        @Test func testACaveatIsSaidOnceAndStepsPointAtIt() throws {
            let page = try open(try ExportedPages.trace(Self.staleTrace, into: folder))
            let notes = try page.notes()
            #expect(!notes.isEmpty, "the trace rests on undocumented rules")
            // Every step's text is in the list once it has been filled in.
            try page.waitUntil("document.querySelectorAll('#steps li:empty').length === 0", timeout: 20, what: "the step list filled in")
            let text = try shownText(page)
            #expect(text.components(separatedBy: "Apple does not document").count - 1 == notes.count, "each caveat once on the page")
            for note in notes { #expect(text.components(separatedBy: note[1]).count - 1 == 1, "'\(note[1])' once") }
            #expect(text.components(separatedBy: " [1]").count - 1 > 10, "steps point at note 1")
            // A step resting on note 1 marks it as the one meant.
            let step = try #require(try page.data("d.traces[0].steps.findIndex(s => s.x.endsWith(' [1]'))") as? Int)
            try page.press(.letter("g"))
            try page.insertText(String(step))
            try page.step(with: .enter, expecting: step)
            #expect(try page.annotation().hasSuffix(" [1]"))
            #expect((try page.string("document.querySelector('#notes .note.current') && document.querySelector('#notes .note.current').dataset.note")) == "1")
            try page.step(with: .letter("n"))
            #expect((try page.consoleErrors()) == [])
        }

        /// The glossary panel opened with `key`: one term per entry of the data, each
        /// with its meaning; Esc closes it.
        private func assertGlossaryOpens(_ page: BrowserPage, with key: KeyboardKey, _ context: String) throws {
            let entries = try #require(try page.data("d.glossary") as? [[String]], "\(context): glossary in the data")
            let closed = try page.count("#glossary") == 0 || page.string("String(document.getElementById('glossary').hidden)") == "true"
            #expect(closed, "\(context): closed at first")
            try page.press(key)
            try page.waitUntil("document.getElementById('glossary') && !document.getElementById('glossary').hidden", timeout: 5, what: "\(context): the glossary")
            #expect((try page.count("#glossary dt")) == entries.count, "\(context): one term per entry")
            let shown = try page.text("#glossary")
            for entry in entries { #expect(shown.contains(entry[0]) && shown.contains(entry[1]), "\(context): \(entry[0])") }
            for term in ["kept aside", "prepared", "reuse pool", "profile", "offset", "layout pass", "prefetch batch", "stale", "late"] {
                #expect((try page.count("#glossary dt[data-term='\(term)']")) == 1, "\(context): \(term)")
            }
            try Screenshots.shared.save(page, "teaching-glossary-\(context)")
            try page.press(.escape)
            try page.waitUntil("document.getElementById('glossary').hidden", timeout: 5, what: "\(context): Esc closes the glossary")
        }

        @Test func testTheGlossaryOpensWithGOnTheLessonPageAndWOnTheOthers() throws {
            let lesson = try open(try ExportedPages.lesson(10, into: folder))
            try assertGlossaryOpens(lesson, with: .letter("g"), "lesson")
            let trace = try open(try ExportedPages.trace(Self.staleTrace, into: folder))
            try assertGlossaryOpens(trace, with: .letter("w"), "trace")
            let before = try trace.currentStep()
            try trace.step(with: .letter("n"))
            #expect((try trace.currentStep()) == before + 1, "the keys step again once it is closed")
            let diff = try open(try ExportedPages.diff(Self.staleTrace, Self.resetTrace, into: folder))
            try assertGlossaryOpens(diff, with: .letter("w"), "diff")
            for page in [lesson, trace, diff] { #expect((try page.consoleErrors()) == []) }
        }
    }
}
