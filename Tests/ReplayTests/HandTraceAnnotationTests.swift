import ReuseLabTestSupport
import XCTest
import TraceModel
import ToolSupport
import TraceCoding
import Replay

/// A trace written by hand — no scenario in its header, no engine behind it — is
/// explained from its events alone: new cells, reuse, a kept-aside cell coming
/// back, a prefetch batch, a stale image.
final class HandTraceAnnotationTests: XCTestCase {
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

    override func setUpWithError() throws {
        let trace = try TraceReader.read(bytes: Array(Self.trace.utf8), file: "hand.trace.json")
        XCTAssertNil(trace.header.scenario, "a hand-written trace has no scenario")
        annotations = try Annotator.annotate(trace, file: "hand.trace.json")
        XCTAssertEqual(annotations.count, 26)
        XCTAssertEqual(annotations.map(\.seq), Array(0..<26))
    }

    func text(_ seq: Int) -> String { annotations[seq].text }

    func testNewCellBecauseThePoolIsEmpty() {
        XCTAssertEqual(annotations[0].kind, .initCell)
        XCTAssertTrue(annotations[0].marks.contains(.newCell))
        XCTAssertTrue(text(0).hasPrefix("Inside cellForRowAt for row 0, dequeueReusableCell finds the MyCell reuse pool empty and creates cell #1 (init): no cell exists yet."), text(0))
        // Row 2's new cell: the pool is empty because row 0's cell is kept aside, not pooled.
        XCTAssertTrue(text(12).hasPrefix("Inside cellForRowAt for row 2, dequeueReusableCell finds the MyCell reuse pool empty and creates cell #3 (init)"), text(12))
        XCTAssertTrue(text(12).contains("cell #1 (row 0's) is kept aside, not in the pool, in case row 0 comes back"), text(12))
    }

    func testReuseOfTheCellThatShowedRowZero() {
        XCTAssertEqual(annotations[22].kind, .prepareForReuse)
        XCTAssertTrue(annotations[22].marks.contains(.reused))
        XCTAssertTrue(text(22).hasPrefix("Inside cellForRowAt for row 2, dequeueReusableCell takes cell #1, which showed row 0, from the pool and calls its prepareForReuse."), text(22))
        XCTAssertTrue(text(22).contains("most recently pooled of the 2 cells waiting"), text(22))
        XCTAssertTrue(text(22).contains("Its image view still holds image 0 until something resets it."), text(22))
    }

    func testKeptAsideCellShownAgainWithoutCellForRowAt() {
        XCTAssertEqual(text(11), "Cell #1 is kept aside with row 0's content, out of the reuse pool, while row 0 stays within one row of the screen: if it comes back, it is shown again without cellForRowAt. " + InferredRule.preparedCellRange.note)
        XCTAssertEqual(annotations[11].inferred, .preparedCellRange, "the range rule is not documented by Apple, and the annotation says so")
        XCTAssertTrue(text(10).contains("Cell #1 is kept aside, not pooled, in case row 0 comes back."), text(10))
        XCTAssertEqual(text(16), "Row 0 comes back on screen with cell #1, which was kept aside: it is shown again without cellForRowAt or prepareForReuse.")
    }

    func testPrefetchBatch() {
        XCTAssertEqual(annotations[9].kind, .prefetchRowsAt)
        XCTAssertTrue(text(9).hasPrefix("Prefetch batch 1: rows 2–3 (2 rows), past the bottom edge (row 1 is the last on screen), looking down as it always does while the first row is on screen."), text(9))
    }

    func testStaleFrame() {
        for seq in [8, 15, 19] {
            XCTAssertFalse(annotations[seq].marks.contains(.stale), "frame at step \(seq): \(text(seq))")
        }
        XCTAssertEqual(annotations[25].kind, .frame)
        XCTAssertEqual(annotations[25].frame, 3)
        XCTAssertEqual(annotations[25].marks, [.stale])
        XCTAssertTrue(text(25).contains("STALE: cell #1 now shows row 2 but its image view still holds row 0's image (image 0) — nothing reset it in prepareForReuse."), text(25))
        // Steps after a frame belong to it; steps before the first frame to frame 0.
        XCTAssertEqual(annotations[16].frame, 1)
        XCTAssertEqual(annotations[0].frame, 0)
    }

    /// The same trace through the command: the listing tags the STALE frame, and
    /// the summary names the first reuse and the STALE moment.
    func testThroughTheCommand() throws {
        let folder = try ScratchFolder()
        let path = try folder.write("hand.trace.json", Self.trace)
        let listing = replayCommand(["replay", path])
        XCTAssertEqual(listing.status, 0, listing.err)
        XCTAssertTrue(listing.out.contains("frame              [STALE] Frame 3: offset 44 pt, rows 1–2."), listing.out)
        let summary = replayCommand(["replay", path, "--summary"])
        XCTAssertEqual(summary.status, 0, summary.err)
        let text = summary.out.flattened
        XCTAssertTrue(text.contains("3 cells served 3 different rows"), summary.out)
        XCTAssertTrue(text.contains("The first reuse, step 22, at 48 ms: Inside cellForRowAt for row 2, dequeueReusableCell takes cell #1, which showed row 0, from the pool and calls its prepareForReuse."), summary.out)
        XCTAssertTrue(text.contains("The first STALE moment, step 25, at 48 ms: cell #1 now shows row 2"), summary.out)
        XCTAssertTrue(text.contains("once a row comes back on screen with the cell it had, without cellForRowAt"), summary.out)
        XCTAssertTrue(text.contains("1 prefetch batch asks for 2 rows ahead of time"), summary.out)
        // Metrics a hand-written trace cannot give are said so, as by 'stats'.
        XCTAssertTrue(summary.out.contains("not computed:"), summary.out)
    }
}
