import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import TimelineExport
import ReuseLabTestSupport

/// Hand-written traces: hostile text, what a recording never does, and traces
/// that must be refused.
@Suite
final class HandWrittenTraceTests {
    /// Quotes, a backslash, `</script>`, escape sequences, NUL, DEL, a C1 control,
    /// the line and paragraph separators, a bidirectional override, and text that
    /// is fine raw (ü, an emoji).
    static let hostile = "\"quoted\" </script><script>alert(1)</script> \\ back\u{1b}[2J\u{7}\u{0}\u{7f}\u{85} \u{2028}\u{2029} \u{202e}evil ü 🎉 \t\n\r end"

    static func json(_ text: String) -> String {
        var out = ""
        JSONWriter.writeString(text, into: &out)
        return out
    }

    @Test func testHostileStringsAreEscapedAndReadBackAsTheyWere() throws {
        let text = Self.json(Self.hostile)
        let trace = ExportFixtures.trace(title: Self.hostile, events: [
            "\"kind\":\"init\",\"cell\":1,\"identifier\":\(text)",
            "\"kind\":\"cellForRowAt\",\"row\":0,\"cell\":1",
            "\"kind\":\"willDisplay\",\"row\":0,\"cell\":1",
            "\"kind\":\"note\",\"text\":\(text)",
            "\"kind\":\"mainThreadBlocked\",\"ms\":5,\"cause\":\(text)",
            "\"kind\":\"hitch\",\"frame\":1,\"missedFrames\":1,\"ms\":16.667,\"cause\":\(text)",
            "\"kind\":\"imageRequest\",\"request\":1,\"row\":0,\"image\":0,\"cause\":\"cellForRowAt\",\"sync\":false",
            "\"kind\":\"requestStarted\",\"request\":1",
            "\"kind\":\"requestFailed\",\"request\":1,\"reason\":\(text)",
        ], times: [0, 0, 0, 1, 2, 20, 21, 21, 40])
        let bytes = try ExportFixtures.export(text: trace)
        // Nothing unsafe raw: no control byte but the line breaks between events, no
        // C1 control, no line or paragraph separator, no bidirectional override.
        #expect(!(bytes.contains { $0 < 0x20 && $0 != 0x0A }), "a raw control byte")
        #expect(!bytes.contains(0x7F), "a raw DEL")
        let text8 = String(decoding: bytes, as: UTF8.self)
        for scalar in ["\u{85}", "\u{2028}", "\u{2029}", "\u{202e}"] {
            #expect(!text8.contains(scalar), "raw U+\(String(scalar.unicodeScalars.first!.value, radix: 16))")
        }
        #expect(text8.contains("\\u2028") && text8.contains("\\u202E") && text8.contains("\\u001B"))
        #expect(text8.contains("ü 🎉"), "ordinary text stays as it is")
        // Read back by Foundation's parser, every string is what the trace said.
        let timeline = try ExportFixtures.checked(bytes, "hostile")
        #expect(timeline.processNames[1] == Self.hostile)
        #expect(((timeline.document["otherData"] as? [String: Any])?["title"] as? String) == Self.hostile)
        #expect(timeline.slices(on: "main thread").first?.name == Self.hostile)
        #expect((timeline.slices(on: "hitches").first?.args["cause"] as? String) == Self.hostile)
        #expect((timeline.slices(on: "table view").first { $0.name == "note" }?.args["text"] as? String) == Self.hostile)
        #expect((timeline.slices(on: "cell #1").first { $0.name == "init" }?.args["identifier"] as? String) == Self.hostile)
        let request = try #require(timeline.slices(on: "connection 1").first)
        #expect((request.args["reason"] as? String) == Self.hostile)
        #expect(request.name == "row 0 · image 0 failed")
    }

    @Test func testOverlappingWorkAndHitchesGetLanesOfTheirOwn() throws {
        // A recording never does this; a hand-made trace may.
        let trace = ExportFixtures.trace(events: [
            "\"kind\":\"mainThreadBlocked\",\"ms\":10,\"cause\":\"a\"",
            "\"kind\":\"mainThreadBlocked\",\"ms\":10,\"cause\":\"b\"",
            "\"kind\":\"hitch\",\"frame\":1,\"missedFrames\":1,\"ms\":15,\"cause\":\"a\"",
            "\"kind\":\"hitch\",\"frame\":1,\"missedFrames\":2,\"ms\":20,\"cause\":\"b\"",
            "\"kind\":\"mainThreadBlocked\",\"ms\":1,\"cause\":\"c\"",
        ], times: [0, 5, 20, 21, 30])
        let timeline = try ExportFixtures.checked(try ExportFixtures.export(text: trace), "overlapping")
        #expect(timeline.slices(on: "main thread").map(\.name) == ["a", "c"])
        #expect(timeline.slices(on: "main thread (overlapping work 2)").map(\.name) == ["b"])
        #expect(timeline.slices(on: "hitches").map(\.name) == ["hitch: 1 frame missed"])
        #expect(timeline.slices(on: "hitches (overlapping 2)").map(\.name) == ["hitch: 2 frames missed"])
        #expect(timeline.slices(on: "hitches (overlapping 2)").first?.start == 1000)
    }

