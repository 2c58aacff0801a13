import Foundation
import Testing
@testable import TraceModel
@testable import ToolSupport
@testable import TraceCoding

/// The scenario's world members (`images`, `network`, `cache`, `mainThread`,
/// `paging`): defaults, a full round trip, and every kind of mistake.
@Suite
final class WorldSpecDecodingTests {
    /// Decodes a scenario text the way the recorder does (any strategy name accepted).
    struct Decoder {
        func decode(_ text: String) throws -> Scenario {
            try Scenario.decode(try parseField(text))
        }

        func decodeError(_ text: String) -> ReuseLabError? {
            do {
                _ = try decode(text)
                return nil
            } catch {
                return error as? ReuseLabError
            }
        }
    }

    let base = Decoder()

    func world(_ members: String) -> String {
        ScenarioDecodingTests.scenarioText([("\"prefetching\": true,", "\"prefetching\": true,\n  " + members + ",")])
    }

    @Test func testDefaultsWhenAbsent() throws {
        let scenario = try base.decode(ScenarioDecodingTests.scenarioText())
        #expect(scenario.world == WorldSpec())
        #expect(scenario.world.network.connectionsPerHost == 6)
        #expect(scenario.world.cache.urlCacheMemory == (4 * 1024 * 1024))
        #expect(scenario.world.images.decodedBytes == (300 * 300 * 4))
    }

    /// The device's memory budget: 512 MB unless given, read back the same, and
    /// written into a trace's header only when it is not the default, so traces
    /// recorded before it existed keep their bytes.
    @Test func testTheMemoryBudgetIsWrittenOnlyWhenNotTheDefault() throws {
        let plain = try base.decode(ScenarioDecodingTests.scenarioText())
        #expect(plain.world.cache.memoryBudget == 512 * 1024 * 1024)
        #expect(!JSONWriter.compact(plain.jsonValue).contains("memoryBudget"))
        let small = try base.decode(world(#""cache": { "memoryBudget": 50000000 }"#))
        #expect(small.world.cache.memoryBudget == 50_000_000)
        let written = JSONWriter.compact(small.jsonValue)
        #expect(written.contains(#""memoryBudget":50000000"#), Comment(rawValue: written))
        #expect((try base.decode(written)) == small)
        #expect((try base.decode(world(#""cache": { "memoryBudget": 0 }"#))).world.cache.memoryBudget == 0, "0: memory is never tight")
    }

    @Test func testEveryMemberRoundTrips() throws {
        let text = world("""
        "images": { "width": 100, "height": 50, "bytes": 999, "distinct": 7 },
          "network": { "latency": { "longTail": { "typical": [10, 20], "tail": [900, 1000], "probability": 0.25 } }, "bandwidth": 5000, "failureRate": 0.1, "connectionsPerHost": 2, "slowRows": [ { "row": 3, "ms": 1500 } ] },
          "cache": { "countLimit": 5, "totalCostLimit": 100000, "urlCacheMemory": 0, "urlCacheDisk": 10 },
          "mainThread": { "decodeMsPerMegapixel": 3.5, "cellForRowAtMs": 0.25 },
          "paging": { "pageSize": 20, "pageBytes": 123 }
        """)
        let scenario = try base.decode(text)
        #expect(scenario.world.images.image(forRow: 15) == 1, "row 15 shows image 15 mod 7")
        #expect(scenario.world.network.latency == LatencySpec.longTail(min: 10, max: 20, tailMin: 900, tailMax: 1000, tailProbability: 0.25))
        #expect(scenario.world.network.slowRows == [3: 1500])
        #expect(scenario.world.paging.pageSize == 20)
        let written = JSONWriter.compact(scenario.jsonValue)
        #expect((try base.decode(written)) == scenario, "the header's copy of the scenario reads back the same")
    }

    @Test func testMistakesNameThePlaceAndWhatWasExpected() {
        let cases: [(String, String)] = [
            (#""network": { "latency": { "gaussian": 3 } }"#, "unknown member \"gaussian\""),
            (#""network": { "latency": { "uniform": [300, 100] } }"#, "a latency range is [min, max]; 300 is more than 100"),
            (#""network": { "latency": { "uniform": [1] } }"#, "a latency range is [min, max] in milliseconds"),
            (#""network": { "failureRate": 1.5 }"#, "\"failureRate\" must be a probability from 0 to 1"),
            (#""network": { "connectionsPerHost": 0 }"#, "\"connectionsPerHost\" must be between 1 and 64"),
            (#""network": { "slowRows": [ { "row": 100, "ms": 10 } ] }"#, "\"row\" must be between 0 and 99"),
            (#""images": { "width": -3 }"#, "\"width\" must be greater than zero"),
            (#""images": { "distinct": 500 }"#, "\"distinct\" must be at most 100"),
            (#""cache": { "countLimit": "ten" }"#, "\"countLimit\" must be a whole number, found the string \"ten\""),
            (#""mainThread": { "decodeMs": 3 }"#, "unknown member \"decodeMs\""),
            (#""paging": { "pageSize": 0 }"#, "\"pageSize\" must be greater than zero"),
            (#""cache": { "memoryBudget": -1 }"#, "\"memoryBudget\" must not be negative, found -1"),
        ]
        for (members, expected) in cases {
            let error = base.decodeError(world(members))
            #expect(error?.message.contains(expected) == true, "\(members): \(error?.description ?? "no error")")
            #expect(error?.location.position?.line == 7, "\(members): the line of the member")
        }
    }
}
