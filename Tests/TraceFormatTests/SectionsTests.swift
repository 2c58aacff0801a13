import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Tables with sections: how rows are named, how a scenario gives sections, and
/// how a trace writes and reads index paths.
@Suite
final class RowNamingTests {
    let naming = RowNaming(sectionRowCounts: [12, 0, 30, 20])

    @Test func testGlobalRowsMapToIndexPathsAndBack() {
        #expect(naming.hasSections)
        #expect(naming.indexPath(ofRow: 0).section == 0)
        #expect(naming.indexPath(ofRow: 11).row == 11)
        #expect(naming.indexPath(ofRow: 12).section == 2, "an empty section is skipped")
        #expect(naming.indexPath(ofRow: 12).row == 0)
        #expect(naming.indexPath(ofRow: 61).section == 3)
        #expect(naming.indexPath(ofRow: 61).row == 19)
        #expect(naming.globalRow(section: 2, row: 29) == 41)
        #expect(naming.globalRow(section: 3, row: 0) == 42)
        #expect(naming.globalRow(section: 1, row: 0) == nil, "section 1 has no rows")
        #expect(naming.globalRow(section: 2, row: 30) == nil)
        #expect(naming.globalRow(section: 4, row: 0) == nil)
        #expect(naming.describeMissing(section: 2, row: 30) == "section 2 has 30 rows (0–29), found row 30")
        #expect(naming.describeMissing(section: 4, row: 0) == "the table has 4 sections (0–3), found section 4")
        #expect(RowNaming.single.globalRow(section: 0, row: 99) == 99)
        #expect(RowNaming.single.globalRow(section: 1, row: 0) == nil)
    }

    @Test func testNamesReadAsIndexPathsOnlyWhenThereAreSections() {
        #expect(naming.name(14) == "section 2 row 2")
        #expect(naming.short(14) == "2:2")
        #expect(naming.names([10, 11, 12, 13]) == "section 0 rows 10–11 and section 2 rows 0–1")
        #expect(naming.names(Array((8...14).reversed())) == "section 2 rows 2–0 and section 0 rows 11–8", "in the order given")
        #expect(naming.span(10, 13) == "section 0 rows 10–11 and section 2 rows 0–1")
        #expect(naming.span(5, 5) == "section 0 row 5")
        #expect(RowNaming.single.name(14) == "row 14")
        #expect(RowNaming.single.span(3, 22) == "rows 3–22")
        #expect(RowNaming.single.span(7, 7) == "row 7")
        #expect(RowNaming.single.span(9, 2) == "row 9", "a span the wrong way round names its first row")
        #expect(RowNaming(sectionRowCounts: [], list: .collection(columns: 3)).span(0, 4) == "items 0–4")
        #expect(RowNaming.single.short(14) == "14")
        #expect(!(RowNaming(sectionRowCounts: [40]).hasSections), "one section is a plain table")
    }
}

@Suite

final class SectionScenarioTests {
    func scenario(table: String, script: String = #"{ "wait": { "ms": 100 } }"#) -> String {
        """
        {
          "title": "sections",
          "table": \(table),
          "script": [ \(script) ]
        }
        """
    }
    let table = #"{ "sections": [ { "rows": 12, "header": 28 }, { "rows": 30, "header": 28 } ], "rowHeight": 44, "viewportHeight": 844 }"#

    func decodeError(_ text: String) -> ReuseLabError? {
        do { _ = try decodeScenario(text); return nil } catch { return error }
    }

