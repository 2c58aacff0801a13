import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// Every number a scenario or a trace holds has a documented range: a value outside
/// it is refused with the usual exit-65 error naming the member, a value on its
/// boundary is accepted, and no value — however huge or tiny its exponent — traps a
/// conversion or an operation on the way (`1e-300` rows, `1e308` distances).
@Suite
final class ScenarioNumericRangeTests {
    /// A scenario naming every numeric member, each one a `$name` token.
    static let template = """
    {"title": "ranges", "profile": "modern",
     "table": {"rows": $rows, "rowHeight": $rowHeight, "viewportHeight": $viewportHeight, "contentInset": {"top": $top, "bottom": $bottom}},
     "fps": $fps, "seed": $seed,
     "images": {"width": $width, "height": $height, "bytes": $bytes, "distinct": $distinct},
     "network": {"latency": $latency, "bandwidth": $bandwidth, "failureRate": $failureRate, "connectionsPerHost": $connections,
                 "slowRows": [{"row": $slowRow, "ms": $slowMs}]},
     "cache": {"countLimit": $countLimit, "totalCostLimit": $totalCostLimit, "urlCacheMemory": $urlCacheMemory, "urlCacheDisk": $urlCacheDisk},
     "mainThread": {"decodeMsPerMegapixel": $decode, "cellForRowAtMs": $cellForRowAtMs},
     "paging": {"pageSize": $pageSize, "pageBytes": $pageBytes},
     "script": [{"drag": {"by": $by, "ms": $dragMs}}, {"wait": {"ms": $waitMs}},
                {"fling": {"velocity": $velocity, "deceleration": $deceleration}},
                {"scrollTo": {"row": $scrollRow}}, {"reloadRows": {"rows": [$reloadRow]}}]}
    """

    static let defaults: [String: String] = [
        "rows": "100", "rowHeight": "44", "viewportHeight": "844", "top": "47", "bottom": "34", "fps": "60", "seed": "1",
        "width": "300", "height": "300", "bytes": "30000", "distinct": "4",
        "latency": #"{"uniform": [80, 200]}"#, "bandwidth": "2000000", "failureRate": "0", "connections": "6", "slowRow": "2", "slowMs": "2500",
        "countLimit": "0", "totalCostLimit": "0", "urlCacheMemory": "4194304", "urlCacheDisk": "20971520",
        "decode": "10", "cellForRowAtMs": "0", "pageSize": "15", "pageBytes": "4000",
        "by": "440", "dragMs": "3000", "waitMs": "500", "velocity": "2500", "deceleration": "0.998", "scrollRow": "60", "reloadRow": "25",
    ]

    static func scenario(_ overrides: [String: String] = [:]) -> String {
        var text = template
        let values = defaults.merging(overrides) { $1 }
        // Longest names first, so `$rows` never eats the start of a longer token.
        for name in values.keys.sorted(by: { $0.count > $1.count }) {
            text = text.replacingOccurrences(of: "$" + name, with: values[name] ?? "")
        }
        #expect(!(text.contains("$")), "a token was left in the test scenario")
        return text
    }

    func decode(_ text: String) throws(ReuseLabError) -> Scenario {
        try decodeScenario(text)
    }

    @Test func testTheTemplateDecodes() throws {
        let scenario = try decode(Self.scenario())
        #expect(scenario.table.rowHeight == 44)
        #expect(scenario.script.count == 5)
    }

    // MARK: Boundaries are accepted

