import Testing
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import TraceModel
import ToolSupport
import TraceCoding
@testable import Comparison

/// The chart `--svg` writes is well-formed XML (read back with XMLParser), has
/// one chart per cost metric with a bar per column, escapes every text, and is
/// replaced on a later run but never overwrites another file without --force.
@Suite
final class ComparisonSVGTests: ScratchTestCase {
    /// What XMLParser saw: the charts (metric → bars' columns), every text, every element name.
    final class Reading: NSObject, XMLParserDelegate {
        var charts: [(metric: String, columns: [String])] = []
        var elements: [String] = []
        var text = ""
        var rootAttributes: [String: String] = [:]

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if elements.isEmpty { rootAttributes = attributes }
            elements.append(name)
            if name == "g", attributes["class"] == "chart" { charts.append((attributes["data-metric"] ?? "", [])) }
            if name == "g", attributes["class"] == "bar", !charts.isEmpty { charts[charts.count - 1].columns.append(attributes["data-column"] ?? "") }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
    }

    func read(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Reading {
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)), sourceLocation: sourceLocation)
        let reading = Reading()
        parser.delegate = reading
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?")", sourceLocation: sourceLocation)
        return reading
    }

    @Test func testOneChartPerCostMetricWithABarPerStrategy() throws {
        let svg = folder.path("compare.svg")
        let run = reuselab(["compare", scenario("images-plain"), "--strategies", "all", "--seeds", "1-3", "--network", "long-tail", "--json",
                            "--svg", svg])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let reading = try read(svg)
        #expect(reading.elements.first == "svg")
        #expect(reading.rootAttributes["data-generator"] == "reuselab-compare")
        // The JSON printed beside it says which metrics are costs and measured.
        let object = try #require(JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let rows = try #require((object["blocks"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])
        let costs = rows.filter { $0["kind"] as? String == "cost" }.compactMap { $0["metric"] as? String }
        #expect(costs.count == 16)
        #expect(reading.charts.map(\.metric) == costs)
        for chart in reading.charts {
            #expect(chart.columns == StrategyRunsTestNames.all, Comment(rawValue: chart.metric))
        }
        #expect(reading.text.contains("stale image time (ms) — lower is better"))
        #expect(reading.text.contains("whisker: lowest to highest"))
        #expect(reading.text.contains("Network long-tail: latency 80–200 ms"))
    }

    @Test func testHostileTitlesAndNamesAreEscaped() throws {
        let hostile = "</text><script>alert(1)</script> & \"q\" 'a' ]]> <!-- \u{1b}[31m \u{202e} \u{7}"
        var text = String(decoding: try Data(contentsOf: packageRoot.appendingPathComponent(scenario("images-plain"))), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"The picture scroll with text-only cells: the list's own behaviour\"", with: JSONWriter.compact(.string(hostile)))
        let scenarioPath = try folder.write("hostile.scenario.json", text)
        let svg = folder.path("hostile.svg")
        let run = reuselab(["compare", scenarioPath, "--strategies", "async-reset,plain", "--svg", svg])
        #expect(run.status == 0, Comment(rawValue: run.err))
        let reading = try read(svg)
        #expect(!reading.elements.contains("script"))
        #expect(reading.text.contains("</text><script>alert(1)</script> & \"q\" 'a' ]]> <!--"), Comment(rawValue: reading.text))
        // Control and bidirectional characters are shown, never raw.
        #expect(reading.text.contains("\\e[31m \\u{202e} \\u{7}"), Comment(rawValue: reading.text))
        #expect(!(reading.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 7 }))
        #expect(!(run.out.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 7 }))

        // Traces named in ways that would break XML, Markdown or CSV become column names.
        let bytes = try Data(contentsOf: packageRoot.appendingPathComponent(trace("images-async-reset")))
        let first = folder.path("a<b>&\"c'|*x*.trace.json"), second = folder.path("x<svg onload=alert(1)>&amp;,y.trace.json")
        try bytes.write(to: URL(fileURLWithPath: first))
        try bytes.write(to: URL(fileURLWithPath: second))
        let traces = folder.path("traces.svg")
        let markdown = reuselab(["compare", first, second, "--markdown", "--svg", traces])
        #expect(markdown.status == 0, Comment(rawValue: markdown.err))
        let chart = try read(traces)
        #expect(chart.charts.first?.columns == ["a<b>&\"c'|*x*", "x<svg onload=alert(1)>&amp;,y"])
        #expect(chart.elements.filter { $0 == "svg" }.count == 1)
        #expect(markdown.out.contains("| metric | a\\<b\\>\\&\"c'\\|\\*x\\* | x\\<svg onload=alert(1)\\>\\&amp;,y |"), Comment(rawValue: markdown.out))
        let csv = reuselab(["compare", first, second, "--csv"])
        #expect(csv.out.contains("summary,,\"a<b>&\"\"c'|*x*\",,user-visible cost,staleMs,stale image time,cost,ms,"), Comment(rawValue: csv.out))
        #expect(csv.out.contains(",\"x<svg onload=alert(1)>&amp;,y\","), Comment(rawValue: csv.out))
    }

    @Test func testMarkupTextEscaping() {
        #expect(MarkupText.escape("a<b>&\"c'") == "a&lt;b&gt;&amp;&quot;c&apos;")
        #expect(MarkupText.escape("\u{0}\u{1b}\u{fffe}é") == "\\u{0}\\e\\u{fffe}é")
    }

    @Test func testAChartReplacesAChartButNoOtherFileWithoutForce() throws {
        let traces = [trace("images-async-no-reset"), trace("images-async-reset")]
        let notes = try folder.write("notes.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"><text>my own drawing</text></svg>\n")
        let refused = reuselab(["compare"] + traces + ["--svg", notes])
        assertFailure(refused, status: 64, ["notes.svg: exists and it is not a chart written by reuselab compare; refusing to overwrite it (use --force to replace it anyway)"])
        #expect(String(decoding: try folder.read("notes.svg"), as: UTF8.self).contains("my own drawing"))

        let forced = reuselab(["compare"] + traces + ["--svg", notes, "--force"])
        #expect(forced.status == 0, Comment(rawValue: forced.err))
        #expect(forced.out.flattened.contains(" Wrote \(notes) ("), Comment(rawValue: forced.out))
        // Now it is ours: a second run replaces it without --force.
        let again = reuselab(["compare"] + traces + ["--svg", notes, "--csv"])
        #expect(again.status == 0, Comment(rawValue: again.err))
        #expect(!again.out.contains("Wrote"), "machine-readable output stays clean")
        #expect((try read(notes).rootAttributes["data-generator"]) == "reuselab-compare")

        // Never over an input, not even with --force.
        let overInput = reuselab(["compare"] + traces + ["--svg", traces[0], "--force"])
        assertFailure(overInput, status: 64, ["is an input of this comparison"])

        // `--svg -` prints the chart alone.
        let printed = reuselab(["compare"] + traces + ["--svg", "-"])
        #expect(printed.status == 0, Comment(rawValue: printed.err))
        #expect(printed.out.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "), Comment(rawValue: String(printed.out.prefix(200))))
    }
}
