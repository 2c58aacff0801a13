import Testing
import Replay
import TraceModel
@testable import Comparison

/// A strategy whose first complete screen comes clearly last is never best on
/// what a late first screen buys (image waits, stale images, hitches): the mark
/// goes to the best of the others, and the text says what it traded.
@Suite
final class TradeOffTests {
    /// One recording's entries: a first screen at `screen` ms, an image wait of
    /// `wait` ms, `downloads` downloads.
    func entries(screen: Double, wait: Double, downloads: Int) -> [MetricEntry] {
        [MetricEntry(key: "timeToFirstCompleteScreenMs", label: "first complete screen at",
                     value: .value(.time(VirtualTime(microseconds: Int64(screen * 1000)))), kind: .cost, group: .userVisible),
         MetricEntry(key: "imageWaitAverageMs", label: "image wait (average)",
                     value: .value(.time(VirtualTime(microseconds: Int64(wait * 1000)))), kind: .cost, group: .userVisible),
         MetricEntry(key: "downloads", label: "downloads", value: .value(.count(downloads)), kind: .cost, group: .work)]
    }

    /// Three columns over 20 seeds: an eager preloader (screen at 4.6 s, no
    /// wait, 100 downloads), a quick loader (screen at 70 ms, 23 ms waits) and a
    /// slower one (screen at 180 ms, 40 ms waits), against the quick one.
    func block(baseline: Int = 1) -> ComparisonBlock {
        let seeds = 0..<20
        func noise(_ seed: Int) -> Double { Double((seed * 7) % 20) }
        let eager = seeds.map { entries(screen: 4600 + noise($0), wait: 0, downloads: 100) }
        let quick = seeds.map { entries(screen: 70 + noise($0), wait: 23 + noise($0) / 10, downloads: 77) }
        let slower = seeds.map { entries(screen: 180 + noise($0), wait: 40 + noise($0) / 10, downloads: 50) }
        return ComparisonBlock(network: .wifi, networkDescription: nil,
                               columns: ["eager-preload", "async-reset", "task-identity-cancel"].map { ComparisonColumn(name: $0) },
                               skipped: [], runs: [eager, quick, slower], baseline: baseline)
    }

    @Test func testTheLastToTheFirstScreenIsNotBestOnImageWait() throws {
        let block = block()
        #expect(block.lastToFirstScreen == 0)
        let wait = try #require(block.rows.first { $0.key == "imageWaitAverageMs" })
        #expect(wait.tradeOff == 0, "eager-preload is lowest, but traded")
        #expect(wait.best == 1, "the mark goes to the best of the others")
        // Its lower wait against the baseline reads ‡, not ✓.
        #expect(wait.differences[0]?.verdict(kind: .cost) == .better)
        #expect(wait.isBought(by: 0, in: block))
        #expect(CellText.difference(wait.differences[0], kind: .cost, scale: wait.scale, isTradeOff: true, interval: false) == "-24 ‡")
        #expect(ComparisonJSON.verdict(wait, column: 0, block: block) == "trade-off")
        // A metric a late screen does not buy is judged as any other.
        let downloads = try #require(block.rows.first { $0.key == "downloads" })
        #expect(downloads.best == 2)
        #expect(downloads.tradeOff == nil)
        #expect(!downloads.isBought(by: 0, in: block))
        let screen = try #require(block.rows.first { $0.key == "timeToFirstCompleteScreenMs" })
        #expect(screen.best == 1)
    }

    @Test func testTheSentenceSaysWhatWasTraded() throws {
        let sentence = try #require(TradeOff.sentence(block()))
        #expect(sentence == "‡ eager-preload's first complete screen comes last (4610 ms; the others 79.5–190 ms, medians): it makes rows wait before the list shows instead of while it scrolls, so its image waits, stale images and hitches count neither for it nor against the others (‡, not *, ✓ or ✗). Lowest, yet not marked best: image wait (average).")
        let text = ComparisonText.text(Comparison(source: .traces, blocks: [block()]), width: 80)
        #expect(text.contains("  image wait (average, ms)         0 [0, 0] ‡         24 [23.5, 24.4] *\n"), Comment(rawValue: text))
        #expect(text.contains("  image wait (average, ms)         -24 ‡          +17 ✗\n"), Comment(rawValue: text))
        #expect(text.flattened.contains(sentence))
    }

    /// Against the preloader as the baseline, the others' longer image waits are
    /// the same trade seen from the other side: ‡, not ✗.
    @Test func testAgainstTheLastAsBaselineTheOthersWaitsAreNotJudged() throws {
        let block = block(baseline: 0)
        let wait = try #require(block.rows.first { $0.key == "imageWaitAverageMs" })
        #expect(wait.differences[1]?.verdict(kind: .cost) == .worse)
        #expect(wait.isBought(by: 1, in: block) && wait.isBought(by: 2, in: block))
        #expect(!wait.isBought(by: 0, in: block), "the baseline has no difference from itself")
        #expect(CellText.difference(wait.differences[1], kind: .cost, scale: wait.scale, isTradeOff: true, interval: false) == "+24 ‡")
        #expect(ComparisonJSON.verdict(wait, column: 2, block: block) == "trade-off")
        // The first screen itself is judged: the others are clearly quicker.
        let screen = try #require(block.rows.first { $0.key == "timeToFirstCompleteScreenMs" })
        #expect(ComparisonJSON.verdict(screen, column: 1, block: block) == "better")
        #expect(TradeOff.sentence(block) != nil)
    }

    @Test func testNoTradeWhenTheFirstScreenIsNotClearlyLast() {
        // The preloader's first screen is as quick as the others': its zero wait is a win.
        let seeds = 0..<20
        func noise(_ seed: Int) -> Double { Double((seed * 7) % 20) }
        let block = ComparisonBlock(network: nil, networkDescription: nil,
                                    columns: [ComparisonColumn(name: "a"), ComparisonColumn(name: "b")], skipped: [],
                                    runs: [seeds.map { entries(screen: 70 + noise($0), wait: 0, downloads: 1) },
                                           seeds.map { entries(screen: 72 + noise($0), wait: 20 + noise($0), downloads: 1) }])
        #expect(block.lastToFirstScreen == nil)
        #expect(block.rows.first { $0.key == "imageWaitAverageMs" }?.best == 0)
        #expect(TradeOff.sentence(block) == nil)
    }
}
