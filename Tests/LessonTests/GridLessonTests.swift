import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
@testable import Lessons

/// Lessons about a collection view, on the bundled grid recordings:
/// `traces/grid-slow-drag.trace.json` is a two-column grid of 200 items of
/// 180 pt, a 736 pt viewport, the plain strategy with data prefetching, one
/// 540 pt drag over 3 s at 60 fps; `grid-prefetching-disabled` is the same drag
/// with the collection view's `isPrefetchingEnabled` false. Lessons 19 and 20
/// in `lessons/` are about them.
@Suite
final class GridLessonTests {
    static let slowDrag = projectRoot.appendingPathComponent("traces/grid-slow-drag.trace.json").path
    static let disabled = projectRoot.appendingPathComponent("traces/grid-prefetching-disabled.trace.json").path

    static func gridLessons() throws -> [String] {
        ["19-grid-rows.json", "20-grid-cell-prefetching.json"].map { projectRoot.appendingPathComponent("lessons/" + $0).path }
    }

    func queries(_ path: String = slowDrag) throws -> TraceQueries {
        let trace = try CheckedTraceReader.read(path: path)
        return TraceQueries(trace: trace) { _ throws(ReuseLabError) in try CheckedTraceReader.read(path: Self.disabled) }
    }

    func answer(_ query: Query, before selector: EventSelector, in queries: TraceQueries) throws -> LessonAnswer {
        try queries.answer(query, pausedAt: try queries.index(of: .before(selector)))
    }

    // MARK: The new queries, on the grid