    @Test func testBoundaryValuesAreAccepted() {
        let cases: [[String: String]] = [
            ["rows": "1", "distinct": "1", "slowRow": "0", "scrollRow": "0", "reloadRow": "0"],
            ["rows": "1000000", "distinct": "1000000", "slowRow": "999999", "scrollRow": "999999", "reloadRow": "999999"],
            ["rowHeight": "1"], ["rowHeight": "1.0"], ["rowHeight": "10000", "viewportHeight": "100000"],
            ["viewportHeight": "1"], ["viewportHeight": "1", "rowHeight": "1"],
            ["top": "0", "bottom": "0"], ["top": "10000", "bottom": "10000"],
            ["fps": "120"], ["seed": "0"], ["seed": "2147483647"],
            ["width": "1", "height": "1", "bytes": "1"], ["width": "10000", "height": "10000", "bytes": "100000000"],
            ["latency": #"{"fixed": 0}"#], ["latency": #"{"fixed": 600000}"#], ["latency": #"{"uniform": [0, 600000]}"#],
            ["latency": #"{"longTail": {"typical": [0, 1], "tail": [600000, 600000], "probability": 1}}"#],
            ["latency": #"{"longTail": {"typical": [0, 1], "tail": [2, 3], "probability": 0}}"#],
            ["bandwidth": "1"], ["bandwidth": "10000000000"], ["failureRate": "1"], ["failureRate": "0"],
            ["connections": "1"], ["connections": "64"], ["slowMs": "0"], ["slowMs": "600000"],
            ["countLimit": "1000000", "totalCostLimit": "1000000000000", "urlCacheMemory": "1000000000000", "urlCacheDisk": "1000000000000"],
            ["decode": "0", "cellForRowAtMs": "0"], ["decode": "10000", "cellForRowAtMs": "10000"],
            ["pageSize": "1", "pageBytes": "1"], ["pageSize": "10000", "pageBytes": "100000000"],
            ["by": "10000000"], ["by": "-10000000"], ["by": "1e-300"], ["dragMs": "1"],
            ["dragMs": "3599000", "waitMs": "1", "velocity": "1"],
            ["velocity": "100000"], ["velocity": "-100000"], ["velocity": "1e-300"],
            ["deceleration": "0.9"], ["deceleration": "\"fast\""], ["deceleration": "0.99999"],
        ]
        for overrides in cases {
            do {
                _ = try decode(Self.scenario(overrides))
            } catch {
                Issue.record("\(overrides) should be accepted, got: \(error)")
            }
        }
    }

    // MARK: Out of range is refused, naming the member

    @Test func testOutOfRangeValuesAreRefusedNamingTheMember() {
        let cases: [(overrides: [String: String], path: String, message: String)] = [
            // The crash this file is about: Int(100000 / 1e-300) trapped every command.
            (["rowHeight": "1e-300"], "table.rowHeight", "\"rowHeight\" must be at least 1, found 1e-300"),
            (["rowHeight": "0.5"], "table.rowHeight", "\"rowHeight\" must be at least 1, found 0.5"),
            (["rowHeight": "10000.5"], "table.rowHeight", "\"rowHeight\" must be at most 10000, found 10000.5"),
            (["rowHeight": "1e308"], "table.rowHeight", "\"rowHeight\" must be at most 10000"),
            (["rowHeight": "-1e308"], "table.rowHeight", "\"rowHeight\" must be greater than zero"),
            (["viewportHeight": "0.25"], "table.viewportHeight", "\"viewportHeight\" must be at least 1, found 0.25"),
            (["viewportHeight": "100001"], "table.viewportHeight", "\"viewportHeight\" must be at most 100000, found 100001"),
            (["viewportHeight": "1e308"], "table.viewportHeight", "\"viewportHeight\" must be at most 100000"),
            (["top": "-1"], "table.contentInset.top", "\"top\" must not be negative, found -1"),
            (["bottom": "10001"], "table.contentInset.bottom", "\"bottom\" must be at most 10000, found 10001"),
            (["bottom": "1e300"], "table.contentInset.bottom", "\"bottom\" must be at most 10000"),
            (["rows": "1000001"], "table.rows", "\"rows\" must be at most 1000000, found 1000001"),
            (["rows": "1e300"], "table.rows", "\"rows\" must be at most 1000000, found 1e+300"),
            (["rows": "-1e300"], "table.rows", "\"rows\" must be greater than zero"),
            (["fps": "90"], "fps", "\"fps\" must be 60 or 120, found 90"),
            (["fps": "1e300"], "fps", "\"fps\" must be 60 or 120, found 1e+300"),
            (["seed": "2147483648"], "seed", "\"seed\" must be between 0 and 2147483647, found 2147483648"),
            (["seed": "-1e300"], "seed", "\"seed\" must be between 0 and 2147483647"),
            (["width": "10001"], "images.width", "\"width\" must be at most 10000, found 10001"),
            (["height": "1e300"], "images.height", "\"height\" must be at most 10000"),
            (["bytes": "100000001"], "images.bytes", "\"bytes\" must be at most 100000000"),
            (["distinct": "101"], "images.distinct", "\"distinct\" must be at most 100, found 101"),
            (["latency": #"{"fixed": 600001}"#], "network.latency.fixed", "must be between 0 and 600000, found 600001"),
            (["latency": #"{"fixed": 1e300}"#], "network.latency.fixed", "must be between 0 and 600000, found 1e+300"),
            (["latency": #"{"uniform": [-1, 5]}"#], "network.latency.uniform[0]", "must be between 0 and 600000, found -1"),
            (["latency": #"{"longTail": {"typical": [0, 1], "tail": [2, 3], "probability": 1.5}}"#],
             "network.latency.longTail.probability", "\"probability\" must be from 0 to 1"),
            (["bandwidth": "0"], "network.bandwidth", "\"bandwidth\" must be greater than zero, found 0"),
            (["bandwidth": "1e11"], "network.bandwidth", "\"bandwidth\" must be at most 10000000000, found 100000000000"),
            (["failureRate": "1.5"], "network.failureRate", "\"failureRate\" must be a probability from 0 to 1, found 1.5"),
            (["failureRate": "-1e-300"], "network.failureRate", "\"failureRate\" must be a probability from 0 to 1"),
            (["connections": "0"], "network.connectionsPerHost", "\"connectionsPerHost\" must be between 1 and 64, found 0"),
            (["connections": "65"], "network.connectionsPerHost", "\"connectionsPerHost\" must be between 1 and 64, found 65"),
            (["slowMs": "600001"], "network.slowRows[0].ms", "\"ms\" must be between 0 and 600000, found 600001"),
            (["slowRow": "100"], "network.slowRows[0].row", "\"row\" must be between 0 and 99, found 100"),
            (["countLimit": "1000001"], "cache.countLimit", "\"countLimit\" must be at most 1000000, found 1000001"),
            (["countLimit": "-1"], "cache.countLimit", "\"countLimit\" must not be negative, found -1"),
            (["totalCostLimit": "1000000000001"], "cache.totalCostLimit", "\"totalCostLimit\" must be at most 1000000000000"),
            (["urlCacheMemory": "1e300"], "cache.urlCacheMemory", "\"urlCacheMemory\" must be at most 1000000000000, found 1e+300"),
            (["urlCacheDisk": "1e13"], "cache.urlCacheDisk", "\"urlCacheDisk\" must be at most 1000000000000"),
            (["decode": "10000.5"], "mainThread.decodeMsPerMegapixel", "\"decodeMsPerMegapixel\" must be at most 10000"),
            (["cellForRowAtMs": "-0.5"], "mainThread.cellForRowAtMs", "\"cellForRowAtMs\" must not be negative"),
            (["cellForRowAtMs": "1e300"], "mainThread.cellForRowAtMs", "\"cellForRowAtMs\" must be at most 10000"),
            (["pageSize": "10001"], "paging.pageSize", "\"pageSize\" must be at most 10000"),
            (["pageBytes": "1e300"], "paging.pageBytes", "\"pageBytes\" must be at most 100000000"),
            (["by": "0"], "script[0].drag.by", "\"by\" must be a non-zero distance in points (at most 10000000), found 0"),
            (["by": "1e308"], "script[0].drag.by", "\"by\" must be a non-zero distance in points (at most 10000000)"),
            (["by": "-10000001"], "script[0].drag.by", "found -10000001"),
            (["dragMs": "3600001"], "script[0].drag.ms", "\"ms\" must be at most 3600000, found 3600001"),
            (["dragMs": "1e300"], "script[0].drag.ms", "\"ms\" must be at most 3600000"),
            (["waitMs": "0"], "script[1].wait.ms", "\"ms\" must be greater than zero, found 0"),
            (["velocity": "100001"], "script[2].fling.velocity", "\"velocity\" must be a non-zero speed in points per second (at most 100000)"),
            (["velocity": "-1e308"], "script[2].fling.velocity", "(at most 100000), found -1e+308"),
            (["deceleration": "1"], "script[2].fling.deceleration", "a rate per millisecond from 0.9 to below 1, found 1"),
            (["deceleration": "1e-300"], "script[2].fling.deceleration", "a rate per millisecond from 0.9 to below 1"),
            (["deceleration": "1e300"], "script[2].fling.deceleration", "a rate per millisecond from 0.9 to below 1"),
            (["scrollRow": "100"], "script[3].scrollTo.row", "\"row\" must be between 0 and 99, found 100"),
            (["scrollRow": "1e300"], "script[3].scrollTo.row", "\"row\" must be between 0 and 99, found 1e+300"),
            (["reloadRow": "-1"], "script[4].reloadRows.rows[0]", "must be between 0 and 99, found -1"),
            (["reloadRow": "1e300"], "script[4].reloadRows.rows[0]", "must be between 0 and 99, found 1e+300"),
        ]
        for (overrides, path, message) in cases {
            let text = Self.scenario(overrides)
            let error = expectError { () throws(ReuseLabError) in _ = try decode(text) }
            assertError(error, status: 65, path: path, contains: [message])
        }
    }

    @Test func testOneRowHeightOutOfRangeInRowHeights() {
        let text = Self.scenario(["rowHeight": #"44, "rowHeights": [44, 1e-300, 44]"#, "rows": "3",
                                  "distinct": "1", "slowRow": "0", "scrollRow": "0", "reloadRow": "0"])
        assertError(expectError { () throws(ReuseLabError) in _ = try decode(text) }, status: 65,
                    path: "table.rowHeights[1]", contains: ["\"rowHeights[1]\" must be at least 1, found 1e-300"])
    }

    /// A rate a hair below 1 decelerates for ages: the script is refused as too long,
    /// and estimating how long never overflows.
    @Test func testADecelerationJustBelowOneIsAScriptTooLongNotACrash() {
        let text = Self.scenario(["deceleration": "0.9999999999999999", "velocity": "100000"])
        assertError(expectError { () throws(ReuseLabError) in _ = try decode(text) }, status: 65,
                    path: "script[2]", contains: ["the script runs longer than 60 minutes of virtual time"])
        #expect(ScriptStep.flingDuration(velocity: 100_000, rate: 1.0.nextDown) > 3_600_000)
        #expect(ScriptStep.flingDuration(velocity: 100_000, rate: 0) == 0, "no rate gives NaN or infinity to convert")
        #expect(ScriptStep.flingDuration(velocity: 5, rate: 0.998) == 0)
    }

    /// Whole numbers are checked as JSON numbers before they become an `Int`.
    @Test func testWholeNumbersOfAnySizeAreCheckedBeforeConversion() {
        func field(_ number: Double) -> JSONField {
            // Written as JSON spells it, which reads back as the same number.
            (try? parseField(NumberText.of(number), path: "n")) ?? JSONField(JSONTape.emptyObject(at: .start), path: "n")
        }
        for number in [1e300, -1e300, 1e19, 9.3e18, -9.3e18, Double.greatestFiniteMagnitude] {
            #expect(expectError { () throws(ReuseLabError) in _ = try field(number).int() } != nil)
            #expect(expectError { () throws(ReuseLabError) in _ = try field(number).positiveInt() } != nil)
            #expect(expectError { () throws(ReuseLabError) in _ = try field(number).nonNegativeInt() } != nil)
            #expect(expectError { () throws(ReuseLabError) in _ = try field(number).int(in: 0...10) } != nil)
        }
        assertError(expectError { () throws(ReuseLabError) in _ = try field(1e13).int() }, status: 65, path: "n",
                    contains: ["\"n\" must be a whole number from -1000000000000 to 1000000000000, found 10000000000000"])
        #expect((try? field(1e12).int()) == 1_000_000_000_000)
        #expect((try? field(-1e12).int()) == -1_000_000_000_000)
        #expect((try? field(1e12).nonNegativeInt()) == 1_000_000_000_000)
    }
}

/// Trace numbers: the header's scenario is checked like a scenario file, and every
/// event number has a range that keeps the readers' sums and products in bounds.
@Suite
final class TraceNumericRangeTests {
    let file = "hand.trace.json"

    @Test func testAHeaderScenarioWithATinyRowHeightIsRefused() {
        let scenario = fiveRowScenario.replacingOccurrences(of: "\"rowHeight\":44", with: "\"rowHeight\":1e-300")
        let trace = TraceText(scenario: scenario, numbered: [])
        assertError(validationError(trace), status: 65, file: file, path: "scenario.table.rowHeight",
                    contains: ["\"rowHeight\" must be at least 1, found 1e-300"])
        let huge = TraceText(scenario: fiveRowScenario.replacingOccurrences(of: "\"viewportHeight\":200", with: "\"viewportHeight\":1e308"), numbered: [])
        assertError(validationError(huge), status: 65, file: file, path: "scenario.table.viewportHeight",
                    contains: ["\"viewportHeight\" must be at most 100000"])
    }

    /// Event bodies (after seq and t) whose one number is out of range, the member's path and the message.
    @Test func testOutOfRangeEventNumbersAreRefusedNamingTheMember() {
        let cases: [(body: String, path: String, message: String)] = [
            (#""kind":"init","cell":1e300,"identifier":"C""#, "cell", "\"cell\" must be at most 1000000000, found 1e+300"),
            (#""kind":"init","cell":1000000001,"identifier":"C""#, "cell", "\"cell\" must be at most 1000000000"),
            (#""kind":"cellForRowAt","row":1e13,"cell":1"#, "row", "\"row\" must be at most 1000000000000"),
            (#""kind":"cellForRowAt","row":-1e300,"cell":1"#, "row", "\"row\" must not be negative"),
            (#""kind":"prepareForReuse","cell":1,"identifier":"C","previousRow":1e300"#, "previousRow", "\"previousRow\" must be at most"),
            (#""kind":"prefetchRowsAt","rows":[1,1e300]"#, "rows[1]", "\"rows[1]\" must be at most 1000000000000"),
            (#""kind":"scrollViewWillBeginDragging","offset":1.5e12"#, "offset", "\"offset\" must be a content offset from -1000000000000 to 1000000000000 points"),
            (#""kind":"scrollViewDidEndDecelerating","offset":-1e308"#, "offset", "found -1e+308"),
            (#""kind":"frame","frame":1e300,"offset":0,"cells":[]"#, "frame", "\"frame\" must be at most 1000000000000"),
            (#""kind":"frame","frame":1,"offset":0,"cells":[{"row":0,"cell":1e300}]"#, "cells[0].cell", "\"cell\" must be at most 1000000000"),
            (#""kind":"imageRequest","request":1e300,"row":0,"image":0,"cause":"prefetch""#, "request", "\"request\" must be at most 1000000000"),
            (#""kind":"imageRequest","request":1,"row":0,"image":1e300,"cause":"prefetch""#, "image", "\"image\" must be at most 1000000000000"),
            (#""kind":"pageRequest","request":1,"firstRow":0,"count":1e300"#, "count", "\"count\" must be at most 1000000000"),
            (#""kind":"response","request":1,"bytes":1e300"#, "bytes", "\"bytes\" must be at most 1000000000000"),
            (#""kind":"imageMemory","bytes":1e13"#, "bytes", "\"bytes\" must be at most 1000000000000"),
            (#""kind":"mainThreadBlocked","ms":1000000001,"cause":"x""#, "ms", "\"ms\" must be at most 1000000000"),
            (#""kind":"hitch","frame":1,"missedFrames":1e300,"ms":1,"cause":"x""#, "missedFrames", "\"missedFrames\" must be at most 1000000000000"),
            (#""kind":"hitch","frame":1,"missedFrames":1,"ms":1e300,"cause":"x""#, "ms", "\"ms\" must be at most 1000000000"),
            (#""kind":"numberOfRows","rows":1e300"#, "rows", "\"rows\" must be at most 1000000000000"),
            (#""kind":"imageSet","cell":1,"image":1e300"#, "image", "\"image\" must be at most 1000000000000"),
        ]
        for (body, path, message) in cases {
            let trace = TraceText(events: ["{\"seq\":0,\"t\":0,\(body)}"])
            assertError(validationError(trace), status: 65, file: file, event: 0, path: "events[0].\(path)", contains: [message])
        }
    }

    @Test func testOutOfRangeSeqAndTimeAreRefused() {
        let cases: [(event: String, path: String, message: String)] = [
            (#"{"seq":1e300,"t":0,"kind":"reloadData"}"#, "seq", "\"seq\" must be at most 1000000000000, found 1e+300"),
            (#"{"seq":0,"t":1e300,"kind":"reloadData"}"#, "t", "\"t\" must be at most 10000000000, found 1e+300"),
            (#"{"seq":0,"t":10000000000.5,"kind":"reloadData"}"#, "t", "\"t\" must be at most 10000000000"),
            (#"{"seq":0,"t":-1e-300,"kind":"reloadData"}"#, "t", "\"t\" must not be negative"),
        ]
        for (event, path, message) in cases {
            assertError(validationError(TraceText(events: [event])), status: 65, file: file, event: 0,
                        path: "events[0].\(path)", contains: [message])
        }
    }

    /// Every event number at the top of its range is accepted, and folding them
    /// through the replay state overflows nothing.
    @Test func testBoundaryEventNumbersAreAccepted() throws {
        let trace = TraceText(events: [
            #"{"seq":0,"t":0,"kind":"scrollViewWillBeginDragging","offset":-1000000000000}"#,
            #"{"seq":1,"t":1,"kind":"scrollViewDidEndDragging","offset":1000000000000,"willDecelerate":false}"#,
            #"{"seq":2,"t":2,"kind":"mainThreadBlocked","ms":1000000000,"cause":"x"}"#,
            #"{"seq":3,"t":3,"kind":"mainThreadBlocked","ms":1000000000,"cause":"y"}"#,
            #"{"seq":4,"t":4,"kind":"hitch","frame":1000000000000,"missedFrames":1000000000000,"ms":1000000000,"cause":"x"}"#,
            #"{"seq":5,"t":5,"kind":"imageMemory","bytes":1000000000000}"#,
            #"{"seq":6,"t":6,"kind":"scrollToRow","row":1000000000000,"position":"top","animated":false}"#,
            #"{"seq":7,"t":7,"kind":"prefetchRowsAt","rows":[999999999999,1000000000000]}"#,
            #"{"seq":8,"t":10000000000,"kind":"recordingEnded"}"#,
        ])
        let summary = try TraceValidator.validate(bytes: trace.bytes, file: file)
        #expect(summary.eventCount == 9)
    }
}
