import Foundation
import Testing

/// `stats` and `replay --summary` show a quantity of a trace with the same text —
/// one formatter, one decimal — in the metrics and in the summary's sentences.
@Suite
final class ReadableTimeTests {
    static let traces = ["images-sync-download", "late-response-async-reset", "images-memo-main-async"]

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

    @Test func testStatsAndSummaryShowTheSameTimes() throws {
        var compared = 0
        for name in Self.traces {
            let stats = replayCommand(["stats", bundledTrace(name)])
            let summary = replayCommand(["replay", bundledTrace(name), "--summary"])
            #expect(stats.status == 0, Comment(rawValue: stats.err))
            #expect(summary.status == 0, Comment(rawValue: summary.err))
            let statsValues = metrics(Substring(stats.out))
            guard let metricsStart = summary.out.range(of: "\nMetrics\n") else { Issue.record("\(name): no Metrics section"); return }
            #expect(metrics(summary.out[metricsStart.upperBound...]) == statsValues, "\(name): the summary's metrics are stats' metrics")

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
                #expect(said == statsValues[quote.label], "\(name): \(quote.label)")
                compared += 1
            }
            for output in [stats.out, summary.out] {
                #expect(output.range(of: #"\d\.\d\d+ (ms|pt)"#, options: .regularExpression) == nil, "\(name): a time or offset with more than one decimal")
            }
        }
        #expect(compared >= 6, "the bundled traces quote hitches, blocking, first screens and stale time")
    }

    /// 3031.061 ms of stale image reads 3031.1 ms in text and keeps its precision in JSON.
    @Test func testTextRoundsAndJSONKeepsPrecision() throws {
        let text = replayCommand(["stats", bundledTrace("images-async-no-reset")]).out
        #expect(text.contains("  stale image time               3031.1 ms\n"), Comment(rawValue: text))
        let json = replayCommand(["stats", bundledTrace("images-async-no-reset"), "--json"]).out
        #expect(json.contains(#""staleMs":3031.061"#), Comment(rawValue: json))
    }
}
