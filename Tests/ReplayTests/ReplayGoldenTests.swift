import XCTest

/// `reuselab replay` of bundled traces, compared with the files in Golden/: any
/// change in the listing's layout or in an annotation's words shows up here.
/// Regenerate with REUSELAB_UPDATE_GOLDEN=1 after reviewing the change.
final class ReplayGoldenTests: XCTestCase {
    func golden(_ trace: String, _ options: [String] = [], as name: String) throws {
        let result = replayCommand(["replay", bundledTrace(trace)] + options)
        XCTAssertEqual(result.status, 0, result.err)
        XCTAssertEqual(result.err, "")
        try assertGolden(result.out, name)
    }

    func testSeed004SlowScroll() throws {
        try golden("seed004-slow-scroll", as: "seed004-slow-scroll.txt")
    }

    func testImagesAsyncNoReset() throws {
        try golden("images-async-no-reset", as: "images-async-no-reset.txt")
    }

    func testLateResponseAsyncReset() throws {
        try golden("late-response-async-reset", as: "late-response-async-reset.txt")
    }

    func testLateResponseSummary() throws {
        try golden("late-response-async-reset", ["--summary"], as: "late-response-async-reset.summary.txt")
    }

    func testPrefetchFramesExcerpt() throws {
        try golden("prefetch-on", ["--frames", "--from", "1040", "--to", "1080", "--picture"], as: "prefetch-on.frames.txt")
    }

    /// Every line of every golden listing fits 80 columns (the picture's too).
    func testGoldenLinesFitEightyColumns() throws {
        for trace in ["seed004-slow-scroll", "images-async-no-reset", "late-response-async-reset"] {
            let result = replayCommand(["replay", bundledTrace(trace), "--picture"])
            for (number, line) in result.out.split(separator: "\n").enumerated().dropFirst() {
                XCTAssertLessThanOrEqual(line.count, 80, "\(trace) line \(number + 1): \(line)")
            }
        }
    }
}
