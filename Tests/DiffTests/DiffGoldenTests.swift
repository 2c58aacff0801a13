import ReuseLabTestSupport
import Foundation
import Testing

/// `reuselab diff` of the bundled pairs a lesson compares, against excerpts in
/// Golden/: each the part of the output that carries the pair's lesson — where and
/// why the traces part ways and what each costs, or the stretch side by side —
/// so a change in the alignment, the explanations or the layout shows up in a
/// diff a reviewer can read. Each test also checks the sentences that carry the
/// lesson on the whole output, so that a regenerated golden file cannot quietly
/// lose them. Regenerate with REUSELAB_UPDATE_GOLDEN=1 after reviewing the change.
@Suite
final class DiffGoldenTests {
    /// Diffs two bundled traces, compares the excerpt `cut` makes of the output with
    /// Golden/NAME (headed by `shows`), and returns the whole output.
    func golden(_ a: String, _ b: String, as name: String, shows: String, cut: (String) -> String = DiffGoldenTests.partingAndCosts,
                sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = diffBundled(a, b)
        #expect(result.status == 1, "traces that differ exit 1, as diff(1) does: \(result.err)", sourceLocation: sourceLocation)
        #expect(result.err == "", sourceLocation: sourceLocation)
        try assertGolden(cut(result.out), name, shows: shows, sourceLocation: sourceLocation)
        return result.out
    }

    /// The output up to the side-by-side stretches (the headings, the tally by kind
    /// and where the traces part ways, with each side's explanation), then, after a
    /// line `…`, the table of what each costs.
    static func partingAndCosts(_ out: String) -> String {
        Golden.lines(of: out, to: "Side by side") + "…\n" + Golden.lines(of: out, from: "What each costs:")
    }

    /// One side's explanation of the first divergence ("  A: …" up to the next side), flattened.
    func explanation(_ out: String, _ side: String) -> String {
        let other = side == "A" ? "  B: " : "\n"
        return out.section(from: "  \(side): ", to: other).flattened
    }

    /// The metric table's row for `label`, flattened ("stale image time 3049.995 ms 0 ms B").
    func metric(_ out: String, _ label: String) -> String {
        out.section(from: "  \(label)  ", to: "  ").flattened
    }

    @Test func testAsyncNoResetAgainstReset() throws {
        let out = try golden("images-async-no-reset", "images-async-reset", as: "async-no-reset--async-reset.txt", shows: """
            A reset in prepareForReuse: the traces part ways at the first reuse, where A's
            cell keeps row 0's image (STALE) and B clears it; B costs no stale time.
            """)
        #expect(out.contains("Compared: strategy async-no-reset → async-reset.\nSame scenario otherwise"))
        let a = explanation(out, "A"), b = explanation(out, "B")
        #expect(a.contains("Its image view still holds image 0 until something resets it."), Comment(rawValue: a))
        #expect(a.contains("STALE: cell #1 now shows row 23 but its image view still holds row 0's image"), Comment(rawValue: a))
        #expect(b.contains("prepareForReuse clears cell #1's image view"), Comment(rawValue: b))
        #expect(metric(out, "stale image time").hasSuffix(" B"), Comment(rawValue: metric(out, "stale image time")))
        #expect(metric(out, "stale frames").hasPrefix("stale frames 182 frames 0 frames"), Comment(rawValue: metric(out, "stale frames")))
    }

    @Test func testAsyncResetAgainstTaskIdentityCancel() throws {
        let out = try golden("images-async-reset", "images-task-identity-cancel", as: "async-reset--task-identity-cancel.txt", shows: """
            An identity check with cancellation against a reset alone: B shows the
            placeholder and cancels what is no longer needed; an enlarged URLCache answers
            what A downloads again. Cache hits describe how, so they have no better side.
            """)
        #expect(out.contains("Compared: strategy async-reset → task-identity-cancel."))
        let b = explanation(out, "B")
        #expect(b.contains("its image view shows the placeholder"), Comment(rawValue: b))
        #expect(explanation(out, "A").contains("A does nothing more here."))
        // The enlarged URLCache answers what async-reset downloads again.
        #expect(metric(out, "downloads") == "downloads 77 50 B")
        // Cache hits describe how, not how well: no better side (the downloads say it).
        #expect(metric(out, "cache hits: URLCache memory") == "cache hits: URLCache memory 0 27")
    }

