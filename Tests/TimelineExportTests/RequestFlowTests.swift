import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import TimelineExport
import ReuseLabTestSupport

/// The flow arrows of an export: request → response → image set, on the track
/// of the cell the image landed in. (`TraceEventValidator` checks every flow's
/// shape: one start, one end, steps between, in increasing time.)
@Suite
final class RequestFlowTests {
    /// The flows of a timeline by id, each node with its track's name.
    func flows(_ timeline: TraceEventValidator.Timeline) -> [Int: [(track: String, slice: TraceEventValidator.Slice)]] {
        timeline.flows.mapValues { nodes in nodes.map { (timeline.threadNames[$0.track] ?? "?", $0.slice) } }
    }

    /// Two cells show rows 0 and 1; five requests end in five ways.
    static let handWritten = ExportFixtures.trace(events: [
        "\"kind\":\"init\",\"cell\":1,\"identifier\":\"C\"",
        "\"kind\":\"cellForRowAt\",\"row\":0,\"cell\":1",
        "\"kind\":\"willDisplay\",\"row\":0,\"cell\":1",
        "\"kind\":\"init\",\"cell\":2,\"identifier\":\"C\"",
        "\"kind\":\"cellForRowAt\",\"row\":1,\"cell\":2",
        "\"kind\":\"willDisplay\",\"row\":1,\"cell\":2",
        // 1: answered after 100 ms, set 1 ms later: request → response → image set.
        "\"kind\":\"imageRequest\",\"request\":1,\"row\":0,\"image\":0,\"cause\":\"cellForRowAt\",\"sync\":false",
        "\"kind\":\"requestStarted\",\"request\":1",
        "\"kind\":\"response\",\"request\":1,\"bytes\":100,\"fromCache\":false",
        "\"kind\":\"imageSet\",\"cell\":1,\"image\":0",
        // 2: set at the moment of the answer: request → image set.
        "\"kind\":\"imageRequest\",\"request\":2,\"row\":1,\"image\":1,\"cause\":\"cellForRowAt\",\"sync\":false",
        "\"kind\":\"requestStarted\",\"request\":2",
        "\"kind\":\"response\",\"request\":2,\"bytes\":100,\"fromCache\":false",
        "\"kind\":\"imageSet\",\"cell\":2,\"image\":1",
        // 3: answered at once from URLCache, set later: response → image set.
        "\"kind\":\"imageRequest\",\"request\":3,\"row\":2,\"image\":2,\"cause\":\"prefetch\",\"sync\":false",
        "\"kind\":\"response\",\"request\":3,\"bytes\":100,\"fromCache\":true",
        "\"kind\":\"imageSet\",\"cell\":1,\"image\":2",
        // 4: the handler reconfigures the row: request → response, and no further.
        "\"kind\":\"imageRequest\",\"request\":4,\"row\":0,\"image\":0,\"cause\":\"cellForRowAt\",\"sync\":false",
        "\"kind\":\"requestStarted\",\"request\":4",
        "\"kind\":\"response\",\"request\":4,\"bytes\":100,\"fromCache\":false",
        "\"kind\":\"reconfigureRows\",\"rows\":[0]",
        "\"kind\":\"cellForRowAt\",\"row\":0,\"cell\":1",
        "\"kind\":\"imageSet\",\"cell\":1,\"image\":0",
        // 5: answered at once and set at once: no flow at all.
        "\"kind\":\"imageRequest\",\"request\":5,\"row\":1,\"image\":1,\"cause\":\"cellForRowAt\",\"sync\":false",
        "\"kind\":\"response\",\"request\":5,\"bytes\":100,\"fromCache\":true",
        "\"kind\":\"imageSet\",\"cell\":2,\"image\":1",
        // 6: answered, never set before the trace ends: request → response.
        "\"kind\":\"imageRequest\",\"request\":6,\"row\":3,\"image\":3,\"cause\":\"prefetch\",\"sync\":false",
        "\"kind\":\"requestStarted\",\"request\":6",
        "\"kind\":\"response\",\"request\":6,\"bytes\":100,\"fromCache\":false",
    ], times: [0, 0, 0, 0, 0, 0,
               10, 10, 110, 111,
               200, 200, 300, 300,
               400, 400, 401,
               500, 500, 600, 601, 601, 601,
               700, 700, 700,
               800, 800, 900])

