import Foundation
import Testing
import ReuseLabTestSupport

/// The seeded mutation fuzzer: mutates bundled scenarios, traces, lessons and
/// answer files (see `Mutator`), runs the built `reuselab` on each in its own folder
/// (see `FuzzWorkspace`) and checks every run against `FuzzOracle`'s rules.
///
/// The campaign is second tier (`FuzzCampaignSecondTierTests`): 200 cases by
/// default, 2 at a time, about 30 s on an idle 2-core machine with the debug build.
/// The first tier runs its first 5 cases as a smoke test. For a long hunt:
///
///     REUSELAB_SECOND_TIER=1 REUSELAB_FUZZ_CASES=5000 swift test --filter FuzzCampaignSecondTierTests
///
/// and `REUSELAB_FUZZ_SEED` starts elsewhere (see `FuzzSettings`). A seed makes the
/// same input as long as the bundled files it starts from stay the same. Each distinct
/// failure is reported once, with the seed and the saved smallest input; copy that
/// into `Regressions/` to keep it.
@Suite
final class FuzzTests {
    /// The campaign's first 5 cases: the same inputs every run.
    @Test func testASmokeRunNeverCrashesHangsOrPrintsRawControls() throws {
        try Self.runCampaign(cases: min(5, FuzzSettings.fromEnvironment().cases), name: "FuzzTests smoke run")
    }

    /// Runs `cases` cases from the settings' seed and fails once per distinct failure.
    static func runCampaign(cases: Int, name: String) throws {
        let settings = FuzzSettings.fromEnvironment()
        let executable = try settings.executable ?? ReuselabExecutable.require()
        let corpus = try FuzzCorpus.loadOnce()
        let campaign = FuzzCampaign(executable: executable, timeout: settings.timeout, jobs: settings.jobs)
        let start = Date()
        let seed = settings.seed
        campaign.run(count: cases) { index in
            Mutator.input(seed: SeededGenerator.caseSeed(start: seed, index: index), corpus: corpus)
        }
        let failures = campaign.failures
        let messages = FuzzFailureReport.messages(for: failures)
        let failingCases = Set(failures.compactMap(\.input.seed)).count
        print("""
            \(name): \(cases) cases from seed \(settings.seed) (\(settings.jobs) at a time; \(campaign.tally.kindSummary)), \
            \(campaign.tally.commandsRun) commands, exit statuses \(campaign.tally.statusSummary); \
            \(messages.count) distinct failure(s) in \(failingCases) case(s); \(String(format: "%.1f", Date().timeIntervalSince(start))) s
            """)
        if ProcessInfo.processInfo.environment["REUSELAB_FUZZ_VERBOSE"] == "1" { print(campaign.tally.timingSummary) }
        for message in messages { Issue.record(Comment(rawValue: message)) }
    }

    /// The generator and the mutator are deterministic: a seed always makes the same input.
    @Test func testTheSameSeedMakesTheSameInput() throws {
        let corpus = try FuzzCorpus.loadOnce()
        for seed in [UInt64(0), 1, 20_251_122, .max] {
            let first = Mutator.input(seed: seed, corpus: corpus), second = Mutator.input(seed: seed, corpus: corpus)
            #expect(first.bytes == second.bytes, "seed \(seed)")
            #expect(first.notes == second.notes, "seed \(seed)")
        }
    }

    /// The JSON reader and writer give back the bundled files' documents unchanged.
    @Test func testJSONTreeRoundTripsTheCorpus() throws {
        for seed in try FuzzCorpus.loadOnce() where seed.kind != .answers && seed.kind != .log {
            let tree = try #require(seed.tree, "\(seed.name) does not parse")
            #expect(JSONTree.parse(Array(tree.text.utf8)) == tree, Comment(rawValue: seed.name))
        }
    }

    /// The oracle's byte rules, on known good and bad output.
    @Test func testTheOracleFlagsControlBidiAndInvalidBytes() {
        #expect(FuzzOracle.forbidden(in: Array("plain text\twith a tab, é, — and 🇫🇷\n".utf8)) == nil)
        for bad in ["\u{1B}[2J", "\u{07}", "\r", "\u{00}", "\u{7F}", "\u{9B}", "\u{85}", "\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}", "\u{2028}"] {
            #expect(FuzzOracle.forbidden(in: Array(("ok " + bad + " ok").utf8)) != nil, Comment(rawValue: FuzzText.visible(bad)))
        }
        for bad: [UInt8] in [[0x9B], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xE2, 0x82]] {
            #expect(FuzzOracle.forbidden(in: [0x41] + bad) != nil, Comment(rawValue: FuzzText.hex(bad)))
        }
    }
}

/// The fuzz campaign: `REUSELAB_FUZZ_CASES` cases (200 by default) from
/// `REUSELAB_FUZZ_SEED`, every one run through the binary and checked by `FuzzOracle`.
@Suite(SecondTier.enabled("the fuzz campaign"))
final class FuzzCampaignSecondTierTests {

    @Test func testMutatedInputsNeverCrashHangOrPrintRawControls() throws {
        try FuzzTests.runCampaign(cases: FuzzSettings.fromEnvironment().cases, name: "FuzzCampaignSecondTierTests")
    }
}
