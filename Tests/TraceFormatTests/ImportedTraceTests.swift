import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// What an imported trace adds to the format: the `import` header member, `gap`
/// events after which the replay starts afresh, and `inferred` events.
@Suite
final class ImportedTraceTests {
    func importedText(_ bodies: [String], source: String = #"{"log":"device.log","lines":9,"recognised":8,"skipped":1,"syntheticTimes":true}"#) -> String {
        var text = TraceText(numbered: bodies).text
        text = text.replacingOccurrences(of: "  \"events\": [", with: "  \"import\": \(source),\n  \"events\": [")
        return text
    }

    @Test func testTheImportHeaderAndInferredEventsReadBackAsWritten() throws {
        let text = importedText([Ev.initCell(1) + #","inferred":true"#, Ev.cellForRowAt(0, 1) + #","inferred":"cell""#, Ev.willDisplay(0, 1), #""kind":"gap","text":"...(중략)""#])
        let trace = try TraceReader.read(bytes: Array(text.utf8), file: "device.trace.json")
        #expect(trace.header.source == ImportSource(log: "device.log", lines: 9, recognised: 8, skipped: 1, syntheticTimes: true))
        #expect(trace.events[0].inferred == .call, "true: a call the log does not print")
        #expect(trace.events[1].inferred == .cell, "a printed call whose cell was inferred")
        #expect(trace.events[2].inferred == nil)
        #expect(trace.events[3].body == .gap(text: "...(중략)"))
        #expect(TraceWriter.text(trace) == text.replacingOccurrences(of: "\"t\":0,", with: "\"t\":0,"), "written back byte for byte")
    }

    @Test func testAfterAGapEachCellsNextCallIsTakenAsItComes() throws {
        // Row 0's cell is on screen; the log is abridged; then the same cell is reused and shown in row 20
        // without its didEndDisplaying (lost in the gap): valid, because nothing is assumed across the gap.
        let bodies = Ev.show(row: 0, cell: 1) + [#""kind":"prefetchRowsAt","rows":[1,2]"#, #""kind":"gap","text":"…""#,
                                                 Ev.prepareForReuse(1, previousRow: 0), Ev.cellForRowAt(20, 1), Ev.willDisplay(20, 1),
                                                 #""kind":"prefetchRowsAt","rows":[1,2]"#]
        #expect((try TraceValidator.validate(bytes: Array(importedText(bodies).utf8), file: "d.trace.json").eventCount) == 9)
        // Without the gap the same calls are refused.
        var withoutGap = bodies
        withoutGap.remove(at: 4)
        #expect(validationError(bytes: Array(importedText(withoutGap).utf8), file: "d.trace.json") != nil)
        var state = ReplayState(header: TraceHeader(title: "t", profile: .modern))
        for (index, body) in [EventBody.initCell(cell: 1, identifier: "C"), .cellForRowAt(row: 0, cell: 1), .willDisplay(row: 0, cell: 1), .gap(text: "")].enumerated() {
            try state.apply(TraceEvent(seq: index, time: .zero, body: body))
        }
        #expect(state.cell(1)?.phase == .unknown)
        #expect(state.cell(1)?.lastRow == 0, "the row a cell showed is remembered across a gap")
        #expect(state.displayed.isEmpty)
    }

    @Test func testABadImportHeaderIsRefusedWhereItIs() {
        let unknown = importedText([Ev.initCell(1)], source: #"{"log":"d.log","lines":1,"recognised":1,"skipped":0,"color":1}"#)
        assertError(validationError(bytes: Array(unknown.utf8), file: "d.trace.json"), path: "import.color", contains: ["unknown member \"color\""])
        let noLog = importedText([Ev.initCell(1)], source: #"{"lines":1,"recognised":1,"skipped":0}"#)
        assertError(validationError(bytes: Array(noLog.utf8), file: "d.trace.json"), path: "import", contains: ["\"log\""])
    }

    @Test func testAnInferredMarkOtherThanTheThreeIsRefused() {
        let maybe = importedText([Ev.initCell(1) + #","inferred":"maybe""#])
        assertError(validationError(bytes: Array(maybe.utf8), file: "d.trace.json"), path: "events[0].inferred",
                    contains: ["must be one of \"call\", \"cell\", \"rows\"", "found \"maybe\""])
        let number = importedText([Ev.initCell(1) + #","inferred":1"#])
        assertError(validationError(bytes: Array(number.utf8), file: "d.trace.json"), path: "events[0].inferred", contains: ["a string"])
    }
}
