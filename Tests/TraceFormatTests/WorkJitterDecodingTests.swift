import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// `mainThread.jitter`: read as a fraction from 0 to 0.9, refused outside it
/// with the member named, and written into a trace's header only when set, so
/// traces recorded without it keep their bytes.
@Suite
final class WorkJitterDecodingTests {
    let base = WorldSpecDecodingTests.Decoder()

    func world(_ members: String) -> String {
        ScenarioDecodingTests.scenarioText([("\"prefetching\": true,", "\"prefetching\": true,\n  " + members + ",")])
    }

    @Test func testAJitterIsReadAndWrittenBack() throws {
        let scenario = try base.decode(world(#""mainThread": { "cellForRowAtMs": 2, "jitter": 0.15 }"#))
        #expect(scenario.world.mainThread.jitter == 0.15)
        let written = JSONWriter.compact(scenario.jsonValue)
        #expect(written.contains(#""mainThread":{"decodeMsPerMegapixel":10,"cellForRowAtMs":2,"jitter":0.15}"#), Comment(rawValue: written))
        #expect((try base.decode(written)) == scenario)
    }

    @Test func testNoJitterIsNotWritten() throws {
        for members in [#""mainThread": { "jitter": 0 }"#, #""mainThread": { "cellForRowAtMs": 1 }"#] {
            let scenario = try base.decode(world(members))
            #expect(scenario.world.mainThread.jitter == 0)
            #expect(!JSONWriter.compact(scenario.jsonValue).contains("jitter"), Comment(rawValue: members))
        }
    }

    @Test func testAJitterOutsideItsRangeIsRefused() {
        for value in ["0.95", "-0.1", "15", "1e300"] {
            let error = base.decodeError(world(#""mainThread": { "jitter": \#(value) }"#))
            #expect(error?.message.contains("\"jitter\" must be a fraction from 0 to 0.9 (0.15: each piece of work takes 85% to 115% of its cost), found") == true,
                    "\(value): \(error?.description ?? "no error")")
            #expect(error?.location.position?.line == 7, "\(value): the line of the member")
        }
        let text = base.decodeError(world(#""mainThread": { "jitter": "15%" }"#))
        #expect(text?.message.contains("\"jitter\" must be a number") == true, "\(text?.description ?? "no error")")
    }
}
