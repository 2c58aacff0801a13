import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// `table.selfSizing` in a scenario, the `rowHeightMeasured` and
/// `estimatesCorrected` events, and the rules `ReplayState.apply` holds them to.
@Suite
final class SelfSizingFormatTests {
    // MARK: The scenario member

    func scenario(_ table: String) -> String {
        ScenarioDecodingTests.scenarioText([(#"{ "rows": 100, "rowHeight": 44, "viewportHeight": 844, "contentInset": { "top": 47, "bottom": 34 } }"#, table)])
    }

    func decodeError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> ReuseLabError? {
        expectError(sourceLocation: sourceLocation) { () throws(ReuseLabError) in
            _ = try decodeScenario(text, knownStrategies: ScenarioDecodingTests.strategies + ["batch-paging"])
        }
    }

    @Test func testSelfSizingDecodesWithTheAutomaticEstimateByDefault() throws {
        let text = scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "heights": [120, 60] } }"#)
        let spec = try decodeScenario(text).table
        #expect(spec.selfSizing == SelfSizingSpec(estimatedRowHeight: nil, heights: [120, 60]))
        #expect(spec.height(ofRow: 3) == 44)
        #expect(spec.selfSizing?.height(ofRow: 3) == 60)
        let given = try decodeScenario(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "estimatedRowHeight": 90, "heights": [120] } }"#))
        #expect(given.table.selfSizing?.estimate == 90)
        let automatic = try decodeScenario(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "estimatedRowHeight": "automatic", "heights": [120] } }"#))
        #expect(automatic.table.selfSizing?.estimatedRowHeight == nil)
    }

    @Test func testTheHeaderWritesSelfSizingAndReadsItBack() throws {
        let original = try decodeScenario(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "estimatedRowHeight": 50, "heights": [120, 60] } }"#))
        let written = JSONWriter.compact(original.jsonValue)
        #expect(written.contains(#""selfSizing":{"estimatedRowHeight":50,"heights":[120,60]}"#))
        #expect(!written.contains("rowHeight\":"))
        #expect(try decodeScenario(written) == original)
    }

    @Test func testAFixedHeightTableWritesNoSelfSizing() throws {
        let written = JSONWriter.compact(try decodeScenario(ScenarioDecodingTests.scenarioText()).jsonValue)
        #expect(!written.contains("selfSizing"))
        #expect(written.contains(#""rowHeight":44"#))
    }

    @Test func testEstimatedRowHeightOutOfRangeOrAnotherWordIsRefused() {
        assertError(decodeError(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "estimatedRowHeight": 0.5, "heights": [120] } }"#)),
                    path: "table.selfSizing.estimatedRowHeight", contains: ["must be at least 1"])
        assertError(decodeError(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "estimatedRowHeight": 20000, "heights": [120] } }"#)),
                    path: "table.selfSizing.estimatedRowHeight", contains: ["at most 10000"])
        assertError(decodeError(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "estimatedRowHeight": "auto", "heights": [120] } }"#)),
                    path: "table.selfSizing.estimatedRowHeight", contains: ["automatic"])
        assertError(decodeError(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "estimatedRowHeight": true, "heights": [120] } }"#)),
                    path: "table.selfSizing.estimatedRowHeight", contains: ["a height in points, or \"automatic\""])
    }

    @Test func testHeightsMustBeAListOfRowHeights() {
        assertError(decodeError(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "estimatedRowHeight": 44 } }"#)),
                    path: "table.selfSizing", contains: ["\"heights\""])
        assertError(decodeError(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "heights": [] } }"#)),
                    path: "table.selfSizing.heights", contains: ["\"heights\" is empty"])
        assertError(decodeError(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "heights": 120 } }"#)),
                    path: "table.selfSizing.heights", contains: ["an array of heights"])
        assertError(decodeError(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "heights": [120, 0] } }"#)),
                    path: "table.selfSizing.heights[1]", contains: ["must be greater than zero"])
        assertError(decodeError(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "heights": [120, 10001] } }"#)),
                    path: "table.selfSizing.heights[1]", contains: ["at most 10000"])
        let tooMany = "[" + Array(repeating: "50", count: SelfSizingSpec.maximumHeights + 1).joined(separator: ",") + "]"
        assertError(decodeError(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "heights": "# + tooMany + " } }")),
                    path: "table.selfSizing.heights", contains: ["at most 10000 are supported"])
    }

    @Test func testAnUnknownMemberOfSelfSizingIsRefused() {
        assertError(decodeError(scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "heights": [120], "estimate": 44 } }"#)),
                    contains: ["estimate"])
    }

    @Test func testSelfSizingBesideFixedHeightsIsRefused() {
        assertError(decodeError(scenario(#"{ "rows": 10, "rowHeight": 60, "viewportHeight": 400, "selfSizing": { "heights": [120] } }"#)),
                    path: "table.rowHeight", contains: ["give one or the other"])
        assertError(decodeError(scenario(#"{ "rows": 2, "rowHeights": [60, 60], "viewportHeight": 400, "selfSizing": { "heights": [120] } }"#)),
                    path: "table.rowHeights", contains: ["give one or the other"])
    }

    @Test func testASelfSizingTableHasAtMostTenThousandRows() {
        assertError(decodeError(scenario(#"{ "rows": 10001, "viewportHeight": 400, "selfSizing": { "heights": [120] } }"#)),
                    path: "table.selfSizing", contains: ["at most 10000 rows"])
    }

    @Test func testBatchPagingCannotPageASelfSizingTable() {
        let text = scenario(#"{ "rows": 10, "viewportHeight": 400, "selfSizing": { "heights": [120] } }"#)
            .replacingOccurrences(of: #""strategy": "plain""#, with: #""strategy": "batch-paging""#)
        assertError(decodeError(text), path: "table.selfSizing", contains: ["batch-paging"])
    }

    @Test func testTheShortestHeightBoundsTheRowsOnScreen() {
        assertError(decodeError(scenario(#"{ "rows": 10, "viewportHeight": 4000, "selfSizing": { "estimatedRowHeight": 44, "heights": [1] } }"#)),
                    path: "table.viewportHeight", contains: ["rows as short as 1 pt"])
    }

    // MARK: The events

    /// Five rows laid out at 44 pt, each 100 pt tall once measured.
    static let sizingScenario = #"{"title":"sizing","profile":"modern","table":{"rows":5,"selfSizing":{"estimatedRowHeight":44,"heights":[100]},"viewportHeight":200},"strategy":"plain","script":[{"wait":{"ms":100}}]}"#

    static func measured(_ row: Int, _ cell: Int, height: Double = 100, estimated: Double = 44) -> String {
        "\"kind\":\"rowHeightMeasured\",\"row\":\(row),\"cell\":\(cell),\"height\":\(NumberText.of(height)),\"estimated\":\(NumberText.of(estimated))"
    }

    static func corrected(_ contentHeight: Double, offsetChange: Double = 0) -> String {
        "\"kind\":\"estimatesCorrected\",\"contentHeight\":\(NumberText.of(contentHeight)),\"offsetChange\":\(NumberText.of(offsetChange))"
    }

    @Test func testAMeasuredRowThenACorrectionIsValid() throws {
        let trace = TraceText(scenario: Self.sizingScenario, numbered: [
            Ev.initCell(1), Ev.cellForRowAt(0, 1), Self.measured(0, 1),
            Ev.initCell(2), Ev.cellForRowAt(4, 2), Self.measured(4, 2),
            Self.corrected(5 * 44 + 2 * 56), Ev.willDisplay(0, 1), Ev.enqueue(2)])
        let summary = try TraceValidator.validate(bytes: trace.bytes, file: "t.json")
        #expect(summary.eventCount == 9)
    }

    @Test func testTheEventsRoundTripThroughTheWriter() throws {
        let events: [EventBody] = [.rowHeightMeasured(row: 3, cell: 2, height: 132.5, estimated: 44),
                                   .estimatesCorrected(contentHeight: 5178, offsetChange: -88.25)]
        for body in events {
            let line = TraceEvent(seq: 0, time: .zero, body: body).jsonLine()
            let trace = TraceText(events: [line])
            let read = try TraceReader.read(bytes: trace.bytes, file: "t.json")
            #expect(read.events.first?.body == body, "\(line)")
        }
    }

    @Test func testEventMembersAreRangeChecked() {
        let cases: [(body: String, member: String, words: String)] = [
            (Self.measured(0, 1, height: 0), "height", "must be greater than zero"),
            (Self.measured(0, 1, height: 10_001), "height", "at most 10000"),
            (Self.measured(0, 1, estimated: 0.5), "estimated", "at least 1"),
            ("\"kind\":\"rowHeightMeasured\",\"row\":0,\"cell\":1,\"height\":100", "estimated", "estimated"),
            (Self.corrected(-1), "contentHeight", "must not be negative"),
            (Self.corrected(2e12), "contentHeight", "at most"),
            (Self.corrected(100, offsetChange: -2e12), "offsetChange", "from -1000000000000"),
            ("\"kind\":\"estimatesCorrected\",\"contentHeight\":100", "offsetChange", "offsetChange"),
        ]
        for item in cases {
            let trace = TraceText(numbered: [Ev.initCell(1), Ev.cellForRowAt(0, 1), item.body])
            assertError(validationError(trace), event: 2, contains: [item.member, item.words])
        }
    }

    // MARK: The rules

    @Test func testOnlyACellJustConfiguredForTheRowIsMeasured() {
        let trace = TraceText(scenario: Self.sizingScenario, numbered: [
            Ev.initCell(1), Ev.cellForRowAt(0, 1), Ev.willDisplay(0, 1), Self.measured(0, 1)])
        assertError(validationError(trace), event: 3, contains: ["the table view measures the cell cellForRowAt has just configured"])
        let otherRow = TraceText(scenario: Self.sizingScenario, numbered: [Ev.initCell(1), Ev.cellForRowAt(0, 1), Self.measured(1, 1)])
        assertError(validationError(otherRow), event: 2, contains: ["row 1 is measured in cell #1"])
    }

    @Test func testARowIsMeasuredOnce() {
        let trace = TraceText(scenario: Self.sizingScenario, numbered: [
            Ev.initCell(1), Ev.cellForRowAt(0, 1), Self.measured(0, 1), Ev.enqueue(1),
            Ev.prepareForReuse(1, previousRow: 0), Ev.cellForRowAt(0, 1), Self.measured(0, 1)])
        assertError(validationError(trace), event: 6, contains: ["row 0 is measured again (it measured 100 pt in cell #1)"])
    }

    @Test func testTheEstimateIsTheScenarios() {
        let trace = TraceText(scenario: Self.sizingScenario, numbered: [Ev.initCell(1), Ev.cellForRowAt(0, 1), Self.measured(0, 1, estimated: 50)])
        assertError(validationError(trace), event: 2, contains: ["the scenario's estimatedRowHeight is 44 pt"])
    }

    @Test func testAFixedHeightTableMeasuresNoRow() {
        let trace = TraceText(scenario: fiveRowScenario, numbered: [Ev.initCell(1), Ev.cellForRowAt(0, 1), Self.measured(0, 1)])
        assertError(validationError(trace), event: 2, contains: ["fixed row heights"])
    }

    @Test func testACorrectionNeedsARowMeasuredSinceTheLast() {
        let trace = TraceText(scenario: Self.sizingScenario, numbered: [
            Ev.initCell(1), Ev.cellForRowAt(0, 1), Self.measured(0, 1), Self.corrected(276), Self.corrected(276)])
        assertError(validationError(trace), event: 4, contains: ["no row was measured since the last correction"])
    }

    @Test func testACorrectionsContentHeightIsTheHeightsSum() {
        let trace = TraceText(scenario: Self.sizingScenario, numbered: [
            Ev.initCell(1), Ev.cellForRowAt(0, 1), Self.measured(0, 1), Self.corrected(300)])
        assertError(validationError(trace), event: 3, contains: ["corrected to 300 pt tall, but the rows' measured heights and estimates add up to 276 pt"])
    }

    @Test func testWithoutAScenarioTheEventsAreCheckedWithoutHeights() throws {
        let trace = TraceText(numbered: [Ev.initCell(1), Ev.cellForRowAt(0, 1), Self.measured(0, 1, estimated: 60), Self.corrected(999, offsetChange: 40)])
        _ = try TraceValidator.validate(bytes: trace.bytes, file: "t.json")
    }

    @Test func testTheStateKeepsTheLayoutOfTheMeasuredHeights() throws {
        let header = try TraceReader.read(bytes: TraceText(scenario: Self.sizingScenario, events: []).bytes, file: "t.json").header
        var state = ReplayState(header: header)
        let bodies: [EventBody] = [.initCell(cell: 1, identifier: "Cell"), .cellForRowAt(row: 0, cell: 1),
                                   .rowHeightMeasured(row: 0, cell: 1, height: 100, estimated: 44),
                                   .estimatesCorrected(contentHeight: 276, offsetChange: 0)]
        for (seq, body) in bodies.enumerated() { try state.apply(TraceEvent(seq: seq, time: .zero, body: body)) }
        #expect(state.heights.measured(0) == MeasuredHeights.Row(height: 100, cell: 1))
        #expect(state.heights.geometry?.top(ofRow: 1) == 100)
        #expect(state.heights.geometry?.contentHeight == 276)
        #expect(state.heights.lastCorrectedRows == 1)
    }
}
