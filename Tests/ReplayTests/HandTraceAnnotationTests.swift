import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// A trace written by hand — no scenario in its header, no engine behind it — is
/// explained from its events alone: new cells, reuse, a kept-aside cell coming
/// back, a prefetch batch, a stale image.
@Suite
final class HandTraceAnnotationTests {
    /// Two rows on screen; a scroll down by one row (row 0's cell kept aside, row 2
    /// gets a new cell), back up (row 0 comes back with its kept-aside cell), and
    /// down again (row 2 reuses row 0's cell, whose image view nobody resets).
    static let trace = """
    {
      "format": "reuselab-trace",
      "version": 1,
      "title": "Two rows, a scroll down, up and down again",
      "profile": "modern",
      "events": [
        {"seq":0,"t":0,"kind":"init","cell":1,"identifier":"MyCell"},
        {"seq":1,"t":0,"kind":"cellForRowAt","row":0,"cell":1},
        {"seq":2,"t":0,"kind":"willDisplay","row":0,"cell":1},
        {"seq":3,"t":0,"kind":"imageSet","cell":1,"image":0},
        {"seq":4,"t":0,"kind":"init","cell":2,"identifier":"MyCell"},
        {"seq":5,"t":0,"kind":"cellForRowAt","row":1,"cell":2},
        {"seq":6,"t":0,"kind":"willDisplay","row":1,"cell":2},
        {"seq":7,"t":0,"kind":"imageSet","cell":2,"image":1},
        {"seq":8,"t":0,"kind":"frame","frame":0,"offset":0,"cells":[{"row":0,"cell":1,"image":0},{"row":1,"cell":2,"image":1}]},
        {"seq":9,"t":16,"kind":"prefetchRowsAt","rows":[2,3]},
        {"seq":10,"t":16,"kind":"didEndDisplaying","row":0,"cell":1},
        {"seq":11,"t":16,"kind":"keepAside","cell":1,"row":0},
        {"seq":12,"t":16,"kind":"init","cell":3,"identifier":"MyCell"},
        {"seq":13,"t":16,"kind":"cellForRowAt","row":2,"cell":3},
        {"seq":14,"t":16,"kind":"willDisplay","row":2,"cell":3},
        {"seq":15,"t":16,"kind":"frame","frame":1,"offset":44,"cells":[{"row":1,"cell":2,"image":1},{"row":2,"cell":3,"image":"nothing"}]},
        {"seq":16,"t":32,"kind":"willDisplay","row":0,"cell":1},
        {"seq":17,"t":32,"kind":"didEndDisplaying","row":2,"cell":3},
        {"seq":18,"t":32,"kind":"enqueue","cell":3,"identifier":"MyCell"},
        {"seq":19,"t":32,"kind":"frame","frame":2,"offset":0,"cells":[{"row":0,"cell":1,"image":0},{"row":1,"cell":2,"image":1}]},
        {"seq":20,"t":48,"kind":"didEndDisplaying","row":0,"cell":1},
        {"seq":21,"t":48,"kind":"enqueue","cell":1,"identifier":"MyCell"},
        {"seq":22,"t":48,"kind":"prepareForReuse","cell":1,"identifier":"MyCell","previousRow":0},
        {"seq":23,"t":48,"kind":"cellForRowAt","row":2,"cell":1},
        {"seq":24,"t":48,"kind":"willDisplay","row":2,"cell":1},
        {"seq":25,"t":48,"kind":"frame","frame":3,"offset":44,"cells":[{"row":1,"cell":2,"image":1},{"row":2,"cell":1,"image":0}]}
      ]
    }
    """

    var annotations: [Annotation] = []

    init() throws {
        let trace = try TraceReader.read(bytes: Array(Self.trace.utf8), file: "hand.trace.json")
        #expect(trace.header.scenario == nil, "a hand-written trace has no scenario")
        annotations = try Annotator.annotate(trace, file: "hand.trace.json")
        #expect(annotations.count == 26)
        #expect(annotations.map(\.seq) == Array(0..<26))
    }

    func text(_ seq: Int) -> String { annotations[seq].text }

