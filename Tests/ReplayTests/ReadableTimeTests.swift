import Foundation
import XCTest

/// `stats` and `replay --summary` show a quantity of a trace with the same text —
/// one formatter, one decimal — in the metrics and in the summary's sentences.
final class ReadableTimeTests: XCTestCase {
    static let traces = ["images-sync-download", "late-response-async-reset"]

    /// "label → value" of each metric line ("  stale image time   3050 ms").
    func metrics(_ text: Substring) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("  ") && !line.hasPrefix("   ") {
            guard let gap = line.dropFirst(2).range(of: "  ") else { continue }
            let label = String(line[line.index(line.startIndex, offsetBy: 2)..<gap.lowerBound])
            values[label] = line[gap.upperBound...].trimmingCharacters(in: .whitespaces)
        }
        return values
    }

    /// The text between `before` and `after` in the flattened `text`, or nil.
    func phrase(_ text: String, between before: String, and after: String) -> String? {
        guard let start = text.range(of: before), let end = text[start.upperBound...].range(of: after) else { return nil }
        return String(text[start.upperBound..<end.lowerBound])
    }

    func testStatsAndSummaryShowTheSameTimes() throws {
        var compared = 0
        for name in Self.traces {
            let stats = replayCommand(["stats", bundledTrace(name)])
            let summary = replayCommand(["replay", bundledTrace(name), "--summary"])
            XCTAssertEqual(stats.status, 0, stats.err)
            XCTAssertEqual(summary.status, 0, summary.err)
            let statsValues = metrics(Substring(stats.out))
            guard let metricsStart = summary.out.range(of: "\nMetrics\n") else { return XCTFail("\(name): no Metrics section") }
            XCTAssertEqual(metrics(summary.out[metricsStart.upperBound...]), statsValues, "\(name): the summary's metrics are stats' metrics")

            // The sentences quote the same quantities with the same text.
            let story = summary.out.flattened
            let quoted: [(label: String, before: String, after: String)] = [
                ("hitch time", "hitches freeze the screen for ", " in all"),
                ("main thread blocked", "The main thread is busy for ", " in all"),
                ("first complete screen at", "(every visible row showing its own image) is drawn at ", ", step"),
                ("stale image time", "a stale image is on screen for ", " ("),
            ]
            for quote in quoted {
                guard let said = phrase(story, between: quote.before, and: quote.after) else { continue }
                XCTAssertEqual(said, statsValues[quote.label], "\(name): \(quote.label)")
                compared += 1
            }
            for output in [stats.out, summary.out] {
                XCTAssertNil(output.range(of: #"\d\.\d\d+ (ms|pt)"#, options: .regularExpression),
                             "\(name): a time or offset with more than one decimal")
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 6, "the bundled traces quote hitches, blocking, first screens and stale time")
    }

    /// 3049.995 ms of stale image reads 3050 ms in text and keeps its precision in JSON.
    func testTextRoundsAndJSONKeepsPrecision() throws {
        let text = replayCommand(["stats", bundledTrace("images-async-no-reset")]).out
        XCTAssertTrue(text.contains("  stale image time               3050 ms\n"), text)
        let json = replayCommand(["stats", bundledTrace("images-async-no-reset"), "--json"]).out
        XCTAssertTrue(json.contains(#""staleMs":3049.995"#), json)
    }
}
