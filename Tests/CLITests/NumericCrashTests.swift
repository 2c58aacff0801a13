import Foundation
import Testing

/// Numbers an input controls never crash the real executable: out-of-range values
/// are refused with exit status 65 naming the member, and the largest values each
/// range allows go through every command. Run as a separate process, so a trap
/// shows up as a signal instead of taking the test runner down.
@Suite
final class NumericCrashTests: FolderTestCase {

    func run(_ arguments: [String]) throws -> CommandResult {
        let result = try Executable.run(try Executable.require(), arguments, in: folder)
        #expect(result.exited, "reuselab \(arguments) was killed by signal \(result.status): \(result.err)")
        return result
    }

    static let tinyRows = #"{"title":"tiny rows","table":{"rows":10,"rowHeight":1e-300,"viewportHeight":100},"script":[{"wait":{"ms":10}}]}"#

    @Test func testRecordingAScenarioWithATinyRowHeightIsRefused() throws {
        try folder.write("tiny.scenario.json", Self.tinyRows)
        let result = try run(["record", "tiny.scenario.json"])
        assertFailure(result, status: 65, file: "tiny.scenario.json", line: 1,
                      contains: [": at table.rowHeight: ", "\"rowHeight\" must be at least 1, found 1e-300"])
    }

    @Test func testATraceWhoseHeaderScenarioHasATinyRowHeightIsRefusedByEveryReader() throws {
        let trace = """
        {
          "format": "reuselab-trace",
          "version": 1,
          "title": "tiny rows",
          "profile": "modern",
          "scenario": \(Self.tinyRows),
          "events": [
            {"seq":0,"t":0,"kind":"reloadData"}
          ]
        }
        """
        try folder.write("tiny.trace.json", trace)
        for arguments in [["validate", "tiny.trace.json"], ["stats", "tiny.trace.json"], ["replay", "tiny.trace.json"],
                          ["replay", "tiny.trace.json", "--summary"], ["diff", "tiny.trace.json", "tiny.trace.json"]] {
            let result = try run(arguments)
            assertFailure(result, status: 65, file: "tiny.trace.json", line: 6,
                          contains: [": at scenario.table.rowHeight: ", "\"rowHeight\" must be at least 1, found 1e-300"])
        }
    }

    /// A synchronous 100 MB download at one byte per second on 900 rows once pushed
    /// the virtual clock past what `Int64` microseconds × 120 fps hold.
    @Test func testMainThreadWorkPastTheTimeLimitStopsTheRecording() throws {
        let scenario = #"{"title":"slow","table":{"rows":1000,"rowHeight":1,"viewportHeight":900},"fps":120,"strategy":"sync-download","images":{"bytes":100000000},"network":{"bandwidth":1},"script":[{"wait":{"ms":10}}]}"#
        try folder.write("slow.scenario.json", scenario)
        let result = try run(["record", "slow.scenario.json", "-o", "slow.trace.json"])
        assertFailure(result, status: 65, file: "slow.scenario.json",
                      contains: ["at script[0]: ", "virtual time past 240 hours"])
        #expect(!(FileManager.default.fileExists(atPath: folder.path("slow.trace.json"))))
    }

    /// A `scrollTo` row inside the scenario's table but past the rows batch paging has
    /// loaded once indexed past the end of the geometry.
    @Test func testScrollingToARowTheDataSourceDoesNotHaveYetIsRefused() throws {
        let scenario = #"{"title":"paging","table":{"rows":50,"viewportHeight":844},"strategy":"batch-paging","script":[{"scrollTo":{"row":40}}]}"#
        try folder.write("paging.scenario.json", scenario)
        let result = try run(["record", "paging.scenario.json"])
        assertFailure(result, status: 65, file: "paging.scenario.json",
                      contains: ["at script[0]: scrollTo row 40, but the table view has only 1 row at this point"])
    }