    @Test func testEachAnswerFlowsFromItsRequestToWhereItLanded() throws {
        let timeline = try ExportFixtures.checked(try ExportFixtures.export(text: Self.handWritten), "flows")
        let found = flows(timeline)
        #expect(found.keys.sorted() == [1, 2, 3, 4, 6], "request 5 was answered and set at one moment: nothing to draw")
        func path(_ id: Int) -> [String] { (found[id] ?? []).map { "\($0.track): \($0.slice.name)" } }
        #expect(path(1) == ["connection 1: row 0 · image 0", "requests: response", "cell #1: imageSet"])
        #expect(path(2) == ["connection 1: row 1 · image 1", "cell #2: imageSet"], "set as it came: the arrow goes straight from the request to the cell")
        #expect(path(3) == ["requests: response", "cell #1: imageSet"], "answered at once: the flow starts at the response")
        #expect(path(4) == ["connection 1: row 0 · image 0", "requests: response"], "answered through the data source: no arrow into a cell")
        #expect(path(6) == ["connection 1: row 3 · image 3", "requests: response"], "never set")
        // Each node is the request's own: its slice, its response, its image set in the cell.
        for (id, nodes) in found {
            for (track, slice) in nodes {
                if track.hasPrefix("connection") || slice.name == "response" {
                    #expect(TraceEventValidator.integer(slice.args["request"]) == id, "flow \(id): \(track) \(slice.name)")
                }
            }
        }
        let imageSet = try #require(found[1]?.last?.slice)
        #expect(imageSet.start == 111_000 && imageSet.end == imageSet.start, "a slice of no length, at the image set's time")
        #expect(TraceEventValidator.integer(imageSet.args["image"]) == 0 && TraceEventValidator.integer(imageSet.args["cell"]) == 1)
        // The response and image set of a flow are slices; one that is not on a flow stays an instant.
        let instants = timeline.events.filter { ($0["ph"] as? String) == "i" && ($0["name"] as? String) == "imageSet" }
        #expect(instants.count == 2, "request 4's image set (after the reconfigure) and request 5's")
    }

    @Test func testALateResponseIsAnArrowIntoACellShowingAnotherRow() throws {
        // Row 2's image takes 2.5 s; by then cell #3 shows row 26.
        let timeline = try ExportFixtures.timeline("late-response-async-reset")
        let trace = try CheckedTraceReader.read(path: ExportFixtures.path("late-response-async-reset"))
        let request = try #require(trace.events.lazy.compactMap { event -> Int? in
            if case .imageRequest(let request, 2, _, _, _) = event.body { return request }
            return nil
        }.first)
        let nodes = try #require(flows(timeline)[request])
        #expect(nodes.map(\.track).last == "cell #3")
        #expect(nodes.first?.slice.name == "row 2 · image 2")
        let landed = try #require(nodes.last?.slice)
        let shown = timeline.slices(on: "cell #3").first { $0.phase == "X" && $0.start <= landed.start && landed.start < $0.end && $0.name.hasPrefix("row ") }
        #expect(shown?.name == "row 26", "the image set lies inside the slice of the row cell #3 showed then")
    }

    @Test func testEveryBundledFlowConnectsARequestToItsOwnResponseAndImage() throws {
        var total = 0
        for name in ["images-async-no-reset", "images-memo-main-async", "grid-cache-coalesce", "images-prefetch-reload"] {
            let timeline = try ExportFixtures.timeline(name)
            let trace = try CheckedTraceReader.read(path: ExportFixtures.path(name))
            var imageOf: [Int: Int] = [:]
            for event in trace.events {
                if case .imageRequest(let request, _, let image, _, _) = event.body { imageOf[request] = image }
            }
            for (id, nodes) in flows(timeline) {
                total += 1
                for (track, slice) in nodes {
                    if slice.name == "imageSet" {
                        #expect(TraceEventValidator.integer(slice.args["image"]) == imageOf[id], "\(name) flow \(id): another request's image")
                        #expect(track == "cell #\(TraceEventValidator.integer(slice.args["cell"]) ?? -1)", "\(name) flow \(id): on its cell's track")
                    } else {
                        #expect(TraceEventValidator.integer(slice.args["request"]) == id, "\(name) flow \(id): \(track) \(slice.name)")
                    }
                }
            }
        }
        #expect(total > 20)
    }

    @Test func testFlowsAreTheSameBytesEveryTime() throws {
        let first = try ExportFixtures.export(text: Self.handWritten)
        #expect(try ExportFixtures.export(text: Self.handWritten) == first)
    }
}
