import Foundation
import Testing
@testable import PageExport
import TraceModel
import ToolSupport
import TraceCoding
import Replay
import ReuseLabTestSupport

/// What the trace page embeds, step by step, is what `ReplayState` and the
/// `Annotator` say — the page draws it and computes none of it.
@Suite
final class TracePageDataTests {
    /// Two rows on screen; row 0's cell leaves, is pooled, and comes back for
    /// row 2 still holding image 0 (STALE) until image 2 is set.
    static let handWritten = """
    {"format":"reuselab-trace","version":1,"title":"Hand-written: one reuse, one stale image","profile":"classic","events":[
    {"seq":0,"t":0,"kind":"init","cell":1,"identifier":"Cell"},
    {"seq":1,"t":0,"kind":"cellForRowAt","row":0,"cell":1},
    {"seq":2,"t":0,"kind":"imageSet","cell":1,"image":0},
    {"seq":3,"t":0,"kind":"willDisplay","row":0,"cell":1},
    {"seq":4,"t":0,"kind":"init","cell":2,"identifier":"Cell"},
    {"seq":5,"t":0,"kind":"cellForRowAt","row":1,"cell":2},
    {"seq":6,"t":0,"kind":"willDisplay","row":1,"cell":2},
    {"seq":7,"t":16.7,"kind":"frame","frame":1,"offset":0,"cells":[{"row":0,"cell":1,"image":0},{"row":1,"cell":2}]},
    {"seq":8,"t":33.3,"kind":"didEndDisplaying","row":0,"cell":1},
    {"seq":9,"t":33.3,"kind":"enqueue","cell":1,"identifier":"Cell"},
    {"seq":10,"t":33.3,"kind":"prepareForReuse","cell":1,"identifier":"Cell","previousRow":0},
    {"seq":11,"t":33.3,"kind":"cellForRowAt","row":2,"cell":1},
    {"seq":12,"t":33.3,"kind":"willDisplay","row":2,"cell":1},
    {"seq":13,"t":33.3,"kind":"frame","frame":2,"offset":44,"cells":[{"row":1,"cell":2},{"row":2,"cell":1,"image":0}]},
    {"seq":14,"t":50,"kind":"mainThreadBlocked","ms":30,"cause":"decoding image 2"},
    {"seq":15,"t":80,"kind":"imageSet","cell":1,"image":2},
    {"seq":16,"t":83.3,"kind":"frame","frame":5,"offset":44,"cells":[{"row":1,"cell":2},{"row":2,"cell":1,"image":2}]}
    ]}
    """

    @Test func testEveryStepCarriesTheAnnotatorsSentenceAndTheReplayStatesScreen() throws {
        let folder = try TemporaryFolder(removeWhenReleased: true)
        let html = try PageData.page(forTrace: Self.handWritten, in: folder)
        let data = try PageData.embedded(html)
        #expect((data["page"] as? String) == "trace")
        let view = try #require((data["traces"] as? [[String: Any]])?.first)
        let steps = try #require(view["steps"] as? [[String: Any]])
        let states = PageData.states(view)
        let trace = try CheckedTraceReader.read(bytes: Array(Self.handWritten.utf8), file: "hand.trace.json")
        #expect(steps.count == trace.events.count)
        #expect(states.count == trace.events.count)

        var annotator = Annotator(trace: trace)
        var index = 0
        while let annotation = try annotator.step(file: "hand.trace.json") {
            let step = steps[index], shown = states[index], state = annotator.state
            // The sentence replay prints, a caveat as a numbered marker into the page's notes.
            var text = annotation.text
            if let rule = annotation.inferred, text.hasSuffix(" " + rule.note),
               let number = (data["notes"] as? [[String]])?.firstIndex(where: { $0.first?.split(separator: ", ").contains(Substring(rule.rawValue)) == true }) {
                text = String(text.dropLast(rule.note.count + 1)) + " [\(number + 1)]"
            }
            #expect((step["x"] as? String) == text, "step \(index)")
            #expect((step["k"] as? String) == annotation.kind.rawValue)
            #expect(Set(step["m"] as? [String] ?? []) == Set(annotation.marks.map(\.rawValue)), "marks of step \(index)")
            #expect((shown["alive"] as? Int) == state.liveCellCount, "cells alive after step \(index)")
            // Rows on screen and the cell in each, as ReplayState has them.
            let rows = shown["rows"] as? [[Any]] ?? []
            #expect(rows.map { $0[0] as? Int ?? -1 } == state.displayed.keys.sorted(), "rows on screen after step \(index)")
            for row in rows {
                let number = row[0] as? Int ?? -1
                let cells = (row[4] as? [[Any]] ?? []).map { $0[0] as? Int ?? -1 }
                #expect(cells == (state.displayed[number] ?? []), "cells of row \(number) after step \(index)")
            }
            // Pools, next out first.
            // [identifier, cell, image] for each pooled cell, [identifier] for an empty pool.
            let pooled = (shown["pools"] as? [[Any]] ?? []).compactMap { $0.count > 1 ? $0[1] as? Int : nil }
            #expect(pooled == state.pools.keys.sorted().flatMap { Array((state.pools[$0] ?? []).reversed()) })
            index += 1
        }

        // The reused cell is STALE from its reuse until image 2 is set.
        func staleCells(after seq: Int) -> [Int] {
            (states[seq]["rows"] as? [[Any]] ?? []).flatMap { row in
                (row[4] as? [[Any]] ?? []).filter { ($0[2] as? Int) == 1 }.map { $0[0] as? Int ?? -1 }
            }
        }
        #expect(staleCells(after: 7) == [])
        #expect(staleCells(after: 13) == [1])
        #expect(staleCells(after: 15) == [])
        #expect((steps[13]["m"] as? [String]) == ["STALE"])
        // Image view contents: image 0, then image 2, for cell #1 in row 2.
        #expect((((states[13]["rows"] as? [[Any]])?.last?[4] as? [[Any]])?.first?[1] as? Int) == 0)
        #expect((((states[16]["rows"] as? [[Any]])?.last?[4] as? [[Any]])?.first?[1] as? Int) == 2)
        // The main thread is busy from 50 ms for 30 ms: shown at step 14, over at 15 (80 ms).
        #expect(((states[14]["busy"] as? [String: Any])?["cause"] as? String) == "decoding image 2")
        #expect(states[15]["busy"] is NSNull)
        // The pool holds cell #1 between enqueue and prepareForReuse.
        #expect(((states[9]["pools"] as? [[Any]])?.first?[1] as? Int) == 1)
        // …and what its image view still holds there: row 0's image, the stale image to come.
        #expect(((states[9]["pools"] as? [[Any]])?.first?[2] as? Int) == 0)
        #expect((states[10]["pools"] as? [[Any]])?.first?.count == 1, "an empty pool: its identifier alone")
        // Without a scenario, the rows are stacked and the page says so.
        #expect(view["layoutNote"] != nil)
        #expect((states[13]["offset"] as? Double) == 44, "the first row on screen (row 1) at the top")
    }