    @Test func testTheNewQueriesOnAGrid() throws {
        let grid = try queries()
        #expect(grid.trace.header.list == .collection(columns: 2))
        let rowEnters = EventSelector(kind: .willDisplay, row: 10)
        // A row of items appears in one layout pass: items 10 and 11 together.
        #expect((try answer(.samePass(row: 10, kind: .willDisplay), before: rowEnters, in: grid)) == .rows([10, 11]))
        #expect((try answer(.samePass(row: 11, kind: .willDisplay), before: rowEnters, in: grid)) == .rows([10, 11]))
        #expect((try answer(.nextPass(kind: .willDisplay), before: rowEnters, in: grid)) == .rows([10, 11]))
        #expect((try answer(.nextPassCount(kind: .willDisplay), before: rowEnters, in: grid)) == .number(2))
        // …and the row after it is prepared in that same pass, ahead of its display.
        #expect((try answer(.nextPreparedAhead, before: rowEnters, in: grid)) == .rows([12, 13]))
        #expect((try answer(.samePass(row: 12, kind: .cellForRowAt), before: rowEnters, in: grid)) == .rows([12, 13]))
        // A row leaves together, and its cells go to the pool together.
        #expect((try answer(.nextPassCount(kind: .didEndDisplaying), before: EventSelector(kind: .didEndDisplaying), in: grid)) == .number(2))
        #expect((try answer(.nextPass(kind: .didEndDisplaying), before: EventSelector(kind: .didEndDisplaying), in: grid)) == .rows([0, 1]))
        #expect((try answer(.nextPassCount(kind: .enqueue), before: EventSelector(kind: .enqueue), in: grid)) == .number(2))
        // The first reuse pass hands out the first row's cells (prepareForReuse names the item each showed).
        #expect((try answer(.nextPass(kind: .prepareForReuse), before: EventSelector(kind: .prepareForReuse), in: grid)) == .rows([0, 1]))
        // Counted from the start: the drag prepares items 10–17 ahead; at the drag's start, none yet.
        #expect((try grid.answer(.preparedAheadCount(at: nil), pausedAt: 0)) == .number(8))
        #expect((try grid.answer(.preparedAheadCount(at: .before(EventSelector(kind: .scrollViewWillBeginDragging))), pausedAt: 0)) == .number(0))
        #expect((try answer(.nextPreparedAhead, before: EventSelector(kind: .scrollViewWillBeginDragging), in: grid)) == .rows([10, 11]))
        // The other recording prepares nothing ahead, and says so.
        #expect((try grid.answer(.compare(metric: .cellsPreparedAhead, otherTrace: "x"), pausedAt: 0)) == .trace(isLessonTrace: true))
        let off = try queries(Self.disabled)
        #expect((try off.answer(.preparedAheadCount(at: nil), pausedAt: 0)) == .number(0))
        if let error = #expect(throws: (any Error).self, performing: { try off.answer(.nextPreparedAhead, pausedAt: 0) }) {
            #expect((error as? TraceQueries.Unanswerable)?.message == "no cellForItemAt after the pause configures an item ahead of its willDisplay")
        }
        // Without prefetching, an item is configured in the pass that shows it.
        #expect((try answer(.samePass(row: 10, kind: .cellForRowAt), before: EventSelector(kind: .cellForRowAt, row: 10), in: off)) == .rows([10, 11]))
        #expect((try answer(.nextCalls(count: 3), before: EventSelector(kind: .initCell, cell: 11), in: off)) == .calls([.initCell, .cellForRowAt, .willDisplay]))
    }

    @Test func testAPassIsTheEventsAtOneMomentUpToItsFrame() throws {
        let grid = try queries()
        let events = grid.trace.events
        let first = try grid.index(of: .before(EventSelector(kind: .willDisplay, row: 10)))
        let pass = grid.pass(containing: first)
        #expect(events[pass.upperBound - 1].kind == .frame, "a pass ends with the frame that shows it")
        #expect(events[pass.lowerBound - 1].kind == .frame, "and starts after the frame before")
        #expect(events[pass].allSatisfy { $0.time == events[first].time })
        // At launch the first screen's pass ends at frame 0; the drag's first pass follows at the same moment.
        let launch = grid.pass(containing: 0)
        #expect(events[launch.upperBound - 1].kind == .frame)
        #expect(grid.pass(containing: launch.upperBound).contains(try grid.index(of: .before(EventSelector(kind: .cellForRowAt, row: 10)))))
    }

    @Test func testTheNewQueriesOnATableToo() throws {
        let trace = try CheckedTraceReader.read(path: projectRoot.appendingPathComponent("traces/seed004-slow-scroll.trace.json").path)
        let table = TraceQueries(trace: trace) { _ throws(ReuseLabError) in trace }
        // The modern table view prepares one row ahead at a time, the first when the drag begins.
        #expect((try answer(.nextPreparedAhead, before: EventSelector(kind: .scrollViewWillBeginDragging), in: table)) == .rows([19]))
        #expect((try answer(.samePass(row: 19, kind: .willDisplay), before: EventSelector(kind: .willDisplay, row: 19), in: table)) == .rows([19]))
        #expect((try table.answer(.preparedAheadCount(at: nil), pausedAt: 0)) == .number(11))
        let wording = AnswerWording(thisTrace: "a", otherTrace: "b", naming: trace.header.rowNaming)
        #expect(wording.describe(.rows([19, 20])) == "rows 19–20")
        #expect(wording.describe(.call(.cellForRowAt)) == "cellForRowAt")
    }

    // MARK: The collection view's words

    @Test func testAnswersAndReasonsNameItemsAndTheCollectionViewsCalls() throws {
        let grid = try queries()
        let wording = AnswerWording(thisTrace: "a", otherTrace: "b", naming: grid.trace.header.rowNaming)
        #expect(wording.describe(.rows([10, 11])) == "items 10–11")
        #expect(wording.describe(.rows([4])) == "item 4")
        #expect(wording.describe(.rows([])) == "no items")
        #expect(wording.describe(.reusedCell(cell: 2, previousRow: 1)) == "cell #2, which showed item 1")
        #expect(wording.describe(.calls([.prepareForReuse, .cellForRowAt, .willDisplay])) == "prepareForReuse → cellForItemAt → willDisplay")
        #expect(wording.describe(.call(.cellForRowAt)) == "cellForItemAt")
        #expect(LessonRun.example(for: .cellForRow(row: 0), list: .collection(columns: 2)) == "Answer new, or the item whose cell it reuses (item 0), or the cell (#1).")
        if let error = #expect(throws: (any Error).self, performing: { try grid.answer(.nextCall(row: 199), pausedAt: 0) }) {
            #expect((error as? TraceQueries.Unanswerable)?.message == "no cellForItemAt for item 199 comes after the pause")
        }
        if let error = #expect(throws: (any Error).self, performing: { try grid.index(of: .before(EventSelector(kind: .cellForRowAt, row: 199))) }) {
            #expect((error as? TraceQueries.Unanswerable)?.message == "the pause is before the first cellForItemAt for item 199, which the trace does not have")
        }
        // The learner may type the collection view's words, or the table view's.
        for (text, query, expected) in [
            ("items 10-11", Query.samePass(row: 10, kind: .willDisplay), LessonAnswer.rows([10, 11])),
            ("item 10 and item 11", .nextPass(kind: .willDisplay), .rows([10, 11])),
            ("10, 11", .nextPreparedAhead, .rows([10, 11])),
            ("the cell that showed item 1", .cellForRow(row: 16), .reusedCell(cell: nil, previousRow: 1)),
            ("prepareForReuse, cellForItemAt, willDisplay", .nextCalls(count: 3), .calls([.prepareForReuse, .cellForRowAt, .willDisplay])),
            ("cellForItemAt", .nextCall(row: 3), .call(.cellForRowAt)),
            ("prefetchItemsAt", .nextCalls(count: 1), .calls([.prefetchRowsAt])),
            ("2", .nextPassCount(kind: .willDisplay), .number(2)),
            ("8 times", .preparedAheadCount(at: nil), .number(8)),
        ] {
            #expect(AnswerReader.read(text, for: query, wording: wording) == expected, Comment(rawValue: text))
        }
    }

    @Test func testLessonsMayNameItemsAndTheCollectionViewsKindsButATableLessonMayNot() throws {
        let project = try temporaryFolder()
        for name in ["traces", "lessons"] {
            try FileManager.default.createDirectory(at: project.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        for (source, name) in [(Self.slowDrag, "grid.trace.json"),
                               (projectRoot.appendingPathComponent("traces/seed004-slow-scroll.trace.json").path, "table.trace.json")] {
            try FileManager.default.copyItem(atPath: source, toPath: project.appendingPathComponent("traces/\(name)").path)
        }
        func lesson(_ trace: String, _ steps: String) throws -> String {
            let path = project.appendingPathComponent("lessons/l.json").path
            try? FileManager.default.removeItem(atPath: path)
            try Data(#"{"id":"l","title":"t","trace":"../traces/\#(trace)","takeaway":"x","steps":[\#(steps)]}"#.utf8)
                .write(to: URL(fileURLWithPath: path))
            return path
        }
        // A collection lesson in its own words: item, cellForItemAt, cellForItem, cellForItemAtCount.
        let grid = try lesson("grid.trace.json", #"""
            {"narration":"n","pause":{"before":{"kind":"cellForItemAt","item":16}},"questions":[
              {"ask":"a","query":"cellForItem","item":16,"answer":"cell #2"},
              {"ask":"b","query":"nextPass","kind":"cellForItemAt","answer":"items 16-17"},
              {"ask":"c","query":"cellForItemAtCount","answer":"18"},
              {"ask":"d","query":"samePass","row":17,"kind":"cellForItemAt","answer":"16, 17"}]}
            """#)
        let findings = LessonChecker.check(path: grid)
        #expect(findings.problems.map(\.description) == [])
        let loaded = try LoadedLesson.load(path: grid)
        #expect(loaded.lesson.steps[0].pause == .before(EventSelector(kind: .cellForRowAt, row: 16)))
        #expect(loaded.lesson.steps[0].questions.map(\.query) == [.cellForRow(row: 16), .nextPass(kind: .cellForRowAt), .cellForRowAtCount(at: nil), .samePass(row: 17, kind: .cellForRowAt)])
        #expect(Query.cellForRow(row: 0).name(in: .collection(columns: 2)) == "cellForItem")
        #expect(Query.cellForRow(row: 0).name(in: .table) == "cellForRow")

        // A table lesson that says item or cellForItemAt is told the table's word, where it says it.
        for (steps, message) in [
            (#"{"narration":"n","pause":{"before":{"kind":"cellForRowAt","item":20}},"question":{"ask":"a","query":"cellCount"}}"#,
             #"the lesson's trace is a table view's, which says "row", not "item""#),
            (#"{"narration":"n","pause":{"event":3},"question":{"ask":"a","query":"nextCall","item":20}}"#,
             #"the lesson's trace is a table view's, which says "row", not "item""#),
            (#"{"narration":"n","pause":{"before":{"kind":"cellForItemAt"}},"question":{"ask":"a","query":"cellCount"}}"#,
             #"which says "cellForRowAt", not "cellForItemAt""#),
            (#"{"narration":"n","pause":{"event":3},"question":{"ask":"a","query":"cellForItem","row":20}}"#,
             #"which says "cellForRow", not "cellForItem""#),
            (#"{"narration":"n","pause":{"event":3},"question":{"ask":"a","query":"nextPass","kind":"prefetchItemsAt"}}"#,
             #"a nextPass question takes a "kind" among"#),
        ] {
            let findings = LessonChecker.check(path: try lesson("table.trace.json", steps))
            #expect(findings.problems.count == 1, Comment(rawValue: steps))
            #expect(findings.problems.first?.description.contains(message) == true, Comment(rawValue: findings.problems.first?.description ?? steps))
            #expect(findings.problems.first?.description.contains("l.json:1:") == true, "the error names where: \(findings.problems.first?.description ?? "")")
        }
        // Mistakes in any lesson.
        for (steps, message) in [
            (#"{"narration":"n","pause":{"event":3},"question":{"ask":"a","query":"nextCall","row":1,"item":1}}"#,
             #"give "row" or "item", not both"#),
            (#"{"narration":"n","pause":{"event":3},"question":{"ask":"a","query":"nextPass"}}"#,
             #"is missing the member "kind""#),
            (#"{"narration":"n","pause":{"event":3},"question":{"ask":"a","query":"cellCount","kind":"init"}}"#,
             #"only nextPass, nextPassCount and samePass take a "kind""#),
            (#"{"narration":"n","pause":{"event":3},"question":{"ask":"a","query":"cellCount","item":3}}"#,
             #"the cellCount query names no row or item"#),
            (#"{"narration":"n","pause":{"event":3},"question":{"ask":"a","query":"nextPassCount","kind":"frame"}}"#,
             #"a nextPassCount question takes a "kind" among"#),
        ] {
            let findings = LessonChecker.check(path: try lesson("grid.trace.json", steps))
            #expect(findings.problems.first?.description.contains(message) == true, Comment(rawValue: findings.problems.first?.description ?? steps))
        }
    }

    @Test func testTheLessonFormatDocumentsEveryQueryAndMetric() throws {
        let page = try String(contentsOf: projectRoot.appendingPathComponent("docs/lesson-format.md"), encoding: .utf8)
        for name in Query.names { #expect(page.contains("| `\(name)` |"), "docs/lesson-format.md's query table lacks \(name)") }
        for name in Query.collectionNames.keys { #expect(page.contains("`\(name)`"), Comment(rawValue: name)) }
        for metric in ComparedMetric.allCases { #expect(page.contains("`\(metric.rawValue)`"), Comment(rawValue: metric.rawValue)) }
    }

    // MARK: Lessons 19 and 20

    @Test func testTheGridLessonsPassLessonCheckWithoutWarnings() throws {
        let paths = try Self.gridLessons()
        #expect(paths.map { ($0 as NSString).lastPathComponent } == ["19-grid-rows.json", "20-grid-cell-prefetching.json"])
        // Graded with right and wrong answers by CurriculumTests, as every bundled lesson is.
        for (path, findings) in zip(paths, LessonChecker.check(paths: paths)) {
            #expect((try LoadedLesson.load(path: path).questionCount) >= 3, Comment(rawValue: path))
            #expect(findings.problems.map(\.description) == [], Comment(rawValue: path))
            #expect(findings.accepted.isEmpty, Comment(rawValue: path))
        }
        // As an instructor runs it, from the project folder.
        let (status, out, err) = lessonCommand(["lesson", "check", "lessons/19-grid-rows.json", "lessons/20-grid-cell-prefetching.json"])
        #expect(status == 0, Comment(rawValue: err))
        #expect(out == "lessons/19-grid-rows.json: ok\nlessons/20-grid-cell-prefetching.json: ok\n")
    }

    @Test func testTheListLinesUpEvenTheLongestId() throws {
        let (status, out, _) = lessonCommand(["lesson"], columns: 100, progress: try temporaryFolder().path)
        #expect(status == 0)
        #expect(out.contains(" 20  20-grid-cell-prefetching   Cell prefetching before willDisplay"), Comment(rawValue: out))
        #expect(out.contains(" 19  19-grid-rows               Reuse in a grid"), Comment(rawValue: out))
    }

    @Test func testTheGridLessonsSpeakOfItemsAndTheCollectionViewsCalls() throws {
        for path in try Self.gridLessons() {
            let loaded = try LoadedLesson.load(path: path)
            let console = RecordingConsole([], mode: .preview)
            _ = try LessonRun(loaded).run(console: console, progress: LessonProgress(lesson: loaded.lesson.id), next: nil, save: { _ in })
            let reveals = console.transcript.split(separator: "\n").filter { $0.hasPrefix("Question ") && $0.contains("the trace says") }
            #expect(!reveals.isEmpty)
            for line in reveals {
                #expect(!(line.contains("row ") || line.contains("rows ") || line.contains("cellForRowAt")), Comment(rawValue: String(line)))
            }
        }
        let rows = try LoadedLesson.load(path: try Self.gridLessons()[0])
        let console = RecordingConsole(["help", "quit"], scripted: false)
        _ = try LessonRun(rows).run(console: console, progress: LessonProgress(lesson: rows.lesson.id), next: nil, save: { _ in })
        #expect(console.transcript.contains("Answer with a number."), Comment(rawValue: console.transcript))
    }

    @Test func testEveryChoiceOnTheGridLessonsPagesIsJudgedAsTheTerminalJudges() throws {
        for path in try Self.gridLessons() {
            let run = try LessonRun(try LoadedLesson.load(path: path))
            let walk = try LessonWalkthrough(run)
            for (index, stop) in walk.stops.enumerated() {
                let step = run.loaded.lesson.steps[index]
                let resolved = try run.loaded.resolve(step: index)
                for (number, question) in stop.questions.enumerated() {
                    let place = "\(run.loaded.lesson.id) step \(index + 1) question \(number + 1)"
                    let truth = resolved.answers[number]
                    let wording = run.loaded.wording(for: step.questions[number])
                    #expect(question.choices.filter(\.isRight).count == 1, "\(place): \(question.choices.map(\.label))")
                    #expect(question.choices.count >= 2, Comment(rawValue: place))
                    for choice in question.choices {
                        let typed = AnswerReader.read(choice.label, for: step.questions[number].query, wording: wording)
                        #expect(typed != nil, "\(place): the terminal cannot read \"\(choice.label)\"")
                        #expect(typed.map(truth.accepts) == choice.isRight, "\(place): typing \"\(choice.label)\"")
                        #expect(!choice.label.contains("row"), "\(place): \(choice.label)")
                    }
                }
            }
        }
    }
}