    @Test func testRequestsThatNeverGotAConnectionOrNeverEnded() throws {
        let trace = ExportFixtures.trace(events: [
            "\"kind\":\"imageRequest\",\"request\":1,\"row\":0,\"image\":0,\"cause\":\"cellForRowAt\",\"sync\":false",
            "\"kind\":\"requestStarted\",\"request\":1",
            "\"kind\":\"imageRequest\",\"request\":2,\"row\":1,\"image\":1,\"cause\":\"prefetch\",\"sync\":false",
            "\"kind\":\"imageRequest\",\"request\":3,\"row\":2,\"image\":2,\"cause\":\"prefetch\",\"sync\":false",
            "\"kind\":\"requestCancelled\",\"request\":3",
            "\"kind\":\"imageRequest\",\"request\":4,\"row\":3,\"image\":3,\"cause\":\"cellForRowAt\",\"sync\":false",
            "\"kind\":\"response\",\"request\":4,\"bytes\":100,\"fromCache\":true",
            "\"kind\":\"requestCoalesced\",\"request\":1,\"row\":7",
            "\"kind\":\"pageRequest\",\"request\":5,\"firstRow\":15,\"count\":15",
            "\"kind\":\"requestStarted\",\"request\":5",
            "\"kind\":\"response\",\"request\":5,\"bytes\":4000,\"fromCache\":false",
        ], times: [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        let timeline = try ExportFixtures.checked(try ExportFixtures.export(text: trace), "requests")
        let connected = timeline.tracks(prefixed: "connection ").flatMap { timeline.slices[$0] ?? [] }
        #expect(Set(connected.map(\.name)) == ["row 0 · image 0 (unfinished)", "page: rows 15–29"])
        let unfinished = try #require(connected.first { $0.name.hasSuffix("(unfinished)") })
        #expect((unfinished.args["coalescedRows"] as? String) == "row 7")
        #expect(unfinished.end == 9_000, "open requests end with the trace's last event")
        let waiting = timeline.tracks(prefixed: "no connection ").flatMap { timeline.slices[$0] ?? [] }
        #expect(Set(waiting.map(\.name)) == ["row 1 · image 1 (unfinished)", "row 2 · image 2 cancelled", "row 3 · image 3 (URLCache)"])
        for slice in waiting {
            #expect((slice.args["onConnection"] as? Bool) == false)
            #expect(TraceEventValidator.number(slice.args["queuedMs"]) == ((slice.end - slice.start) / 1000), "it waited all along")
        }
        let counter = try #require(timeline.counters["requests"])
        #expect(counter.map { $0.args["waiting"] ?? -1 }.max() == 2)
    }

    @Test func testAnEmptyTraceAndTheLargestTimes() throws {
        let empty = try ExportFixtures.checked(try ExportFixtures.export(text: ExportFixtures.trace(events: [])), "empty")
        #expect(empty.threadNames.values.sorted() == ["main thread"])
        // The reader's largest time (10¹⁰ ms) and duration (10⁹ ms) stay whole microseconds.
        let far = ExportFixtures.trace(events: [
            "\"kind\":\"mainThreadBlocked\",\"ms\":1000000000,\"cause\":\"long\"",
            "\"kind\":\"hitch\",\"frame\":1,\"missedFrames\":1000000,\"ms\":1000000000,\"cause\":\"long\"",
        ], times: [9_000_000_000, 10_000_000_000])
        let timeline = try ExportFixtures.checked(try ExportFixtures.export(text: far), "far")
        let work = try #require(timeline.slices(on: "main thread").first)
        #expect(work.start == 9e12)
        #expect((work.end - work.start) == 1e12)
        #expect(timeline.slices(on: "hitches").first?.start == 9e12)
    }

    @Test func testBadTracesAreRefusedAsValidateRefusesThem() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let cases = [
            ExportFixtures.trace(events: ["\"kind\":\"willDisplay\",\"row\":0,\"cell\":1"]),
            ExportFixtures.trace(events: ["\"kind\":\"init\",\"cell\":1,\"identifier\":\"C\"", "\"kind\":\"init\",\"cell\":1,\"identifier\":\"C\""]),
            "{\"format\": \"reuselab-trace\", \"version\": 1, \"title\": \"t\", \"profile\": \"modern\", \"events\": [",
            "not json",
            "{\"format\": \"other\"}",
        ]
        for (index, text) in cases.enumerated() {
            let path = try folder.write("bad\(index).trace.json", text)
            var expected: ReuseLabError?
            do { _ = try TraceValidator.validate(path: path) } catch { expected = error }
            let validateError = try #require(expected, "case \(index) is refused by validate")
            if let error = #expect(throws: (any Error).self, "case \(index)", performing: { try PerfettoTrace.bytes(of: .file(path), generator: ExportFixtures.generator) }) {
                #expect((error as? ReuseLabError) == validateError, "case \(index): the same error as validate")
            }
        }
        if let error = #expect(throws: (any Error).self, performing: { try PerfettoTrace.bytes(of: .file(folder.path("missing.trace.json")), generator: "") }) {
            #expect((error as? ReuseLabError)?.kind == .missingFile)
        }
    }
}
