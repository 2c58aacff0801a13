import ReuseLabTestSupport
import Foundation
import Testing
import TraceModel
import ToolSupport
import TraceCoding

/// What the width tests share: running commands at a width and measuring every
/// line they print, and the checks both tiers make on different amounts of input.
class WidthChecking: FolderTestCase {
    /// Traces with long titles, frames, images, hitches, STALE and LATE steps.
    static let traces = ["seed004-slow-scroll", "images-async-no-reset", "late-response-async-reset",
                         "prefetch-off", "images-task-identity-cancel", "batch-paging", "images-sync-download"]

    func environment(columns: Int) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = String(columns)
        environment["NO_COLOR"] = "1"
        environment["REUSELAB_PROGRESS_DIR"] = folder.path("progress")
        return environment
    }

    func trace(_ name: String) -> String { "traces/\(name).trace.json" }

    /// Runs each command from the package folder with COLUMNS set, and fails on any
    /// line of standard output wider than `columns` (measured as a terminal does).
    func assertFits(_ runs: [[String]], columns: Int, stdin: String? = nil, statuses: Set<Int32> = [0],
                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let input = try stdin.map { try folder.write("stdin-\(UUID().uuidString)", $0) }
        let executable = try Executable.require(), environment = environment(columns: columns)
        // Two at a time (each command is its own process), checked in order afterwards.
        let outcomes = ParallelMap.map(runs.count, jobs: 2) { index in
            Result { try ReuselabExecutable.run(executable, runs[index], stdinPath: input, environment: environment,
                                                directory: Golden.packageRoot, timeout: 120) }
        }
        for (arguments, result) in zip(runs, outcomes) {
            let outcome = try result.get()
            #expect(statuses.contains(outcome.status), "\(arguments): status \(outcome.status): \(outcome.err)", sourceLocation: sourceLocation)
            for text in outcome.out.split(separator: "\n") where TextWrap.columns(text) > columns {
                Issue.record("reuselab \(arguments.joined(separator: " ")) at COLUMNS=\(columns) prints \(TextWrap.columns(text)) columns: \(text)", sourceLocation: sourceLocation)
            }
        }
    }

    func assertRecordAndValidateFit(_ traces: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try assertFits([
            ["record", "traces/first-screen.scenario.json", "-o", folder.path("first.trace.json")],
            ["record", "traces/seed004-slow-scroll.scenario.json", "--check", "-o", trace("seed004-slow-scroll")],
        ], columns: 80, sourceLocation: sourceLocation)
        try assertFits([["validate"] + traces.map(trace), ["validate", folder.path("first.trace.json")]], columns: 80, sourceLocation: sourceLocation)
    }

    func assertReplayFits(_ traces: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        var runs: [[String]] = []
        for name in traces {
            runs += [["replay", trace(name)], ["replay", trace(name), "--summary"], ["replay", trace(name), "--picture"]]
        }
        runs += [
            ["replay", trace("prefetch-on"), "--frames", "--from", "1040", "--to", "1080", "--picture"],
            ["replay", trace("images-async-no-reset"), "--only", "stale,reuse"],
            ["replay", trace("images-eager-preload"), "--frames", "--to", "400"],
        ]
        try assertFits(runs, columns: 80, sourceLocation: sourceLocation)
        // The stepper read as lines: steps, a picture, the help and notes.
        try assertFits([["replay", trace("images-async-no-reset"), "--step", "--picture"]], columns: 80,
                       stdin: "n\ng 243\ns\np\nh\nk nosuchkind\ng 99999\nb\nq\n", sourceLocation: sourceLocation)
    }

    func assertDiffsFit(_ pairs: [(String, String, [String])], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try assertFits(pairs.map { ["diff", trace($0.0), trace($0.1)] + $0.2 }, columns: 80, statuses: [0, 1], sourceLocation: sourceLocation)
    }

    func assertSixtyColumnsFit(_ traces: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        var runs: [[String]] = []
        for name in traces {
            runs += [["replay", trace(name), "--picture"], ["replay", trace(name), "--summary"], ["stats", trace(name)]]
        }
        runs += [["stats", try handTrace()], ["replay", try longTitleTrace()], ["stats", try longTitleTrace()],
                 ["replay", trace("prefetch-on"), "--frames", "--from", "1040", "--to", "1080", "--picture"]]
        try assertFits(runs, columns: 60, sourceLocation: sourceLocation)
        try assertFits([["replay", trace("images-async-no-reset"), "--step"]], columns: 60, stdin: "g 259\np\nh\nk nosuchkind\nq\n",
                       sourceLocation: sourceLocation)
    }

    /// A hand-written trace with lifecycle events only: `stats` lists what it cannot compute.
    func handTrace() throws -> String {
        try folder.write("hand.trace.json", Fixtures.lifecycleOnly)
    }

    /// The same with a title far longer than a line.
    func longTitleTrace() throws -> String {
        let title = String(repeating: "A title that goes on and on about the table view ", count: 4)
        return try folder.write("long-title.trace.json", Fixtures.lifecycleOnly.replacingOccurrences(of: "\"hand-written\"", with: "\"\(title)\""))
    }

    func assertStatsFit(_ traces: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try assertFits(traces.map { ["stats", trace($0)] } + [["stats", try handTrace()], ["stats", try longTitleTrace()]], columns: 80,
                       sourceLocation: sourceLocation)
    }

    func assertPreviewsFit(_ lessons: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(!lessons.isEmpty)
        let runs = lessons.map { ["lesson", $0, "--preview"] }
        try assertFits(runs, columns: 80, sourceLocation: sourceLocation)
        try assertFits(runs, columns: 60, sourceLocation: sourceLocation)
    }
}

