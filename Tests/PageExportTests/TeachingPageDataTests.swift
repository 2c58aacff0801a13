import Foundation
import Testing
@testable import PageExport
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import Lessons
import ReuseLabTestSupport

/// What the pages embed so that they teach: where a STALE row is on screen (the
/// `s` key's stops), footnoted caveats, the glossary, and a lesson's feedback —
/// all worked out here, none of it in the script.
@Suite
final class TeachingPageDataTests {
    static let staleTrace = BundledFiles.tracePath("images-async-no-reset")
    /// The stale trace's page data, built once for the tests that read it.
    nonisolated(unsafe) static let staleData: [String: Any]? = try? PageData.embedded(try HTMLPages.trace(path: staleTrace, generator: "test"))

    func view(_ data: [String: Any], _ index: Int = 0) throws -> [String: Any] {
        try #require((data["traces"] as? [[String: Any]])?.dropFirst(index).first)
    }

    /// The steps of `staleViews`' ranges, one by one.
    static func staleSteps(_ view: [String: Any]) -> [Int] {
        (view["staleViews"] as? [[Int]] ?? []).flatMap { range in range.count == 2 && range[0] <= range[1] ? Array(range[0]...range[1]) : [] }
    }

    /// The rows after a step that hold a STALE cell: the row, the cell, their top
    /// and bottom on the screen, in points, as the page draws them (at the state's offset).
    static func staleRowsOnScreen(_ state: [String: Any]) -> [(row: Int, cell: Int, top: Double, bottom: Double)] {
        guard let offset = state["offset"] as? Double else { return [] }
        return (state["rows"] as? [[Any]] ?? []).flatMap { row in
            (row[4] as? [[Any]] ?? []).filter { ($0[2] as? Int) == 1 }.map { cell in
                let top = (row[2] as? Double ?? 0) - offset
                return (row[0] as? Int ?? -1, cell[0] as? Int ?? -1, top, top + (row[3] as? Double ?? 0))
            }
        }
    }

    @Test func testStaleViewsAreTheStepsWhoseScreenShowsAWholeStaleRow() throws {
        let data = try #require(Self.staleData, "the stale trace's page")
        let view = try view(data)
        let height = try #require((view["viewport"] as? [String: Any])?["height"] as? Double)
        let states = PageData.states(view)
        let steps = view["steps"] as? [[String: Any]] ?? []
        let listed = Set(Self.staleSteps(view))
        let starts = Set((view["staleViews"] as? [[Int]] ?? []).compactMap(\.first))
        #expect(!listed.isEmpty, "the stale-image trace shows STALE rows")
        var before: Set<[Int]> = []
        for (index, state) in states.enumerated() {
            let whole = Set(Self.staleRowsOnScreen(state).filter { $0.top >= -0.5 && $0.bottom <= height + 0.5 }.map { [$0.row, $0.cell] })
            #expect(listed.contains(index) == !whole.isEmpty, "step \(index): a STALE row wholly on the \(height) pt screen")
            // A range starts where a STALE cell comes wholly into view, and only there.
            #expect(starts.contains(index) == (!whole.isEmpty && !whole.isSubset(of: before)), "step \(index): a STALE cell comes into view")
            before = whole
        }
        // The first STALE frame (265) shows row 23 with 5 pt of it on screen, the rest
        // below the screen's edge: `s` must not stop there, but where row 23 is in view.
        let firstMarked = try #require(steps.firstIndex { ($0["m"] as? [String] ?? []).contains("STALE") })
        #expect(firstMarked == 265)
        let rows = Self.staleRowsOnScreen(states[firstMarked])
        #expect(rows.count == 1 && rows[0].top > height - 10, "row 23 only just shows at step 265: \(rows)")
        let first = try #require(listed.min())
        #expect(first > firstMarked)
        #expect(Self.staleRowsOnScreen(states[first]).contains { $0.top >= 0 && $0.bottom <= height })
        #expect((view["staleViews"] as? [[Int]])?.first?.first == first, "ranges in order")
    }

