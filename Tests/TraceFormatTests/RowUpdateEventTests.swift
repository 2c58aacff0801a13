import Testing
import TraceModel
import TraceCoding
import ToolSupport

/// The row update events as a trace writes them (issue 37): each read back, and
/// each bad member refused naming the event and the member.
@Suite
struct RowUpdateEventTests {
    let file = "hand.trace.json"

    @Test func testEachUpdateEventReadsBackAsWritten() throws {
        // Five rows: two deleted, one inserted, one moved, an empty batch, a section reloaded.
        let bodies: [EventBody] = [.deleteRows(rows: [2, 4]), .insertRows(rows: [0]), .moveRow(row: 3, toRow: 1),
                                   .performBatchUpdates, .endUpdates, .reloadSections(sections: [0])]
        let lines = bodies.enumerated().map { TraceEvent(seq: $0.offset, time: .zero, body: $0.element).jsonLine() }
        let read = try TraceReader.read(bytes: TraceText(scenario: fiveRowScenario, events: lines).bytes, file: file)
        #expect(read.events.map(\.body) == bodies)
    }

    @Test func testEveryBadMemberIsRefusedWithItsPlace() {
        let cases: [(String, String, [String])] = [
            ("\"kind\":\"deleteRows\",\"rows\":[-1]", "events[0].rows[0]", ["must not be negative"]),
            ("\"kind\":\"insertRows\"", "events[0]", ["is missing the member \"rows\""]),
            ("\"kind\":\"moveRow\",\"row\":1", "events[0]", ["is missing the member \"toRow\""]),
            ("\"kind\":\"moveRow\",\"row\":1,\"toRow\":\"2\"", "events[0].toRow", ["\"toRow\" must be a whole number"]),
            ("\"kind\":\"reloadSections\",\"sections\":[\"0\"]", "events[0].sections[0]", ["must be a whole number"]),
            ("\"kind\":\"reloadSections\",\"sections\":3", "events[0].sections", ["must be an array"]),
            ("\"kind\":\"endUpdates\",\"rows\":[1]", "events[0].rows", ["unknown member \"rows\""]),
        ]
        for (body, path, parts) in cases {
            let trace = TraceText(numbered: [body])
            assertError(validationError(trace), file: file, event: 0, path: path, contains: parts)
        }
    }
}