/// Text on standard output fits the terminal: every command wraps its lines to
/// COLUMNS, a long title or summary under its own column instead of running off
/// the edge. Error lines on standard error stay one line each and are not measured.
@Suite
final class WidthTests: WidthChecking {
    @Test func testHelpAndListingsFitEightyColumns() throws {
        var runs: [[String]] = [["--help"], ["list"], ["strategies"], ["lesson"]]
        for command in ["record", "validate", "stats", "replay", "diff", "lesson", "list", "strategies"] {
            runs.append([command, "--help"])
        }
        try assertFits(runs, columns: 80)
    }

    /// `validate` of the sample traces; of every bundled trace in `WidthSecondTierTests`.
    @Test func testRecordAndValidateFitEightyColumns() throws {
        try assertRecordAndValidateFit(BundledFiles.sampleTraces)
    }

    /// One of `traces` (long titles, frames, images, hitches, STALE and LATE steps)
    /// in every view, and the options that cut a listing; all seven in `WidthSecondTierTests`.
    @Test func testReplayFitsEightyColumns() throws {
        try assertReplayFits(["late-response-async-reset"])
    }

    /// Two of `traces`, and hand-written ones; all seven in `WidthSecondTierTests`.
    @Test func testStatsFitsEightyColumns() throws {
        try assertStatsFit(["late-response-async-reset", "images-sync-download"])
    }

    /// Two diffs; four in `WidthSecondTierTests`.
    @Test func testDiffFitsEightyColumns() throws {
        try assertDiffsFit([("images-async-no-reset", "images-async-reset", []), ("seed004-slow-scroll", "fast-fling", [])])
    }

    /// One trace at 60 columns; four in `WidthSecondTierTests`.
    @Test func testReplayAndStatsFitSixtyColumns() throws {
        try assertSixtyColumnsFit(["late-response-async-reset"])
    }

    /// A collection view's trace: its grid picture, its summary, stats and diff, at 80 and 60 columns.
    @Test func testACollectionViewsTraceFits() throws {
        let grid = "Tests/ReplayTests/Fixtures/grid-hand.trace.json"
        let runs = [["replay", grid, "--picture"], ["replay", grid, "--summary"], ["stats", grid], ["validate", grid],
                    ["diff", grid, trace("first-screen")]]
        // Help texts are laid out for 80 columns (their tables are kept as written).
        try assertFits(runs + [["replay", "--help"], ["diff", "--help"], ["validate", "--help"], ["stats", "--help"]], columns: 80, statuses: [0, 1])
        try assertFits(runs, columns: 60, statuses: [0, 1])
        try assertFits([["replay", grid, "--step"]], columns: 60, stdin: "g 45\np\nk cellForItemAt\nq\n")
    }

    /// The sample lessons as an instructor previews them (all of their text:
    /// pauses, pictures, answers, reasons, takeaway and fix), at 80 and 60
    /// columns; every bundled lesson in `WidthSecondTierTests`.
    @Test func testSampleLessonPreviewsFit() throws {
        try assertPreviewsFit(BundledFiles.sampleLessons)
    }

    /// A learner's run with every prompt command, graded answers, and the checker.
    @Test func testLessonRunsAndCheckFitEightyColumns() throws {
        try assertFits([["lesson", "10"], ["lesson", "2"]], columns: 80,
                       stdin: "help\nhint\np\nmore\nback\nbanana\nhnit\nshow\nshow\nback\nquit\n")
        let answers = try folder.write("answers.txt", "yes\nno\nimage 3\nplaceholder\n#1\n")
        try assertFits([["lesson", "10", "--answers", answers], ["lesson", "11", "--answers", answers],
                        ["lesson", "check"] + BundledFiles.sampleLessons.map { "lessons/\($0).json" }], columns: 80)
    }
}

/// `WidthTests` over everything: `validate` of every bundled trace, every view of
/// seven traces at 80 columns and four at 60, four diffs, and every lesson's preview.
@Suite(SecondTier.enabled("the width checks over every bundled trace and lesson"))
final class WidthSecondTierTests: WidthChecking {
    @Test func testEveryBundledTraceValidatesWithinEightyColumns() throws {
        try assertRecordAndValidateFit(try BundledFiles.allTraces())
    }

    @Test func testReplayFitsEightyColumns() throws {
        try assertReplayFits(Self.traces)
    }

    @Test func testDiffFitsEightyColumns() throws {
        try assertDiffsFit([("images-async-no-reset", "images-async-reset", []),
                            ("images-async-no-reset", "images-sync-download", ["--all"]),
                            ("prefetch-off", "prefetch-on", []), ("seed004-slow-scroll", "fast-fling", [])])
    }

    @Test func testReplayAndStatsFitSixtyColumns() throws {
        try assertSixtyColumnsFit(["images-async-no-reset", "late-response-async-reset", "prefetch-off", "images-sync-download"])
    }

    @Test func testEveryLessonPreviewFits() throws {
        try assertPreviewsFit(try BundledFiles.allLessons())
    }

    @Test func testStatsFitsEightyColumns() throws {
        try assertStatsFit(Self.traces)
    }
}
