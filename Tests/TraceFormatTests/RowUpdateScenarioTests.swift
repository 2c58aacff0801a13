import Testing
import TraceModel
import TraceCoding
import ToolSupport

/// The scenario's row update steps (issue 37): each member read and written
/// back, and every bad one refused naming its place.
@Suite
struct RowUpdateScenarioTests {
    static func text(_ steps: String, table: String = #""rows": 40, "rowHeight": 44, "viewportHeight": 844"#, strategy: String = "plain") -> String {
        #"{"title": "t", "table": {\#(table)}, "strategy": "\#(strategy)", "script": [\#(steps)]}"#
    }

    func decode(_ text: String) throws(ReuseLabError) -> Scenario {
        try decodeScenario(text, knownStrategies: ["plain", "sync-download", "batch-paging"], strategiesChangingData: ["plain"])
    }

    func refusal(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        expectError(sourceLocation: sourceLocation) { () throws(ReuseLabError) in _ = try decode(text) }?.message ?? ""
    }

    @Test func testEachUpdateStepDecodesAndIsWrittenBack() throws {
        let scenario = try decode(Self.text(#"""
            {"deleteRows": {"rows": [3, 1]}}, {"insertRows": {"rows": [0]}}, {"moveRow": {"from": 8, "to": 1}},
            {"performBatchUpdates": {"deleteRows": [2], "insertRows": [0], "moveRows": [{"from": 5, "to": 9}], "reloadRows": [7]}},
            {"reloadSections": {"sections": [0]}}
            """#))
        #expect(scenario.script == [.deleteRows([1, 3]), .insertRows([0]), .moveRow(from: 8, to: 1),
                                    .performBatchUpdates(RowUpdate(deleted: [2], inserted: [0], moved: [RowMove(from: 5, to: 9)], reloaded: [7])),
                                    .reloadSections([0])])
        let again = try decode(JSONWriter.compact(scenario.jsonValue))
        #expect(again.script == scenario.script)
    }

    @Test func testEveryBadMemberIsRefusedWithItsPlace() {
        #expect(refusal(Self.text(#"{"deleteRows": {"rows": []}}"#)).contains("\"rows\" is empty; name at least one row to delete"))
        #expect(refusal(Self.text(#"{"deleteRows": {"rows": [2, 2]}}"#)).contains("row 2 is named twice"))
        #expect(refusal(Self.text(#"{"insertRows": {"rows": [-1]}}"#)).contains("\"rows[0]\" must be between 0 and 9999, found -1"))
        #expect(refusal(Self.text(#"{"insertRows": {"row": [1]}}"#)).contains("row"))
        #expect(refusal(Self.text(#"{"moveRow": {"from": 1}}"#)).contains("\"to\""))
        #expect(refusal(Self.text(#"{"moveRow": {"from": 1, "to": 2, "animated": true}}"#)).contains("animated"))
        #expect(refusal(Self.text(#"{"performBatchUpdates": {}}"#)).contains("changes nothing"))
        #expect(refusal(Self.text(#"{"performBatchUpdates": {"moveRows": []}}"#)).contains("\"moveRows\" is empty"))
        #expect(refusal(Self.text(#"{"performBatchUpdates": {"moveRows": [{"from": 1, "to": "2"}]}}"#)).contains("\"to\" must be a whole number"))
        #expect(refusal(Self.text(#"{"reloadSections": {"sections": [1]}}"#)).contains("must be between 0 and 0"))
        #expect(refusal(Self.text(#"{"reloadSections": {"sections": [0, 0]}}"#)).contains("named twice"))
    }

    @Test func testUpdatesNeedATableTheyCanRenumber() {
        #expect(refusal(Self.text(#"{"deleteRows": {"rows": [1]}}"#, strategy: "sync-download")).contains("the sync-download strategy's app code never changes its data"))
        #expect(refusal(Self.text(#"{"deleteRows": {"rows": [1]}}"#, table: #""sections": [{"rows": 5}, {"rows": 5}], "viewportHeight": 844"#))
            .contains("needs a table of one section"))
        #expect(refusal(Self.text(#"{"deleteRows": {"rows": [1]}}"#, table: #""rows": 20000, "viewportHeight": 844"#)).contains("at most 10000 rows"))
        #expect(refusal(Self.text(#"{"deleteRows": {"rows": [1]}}"#, table: #""rows": 3, "rowHeights": [40, 50, 60], "viewportHeight": 844"#))
            .contains("not \"rowHeights\""))
        #expect(refusal(Self.text(#"{"deleteRows": {"rows": [1]}}"#, table: #""rows": 40, "viewportHeight": 844, "selfSizing": {"estimatedRowHeight": 44, "heights": [80, 120]}"#))
            .contains("not \"rowHeights\" or \"selfSizing\""))
        let grid = #"{"title": "t", "collection": {"items": 10, "columns": 2, "itemHeight": 100, "viewportHeight": 500}, "script": [{"deleteRows": {"rows": [1]}}]}"#
        #expect(refusal(grid).contains("row updates are modelled for table views only"))
    }
}
