import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// `Scenario.decode`: every mistake an instructor can make in a scenario is reported
/// with the line:column of the offending value, its path, and what was expected.
@Suite
final class ScenarioDecodingTests {
    static let strategies = ["plain", "sync-download"]

    /// A valid scenario, laid out one member per line, with `replacements` applied.
    static func scenarioText(_ replacements: [(String, String)] = []) -> String {
        var text = """
        {
          "title": "Seed 004: a slow drag down",
          "profile": "modern",
          "table": { "rows": 100, "rowHeight": 44, "viewportHeight": 844, "contentInset": { "top": 47, "bottom": 34 } },
          "strategy": "plain",
          "prefetching": true,
          "script": [
            { "note": { "text": "rows 0–18 fit at launch" } },
            { "drag": { "by": 440, "ms": 3000 } }
          ]
        }
        """
        for (old, new) in replacements {
            #expect(text.contains(old), "the test scenario has no \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return text
    }

    func decode(_ text: String) throws(ReuseLabError) -> Scenario {
        try decodeScenario(text, knownStrategies: Self.strategies)
    }

    func decodeError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> ReuseLabError? {
        expectError(sourceLocation: sourceLocation) { () throws(ReuseLabError) in _ = try decode(text) }
    }

    // MARK: Valid

    @Test func testTheBaseScenarioDecodesWithDefaultsFilledIn() throws {
        let scenario = try decode(Self.scenarioText())
        #expect(scenario.title == "Seed 004: a slow drag down")
        #expect(scenario.profile == .modern)
        #expect(scenario.table.rows == 100)
        #expect(scenario.table.contentInsetTop == 47)
        #expect(scenario.fps == 60)
        #expect(scenario.seed == 1)
        #expect(scenario.prefetching)
        #expect(scenario.script == [.note("rows 0–18 fit at launch"), .drag(by: 440, ms: 3000)])
    }

    @Test func testEveryStepKindDecodes() throws {
        let text = Self.scenarioText([(#"{ "drag": { "by": 440, "ms": 3000 } }"#, """
        { "drag": { "by": -40, "ms": 10 } }, { "wait": { "ms": 5 } }, { "fling": { "velocity": 900, "deceleration": "fast" } },
            { "fling": { "velocity": -900, "deceleration": 0.95 } }, { "scrollTo": { "row": 99, "position": "middle", "animated": true } },
            { "reloadData": {} }, { "reloadRows": { "rows": [0, 5] } }, { "memoryWarning": {} }, { "disappear": {} }
        """)])
        let scenario = try decode(text)
        #expect(scenario.script.count == 10)
        #expect(scenario.script.last == .disappear)
        #expect(scenario.script[3] == .fling(velocity: 900, deceleration: DecelerationRate.fast))
    }

    @Test func testDecodedScenarioWrittenOutDecodesToTheSameScenario() throws {
        let scenario = try decode(Self.scenarioText())
        let again = try decode(JSONWriter.compact(scenario.jsonValue))
        #expect(again == scenario)
    }

    // MARK: isPrefetchingEnabled

    @Test func testIsPrefetchingEnabledIsTrueByDefaultAsInUIKit() throws {
        let scenario = try decode(Self.scenarioText())
        #expect(scenario.isPrefetchingEnabled)
        #expect(scenario.prefetching, "a separate member: the app's prefetch data source")
        let enabled = try decode(Self.scenarioText([(#""prefetching": true,"#, #""prefetching": true, "isPrefetchingEnabled": true,"#)]))
        #expect(enabled == scenario, "written out as true, it is the default")
    }

    @Test func testIsPrefetchingEnabledFalseDecodes() throws {
        let scenario = try decode(Self.scenarioText([(#""prefetching": true,"#, #""prefetching": true, "isPrefetchingEnabled": false,"#)]))
        #expect(!scenario.isPrefetchingEnabled)
        #expect(scenario.prefetching, "the app still sets a prefetch data source; the table view just never calls it")
    }

    @Test func testIsPrefetchingEnabledIsWrittenOutOnlyWhenFalse() throws {
        // Traces recorded before the member existed (all with it on) keep their bytes.
        let on = try decode(Self.scenarioText())
        let onText = JSONWriter.compact(on.jsonValue)
        #expect(!onText.contains("isPrefetchingEnabled"), Comment(rawValue: onText))
        #expect(onText.contains(#""prefetching":true,"fps":60"#), Comment(rawValue: onText))
        let off = try decode(Self.scenarioText([(#""prefetching": true,"#, #""prefetching": true, "isPrefetchingEnabled": false,"#)]))
        let offText = JSONWriter.compact(off.jsonValue)
        #expect(offText.contains(#""prefetching":true,"isPrefetchingEnabled":false,"fps":60"#), Comment(rawValue: offText))
        #expect((try decode(offText)) == off, "the written-out scenario decodes to the same scenario")
    }

    @Test func testIsPrefetchingEnabledMustBeABoolean() {
        for (value, found) in [(#""no""#, #"found the string "no""#), ("0", "found the number 0"), (#"["false"]"#, "found an array")] {
            let member = #""isPrefetchingEnabled": "# + value
            let text = Self.scenarioText([(#""prefetching": true,"#, "\"prefetching\": true,\n  \(member),")])
            // Line and column of the value itself, past the member name.
            assertError(decodeError(text), at: locate(member, in: text, offset: 24), path: "isPrefetchingEnabled",
                        contains: ["\"isPrefetchingEnabled\" must be true or false, \(found)"])
        }
    }

    // MARK: Errors

    @Test func testSyntaxErrorIsReportedWithItsPosition() {
        let text = Self.scenarioText([(#""prefetching": true,"#, #""prefetching": true"#)])
        assertError(decodeError(text), at: locate("\"script\"", in: text), contains: ["expected ',' or '}' after an object member"])
    }

    @Test func testDocumentThatIsNotAnObject() {
        assertError(decodeError("[1, 2]"), at: SourcePosition(line: 1, column: 1), contains: ["the document must be an object, found an array"])
    }

    @Test func testWrongTypeForRows() {
        let text = Self.scenarioText([(#""rows": 100"#, #""rows": "100""#)])
        assertError(decodeError(text), at: locate("\"100\"", in: text), path: "table.rows",
                    contains: ["\"rows\" must be a whole number, found the string \"100\""])
    }

    @Test func testWrongTypesElsewhere() {
        var text = Self.scenarioText([(#""prefetching": true"#, #""prefetching": "yes""#)])
        assertError(decodeError(text), at: locate("\"yes\"", in: text), path: "prefetching", contains: ["\"prefetching\" must be true or false, found the string \"yes\""])
        text = Self.scenarioText([(#""rows": 100"#, #""rows": 12.5"#)])
        assertError(decodeError(text), at: locate("12.5", in: text), path: "table.rows", contains: ["must be a whole number, found the number 12.5"])
        text = #"{"title": "t", "table": [], "script": [{"wait": {"ms": 1}}]}"#
        assertError(decodeError(text), at: locate("[]", in: text), path: "table", contains: ["\"table\" must be an object, found an array"])
        text = Self.scenarioText([(#""ms": 3000"#, #""ms": null"#)])
        assertError(decodeError(text), path: "script[1].drag", contains: ["\"script[1].drag\" is missing the member \"ms\""])
        text = Self.scenarioText([(#""title": "Seed 004: a slow drag down""#, #""title": 4"#)])
        assertError(decodeError(text), at: SourcePosition(line: 2, column: 12), path: "title", contains: ["\"title\" must be a string, found the number 4"])
    }

    @Test func testUnknownProfileSuggestsTheNearestName() {
        let text = Self.scenarioText([(#""profile": "modern""#, #""profile": "modren""#)])
        assertError(decodeError(text), at: locate("\"modren\"", in: text), path: "profile",
                    contains: ["\"profile\" must be one of \"modern\", \"classic\", found \"modren\"", "(did you mean \"modern\"?)"])
    }

    @Test func testUnknownStrategySuggestsTheNearestName() {
        let text = Self.scenarioText([(#""strategy": "plain""#, #""strategy": "plian""#)])
        assertError(decodeError(text), at: locate("\"plian\"", in: text), path: "strategy",
                    contains: ["\"strategy\" must be one of \"plain\", \"sync-download\", found \"plian\"", "did you mean \"plain\"?"])
        let far = Self.scenarioText([(#""strategy": "plain""#, #""strategy": "quantum""#)])
        let error = decodeError(far)
        assertError(error, path: "strategy", contains: ["found \"quantum\""])
        #expect(error?.message.contains("did you mean") == false)
    }

    @Test func testZeroAndNegativeSizes() {
        var text = Self.scenarioText([(#""rows": 100"#, #""rows": 0"#)])
        assertError(decodeError(text), at: locate("\"rows\": 0", in: text, offset: 8), path: "table.rows", contains: ["\"rows\" must be greater than zero, found 0"])
        text = Self.scenarioText([(#""rowHeight": 44"#, #""rowHeight": -4"#)])
        assertError(decodeError(text), at: locate("-4", in: text), path: "table.rowHeight", contains: ["\"rowHeight\" must be greater than zero, found -4"])
        text = Self.scenarioText([(#""viewportHeight": 844"#, #""viewportHeight": 0"#)])
        assertError(decodeError(text), at: locate("\"viewportHeight\": 0", in: text, offset: 18), path: "table.viewportHeight", contains: ["\"viewportHeight\" must be greater than zero, found 0"])
        text = Self.scenarioText([(#""top": 47"#, #""top": -1"#)])
        assertError(decodeError(text), at: locate("-1", in: text), path: "table.contentInset.top", contains: ["\"top\" must not be negative, found -1"])
        text = Self.scenarioText([(#""ms": 3000"#, #""ms": 0"#)])
        assertError(decodeError(text), at: locate("\"ms\": 0", in: text, offset: 6), path: "script[1].drag.ms", contains: ["\"ms\" must be greater than zero, found 0"])
        text = Self.scenarioText([(#""by": 440"#, #""by": 0"#)])
        assertError(decodeError(text), path: "script[1].drag.by", contains: ["\"by\" must be a non-zero distance"])
    }

    @Test func testTooManyRowsIsRefused() {
        let text = Self.scenarioText([(#""rows": 100"#, #""rows": 1000001"#)])
        assertError(decodeError(text), path: "table.rows", contains: ["\"rows\" must be at most 1000000, found 1000001"])
    }

    @Test func testEmptyScript() {
        let text = Self.scenarioText([("""
        "script": [
            { "note": { "text": "rows 0–18 fit at launch" } },
            { "drag": { "by": 440, "ms": 3000 } }
          ]
        """, #""script": []"#)])
        assertError(decodeError(text), at: locate("[]", in: text), path: "script", contains: ["\"script\" is empty; give at least one step"])
    }

    @Test func testMissingRequiredMembers() {
        let text = """
        {"title": "t",
         "script": [{"wait": {"ms": 1}}]}
        """
        assertError(decodeError(text), at: SourcePosition(line: 1, column: 1), contains: ["the document is missing the member \"table\" (rows, rowHeight, viewportHeight; or a \"collection\" for a collection view's grid)"])
        let noRows = #"{"title": "t", "table": {"viewportHeight": 10}, "script": [{"wait": {"ms": 1}}]}"#
        assertError(decodeError(noRows), at: SourcePosition(line: 1, column: 25), path: "table", contains: ["\"table\" is missing the member \"rows\""])
        let emptyTitle = #"{"title": "  ", "table": {"rows": 1, "viewportHeight": 10}, "script": [{"wait": {"ms": 1}}]}"#
        assertError(decodeError(emptyTitle), path: "title", contains: ["\"title\" must not be empty"])
    }

    @Test func testUnknownScriptStep() {
        let text = Self.scenarioText([(#"{ "drag": { "by": 440"#, #"{ "scroll": { "by": 440"#)])
        assertError(decodeError(text), at: locate("\"scroll\"", in: text), path: "script[1].scroll",
                    contains: ["unknown member \"scroll\" in \"script[1]\"", "did you mean \"scrollTo\"?"])
        let far = Self.scenarioText([(#"{ "drag": { "by": 440"#, #"{ "teleport": { "by": 440"#)])
        assertError(decodeError(far), path: "script[1].teleport",
                    contains: ["unknown member \"teleport\"", "expected one of \"drag\", \"wait\", \"fling\""])
    }

    @Test func testScriptStepWithTwoMembers() {
        let text = Self.scenarioText([(#"{ "drag": { "by": 440, "ms": 3000 } }"#, #"{ "drag": { "by": 440, "ms": 3000 }, "wait": { "ms": 5 } }"#)])
        assertError(decodeError(text), at: locate("{ \"drag\"", in: text), path: "script[1]",
                    contains: ["a script step must be an object with exactly one member naming the step", "found 2 members"])
        let empty = Self.scenarioText([(#"{ "drag": { "by": 440, "ms": 3000 } }"#, "{}")])
        assertError(decodeError(empty), path: "script[1]", contains: ["found 0 members"])
        let notObject = Self.scenarioText([(#"{ "drag": { "by": 440, "ms": 3000 } }"#, #""drag""#)])
        assertError(decodeError(notObject), path: "script[1]", contains: ["must be an object, found the string \"drag\""])
    }

    @Test func testDisappearMustBeTheLastStep() {
        let text = Self.scenarioText([(#"{ "note": { "text": "rows 0–18 fit at launch" } }"#, #"{ "disappear": {} }"#)])
        assertError(decodeError(text), at: locate("{ \"disappear\"", in: text), path: "script[0]",
                    contains: ["\"disappear\" tears the table view down, so it must be the last step; 1 step(s) follow it"])
    }

    @Test func testRowHeightsCountMustMatchRows() {
        let text = Self.scenarioText([(#""rows": 100, "rowHeight": 44"#, #""rows": 3, "rowHeights": [44, 60]"#)])
        assertError(decodeError(text), at: locate("[44, 60]", in: text), path: "table.rowHeights",
                    contains: ["\"rowHeights\" has 2 heights but the table has 3 rows; give one per row"])
        let bad = Self.scenarioText([(#""rows": 100, "rowHeight": 44"#, #""rows": 2, "rowHeights": [44, 0]"#)])
        assertError(decodeError(bad), path: "table.rowHeights[1]", contains: ["must be greater than zero, found 0"])
    }

    @Test func testUnknownMemberWithSuggestion() {
        var text = Self.scenarioText([(#""rowHeight": 44"#, #""rowHieght": 44"#)])
        assertError(decodeError(text), at: locate("\"rowHieght\"", in: text), path: "table.rowHieght",
                    contains: ["unknown member \"rowHieght\" in \"table\"", "(did you mean \"rowHeight\"?)"])
        text = Self.scenarioText([(#""strategy": "plain""#, #""stratgy": "plain""#)])
        assertError(decodeError(text), at: locate("\"stratgy\"", in: text), path: "stratgy",
                    contains: ["unknown member \"stratgy\" in the document", "did you mean \"strategy\"?"])
        text = Self.scenarioText([(#""ms": 3000"#, #""ms": 3000, "speed": 2"#)])
        assertError(decodeError(text), at: locate("\"speed\"", in: text), path: "script[1].drag.speed",
                    contains: ["unknown member \"speed\" in \"script[1].drag\"", "expected one of \"by\", \"ms\""])
    }

    @Test func testRowsNamedInTheScriptMustExist() {
        var text = Self.scenarioText([(#"{ "drag": { "by": 440, "ms": 3000 } }"#, #"{ "scrollTo": { "row": 100 } }"#)])
        assertError(decodeError(text), at: locate("100 }", in: text), path: "script[1].scrollTo.row", contains: ["\"row\" must be between 0 and 99, found 100"])
        text = Self.scenarioText([(#"{ "drag": { "by": 440, "ms": 3000 } }"#, #"{ "reloadRows": { "rows": [] } }"#)])
        assertError(decodeError(text), path: "script[1].reloadRows.rows", contains: ["\"rows\" is empty"])
    }

    @Test func testReconfigureRowsNeedsTheModernProfile() throws {
        let modern = Self.scenarioText([(#"{ "drag": { "by": 440, "ms": 3000 } }"#, #"{ "reconfigureRows": { "rows": [3, 40] } }"#)])
        #expect((try decode(modern).script.last) == .reconfigureRows([3, 40]))
        let classic = modern.replacingOccurrences(of: #""profile": "modern""#, with: #""profile": "classic""#)
        assertError(decodeError(classic), at: locate(#"{ "reconfigureRows""#, in: classic), path: "script[1]",
                    contains: ["\"reconfigureRows\" needs the modern profile", "since iOS 15"])
        let empty = Self.scenarioText([(#"{ "drag": { "by": 440, "ms": 3000 } }"#, #"{ "reconfigureRows": { "rows": [] } }"#)])
        assertError(decodeError(empty), path: "script[1].reconfigureRows.rows", contains: ["\"rows\" is empty; name at least one row to reconfigure"])
    }

    @Test func testOtherValueChecks() {
        var text = Self.scenarioText([(#""prefetching": true,"#, #""prefetching": true, "fps": 90,"#)])
        assertError(decodeError(text), at: locate("90", in: text), path: "fps", contains: ["\"fps\" must be 60 or 120, found 90"])
        text = Self.scenarioText([(#""prefetching": true,"#, #""prefetching": true, "seed": -1,"#)])
        assertError(decodeError(text), path: "seed", contains: ["\"seed\" must be between 0 and 2147483647, found -1"])
        text = Self.scenarioText([(#"{ "drag": { "by": 440, "ms": 3000 } }"#, #"{ "fling": { "velocity": 100, "deceleration": "slow" } }"#)])
        assertError(decodeError(text), path: "script[1].fling.deceleration", contains: ["must be one of \"normal\", \"fast\", found \"slow\""])
        text = Self.scenarioText([(#"{ "drag": { "by": 440, "ms": 3000 } }"#, #"{ "fling": { "velocity": 100, "deceleration": 1 } }"#)])
        assertError(decodeError(text), path: "script[1].fling.deceleration", contains: ["from 0.9 to below 1, found 1"])
        text = Self.scenarioText([(#"{ "drag": { "by": 440, "ms": 3000 } }"#, #"{ "wait": { "ms": 3600000 } }, { "wait": { "ms": 1 } }"#)])
        assertError(decodeError(text), path: "script[2]", contains: ["the script runs longer than 60 minutes of virtual time"])
    }

    @Test func testTextFromTheScenarioIsShownWithControlCharactersVisible() {
        let text = Self.scenarioText([(#""profile": "modern""#, #""profile": "\u001b[31mred""#)])
        let error = decodeError(text)
        assertError(error, path: "profile", contains: ["found \"\\e[31mred\""])
        #expect(error?.description.contains("\u{1B}") == false)
    }
}
