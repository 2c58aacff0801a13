import ReuseLabTestSupport
import Testing
import Foundation
import TraceModel
import ToolSupport
import TraceCoding
@testable import Comparison

/// `reuselab compare` as a user runs it: the shapes of --csv and --markdown,
/// text that fits the terminal, and every bad input refused with its status and
/// a line that names the place and what was expected.
@Suite
final class CompareCommandTests: ScratchTestCase {
    static let twoTraces = [trace("images-async-no-reset"), trace("images-async-reset")]
    static let scenarioFile = scenario("images-plain")

    @Test func testCSVHasASummaryLinePerMetricAndColumnAndALinePerSeed() throws {
        let run = reuselab(["compare", Self.scenarioFile, "--strategies", "async-reset,task-identity-cancel,plain",
                            "--seeds", "1-3", "--network", "scenario,3g", "--csv"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.first == "row,network,column,seed,group,metric,label,kind,unit,value,median,low,high,min,max,measured,runs,baseline,difference,differenceLow,differenceHigh,verdict,mark")
        for line in lines { #expect(line.split(separator: ",", omittingEmptySubsequences: false).count == 23, Comment(rawValue: String(line))) }
        // 2 networks × 32 metrics × 3 strategies, then as many again for each of the 3 seeds.
        #expect(lines.filter { $0.hasPrefix("summary,") }.count == (2 * 32 * 3))
        #expect(lines.filter { $0.hasPrefix("seed,") }.count == (2 * 32 * 3 * 3))
        #expect(lines.contains { $0.hasPrefix("summary,3g,task-identity-cancel,,work,downloads,downloads,cost,count,,") })
        // The baseline is the first strategy named that shows images; plain, text
        // only, equals it on reuses in every seed. Three seeds give no interval.
        #expect(run.out.contains("summary,scenario,plain,,how it works,reuses,reuses (prepareForReuse),descriptive,count,,54,,,54,54,3,3,async-reset,0,,,,\n"), Comment(rawValue: run.out))
        #expect(run.out.contains("summary,scenario,async-reset,,how it works,reuses,reuses (prepareForReuse),descriptive,count,,54,,,54,54,3,3,,,,,,\n"), Comment(rawValue: run.out))
        // Plain shows no images: no wait to average, so empty figures and 0 measured.
        #expect(run.out.contains("summary,scenario,plain,,user-visible cost,imageWaitAverageMs,image wait (average),cost,ms,,,,,,,0,3,async-reset,,,,,\n"), Comment(rawValue: run.out))
        // One line per seed, in the seeds' order, with that recording's value.
        let seeds = lines.filter { $0.hasPrefix("seed,3g,task-identity-cancel,") && $0.contains(",work,downloads,") }
        #expect(seeds.map { $0.split(separator: ",", omittingEmptySubsequences: false)[3] } == ["1", "2", "3"])
        #expect(seeds.allSatisfy { $0.hasSuffix(",,,,,,,,,,,,,") && !$0.contains(",count,,") })
        // Three seeds mark nothing.
        #expect(!lines.contains { $0.hasSuffix(",best") || $0.hasSuffix(",better,") || $0.hasSuffix(",worse,") })
    }

    /// Over twenty seeds the JSON holds every recording, and its marks keep the
    /// rule: a best's interval lies below every other's on that row.
    @Test func testJSONHoldsEveryRecordingAndTheMarksKeepTheRule() throws {
        let run = reuselab(["compare", Self.scenarioFile, "--strategies", "eager-preload,async-reset,task-identity-cancel",
                            "--seeds", "1-20", "--network", "wifi", "--json"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect((object["baseline"] as? String) == "eager-preload")
        #expect(((object["jitter"] as? [String: Any])?["fraction"] as? Double) == 0.15)
        let block = try #require((object["blocks"] as? [[String: Any]])?.first)
        let recordings = try #require(block["recordings"] as? [[String: Any]])
        #expect(recordings.count == 60)
        #expect(recordings.prefix(20).compactMap { $0["seed"] as? Int } == Array(1...20))
        let rows = try #require(block["rows"] as? [[String: Any]])
        var marked = 0
        for row in rows {
            let cells = try #require(row["cells"] as? [[String: Any]])
            guard let best = row["best"] as? String else { continue }
            marked += 1
            let winner = try #require(cells.first { $0["column"] as? String == best })
            // The column that traded takes no part in the row's mark.
            for other in cells where other["column"] as? String != best && other["column"] as? String != row["tradeOff"] as? String {
                let high = try #require(winner["high"] as? Double), low = try #require(other["low"] as? Double)
                let kind = row["kind"] as? String
                if kind == "cost" { #expect(high < low, "\(row["metric"] ?? "")") }
            }
        }
        #expect(marked > 0)
        // eager-preload waits for no image once the list shows, but its first
        // screen comes last: the image wait is the trade, not a win.
        let wait = try #require(rows.first { $0["metric"] as? String == "imageWaitAverageMs" })
        #expect((wait["tradeOff"] as? String) == "eager-preload")
        #expect((wait["best"] as? String) != "eager-preload")
    }

    /// A trace shared under a name a spreadsheet would run as a formula is a
    /// name in the CSV, not a formula (OWASP's CSV injection advice).
    @Test func testANameThatLooksLikeAFormulaIsWrittenAsText() throws {
        let hostile = folder.url.appendingPathComponent("=cmd|' \\C calc'!A0.trace.json").path
        let other = folder.url.appendingPathComponent("@sum(1+1).trace.json").path
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent(trace("device-seed004")).path, toPath: hostile)
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent(trace("device-seed004")).path, toPath: other)
        let run = reuselab(["compare", hostile, other, "--csv"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        for line in run.out.split(separator: "\n").dropFirst() {
            for field in line.split(separator: ",", omittingEmptySubsequences: false) {
                let text = field.hasPrefix("\"") ? field.dropFirst() : field
                #expect(!"=+@".contains(text.first ?? " "), Comment(rawValue: String(line)))
            }
        }
        #expect(run.out.contains("'=cmd|"), Comment(rawValue: String(run.out.prefix(600))))
        #expect(ComparisonCSV.inert("-1") == "'-1" && ComparisonCSV.inert("\tx") == "'\tx" && ComparisonCSV.inert("plain") == "plain")
        #expect(ComparisonCSV.inert("+x") == "'+x" && ComparisonCSV.inert("@x") == "'@x" && ComparisonCSV.inert("\rx") == "'\rx")
    }

    /// Every field of every line, summary and seed alike, either starts with none
    /// of `=`, `+`, `-`, `@`, tab or CR, or is a number this program wrote: a
    /// negative difference stays a number a spreadsheet adds up.
    @Test func testEveryCSVFieldIsTextOrANumber() throws {
        let hostile = folder.url.appendingPathComponent("-2+3.trace.json").path
        let other = folder.url.appendingPathComponent("+cmd.trace.json").path
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent(trace("images-async-no-reset")).path, toPath: hostile)
        try FileManager.default.copyItem(atPath: packageRoot.appendingPathComponent(trace("images-task-identity-cancel")).path, toPath: other)
        // Traces that name a strategy are headed by it: copies of one trace are headed by file.
        let copy = folder.url.appendingPathComponent("@sum.trace.json").path
        try FileManager.default.copyItem(atPath: hostile, toPath: copy)
        let run = reuselab(["compare", hostile, other, copy, "--csv"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let number = /-?[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?/
        var negative = 0
        for line in run.out.split(separator: "\n").dropFirst() {
            for field in line.split(separator: ",", omittingEmptySubsequences: false) {
                let text = field.hasPrefix("\"") ? field.dropFirst() : field
                guard let first = text.first, "=+-@\t\r".contains(first) else { continue }
                #expect(text.wholeMatch(of: number) != nil, "\(field) in \(line)")
                negative += 1
            }
        }
        #expect(negative > 0, "some differences are negative numbers, written as numbers")
        #expect(run.out.contains(",'-2+3,"), Comment(rawValue: String(run.out.prefix(800))))
        #expect(run.out.contains(",'@sum,"), Comment(rawValue: String(run.out.prefix(800))))
    }

    @Test func testMarkdownIsOneTablePerNetworkWithEveryColumn() throws {
        let run = reuselab(["compare", Self.scenarioFile, "--strategies", "all", "--seeds", "1-2", "--network", "wifi,lossy", "--markdown"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        #expect(run.out.hasPrefix("**The picture scroll with text-only cells: the list's own behaviour** — `traces/images-plain.scenario.json`, modern profile, 2 seeds (1–2); each cell: the median (min–max) over the seeds."), Comment(rawValue: run.out))
        #expect((run.out.components(separatedBy: "\n### Network ").count - 1) == 2)
        #expect(run.out.contains("### Network lossy: latency 80–250 ms; 8 Mbit/s; 10% of requests fail\n"))
        let tableLines = run.out.split(separator: "\n").filter { $0.hasPrefix("|") }
        // Per network: a header, a rule, 4 group lines and 32 metrics; then against
        // the baseline (sync-download, the first that shows images) a header, a
        // rule and the 16 metrics that judge, for the other eleven.
        #expect(tableLines.count == (2 * (2 + 4 + 32) + 2 * (2 + 16)))
        for line in tableLines {
            #expect([14, 13].contains(line.filter { $0 == "|" }.count), Comment(rawValue: String(line)))
        }
        #expect(run.out.contains("Against **sync-download**, seed by seed: the median per-seed difference."), Comment(rawValue: run.out))
        #expect(tableLines.contains("| metric | plain | sync-download | eager-preload | memo-main-async | async-no-reset | async-reset | task-identity-cancel | prefetch-reload | batch-paging | cache-coalesce | cache-coalesce-prepare | diffable |"))
        #expect(tableLines.contains("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"))
        #expect(tableLines.contains { $0.hasPrefix("| **user-visible cost** |") })
        #expect(run.out.contains("2 seeds give no 95% interval for a median, so no strategy is marked best on any row"), Comment(rawValue: run.out))
    }

    /// With many strategies the text splits them into tables that each fit, and no
    /// figure is cut: every strategy's heading appears once per block. At 60
    /// columns here; at 80 and 132 in `CompareCommandSecondTierTests`.
    @Test func testManyStrategiesSplitIntoTablesThatFit() throws {
        try Self.checkTablesFit(widths: [60])
    }

    static func checkTablesFit(widths: [Int]) throws {
        for width in widths {
            let run = reuselab(["compare", Self.scenarioFile, "--strategies", "all", "--seeds", "1-2", "--network", "scenario,long-tail"], width: width)
            #expect(run.status == 0, Comment(rawValue: run.err))
            for line in run.out.split(separator: "\n") {
                #expect(TextWrap.columns(line) <= width, "at \(width): \(line)")
            }
            for name in StrategyRunsTestNames.all {
                // A heading line: the label column empty, then the names; each
                // strategy twice per network, but the baseline (sync-download) once.
                let headings = run.out.split(separator: "\n").filter { $0.hasPrefix("      ") && $0.split(separator: " ").contains(Substring(name)) }
                #expect(headings.count == (name == "sync-download" ? 2 : 4), "\(name) at \(width)")
            }
            // Every table has the same rows: 32 metrics under 4 groups.
            let tables = run.out.components(separatedBy: "\nuser-visible cost\n").count - 1
            #expect(tables >= (width >= 132 ? 4 : 6), "at \(width)")
        }
        let wide = reuselab(["compare"] + Self.twoTraces, width: 200)
        // One table, and one against the first trace.
        #expect((wide.out.components(separatedBy: "\nuser-visible cost\n").count - 1) == 2)
    }

    @Test func testHelpFitsEightyColumnsAndSaysOneRecordingProvesLittle() {
        let run = reuselab(["compare", "--help"])
        #expect(run.status == 0)
        for line in run.out.split(separator: "\n") { #expect(TextWrap.columns(line) <= 80, Comment(rawValue: String(line))) }
        #expect(run.out.flattened.contains("one recording proves little"))
        for name in ["scenario", "wifi", "lte", "3g", "long-tail", "lossy"] {
            #expect(run.out.contains("\n    \(name) "), Comment(rawValue: name))
        }
        #expect(reuselab(["--help"]).out.contains("  compare "))
    }

    @Test func testTheScenarioNoteAndOneSeedMarkLine() {
        let run = reuselab(["compare", scenario("prefetch-off"), "--strategies", "prefetch-reload,async-reset"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        #expect(run.out.flattened.contains("prefetch-reload runs without one"), Comment(rawValue: run.out))
        #expect(run.out.flattened.contains("One recording per strategy proves little, and nothing is marked best: --seeds 1-20"), Comment(rawValue: run.out))
        #expect(run.out.flattened.contains("One recording per strategy has no spread, so no strategy is marked best on any row, however the figures differ: --seeds 1-20 shows the spread."), Comment(rawValue: run.out))
        #expect(run.out.flattened.contains("Main-thread work costs exactly what the scenario says, as record makes it"), Comment(rawValue: run.out))
        #expect(!run.out.contains(" *\n"), Comment(rawValue: run.out))
        #expect(run.out.flattened.contains("classic profile, seed 7, in memory."), Comment(rawValue: run.out))
    }

    // MARK: Bad input

    @Test func testBadSeeds() {
        let base = ["compare", Self.scenarioFile, "--strategies", "all", "--seeds"]
        assertFailure(reuselab(base + ["5-1"]), status: 64, ["--seeds: 5-1 goes down; write the lower seed first (1-5)"])
        assertFailure(reuselab(base + ["x"]), status: 64, ["--seeds: x is not a seed or a range of seeds; give N, A-B or a comma list such as 1-5,9"])
        assertFailure(reuselab(base + ["1-1000000000"]), status: 64,
                      ["--seeds 1-1000000000 names 1000000000 seeds; at most 166 fit (12 strategies × 1 network, and at most 2000 recordings in one comparison)"])
        assertFailure(reuselab(base + ["1-2", "--network", "wifi,lte,3g"] + ["--seeds", "1-67"]), status: 64,
                      ["names 67 seeds; at most 55 fit (12 strategies × 3 networks"])
    }

    @Test func testUnknownStrategyAndNetworkSuggestTheNearestName() {
        assertFailure(reuselab(["compare", Self.scenarioFile, "--strategies", "async-rest"]), status: 64,
                      ["compare: --strategies: unknown item async-rest (did you mean async-reset?)"])
        assertFailure(reuselab(["compare", Self.scenarioFile, "--strategies", "plain", "--network", "long-tale"]), status: 64,
                      ["compare: --network: unknown item long-tale (did you mean long-tail?)"])
        assertFailure(reuselab(["compare", Self.scenarioFile, "--strategies", "all,plain"]), status: 64, ["--strategies all stands alone"])
        assertFailure(reuselab(["compare", Self.scenarioFile, "--strategies", "plain,plain"]), status: 64, ["--strategies names plain twice"])
        assertFailure(reuselab(["compare", Self.scenarioFile, "--strategies", "plain", "--profile", "modren"]), status: 64,
                      ["--profile takes one of modern, classic, got modren (did you mean modern?)"])
    }

    @Test func testTracesAndStrategiesDoNotMix() {
        assertFailure(reuselab(["compare"] + Self.twoTraces + ["--strategies", "all"]), status: 64,
                      ["--strategies records one scenario, but 2 files were given; to compare traces, leave out --strategies"])
        assertFailure(reuselab(["compare", Self.twoTraces[0], "--strategies", "all"]), status: 64,
                      ["traces/images-async-no-reset.trace.json: is a trace, not a scenario"])
        assertFailure(reuselab(["compare", Self.twoTraces[0], Self.scenarioFile]), status: 64,
                      ["traces/images-plain.scenario.json: is a scenario, not a trace"])
        assertFailure(reuselab(["compare"] + Self.twoTraces + ["--seeds", "1-3", "--network", "wifi"]), status: 64,
                      ["--seeds, --network apply to a scenario recorded with --strategies"])
        assertFailure(reuselab(["compare", Self.scenarioFile]), status: 64, ["is a scenario: say which strategies to record it under"])
        assertFailure(reuselab(["compare", Self.twoTraces[0]]), status: 64, ["give two or more traces, or one scenario with --strategies"])
        assertFailure(reuselab(["compare", "-", "-"]), status: 64, ["standard input can be read only once"])
    }

    @Test func testBaselineAndJitterOptions() throws {
        assertFailure(reuselab(["compare", Self.scenarioFile, "--strategies", "plain,async-reset", "--baseline", "async-rest"]), status: 64,
                      ["compare: --baseline async-rest is not one of the strategies compared (plain, async-reset); name one of them"])
        assertFailure(reuselab(["compare"] + Self.twoTraces + ["--baseline", "nope"]), status: 64,
                      ["compare: --baseline nope names none of the traces; give a column's name (async-no-reset, async-reset) or one of the paths"])
        assertFailure(reuselab(["compare", Self.scenarioFile, "--strategies", "plain", "--jitter", "1.5"]), status: 64, ["--jitter"])
        assertFailure(reuselab(["compare"] + Self.twoTraces + ["--jitter", "0.1"]), status: 64,
                      ["--jitter applies to a scenario recorded with --strategies"])
        // A baseline named: the differences are against it, by name or by path for traces.
        let traces = reuselab(["compare"] + Self.twoTraces + ["--baseline", Self.twoTraces[1]])
        #expect(traces.out.flattened.contains("Against async-reset: each trace's figure minus async-reset's"), Comment(rawValue: traces.out))
        let named = reuselab(["compare", Self.scenarioFile, "--strategies", "async-no-reset,async-reset", "--seeds", "1-6",
                              "--baseline", "async-reset", "--jitter", "0", "--network", "wifi"])
        #expect(named.status == 0, Comment(rawValue: named.err))
        #expect(named.out.flattened.contains("Against async-reset, seed by seed"), Comment(rawValue: named.out))
        #expect(named.out.flattened.contains("Main-thread work costs exactly what the scenario says (--jitter 0): only the network varies from seed to seed."), Comment(rawValue: named.out))
        // Without jitter on a quick network a main-thread figure is the same in every seed.
        #expect(named.out.row("main thread blocked (ms)") == "main thread blocked (ms)           69.3 [69.3, 69.3]  68.4 [68.4, 68.4] *", Comment(rawValue: named.out))
        let varied = reuselab(["compare", Self.scenarioFile, "--strategies", "async-no-reset,async-reset", "--seeds", "1-6",
                               "--jitter", "0.3", "--network", "wifi"])
        #expect(varied.out.flattened.contains("Main-thread work varies ±30% from piece to piece (--jitter)"), Comment(rawValue: varied.out))
        #expect(varied.out.row("main thread blocked (ms)") != named.out.row("main thread blocked (ms)"))
    }

    @Test func testExclusiveFormats() {
        assertFailure(reuselab(["compare"] + Self.twoTraces + ["--csv", "--markdown"]), status: 64,
                      ["--csv and --markdown cannot be combined; give one of --csv, --json, --markdown"])
        assertFailure(reuselab(["compare"] + Self.twoTraces + ["--svg", "-", "--json"]), status: 64, ["--svg - prints the chart"])
    }

    @Test func testBadFiles() throws {
        assertFailure(reuselab(["compare", Self.twoTraces[0], folder.path("missing.trace.json")]), status: 66, ["missing.trace.json: no such file"])
        // A broken trace: its error as validate gives it, naming the file and the event.
        var text = String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent(Self.twoTraces[1])), as: UTF8.self)
        text = text.replacingOccurrences(of: "{\"seq\":5,", with: "{\"seq\":6,")
        let broken = try folder.write("broken.trace.json", text)
        assertFailure(reuselab(["compare", Self.twoTraces[0], broken]), status: 65, ["broken.trace.json:"])
        let garbage = try folder.write("garbage.trace.json", "not json at all")
        assertFailure(reuselab(["compare", garbage, Self.twoTraces[0]]), status: 65, ["garbage.trace.json:1:1:"])
        // A bad scenario: the scenario reader's message, with its place.
        let badScenario = try folder.write("bad.scenario.json", "{\"title\": \"t\", \"table\": {\"rows\": 10, \"viewportHeight\": 100}, \"script\": [{\"wiat\": {\"ms\": 5}}]}")
        assertFailure(reuselab(["compare", badScenario, "--strategies", "plain"]), status: 65, ["bad.scenario.json:1:", "wiat"])
        // A profile the scenario cannot take.
        assertFailure(reuselab(["compare", scenario("reconfigure-vs-reload"), "--strategies", "all", "--profile", "classic"]), status: 64,
                      ["reconfigure-vs-reload.scenario.json: cannot be recorded with --profile classic: at script[", "\"reconfigureRows\" needs the modern profile"])
        assertFailure(reuselab(["compare"] + Self.twoTraces + ["--svg", folder.path("no/such/folder.svg")]), status: 73, ["does not exist"])
        assertFailure(reuselab(["compare"] + Self.twoTraces + ["--jobs", "0"]), status: 64, ["--jobs takes a whole number from 1 to 256, got 0"])
    }
}

/// A collection view's scenario is compared under the strategies that run on one.
@Suite
final class CollectionCompareTests {
    @Test func testAllMeansTheCollectionStrategiesAndProfileIsRefused() throws {
        let run = reuselab(["compare", "traces/grid-stale-images.scenario.json", "--strategies", "all", "--json"])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect((json["list"] as? String) == "collection")
        #expect((json["columns"] as? Int) == 2)
        #expect(json["profile"] is NSNull)
        let text = reuselab(["compare", "traces/grid-stale-images.scenario.json", "--strategies", "all"], width: 300)
        #expect(text.out.contains("recorded under 7 strategies with a collection view of 2 columns"), Comment(rawValue: text.out))
        #expect(text.out.contains("cache-coalesce-reconfigure"), Comment(rawValue: text.out))
        #expect(!text.out.contains("skipped"), Comment(rawValue: text.out))
        let profile = reuselab(["compare", "traces/grid-stale-images.scenario.json", "--strategies", "all", "--profile", "classic"])
        #expect(profile.status == 64)
        #expect(profile.err.contains("--profile does not apply to a collection view"), Comment(rawValue: profile.err))
    }
}

/// A strategy that shows no images is read as the floor it is.
@Suite
final class TextOnlyStrategyNoteTests {
    @Test func testTextOnlyStrategiesAreNamedAsAFloor() {
        let both = reuselab(["compare", "traces/images-plain.scenario.json", "--strategies", "plain,async-reset"], width: 300)
        #expect(both.out.contains("plain shows no images: its image costs are 0 because there is nothing to load"), Comment(rawValue: both.out))
        let alone = reuselab(["compare", "traces/images-plain.scenario.json", "--strategies", "async-reset,async-no-reset"], width: 300)
        #expect(!(alone.out.contains("shows no images")), Comment(rawValue: alone.out))
    }
}

/// `CompareCommandTests`' tables of every table strategy at the other widths.
@Suite(SecondTier.enabled("compare's tables of every table strategy at 80 and 132 columns"))
final class CompareCommandSecondTierTests {

    @Test func testManyStrategiesSplitIntoTablesThatFit() throws {
        try CompareCommandTests.checkTablesFit(widths: [80, 132])
    }
}