    @Test func testNewCellBecauseThePoolIsEmpty() {
        #expect(annotations[0].kind == .initCell)
        #expect(annotations[0].marks.contains(.newCell))
        #expect(text(0).hasPrefix("Inside cellForRowAt for row 0, dequeueReusableCell finds the MyCell reuse pool empty and creates cell #1 (init): no cell exists yet."), Comment(rawValue: text(0)))
        // Row 2's new cell: the pool is empty because row 0's cell is kept aside, not pooled.
        #expect(text(12).hasPrefix("Inside cellForRowAt for row 2, dequeueReusableCell finds the MyCell reuse pool empty and creates cell #3 (init)"), Comment(rawValue: text(12)))
        #expect(text(12).contains("cell #1 (row 0's) is kept aside, not in the pool, in case row 0 comes back"), Comment(rawValue: text(12)))
    }

    @Test func testReuseOfTheCellThatShowedRowZero() {
        #expect(annotations[22].kind == .prepareForReuse)
        #expect(annotations[22].marks.contains(.reused))
        #expect(text(22).hasPrefix("Inside cellForRowAt for row 2, dequeueReusableCell takes cell #1, which showed row 0, from the pool and calls its prepareForReuse."), Comment(rawValue: text(22)))
        #expect(text(22).contains("most recently pooled of the 2 cells waiting"), Comment(rawValue: text(22)))
        #expect(text(22).contains("Its image view still holds image 0 until something resets it."), Comment(rawValue: text(22)))
    }

    @Test func testKeptAsideCellShownAgainWithoutCellForRowAt() {
        #expect(text(11) == ("Cell #1 is kept aside with row 0's content, out of the reuse pool, while row 0 stays within one row of the screen: if it comes back, it is shown again without cellForRowAt. " + InferredRule.preparedCellRange.note))
        #expect(annotations[11].inferred == .preparedCellRange, "the range rule is not documented by Apple, and the annotation says so")
        #expect(text(10).contains("Cell #1 is kept aside, not pooled, in case row 0 comes back."), Comment(rawValue: text(10)))
        #expect(text(16) == "Row 0 comes back on screen with cell #1, which was kept aside: it is shown again without cellForRowAt or prepareForReuse.")
    }

    @Test func testPrefetchBatch() {
        #expect(annotations[9].kind == .prefetchRowsAt)
        #expect(text(9).hasPrefix("Prefetch batch 1: rows 2–3 (2 rows), past the bottom edge (row 1 is the last on screen), looking down as it always does while the first row is on screen."), Comment(rawValue: text(9)))
    }

    @Test func testStaleFrame() {
        for seq in [8, 15, 19] {
            #expect(!annotations[seq].marks.contains(.stale), "frame at step \(seq): \(text(seq))")
        }
        #expect(annotations[25].kind == .frame)
        #expect(annotations[25].frame == 3)
        #expect(annotations[25].marks == [.stale])
        #expect(text(25).contains("STALE: cell #1 now shows row 2 but its image view still holds row 0's image (image 0) — nothing reset it in prepareForReuse."), Comment(rawValue: text(25)))
        // Steps after a frame belong to it; steps before the first frame to frame 0.
        #expect(annotations[16].frame == 1)
        #expect(annotations[0].frame == 0)
    }

    /// The same trace through the command: the listing tags the STALE frame, and
    /// the summary names the first reuse and the STALE moment.
    @Test func testThroughTheCommand() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("hand.trace.json", Self.trace)
        let listing = replayCommand(["replay", path])
        #expect(listing.status == 0, Comment(rawValue: listing.err))
        #expect(listing.out.contains("frame              [STALE] Frame 3: offset 44 pt, rows 1–2."), Comment(rawValue: listing.out))
        let summary = replayCommand(["replay", path, "--summary"])
        #expect(summary.status == 0, Comment(rawValue: summary.err))
        let text = summary.out.flattened
        #expect(text.contains("3 cells served 3 different rows"), Comment(rawValue: summary.out))
        #expect(text.contains("The first reuse, step 22, at 48 ms: Inside cellForRowAt for row 2, dequeueReusableCell takes cell #1, which showed row 0, from the pool and calls its prepareForReuse."), Comment(rawValue: summary.out))
        #expect(text.contains("The first STALE moment, step 25, at 48 ms: cell #1 now shows row 2"), Comment(rawValue: summary.out))
        #expect(text.contains("once a row comes back on screen with the cell it had, without cellForRowAt"), Comment(rawValue: summary.out))
        #expect(text.contains("1 prefetch batch asks for 2 rows ahead of time"), Comment(rawValue: summary.out))
        // Metrics a hand-written trace cannot give are said so, as by 'stats'.
        #expect(summary.out.contains("not computed:"), Comment(rawValue: summary.out))
    }
}