    /// Every number at the top of its range, through every command that reads traces.
    @Test func testTheLargestValuesGoThroughEveryCommand() throws {
        let scenario = #"{"title":"edges","profile":"modern","table":{"rows":5,"rowHeight":44,"viewportHeight":200},"strategy":"plain","script":[{"wait":{"ms":100}}]}"#
        let bodies = [
            #""kind":"init","cell":1,"identifier":"C""#,
            #""kind":"cellForRowAt","row":4,"cell":1"#,
            #""kind":"willDisplay","row":4,"cell":1"#,
            #""kind":"scrollViewWillBeginDragging","offset":-1000000000000"#,
            #""kind":"frame","frame":1000000000000,"offset":1000000000000,"cells":[{"row":4,"cell":1}]"#,
            #""kind":"mainThreadBlocked","ms":1000000000,"cause":"x""#,
            #""kind":"mainThreadBlocked","ms":1000000000,"cause":"y""#,
            #""kind":"hitch","frame":1000000000000,"missedFrames":1000000000000,"ms":1000000000,"cause":"x""#,
            #""kind":"hitch","frame":1000000000000,"missedFrames":1000000000000,"ms":1000000000,"cause":"y""#,
            #""kind":"imageMemory","bytes":1000000000000"#,
            #""kind":"prefetchRowsAt","rows":[0,1,2,3]"#,
            #""kind":"scrollViewDidEndDragging","offset":1000000000000,"willDecelerate":false"#,
        ]
        var events = bodies.enumerated().map { "    {\"seq\":\($0.offset),\"t\":\($0.offset),\($0.element)}" }
        events.append("    {\"seq\":\(bodies.count),\"t\":10000000000,\"kind\":\"recordingEnded\"}")
        let trace = "{\n  \"format\": \"reuselab-trace\",\n  \"version\": 1,\n  \"title\": \"edges\",\n  \"profile\": \"modern\",\n"
            + "  \"scenario\": \(scenario),\n  \"events\": [\n" + events.joined(separator: ",\n") + "\n  ]\n}\n"
        try folder.write("edges.trace.json", trace)
        for arguments in [["validate", "edges.trace.json"], ["validate", "edges.trace.json", "--json"],
                          ["stats", "edges.trace.json"], ["stats", "edges.trace.json", "--json"],
                          ["replay", "edges.trace.json"], ["replay", "edges.trace.json", "--frames", "--picture"],
                          ["replay", "edges.trace.json", "--json"], ["replay", "edges.trace.json", "--summary"],
                          ["replay", "edges.trace.json", "--from", "3", "--to", "12"],
                          ["diff", "edges.trace.json", "edges.trace.json", "--all", "--context", "1000"]] {
            let result = try run(arguments)
            #expect(result.status == 0, "reuselab \(arguments): \(result.err)")
        }
    }

    /// Numeric options: too big for an Int, or past their range, is a usage error.
    @Test func testNumericOptionsOutOfRange() throws {
        try folder.write("lifecycle.trace.json", Fixtures.lifecycleOnly)
        let cases: [[String]] = [
            ["replay", "lifecycle.trace.json", "--from", "99999999999999999999"],
            ["replay", "lifecycle.trace.json", "--to", "9223372036854775807"],
            ["replay", "lifecycle.trace.json", "--from", "-1"],
            ["diff", "lifecycle.trace.json", "lifecycle.trace.json", "--context", "9223372036854775807"],
            ["diff", "lifecycle.trace.json", "lifecycle.trace.json", "--context", "1e300"],
            ["import", "device.log", "--rows", "1e300"],
            ["import", "device.log", "--rows", "9223372036854775807"],
        ]
        for arguments in cases {
            let result = try run(arguments)
            #expect(result.status == 64, "reuselab \(arguments): \(result.err)")
            #expect(result.err.contains("takes a whole number from"), Comment(rawValue: result.err))
        }
        // The largest --to the option allows lists the whole trace.
        let whole = try run(["replay", "lifecycle.trace.json", "--to", String(Int.max / 2)])
        #expect(whole.status == 0, Comment(rawValue: whole.err))
    }
}
