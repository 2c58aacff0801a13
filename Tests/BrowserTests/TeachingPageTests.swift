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

        /// A new tab `width` × `height` (CSS pixels, device metrics emulated; `mobile`:
        /// as a phone, honouring the page's viewport meta tag), with `file` open and drawn.
        private func open(_ file: URL, width: Int = 1280, height: Int = 720, mobile: Bool = false) throws -> BrowserPage {
            let page = try newPage()
            try page.prepare(width: width, height: height)
            if mobile {
                try page.send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 3, "mobile": true])
            }
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
        /// image view holds image N, with that cell and N: the states rebuilt from
        /// keyframes and deltas (a list's edits applied in order), as the script does.
        private func firstStepHoldingAnImage(_ page: BrowserPage, _ member: String) throws -> (step: Int, cell: Int, image: Int) {
            let found = try page.data("""
                (() => { const v = d.traces[0]; let s = {};
                  for (let i = 0; i < v.states.length; i++) {
                    if (v.states[i].key) s = {};
                    for (const [name, value] of Object.entries(v.states[i])) {
                      if (value && value.patch) { const l = (s[name] || []).slice(); for (const [at, remove, ...items] of value.patch) l.splice(at, remove, ...items); s[name] = l; }
                      else s[name] = value;
                    }
                    for (const e of s[\(javaScriptString(member))] || []) {
                      if (\(javaScriptString(member)) === 'kept' && typeof e[2] === 'number') return [i, e[0], e[2]];
                      if (\(javaScriptString(member)) === 'pools' && typeof e[2] === 'number') return [i, e[1], e[2]];
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

        /// Lesson 10's page, opened with no progress stored (the browser's storage is
        /// shared by every page opened from disk).
        private func freshLesson(width: Int = 1280, height: Int = 720) throws -> (BrowserPage, URL) {
            let file = try ExportedPages.lesson(10, into: folder)
            let page = try open(file, width: width, height: height)
            _ = try page.evaluate("localStorage.clear()")
            try page.openReuseLabPage(file)
            return (page, file)
        }

        /// The stored progress of lesson 10's page: its first answers, as stored.
        private func storedFirstAnswers(_ page: BrowserPage) throws -> [String: Bool] {
            let id = try #require(try page.data("d.lesson.id") as? String)
            let stored = try page.string("localStorage.getItem(\(javaScriptString("reuselab.lesson." + id))) || ''")
            let object = try JSONSerialization.jsonObject(with: Data((stored.isEmpty ? "{}" : stored).utf8)) as? [String: Any]
            return object?["right"] as? [String: Bool] ?? [:]
        }

        /// "N of M right first time" as (N, M).
        private func score(_ page: BrowserPage) throws -> (right: Int, of: Int) {
            let text = try page.text("#progress .pscore")
            let numbers = text.split(separator: " ").compactMap { Int($0) }
            guard numbers.count == 2 else { throw BrowserError("#progress says '\(text)'") }
            return (numbers[0], numbers[1])
        }

        @Test func testAWrongPickInATwoChoiceQuestionIsExplainedCountedAndAnswered() throws {
            let (page, file) = try freshLesson()
            let choices = try #require(try page.data("d.lesson.stops[0].questions[0].choices") as? [JSONObject])
            #expect(choices.count == 2, "lesson 10's first question has two choices")
            let wrong = try #require(choices.firstIndex { $0["right"] as? Bool == false })
            let right = try #require(choices.firstIndex { $0["right"] as? Bool == true })
            let answer = try #require(try page.data("d.lesson.stops[0].questions[0].answer") as? String)
            let why = try #require(choices[wrong]["why"] as? String)
            #expect(why.hasPrefix("Not quite. ") && why.count > 40, "the data explains the wrong choice: \(why)")

            try page.click("#question .choice", index: wrong)
            try page.waitUntil("document.querySelector('#feedback[data-result=wrong]')", timeout: 5, what: "#feedback after the wrong pick")
            let feedback = try page.text("#feedback")
            #expect(feedback.contains(why), "the feedback says why: \(feedback)")
            #expect(feedback.contains("The answer: " + answer), "and gives the answer: \(feedback)")
            // The right choice is shown as the answer, not left as the only button to press.
            #expect((try page.count("#question .choice.is-answer")) == 1)
            #expect((try page.string("String(document.querySelectorAll('#question .choice')[\(right)].classList.contains('is-answer'))")) == "true")
            #expect((try page.count("#question .choice:not(:disabled)")) == 0, "nothing left to pick")
            #expect((try page.string("String(document.getElementById('continue').hidden)")) == "false", "continue is offered")
            #expect((try page.string("String(document.getElementById('reveal').hidden)")) == "false", "the stop's reveal, with its explanation")
            #expect(try page.text("#reveal").contains("the trace says"), "the reveal explains")
            #expect((try score(page)).right == 0, "wrong first time")
            // Stored the moment it was given.
            #expect((try storedFirstAnswers(page)) == ["0.0": false])
            try Screenshots.shared.save(page, "teaching-two-choice-wrong")

            // A reload keeps it; the right pick afterwards does not change the first answer.
            try page.openReuseLabPage(file)
            #expect((try storedFirstAnswers(page)) == ["0.0": false], "after a reload")
            #expect((try score(page)).right == 0)
            try page.click("#question .choice", index: right)
            try page.waitUntil("document.querySelector('#feedback[data-result=right]')", timeout: 5, what: "#feedback after the right pick")
            #expect((try storedFirstAnswers(page)) == ["0.0": false], "still wrong first time")
            #expect((try score(page)).right == 0)
            #expect((try page.consoleErrors()) == [])
        }

        @Test func testStoredProgressNeverShowsMoreRightAnswersThanQuestions() throws {
            let (page, file) = try freshLesson()
            let id = try #require(try page.data("d.lesson.id") as? String)
            let questions = try #require(try page.data("d.lesson.stops.reduce((n, s) => n + s.questions.length, 0)") as? Int)
            // What an older page of the lesson, or anything else, may have left.
            let junk = #"{"stop":1,"q":0,"done":false,"right":{"0.0":true,"1.0":"yes","2.0":true,"3.0":true,"4.0":true,"5.0":true,"6.0":true,"x":true,"__proto__":true}}"#
            _ = try page.evaluate("localStorage.setItem(\(javaScriptString("reuselab.lesson." + id)), \(javaScriptString(junk)))")
            try page.openReuseLabPage(file)
            let (right, of) = try score(page)
            #expect(of == questions)
            #expect(right == 2, "only the lesson's own questions, answered true: 0.0 and 2.0 (not \(right))")
            #expect(right <= of)
            // Nonsense is not a crash: the page starts over.
            for stored in ["[1,2]", "{\"stop\":\"x\",\"right\":7}", "{\"stop\":1e308,\"q\":-5,\"right\":{\"0.0\":true}}", "not json"] {
                _ = try page.evaluate("localStorage.setItem(\(javaScriptString("reuselab.lesson." + id)), \(javaScriptString(stored)))")
                try page.openReuseLabPage(file)
                let (right, of) = try score(page)
                #expect(right <= of, "\(stored): \(right) of \(of)")
                #expect((try page.count("#question .choice")) > 0, "\(stored): a question is asked")
            }
            #expect((try page.consoleErrors()) == [])
        }

        @Test func testHShowsTheHintAndQuestionMarkTheHelpOnTheLessonPage() throws {
            let (page, _) = try freshLesson()
            let hint = try #require(try page.data("d.lesson.stops[0].questions[0].hint") as? String)
            #expect((try page.string("String(document.getElementById('hint').hidden)")) == "true")
            try page.press(.letter("h"))
            try page.waitUntil("!document.getElementById('hint').hidden", timeout: 5, what: "h shows the hint")
            #expect(try page.text("#hint").contains(hint))
            #expect((try page.string("String(!document.getElementById('help') || document.getElementById('help').hidden)")) == "true", "h is not the help here")
            try page.press(KeyboardKey(key: "?", code: "Slash", virtualKeyCode: 191, text: "?", modifiers: 8))
            try page.waitUntil("!document.getElementById('help').hidden", timeout: 5, what: "? shows the help")
            let help = try page.text("#help")
            for line in ["the hint", "this help", "the glossary", "choose an answer"] { #expect(help.contains(line), "the help lists \(line)") }
            try page.press(.escape)
            try page.waitUntil("document.getElementById('help').hidden", timeout: 5, what: "Esc closes the help")
            #expect((try page.consoleErrors()) == [])
        }

        /// The boxes of the time labels shown under the timeline (left, right, top, bottom).
        private func tickBoxes(_ page: BrowserPage) throws -> [[Double]] {
            let boxes = try page.evaluate("""
                [...document.querySelectorAll('#timeline .tick')].filter(t => t.offsetParent !== null)
                  .map(t => { const r = t.getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]; })
                """) as? [[Any]] ?? []
            return boxes.map { $0.compactMap { ($0 as? NSNumber)?.doubleValue } }
        }

        @Test func testTimeLabelsNeverOverlap() throws {
            let trace = try ExportedPages.trace(Self.staleTrace, into: folder)
            let diff = try ExportedPages.diff(Self.staleTrace, Self.resetTrace, into: folder)
            let long = try ExportedPages.trace("traces/grid-fast-fling.trace.json", into: folder, name: "long.html")
            for (name, file) in [("trace", trace), ("diff", diff), ("long trace", long)] {
                for (width, height) in [(1280, 720), (390, 844)] {
                    let page = try open(file, width: width, height: height)
                    let boxes = try tickBoxes(page)
                    #expect(boxes.count >= 2, "\(name) at \(width)×\(height): the first and last times are shown (\(boxes.count))")
                    for (index, a) in boxes.enumerated() {
                        #expect(a.count == 4 && a[1] > a[0], "\(name) at \(width)×\(height): label \(index) has a box")
                        #expect(a[0] >= -0.5 && a[1] <= Double(width) + 0.5, "\(name) at \(width)×\(height): label \(index) \(a) inside the window")
                        for b in boxes[(index + 1)...] {
                            let apart = a[1] <= b[0] || b[1] <= a[0] || a[3] <= b[2] || b[3] <= a[2]
                            #expect(apart, "\(name) at \(width)×\(height): labels \(a) and \(b) overlap")
                        }
                    }
                    if width == 390 && name == "trace" { try Screenshots.shared.save(page, "teaching-trace-390") }
                    #expect((try page.consoleErrors()) == [])
                }
            }
        }

        /// How far the page scrolls sideways: the document's width past the window's.
        private func overflow(_ page: BrowserPage) throws -> Int {
            try page.integer("document.scrollingElement.scrollWidth") ?? Int.max
        }

        @Test func testTheLessonPageFitsA390PixelScreen() throws {
            // Every lesson's first stop; three of them answered through to the end.
            for lesson in 1...20 where ![10, 1, 19].contains(lesson) {
                let file = try ExportedPages.lesson(lesson, into: folder, name: "lesson-\(lesson).html")
                let page = try open(file, width: 390, height: 844, mobile: true)
                let wide = try overflow(page)
                #expect(wide <= 390, "lesson \(lesson) at 390 px: \(wide) px wide")
                page.close()
            }
            for lesson in [10, 1, 19] {
                let file = try ExportedPages.lesson(lesson, into: folder, name: "lesson-\(lesson).html")
                let page = try open(file, width: 390, height: 844, mobile: true)
                _ = try page.evaluate("localStorage.clear()")
                try page.openReuseLabPage(file)
                var wide = try overflow(page)
                #expect(wide <= 390, "lesson \(lesson) at 390 px: \(wide) px wide")
                // The steps before the pause, opened; the help.
                if try page.count("details.context summary") > 0 {
                    try page.click("details.context summary")
                    wide = try overflow(page)
                    #expect(wide <= 390, "lesson \(lesson), the steps before the pause shown: \(wide) px wide")
                }
                try page.press(KeyboardKey(key: "?", code: "Slash", virtualKeyCode: 191, text: "?", modifiers: 8))
                wide = try overflow(page)
                #expect(wide <= 390, "lesson \(lesson), the help open: \(wide) px wide")
                try page.press(.escape)
                // Answered (the reveal, its steps), then the end (the takeaway, the fix's code).
                var stops = 0
                while try page.count("#question .choice:not(:disabled)") > 0, stops < 12 {
                    // Picks until the question is answered (a wrong pick may leave choices to try).
                    var tries = 0
                    while try page.count("#question .choice:not(:disabled)") > 0, tries < 8 {
                        try page.click("#question .choice:not(:disabled)")
                        tries += 1
                    }
                    wide = try overflow(page)
                    #expect(wide <= 390, "lesson \(lesson), stop \(stops + 1) answered: \(wide) px wide")
                    if stops == 0 && lesson == 10 { try Screenshots.shared.save(page, "teaching-lesson-390-answered") }
                    try page.click("#continue")
                    stops += 1
                }
                try page.waitUntil("!document.getElementById('lesson-end').hidden", timeout: 5, what: "lesson \(lesson)'s end")
                wide = try overflow(page)
                #expect(wide <= 390, "lesson \(lesson), at its end: \(wide) px wide")
                try page.press(.letter("g"))
                #expect((try overflow(page)) <= 390, "lesson \(lesson), glossary open")
                try page.press(.escape)
                if lesson == 10 { try Screenshots.shared.save(page, "teaching-lesson-390-end") }
                #expect((try page.consoleErrors()) == [])
            }
        }

        /// A number the page works out (`expression` in JavaScript).
        private func number(_ page: BrowserPage, _ expression: String) throws -> Double {
            (try page.evaluate(expression) as? NSNumber)?.doubleValue ?? -1
        }

        /// The computed font size of the first element matching `selector`, in px.
        private func fontSize(_ page: BrowserPage, _ selector: String) throws -> Double {
            try number(page, "parseFloat(getComputedStyle(document.querySelector(\(javaScriptString(selector)))).fontSize)")
        }

        /// A slide as a projector shows it at 1280×720: large text, each phone's
        /// screen at least half the window's height, nothing to scroll to, and
        /// `visible` (selectors) wholly inside the window.
        private func assertSlide(_ page: BrowserPage, _ context: String, phones: String, text: [String], visible: [String],
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
            #expect((try page.string("String(document.body.classList.contains('presenting'))")) == "true", "\(context): presenting", sourceLocation: sourceLocation)
            #expect((try fontSize(page, "body")) >= 24, "\(context): body text", sourceLocation: sourceLocation)
            for selector in text {
                let size = try fontSize(page, selector)
                #expect(size >= 24, "\(context): \(selector) is \(size) px", sourceLocation: sourceLocation)
            }
            let heights = try page.evaluate("[...document.querySelectorAll(\(javaScriptString(phones + " .screen-frame")))].map(f => f.getBoundingClientRect().height)") as? [NSNumber] ?? []
            #expect(!heights.isEmpty, "\(context): a phone", sourceLocation: sourceLocation)
            for height in heights { #expect(height.doubleValue >= 360, "\(context): the phone's screen is \(height) px of 720", sourceLocation: sourceLocation) }
            #expect((try number(page, "document.scrollingElement.scrollHeight")) <= 720, "\(context): nothing below the slide", sourceLocation: sourceLocation)
            #expect((try number(page, "document.scrollingElement.scrollWidth")) <= 1280, "\(context): nothing beside it", sourceLocation: sourceLocation)
            for selector in visible {
                let box = try page.evaluate("(() => { const e = document.querySelector(\(javaScriptString(selector))); if (!e || e.offsetParent === null) return null; const r = e.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; })()") as? [NSNumber]
                let edges = (box ?? []).map(\.doubleValue)
                #expect(edges.count == 4 && edges[0] >= 0 && edges[1] <= 720 && edges[2] >= 0 && edges[3] <= 1280,
                        "\(context): \(selector) on the slide: \(edges)", sourceLocation: sourceLocation)
            }
        }

        @Test func testPresenterModeOnTheTracePage() throws {
            let file = try ExportedPages.trace(Self.staleTrace, into: folder)
            let page = try open(file)
            let steps = try #require(try page.data("d.traces[0].steps.map(s => s.x)") as? [String])
            try page.press(.letter("p"))
            try page.waitUntil("document.body.classList.contains('presenting')", timeout: 5, what: "p starts presenter mode")
            #expect(try page.string("location.hash").contains("present"), "the URL keeps it")
            #expect((try page.string("String(document.getElementById('steps').offsetParent === null && document.querySelector('.controls').offsetParent === null)")) == "true",
                    "no step list or toolbar on the slide")
            // One step per slide: each key press shows the next step, its sentence beside the phone.
            let stop = try #require(try page.data("d.traces[0].staleViews[0][0]") as? Int)
            try page.step(with: .letter("s"), expecting: stop)
            try page.waitForAnimations()
            try assertSlide(page, "trace", phones: "#viewport", text: ["#annotation"], visible: ["#annotation", "#viewport .cell.stale"])
            try Screenshots.shared.save(page, "teaching-present-trace")
            for next in (stop + 1)...(stop + 3) {
                try page.step(with: .arrowRight, expecting: next)
                #expect((try page.annotation()) == steps[next], "slide \(next)")
            }
            // Shift+P plays and pauses; p is presenter mode now.
            try page.press(KeyboardKey(key: "P", code: "KeyP", virtualKeyCode: 80, text: "P", modifiers: 8))
            try page.waitUntil("document.body.classList.contains('playing')", timeout: 5, what: "Shift+P plays")
            try page.press(KeyboardKey(key: "P", code: "KeyP", virtualKeyCode: 80, text: "P", modifiers: 8))
            try page.waitUntil("!document.body.classList.contains('playing')", timeout: 5, what: "Shift+P pauses")
            #expect((try page.string("String(document.body.classList.contains('presenting'))")) == "true", "playing left presenter mode alone")
            try page.press(.letter("p"))
            try page.waitUntil("!document.body.classList.contains('presenting')", timeout: 5, what: "p leaves presenter mode")
            #expect((try page.string("String(document.getElementById('steps').offsetParent !== null)")) == "true", "the step list is back")
            #expect((try tickBoxes(page)).count >= 2, "the time labels are back")
            #expect(!(try page.string("location.hash")).contains("present"))
            #expect((try page.consoleErrors()) == [])

            // Opened with #present: in it from the start, at the step the URL names.
            let presented = try open(URL(string: file.absoluteString + "#step=\(stop)&present")!)
            #expect((try presented.currentStep()) == stop)
            try presented.waitForAnimations()
            try assertSlide(presented, "trace opened with #present", phones: "#viewport", text: ["#annotation"], visible: ["#annotation"])
            #expect((try presented.consoleErrors()) == [])
        }

        @Test func testPresenterModeOnTheDiffAndLessonPages() throws {
            let diff = try open(URL(string: try ExportedPages.diff(Self.staleTrace, Self.resetTrace, into: folder).absoluteString + "#present")!)
            try diff.step(with: .letter("s"))
            try diff.waitForAnimations()
            try assertSlide(diff, "diff", phones: ".side .viewport", text: ["#annotation-a", "#annotation-b"], visible: ["#annotation-a", "#annotation-b", "#step-number"])
            #expect((try diff.count(".screen-frame")) == 2, "two phones")
            try Screenshots.shared.save(diff, "teaching-present-diff")
            #expect((try diff.consoleErrors()) == [])

            let (lesson, _) = try freshLesson()
            try lesson.press(.letter("p"))
            try lesson.waitUntil("document.body.classList.contains('presenting')", timeout: 5, what: "p starts presenter mode")
            try lesson.waitForAnimations()
            try assertSlide(lesson, "lesson", phones: "#viewport", text: [".ask", "#question .choice", ".narration"],
                            visible: [".ask", "#question .choice:last-child"])
            try Screenshots.shared.save(lesson, "teaching-present-lesson")
            try lesson.press(.letter("1"))
            try lesson.waitUntil("document.querySelector('#feedback[data-result]')", timeout: 5, what: "an answer on the slide")
            try Screenshots.shared.save(lesson, "teaching-present-lesson-answered")
            #expect((try number(lesson, "document.scrollingElement.scrollHeight")) <= 720, "the answered slide still fits")
            #expect((try lesson.consoleErrors()) == [])
        }
    }
}
