import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Regression tests for bugs found in Sources/TraceFormat by the bad-input suite;
/// each states the correct behaviour.
@Suite
final class TraceFormatRegressionTests {
    private func scenarioError(_ text: String) -> ReuseLabError? {
        expectError { () throws(ReuseLabError) in
            let root: JSONField
            do throws(JSONSyntaxError) { root = try parseField(text) } catch {
                throw ReuseLabError(.badInput, location: InputLocation(position: error.position), error.message)
            }
            _ = try Scenario.decode(root)
        }
    }

    /// Text from a file must never reach the terminal raw.
    /// The `at PATH` part of a message is built from member names, which must be escaped.
    @Test func testMemberNamesInThePathAreShownWithControlCharactersVisible() {
        let scenario = scenarioError(#"{"title": "t", "\u001b[2Jrows": 1}"#)
        #expect(scenario?.description.contains("\u{1B}") == false, Comment(rawValue: scenario?.description ?? ""))

        let event = validationError(TraceText(numbered: [Ev.initCell(1) + #","\u001b[2J":1"#]))
        #expect(event?.description.contains("\u{1B}") == false, Comment(rawValue: event?.description ?? ""))

        var header = TraceText(numbered: [])
        header.title = #""t", "x\u001b[2J": 1"#
        let headerError = validationError(header)
        #expect(headerError?.description.contains("\u{1B}") == false, Comment(rawValue: headerError?.description ?? ""))
    }

    /// Duplicate member messages (JSONParser and TraceReader) must quote the key escaped.
    @Test func testDuplicateMemberMessagesShowControlCharactersVisibly() {
        let parser = syntaxError(#"{"a\u001b[2J": 1, "a\u001b[2J": 2}"#)
        #expect(parser?.message.contains("\u{1B}") == false, Comment(rawValue: parser?.message ?? ""))

        var header = TraceText(numbered: [])
        header.title = #""t", "x\u001b": 1, "x\u001b": 2"#
        let reader = validationError(header)
        #expect(reader?.description.contains("\u{1B}") == false, Comment(rawValue: reader?.description ?? ""))
    }

    /// A long unknown kind (or member name, or choice) must be shortened in the message,
    /// and must not go through the "did you mean" edit distance, which once took ~45 s
    /// for a 2 MB kind and printed a 2 MB error line.
    @Test func testLongUnknownKindIsShortenedAndGetsNoSuggestionSearch() {
        // (Under the 64 KB string limit, above which any string is refused as too long.)
        let kind = String(repeating: "x", count: 60_000)
        let trace = TraceText(numbered: ["\"kind\":\"\(kind)\""])
        let error = validationError(trace)
        #expect((error?.description.count ?? 0) < 2_000, "the message repeats the whole kind")
        #expect(error?.description.contains("unknown event kind \"xxxx") == true, Comment(rawValue: error?.description ?? ""))
        #expect(Suggestion.closest(to: kind, among: EventKind.allCases.map(\.rawValue)) == nil, "long words are no typo of a kind")
    }

    /// A second cell displayed in a row outside reloadRows is refused, and no message
    /// may end up with an empty list of left-out rows.
    @Test func testFrameMessageNamesWhatIsMissingWhenARowHasTwoCells() {
        let trace = TraceText(numbered: Ev.show(row: 0, cell: 1) + Ev.show(row: 0, cell: 2) + [Ev.frame(0, [(0, 1)])])
        let error = validationError(trace)
        #expect(error?.description.contains("row(s) ;") == false, Comment(rawValue: error?.description ?? ""))
    }

    /// TraceReader's second pass sets `eventIndex` on syntax errors, but every syntax error
    /// is already thrown by the first pass (skipValue over `events`), without the event.
    @Test func testSyntaxErrorInsideAnEventNamesTheEvent() {
        var trace = TraceText(numbered: Ev.show(row: 0, cell: 1))
        trace.events[2] = "{\"seq\":2,\"t\":2,\"kind\":\"willDisplay\",\"row\":0,\"cell\":1,}"
        let error = validationError(trace)
        #expect(error?.location.eventIndex == 2, Comment(rawValue: error?.description ?? ""))
    }
}