    @Test func testStaleViewsRangesComeInOrder() throws {
        for name in ["images-async-no-reset", "grid-stale-images", "first-screen"] {
            let data = try #require(name == "images-async-no-reset" ? Self.staleData
                                    : try PageData.embedded(try HTMLPages.trace(path: BundledFiles.tracePath(name), generator: "test")))
            let ranges = try #require(try view(data)["staleViews"] as? [[Int]], "\(name): staleViews")
            let count = (try view(data)["steps"] as? [Any])?.count ?? 0
            for (index, range) in ranges.enumerated() {
                #expect(range.count == 2 && range[0] <= range[1] && range[1] < count, "\(name): \(range)")
                if index > 0 { #expect(range[0] > ranges[index - 1][1], "\(name): ranges \(ranges[index - 1]) and \(range) in order, apart or touching") }
            }
            if name == "first-screen" { #expect(ranges.isEmpty, "nothing is ever STALE in \(name)") }
            if name == "grid-stale-images" { #expect(!ranges.isEmpty, "\(name) shows STALE items") }
        }
    }

    @Test func testAScreenEdgeCountsOnlyAWholeRow() {
        #expect(StaleViews.onScreen(top: 0, bottom: 44, height: 844))
        #expect(StaleViews.onScreen(top: 800, bottom: 844, height: 844))
        #expect(StaleViews.onScreen(top: 800.3, bottom: 844.3, height: 844), "half a point of slack")
        #expect(!StaleViews.onScreen(top: 839, bottom: 883, height: 844))
        #expect(!StaleViews.onScreen(top: -40, bottom: 4, height: 844))
        #expect(StaleViews.onScreen(top: -100, bottom: 1000, height: 844), "a row taller than the screen fills it")
    }

    /// `lessons/NAME.json` as its page.
    static func lessonPage(_ name: String) throws -> String {
        try HTMLPages.lesson(try LessonRun(try LoadedLesson.load(path: BundledFiles.lessonPath(name))), number: nil, next: nil, generator: "test")
    }

    /// How many times `needle` occurs in `bytes` (Foundation's string search is slow on Linux).
    static func count(_ needle: String, in bytes: [UInt8]) -> Int {
        let pattern = Array(needle.utf8)
        guard let first = pattern.first, pattern.count <= bytes.count else { return 0 }
        var found = 0, index = 0
        while index <= bytes.count - pattern.count {
            if bytes[index] == first, bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
                found += 1
                index += pattern.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// The numbers of the " [n]" markers in `text` (scanned by hand: a regular
    /// expression over a page's megabyte of text takes seconds).
    static func markers(in text: String) -> Set<Int> {
        var found: Set<Int> = []
        let bytes = Array(text.utf8)
        var index = 0
        while index + 3 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: " "), bytes[index + 1] == UInt8(ascii: "[") else { continue }
            var end = index + 2, number = 0
            while end < bytes.count, end - index < 8, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
                number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                end += 1
            }
            if end > index + 2, end < bytes.count, bytes[end] == UInt8(ascii: "]") { found.insert(number) }
        }
        return found
    }

    /// The trace, diff and lesson pages whose texts rest on undocumented rules.
    static func pagesWithCaveats() throws -> [(name: String, html: String)] {
        // Small recordings that keep cells aside, so the pages stay quick to build and read.
        [("trace page", try HTMLPages.trace(path: BundledFiles.tracePath("seed004-slow-scroll"), generator: "test")),
         ("grid trace page", try HTMLPages.trace(path: BundledFiles.tracePath("grid-slow-drag"), generator: "test")),
         ("diff page", try HTMLPages.diff(pathA: BundledFiles.tracePath("seed004-slow-scroll"), pathB: BundledFiles.tracePath("down-then-up"), generator: "test")),
         ("lesson 4", try lessonPage("04-kept-aside")),
         ("lesson 19", try lessonPage("19-grid-rows"))]
    }

    @Test func testEachCaveatIsSaidOncePerPageAndTextsPointAtIt() throws {
        var firstData: [String: Any]?
        for (name, html) in try Self.pagesWithCaveats() {
            let text = try PageData.embeddedText(html)
            let data = try PageData.embedded(html)
            firstData = firstData ?? data
            let notes = try #require(data["notes"] as? [[String]], "\(name): notes")
            #expect(!notes.isEmpty, "\(name) rests on an undocumented rule somewhere")
            let bytes = Array(text.utf8)
            for rule in InferredRule.allCases {
                #expect(Self.count(rule.note, in: bytes) == 0, "\(name): \(rule.note) is said in a text, not once as a note")
                // Two rules may rest on one note: it is listed once, naming both.
                let listed = notes.contains { $0.count == 2 && $0[1] == rule.sentence }
                let named = notes.contains { $0.first?.split(separator: ", ").contains(Substring(rule.rawValue)) == true }
                let said = Self.count(rule.sentence, in: bytes)
                #expect(said == (listed ? 1 : 0), "\(name): \(rule.rawValue)'s sentence said \(said) times")
                #expect(!named || listed, "\(name): \(rule.rawValue) is named with its own note")
            }
            // Markers name notes that exist, and every note is pointed at.
            let pointed = Self.markers(in: text)
            #expect(pointed.isSubset(of: Set(1...notes.count)), "\(name): markers \(pointed.sorted()) for \(notes.count) notes")
            #expect(Set(1...notes.count).isSubset(of: pointed), "\(name): every note is pointed at")
        }
        // The steps are numbered in the order the page first needs them.
        let firstPage = try #require(firstData)
        let steps = try #require(try view(firstPage)["steps"] as? [[String: Any]])
        let first = try #require(steps.first { ($0["x"] as? String ?? "").hasSuffix("]") }?["x"] as? String)
        #expect(first.hasSuffix(" [1]"), "\(first)")
    }

    @Test func testEveryPageCarriesTheGlossaryFromTheLessonsModule() throws {
        // The smallest pages of each kind: every page carries the same list.
        let pages = [("trace page", try HTMLPages.trace(path: BundledFiles.tracePath("first-screen"), generator: "test")),
                     ("diff page", try HTMLPages.diff(pathA: BundledFiles.tracePath("first-screen"), pathB: BundledFiles.tracePath("seed004-slow-scroll"), generator: "test")),
                     ("lesson 1", try Self.lessonPage("01-first-screen"))]
        for (name, html) in pages {
            let glossary = try #require(try PageData.embedded(html)["glossary"] as? [[String]], "\(name): glossary")
            #expect(glossary.map { $0.first ?? "" } == Glossary.entries.map(\.term), "\(name): the terms, in order")
            #expect(glossary.map { $0.last ?? "" } == Glossary.entries.map(\.meaning), "\(name): each meaning, as define says it")
            for term in ["kept aside", "prepared", "reuse pool", "profile", "offset", "layout pass", "prefetch batch", "stale", "late"] {
                #expect(glossary.contains { $0.first == term }, "\(name): \(term)")
            }
        }
    }

    @Test func testAWrongChoiceCarriesTheFeedbackTheTerminalGives() throws {
        for name in ["01-first-screen", "10-stale-image", "19-grid-rows"] {
            let run = try LessonRun(try LoadedLesson.load(path: BundledFiles.lessonPath(name)))
            let walk = try LessonWalkthrough(run)
            let html = try HTMLPages.lesson(run, number: nil, next: nil, generator: "test")
            let stops = try #require((try PageData.embedded(html)["lesson"] as? [String: Any])?["stops"] as? [[String: Any]])
            var explained = 0
            for (stop, walked) in zip(stops, walk.stops) {
                for (question, asked) in zip(stop["questions"] as? [[String: Any]] ?? [], walked.questions) {
                    for (choice, made) in zip(question["choices"] as? [[String: Any]] ?? [], asked.choices) {
                        let why = choice["why"] as? String ?? ""
                        if made.isRight {
                            #expect(why == "Right: the trace says \(VisibleText.escape(asked.answer)).", "\(name): \(why)")
                        } else {
                            // The feedback when there is one (MistakeFeedback has none for some mistakes).
                            #expect(why == (made.feedback.isEmpty ? "Not quite: the trace does not say \(VisibleText.escape(made.label))."
                                            : "Not quite. " + VisibleText.escape(made.feedback)), "\(name): \(made.label): \(why)")
                            #expect(!why.contains("Try again"), "the page says whether to try again: \(why)")
                            if !made.feedback.isEmpty { explained += 1 }
                        }
                    }
                }
            }
            #expect(explained > 3, "\(name): wrong choices")
        }
    }
}