    @Test func testKeyframesNeverOutweighTheChangesAndDeltasHoldOnlyWhatChanged() throws {
        let path = Golden.packageRoot.appendingPathComponent("traces/images-async-no-reset.trace.json").path
        let data = try PageData.embedded(try HTMLPages.trace(path: path, generator: "test"))
        let view = try #require((data["traces"] as? [[String: Any]])?.first)
        let entries = try #require(view["states"] as? [[String: Any]])
        // The first entry is a keyframe; each later one comes at least 64 steps after
        // the one before, and once the changes since weigh as much as a keyframe.
        let keys = entries.indices.filter { entries[$0]["key"] != nil }
        #expect(keys.first == 0)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $1 - $0 >= StateDeltas.interval }, "keyframes at \(keys)")
        func size(_ entry: [String: Any]) -> Int { (try? JSONSerialization.data(withJSONObject: entry).count) ?? 0 }
        let keyBytes = keys.dropFirst().reduce(0) { $0 + size(entries[$1]) }
        let changeBytes = entries.indices.filter { entries[$0]["key"] == nil }.reduce(0) { $0 + size(entries[$1]) }
        #expect(keyBytes <= changeBytes + 2 * keys.count * 64, "keyframes \(keyBytes) bytes, changes \(changeBytes)")
        // A list that changed by a little is sent as its edits.
        #expect(entries.contains { ($0["rows"] as? [String: Any])?["patch"] != nil })
        // A delta never repeats a member unchanged since the step before.
        let states = PageData.states(view)
        for index in 1..<entries.count where entries[index]["key"] == nil {
            for (key, value) in entries[index] {
                let before = states[index - 1][key]
                #expect(!(NSDictionary(dictionary: ["v": value]).isEqual(to: ["v": before as Any])), "step \(index) repeats \(key)")
            }
        }
        // The first STALE step shows row 0's image in row 23's cell, outlined.
        let steps = try #require(view["steps"] as? [[String: Any]])
        let first = try #require(steps.firstIndex { ($0["m"] as? [String] ?? []).contains("STALE") })
        let stale = (states[first]["rows"] as? [[Any]] ?? []).filter { row in (row[4] as? [[Any]] ?? []).contains { ($0[2] as? Int) == 1 } }
        #expect(stale.map { $0[0] as? Int } == [23])
        #expect(((stale.first?[4] as? [[Any]])?.first?[1] as? Int) == 0)
    }

    /// The sample traces' pages; every bundled trace's in `TracePageDataSecondTierTests`.
    @Test func testSampleTracesPagesAreUnderTwoMegabytes() throws {
        try Self.checkPageSizes(BundledFiles.sampleTraces)
    }

    static func checkPageSizes(_ names: [String]) throws {
        for name in names {
            let html = try HTMLPages.trace(path: BundledFiles.tracePath(name), generator: "test")
            #expect(html.utf8.count < 2 << 20, "\(name)'s page is \(html.utf8.count) bytes")
        }
    }
}

/// `TracePageDataTests` over every bundled trace.
@Suite(SecondTier.enabled("the page of every bundled trace"))
final class TracePageDataSecondTierTests {

    @Test func testEveryBundledTracesPageIsUnderTwoMegabytes() throws {
        try TracePageDataTests.checkPageSizes(try BundledFiles.allTraces())
    }
}
