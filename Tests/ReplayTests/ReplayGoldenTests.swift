import ReuseLabTestSupport
import Foundation
import Testing

/// `reuselab replay` of bundled traces, on the few steps that show one rule each,
/// compared with excerpts in Golden/: a change in the listing's layout or in an
/// annotation's words shows up here, in a diff a reviewer can read. Regenerate
/// with REUSELAB_UPDATE_GOLDEN=1 after reviewing the change.
@Suite
final class ReplayGoldenTests {
    /// `reuselab replay TRACE OPTIONS`, compared with Golden/NAME (headed by `shows`).
    @discardableResult
    func golden(_ trace: String, _ options: [String], as name: String, shows: String,
                excerpt: (String) -> String = { $0 }, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = replayCommand(["replay", bundledTrace(trace)] + options)
        #expect(result.status == 0, Comment(rawValue: result.err), sourceLocation: sourceLocation)
        #expect(result.err == "", sourceLocation: sourceLocation)
        try assertGolden(excerpt(result.out), name, shows: shows, sourceLocation: sourceLocation)
        return result.out
    }

    @Test func testTheFirstReuseOnTheModernProfile() throws {
        try golden("seed004-slow-scroll", ["--from", "106", "--to", "152", "--only", "reuse,display"], as: "seed004-first-reuse.txt", shows: """
            Seed 004's slow drag, its reuse and display steps 106–152: row 0's cell is kept
            aside when row 0 leaves, joins the pool one step later (enqueue), and is reused
            for row 23; each next row's cell is prepared ahead of time (modern profile).
            """)
    }

    @Test func testAStaleImageUntilTheRightOneArrives() throws {
        try golden("images-async-no-reset", ["--from", "248", "--to", "296", "--only", "prepareForReuse,willDisplay,imageSet,stale"],
                   as: "async-no-reset-stale.txt", shows: """
            Without a reset in prepareForReuse, cell #1 is reused for row 23 still holding
            image 0: every frame is STALE until image 23 arrives (step 295), and the next
            frame says cell #1 no longer shows image 0. Under the dequeue and each image
            set, the line of the strategy's code that made it.
            """)
    }

    @Test func testALateResponseWrittenIntoAReusedCell() throws {
        try golden("late-response-async-reset", ["--from", "610", "--to", "617"], as: "late-response-late.txt", shows: """
            Row 2's image arrives after its cell moved on to row 26: the write is LATE,
            and the frame after it STALE, naming the row whose image is shown; that
            frame's commit decodes image 2 on the main thread, the first to draw it.
            """)
    }

    @Test func testTheSummaryQuotesWhatHappens() throws {
        try golden("late-response-async-reset", ["--summary"], as: "late-response-summary.txt", shows: """
            replay --summary, up to its metrics: the notes, and the moments it quotes
            (first reuse, first STALE and LATE, no hitch) in the annotations' words.
            """, excerpt: { Golden.lines(of: $0, to: "Metrics") })
    }

    @Test func testFramesAndThePictureOnTheClassicProfile() throws {
        try golden("prefetch-on", ["--frames", "--from", "1150", "--to", "1156", "--picture"], as: "prefetch-on-frames.txt", shows: """
            --frames groups steps under each display frame; the classic profile reuses the
            most recently pooled cell; --picture draws the state after the last step:
            prepared cell, pool order, prefetched rows, requests in flight, memory.
            """)
    }

    /// Every line of the listings fits 80 columns (the picture's too).
    @Test func testListingLinesFitEightyColumns() throws {
        for trace in ["seed004-slow-scroll", "images-async-no-reset", "late-response-async-reset"] {
            let result = replayCommand(["replay", bundledTrace(trace), "--picture"])
            for (number, line) in result.out.split(separator: "\n").enumerated().dropFirst() {
                #expect(line.count <= 80, "\(trace) line \(number + 1): \(line)")
            }
        }
    }
}