    @Test func testSectionsGiveTheRowCountAndRoundTrip() throws {
        let text = scenario(table: table, script: #"{ "scrollTo": { "section": 1, "row": 3 } }, { "reconfigureRows": { "section": 1, "rows": [4, 5] } }"#)
        let decoded = try decodeScenario(text)
        #expect(decoded.table.rows == 42)
        #expect(decoded.table.sections == [SectionSpec(rows: 12, header: 28), SectionSpec(rows: 30, header: 28)])
        #expect(decoded.script == [.scrollTo(row: 15, position: .top, animated: false), .reconfigureRows([16, 17])], "rows become global")
        let written = JSONWriter.compact(decoded.jsonValue)
        #expect(written.contains(#""scrollTo":{"section":1,"row":3"#), Comment(rawValue: written))
        #expect(written.contains(#""reconfigureRows":{"section":1,"rows":[4,5]}"#), Comment(rawValue: written))
        #expect(!(written.contains(#""rows":42"#)), "sections are written instead of a row count")
        #expect((try decodeScenario(written)) == decoded)
    }

    @Test func testBadSectionsAreRefusedWhereTheyAreWritten() {
        let both = #"{ "rows": 42, "sections": [ { "rows": 12 } ], "viewportHeight": 844 }"#
        assertError(decodeError(scenario(table: both)), path: "table.rows", contains: ["give either \"rows\" or \"sections\", not both"])
        assertError(decodeError(scenario(table: #"{ "sections": [], "viewportHeight": 844 }"#)), path: "table.sections", contains: ["\"sections\" is empty"])
        assertError(decodeError(scenario(table: #"{ "sections": [ { "rows": 0 } ], "viewportHeight": 844 }"#)), path: "table.sections",
                    contains: ["the sections have no rows at all"])
        assertError(decodeError(scenario(table: #"{ "sections": [ { "rows": 3, "footer": 10 } ], "viewportHeight": 844 }"#)), path: "table.sections[0].footer",
                    contains: ["unknown member \"footer\""])
        assertError(decodeError(scenario(table: table, script: #"{ "scrollTo": { "section": 2, "row": 0 } }"#)), path: "script[0].scrollTo.section",
                    contains: ["must be between 0 and 1, found 2"])
        assertError(decodeError(scenario(table: table, script: #"{ "scrollTo": { "section": 0, "row": 12 } }"#)), path: "script[0].scrollTo.row",
                    contains: ["must be between 0 and 11, found 12"])
        let plain = #"{ "rows": 40, "viewportHeight": 844 }"#
        assertError(decodeError(scenario(table: plain, script: #"{ "reloadRows": { "section": 1, "rows": [0] } }"#)), path: "script[0].reloadRows.section",
                    contains: ["the table has no sections"])
    }
}

@Suite

final class SectionTraceCodingTests {
    let sectioned = #"{"title":"s","profile":"modern","table":{"sections":[{"rows":2,"header":28},{"rows":3,"header":28}],"rowHeight":44,"viewportHeight":844},"strategy":"plain","prefetching":true,"script":[{"wait":{"ms":100}}]}"#

    @Test func testEventsNameRowsByIndexPathAndReadBackAsGlobalRows() throws {
        let trace = TraceText(scenario: sectioned, numbered: [
            Ev.initCell(1), #""kind":"cellForRowAt","section":1,"row":0,"cell":1"#, #""kind":"willDisplay","section":1,"row":0,"cell":1"#,
            #""kind":"prefetchRowsAt","indexPaths":[[0,1],[1,2]]"#,
            #""kind":"frame","frame":0,"offset":0,"cells":[{"section":1,"row":0,"cell":1}]"#,
        ])
        let read = try TraceReader.read(bytes: trace.bytes, file: "s.trace.json")
        #expect(read.events[1].body == .cellForRowAt(row: 2, cell: 1))
        #expect(read.events[3].body == .prefetchRowsAt(rows: [1, 4]))
        #expect(read.events[4].body == .frame(FrameSnapshot(frame: 0, offset: 0, cells: [VisibleCell(row: 2, cell: 1)])))
        // Written back the same way.
        let naming = read.header.rowNaming
        #expect(read.events[1].jsonLine(naming: naming) == #"{"seq":1,"t":1,"kind":"cellForRowAt","section":1,"row":0,"cell":1}"#)
        #expect(read.events[3].jsonLine(naming: naming) == #"{"seq":3,"t":3,"kind":"prefetchRowsAt","indexPaths":[[0,1],[1,2]]}"#)
        #expect(TraceEvent(seq: 0, time: .zero, body: .prefetchRowsAt(rows: [0, 1])).jsonLine(naming: naming) == #"{"seq":0,"t":0,"kind":"prefetchRowsAt","rows":[0,1]}"#, "rows of section 0 only: a plain list")
    }

    @Test func testAnIndexPathOutsideTheTableIsAnErrorAtItsField() {
        let outside = TraceText(scenario: sectioned, numbered: [Ev.initCell(1), #""kind":"cellForRowAt","section":1,"row":3,"cell":1"#])
        assertError(validationError(outside), event: 1, path: "events[1].row", contains: ["section 1 has 3 rows (0–2), found row 3"])
        let noSuchSection = TraceText(scenario: sectioned, numbered: [#""kind":"prefetchRowsAt","indexPaths":[[2,0]]"#])
        assertError(validationError(noSuchSection), event: 0, path: "events[0].indexPaths[0][0]", contains: ["the table has 2 sections (0–1), found section 2"])
        let notAPair = TraceText(scenario: sectioned, numbered: [#""kind":"prefetchRowsAt","indexPaths":[[1]]"#])
        assertError(validationError(notAPair), event: 0, path: "events[0].indexPaths[0]", contains: ["an index path is [section, row], two numbers; found 1"])
        let both = TraceText(scenario: sectioned, numbered: [#""kind":"prefetchRowsAt","rows":[1],"indexPaths":[[1,0]]"#])
        assertError(validationError(both), event: 0, path: "events[0].rows", contains: ["either as \"rows\" or as \"indexPaths\""])
        let plain = TraceText(numbered: [Ev.initCell(1), #""kind":"cellForRowAt","section":1,"row":0,"cell":1"#])
        assertError(validationError(plain), event: 1, path: "events[1].section", contains: ["the table has no sections"])
    }
}