    @Test func testPrefetchOffAgainstOn() throws {
        let out = try golden("prefetch-off", "prefetch-on", as: "prefetch-off--prefetch-on.txt", shows: """
            Prefetching on (classic profile): B's first prefetch batch asks for rows 19–28
            before they show; its first complete screen comes sooner and fewer rows go
            before their image.
            """)
        #expect(out.contains("Compared: prefetching off → on."))
        let b = explanation(out, "B")
        #expect(b.contains("Prefetch batch 1: rows 19–28 (10 rows), past the bottom edge"), Comment(rawValue: b))
        #expect(b.contains("Row 19 asks for image 19 (request 20, from prefetchRowsAt)."), Comment(rawValue: b))
        #expect(metric(out, "first complete screen at").hasSuffix(" B"))
        #expect(metric(out, "rows gone before their image").hasPrefix("rows gone before their image 8 2 B"))
    }

    @Test func testPlainAgainstCacheCoalesce() throws {
        let out = try golden("images-plain", "images-cache-coalesce", as: "plain--cache-coalesce.txt", shows: """
            A memory cache with coalesced requests against plain downloads: the tally by
            kind of event, and the cache hits and downloads it saves.
            """)
        #expect(out.contains("Compared: strategy plain → cache-coalesce."))
        #expect(explanation(out, "B").contains("Row 0 asks for image 0 (request 1, from cellForRowAt)."))
        #expect(metric(out, "cache hits: memory cache") == "cache hits: memory cache 0 76")
        // A key too long for its half of the line wraps under itself, never cut.
        #expect(out.contains("\n                                       > 3 imageRequest row 0 image 0\n"
                                   + "                                           cellForRowAt\n"), Comment(rawValue: out))
        #expect(!(out.contains("…\n")))
    }

    @Test func testModernAgainstClassicProfile() throws {
        let out = try golden("seed004-slow-scroll", "seed004-slow-scroll-classic", as: "seed004-modern--classic.txt", shows: """
            The modern and classic profiles side by side (the first stretch): the classic
            table view reuses row 0's cell for row 21 where the modern one prepares a new
            cell ahead of time and keeps row 0's aside.
            """, cut: { Golden.lines(of: $0, from: "Side by side", count: 20) })
        #expect(out.contains("Compared: modern → classic profile.\nSame scenario otherwise"))
        let a = explanation(out, "A")
        #expect(a.contains("while scrolling, the modern table view prepares the next row's cell ahead of time"), Comment(rawValue: a))
        #expect(explanation(out, "B").hasSuffix("B does nothing more here."))
        // The classic table view reuses row 0's cell for row 21 instead of making a 22nd.
        #expect(out.contains("108 didEndDisplaying row 0               106 didEndDisplaying row 0\n"
                                   + "                                       > 122 prepareForReuse from row 0\n"))
        #expect(metric(out, "cells created") == "cells created 23 21 B")
    }

    /// Every line of every golden diff fits 80 columns, but the metric table's
    /// (a hitch time ratio is wider than its column).
    @Test func testSideBySideFitsEightyColumnsWithoutTrailingSpaces() throws {
        for (a, b) in [("images-async-no-reset", "images-async-reset"), ("prefetch-off", "prefetch-on")] {
            let out = diffBundled(a, b, ["--all"]).out
            for line in out.section(from: "A  ", to: "What each costs:").split(separator: "\n") where !line.hasPrefix("A  ") && !line.hasPrefix("B  ") {
                #expect(line.count <= 80, "\(a): \(line)")
                #expect(!(line.hasSuffix(" ")), "\(a): a line ends in a space: \(line)")
            }
        }
    }
}
